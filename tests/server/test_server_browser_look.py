"""The tables' look in Debian's chromium (docs/web.md, "Browser checks"), for Evolution,
North Star's Evolution and Darwin's Choice, each a game of Play now (the person and two
bots) at its first decision, on a 1280x800 desktop and a 390x844 phone: the person's own
area and hand in view without scrolling and the decision in at most a quarter of the
screen; the screen like its baseline under tests/server/baselines (refreshed by
EVOLUTIO_UPDATE_BASELINES=1); and, a few moves on, no emoji on the page and every icon an
SVG, as in the lobby."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from looks import (
    ASKED,
    GAMES,
    LAYOUT_JS,
    SIZES,
    TARGETS,
    UPDATE_VARIABLE,
    Tab,
    browser,
    compare_with_baseline,
    emoji_found,
    goto_room,
    layout_faults,
    open_tab,
    play_now,
    scan_page,
    seeded_server,
    shoot,
)
from server_harness import BROWSER_MARKS, Server

pytestmark = BROWSER_MARKS
__all__ = ["browser", "seeded_server"]  # the fixtures, imported to be found here

NAME = "Anna"


@pytest.fixture(scope="module")
def token(seeded_server: Server) -> str:
    return seeded_server.guest(NAME)


@pytest.fixture(scope="module")
def rooms(seeded_server: Server, token: str) -> dict[str, str]:
    """Each game's room at the person's first decision, shared by the layout and the
    screenshot checks (which make no move)."""
    return {game: play_now(seeded_server, token, game) for game in GAMES}


@pytest.fixture(scope="module")
def tabs(browser: Any, seeded_server: Server, token: str) -> Iterator[dict[str, Tab]]:
    """One page per size, going from room to room."""
    opened = {size: open_tab(browser, seeded_server, token, size) for size in SIZES}
    yield opened
    for tab in opened.values():
        tab.close()


def at_first_decision(tabs: dict[str, Tab], server: Server, rooms: dict[str, str], game: str,
                      size: str) -> Tab:
    tab = tabs[size]
    goto_room(tab, server, rooms[game])
    tab.page.wait_for_selector("#prompt")
    tab.page.evaluate("() => document.fonts.ready.then(() => true)")
    tab.page.wait_for_timeout(300)  # the renderer's late layout (images, a second frame)
    return tab


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_first_decision_in_view(tabs: dict[str, Tab], seeded_server: Server,
                                rooms: dict[str, str], game: str, size: str) -> None:
    tab = at_first_decision(tabs, seeded_server, rooms, game, size)
    seen = tab.page.evaluate(LAYOUT_JS)
    faults = layout_faults(seen)
    assert not faults, f"{game} at {size} {SIZES[size]}:\n  " + "\n  ".join(faults)
    assert tab.errors == []


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", GAMES)
def test_first_decision_like_baseline(tabs: dict[str, Tab], seeded_server: Server,
                                      rooms: dict[str, str], game: str, size: str,
                                      tmp_path: Path) -> None:
    tab = at_first_decision(tabs, seeded_server, rooms, game, size)
    why = compare_with_baseline(shoot(tab, rooms[game]), f"{game}-{size}", tmp_path)
    assert why is None, why


def test_lobby_has_no_emoji(browser: Any, seeded_server: Server, token: str) -> None:
    tab = open_tab(browser, seeded_server, token)
    try:
        tab.page.goto(seeded_server.base + "/")
        tab.page.wait_for_selector("#create")
        tab.page.wait_for_timeout(300)
        found = scan_page(tab)
    finally:
        tab.close()
    assert not found, "the lobby:\n  " + "\n  ".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_table_has_no_emoji(browser: Any, seeded_server: Server, token: str,
                            game: str) -> None:
    """A game a few moves on (the log has entries), the first legal action each time, with
    a clock (so that the clocks are drawn too)."""
    room = play_now(seeded_server, token, game, clock=600)
    tab = open_tab(browser, seeded_server, token)
    try:
        goto_room(tab, seeded_server, room)
        page = tab.page
        for _ in range(3):
            page.wait_for_selector(ASKED)
            if page.locator("#game-over").count():
                break
            before = page.query_selector("#decision > *")
            page.locator(TARGETS).first.click()
            if page.locator("#legal button.armed").count():
                # the confirm, as a click event: the bar is drawn again with each clock tick
                # and frame, which a loaded machine may not let settle for a pointer click
                page.locator("#legal button.armed").first.dispatch_event("click")
            if before is not None:
                page.wait_for_function("el => !el.isConnected", arg=before)
        page.wait_for_selector("#log .log-entry")
        page.wait_for_timeout(300)
        found = scan_page(tab)
        errors = tab.errors
    finally:
        tab.close()
    assert not found, f"{game}'s table:\n  " + "\n  ".join(found)
    assert errors == []


def test_the_checks_catch_what_they_look_for(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The emoji scan and the baseline comparison themselves, on made-up input."""
    import io

    from PIL import Image, ImageDraw

    found = emoji_found([("body text", "Take food \u23f1 12s"), ("#undo[title]", "\u21b6 Undo"),
                         ("b::before content", '"\U0001f996"'), ("p", "plain · text…")])
    assert [f.split(" ")[0] for f in found] == ["U+23F1", "U+21B6", "U+1F996"]
    assert "Take food" in found[0]

    def png(box: int) -> bytes:
        image = Image.new("RGB", (100, 100), "white")
        ImageDraw.Draw(image).rectangle((0, 0, box, box), fill="black")
        out = io.BytesIO()
        image.save(out, "PNG")
        return out.getvalue()

    monkeypatch.setattr("looks.BASELINES", tmp_path / "baselines")
    monkeypatch.setenv(UPDATE_VARIABLE, "1")
    assert compare_with_baseline(png(10), "square", tmp_path / "out") is None
    assert (tmp_path / "baselines" / "square.png").exists()
    monkeypatch.delenv(UPDATE_VARIABLE)
    assert compare_with_baseline(png(12), "square", tmp_path / "out") is None  # 0.2% differ
    why = compare_with_baseline(png(30), "square", tmp_path / "out")
    assert why is not None and "differ" in why
    assert (tmp_path / "out" / "square.diff.png").exists()
    assert (tmp_path / "out" / "square.actual.png").exists()
