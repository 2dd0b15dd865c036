"""Leaving and coming back in Debian's chromium: leaving a running game warns (the Lobby link
and closing the tab) and the lobby says "Return"; an invite link says who invites to which
game and seats the friend in one step after a name; an abandoned seat is marked on the table
and the profile, unrated; "My games" and its count in the header. Screenshots of My games
and the invite landing at 1280x800 and 390x844 go to ``$EVOLUTIO_SHOTS`` (else a temporary
folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server
from test_server_leave import left_game

pytestmark = BROWSER_MARKS

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("leave-browser") / "evolutio.db", grace=0.3)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = Path(os.environ.get("EVOLUTIO_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def tab(browser: Any, server: Server, token: str | None, size: str = "desktop") -> Any:
    """A page of its own context (logged in with ``token``), its errors kept in ``errors``."""
    context = browser.new_context(viewport=SIZES[size], locale="en-US", timezone_id="UTC",
                                  reduced_motion="reduce")
    if token:
        context.add_cookies([{"name": "evolutio_token", "value": token, "url": server.base}])
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.set_default_timeout(20_000)
    return page


def test_leaving_a_running_game_warns(browser: Any, server: Server) -> None:
    token = server.guest("Walker")
    room = server.post("/api/play-now", token, json={"game": "toy"}).json()["room"]["id"]
    page = tab(browser, server, token)
    # a second tab keeps Walker at the table (no bot takes over while this one leaves)
    other = page.context.new_page()
    other.goto(f"{server.base}/room/{room}")
    other.wait_for_selector("#seats li")
    page.goto(f"{server.base}/room/{room}")
    page.wait_for_selector("#seats li")
    # closing the tab asks: the page cancels its unloading (the browser then asks)
    unload = """() => { const e = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(e); return e.defaultPrevented; }"""
    assert page.evaluate(unload) is True
    asked: list[str] = []

    def answer(dialog: Any, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", lambda d: answer(d, False))
    page.click("header nav a[href='/']")
    page.wait_for_timeout(300)
    assert "/room/" in page.url  # stayed: the warning was refused
    assert asked and "running game" in asked[0]
    page.once("dialog", lambda d: answer(d, True))
    page.click("header nav a[href='/']")
    page.wait_for_selector(f"tr[data-room='{room}']")
    # the lobby offers to return to one's own game, not to watch it
    assert page.locator(f"tr[data-room='{room}'] a").inner_text() == "Return"
    page.click(f"tr[data-room='{room}'] a")
    page.wait_for_selector("#seats li")
    page.once("dialog", lambda d: answer(d, True))
    page.click("header nav a[href='/leaderboard']")  # a page that holds no seat lets go
    page.wait_for_selector("#leaderboard")
    assert len(asked) == 3
    assert page.evaluate(unload) is False
    assert not page.errors


def test_an_invite_link_joins_in_one_step(browser: Any, server: Server, shots: Path) -> None:
    host = server.guest("Anna")
    room = server.room(host, game="northstar", players=3)
    for size in ("desktop", "phone"):
        page = tab(browser, server, None, size)
        page.goto(f"{server.base}/room/{room}")
        line = page.wait_for_selector("#invite-line").inner_text()
        assert line == "Anna invites you to Evolution (North Star Games): choose a name to join."
        page.screenshot(path=str(shots / f"invite-{size}.png"))
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{size}: {overflow}px wider than the screen"
        if size == "phone":
            page.fill("#invite-name", "Friend")
            page.click("#invite-join")
            page.wait_for_selector("#seats li:has-text('Friend')")
            # the invitation goes once the page has drawn the seat taken (a render later)
            page.wait_for_selector("#invite", state="detached", timeout=10_000)
            assert page.locator("#invite").count() == 0
            assert page.locator("#who a").inner_text() == "Friend"
        assert not page.errors
        page.context.close()
    seats = server.get(f"/api/rooms/{room}").json()["room"]["seats"]
    assert [s["name"] for s in seats] == ["Anna", "Friend", None]


def test_an_abandoned_seat_is_marked_and_unrated(browser: Any, server: Server) -> None:
    with ThreadPoolExecutor(1) as pool:  # its own event loop, beside Playwright's
        token, room = pool.submit(left_game, server, "Gone").result()
    page = tab(browser, server, token)
    page.goto(f"{server.base}/room/{room}")
    seat = page.wait_for_selector("#seats li[data-seat='0']").inner_text()
    assert "(abandoned)" in seat
    page.goto(f"{server.base}/profile/Gone")
    row = page.wait_for_selector("#profile tr.abandoned-game").inner_text()
    assert "abandoned" in row and "1000" not in row  # no rating change shown
    assert page.locator("#ratings tr[data-game='toy']").count() == 0  # not rated in toy
    assert not page.errors


def test_my_games_lists_and_counts(browser: Any, server: Server, shots: Path) -> None:
    token = server.guest("Keeper")
    server.room(token, game="northstar", players=3)
    server.post("/api/play-now", token, json={"game": "toy"})
    server.post("/api/play-now", token, json={"game": "darwin"})
    for size in ("phone", "desktop"):  # the desktop opens a game: last
        page = tab(browser, server, token, size)
        page.goto(f"{server.base}/")
        badge = page.wait_for_selector("#nav-my-games #my-count:not(:empty)")
        assert badge.inner_text() in ("1", "2")  # the games waiting for Keeper's move
        page.click("#nav-my-games")
        page.wait_for_selector("#my-games-table tr.my-game")
        rows = page.locator("#my-games-table tr.my-game")
        assert rows.count() == 3
        assert "Your move" in rows.nth(0).inner_text()
        assert "Waiting to start" in rows.nth(2).inner_text()
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"{size}: {overflow}px wider than the screen"
        page.screenshot(path=str(shots / f"my-games-{size}.png"))
        if size == "desktop":  # a game opens from the list
            rows.nth(0).locator("a.my-open").click()
            page.wait_for_selector("#seats li")
            assert "/room/" in page.url
        assert not page.errors
        page.context.close()
