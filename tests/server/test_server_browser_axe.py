"""An axe-core audit (axe-playwright-python) in Debian's chromium of the lobby, of a room of
each game open before its start, and of a running game of each (the person and two bots at
the person's first decision): no serious or critical violation. Every violation found, of
any impact, is listed in the failure's message."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from looks import GAMES, Tab, browser, goto_room, open_room, open_tab, play_now, seeded_server
from server_harness import BROWSER_MARKS, Server

pytestmark = BROWSER_MARKS
__all__ = ["browser", "seeded_server"]  # the fixtures, imported to be found here

#: the impacts that fail the audit (axe's others: minor, moderate)
FAILING = ("serious", "critical")


@pytest.fixture(scope="module")
def token(seeded_server: Server) -> str:
    return seeded_server.guest("Audrey")


@pytest.fixture(scope="module")
def tab(browser: Any, seeded_server: Server, token: str) -> Iterator[Tab]:
    opened = open_tab(browser, seeded_server, token)
    yield opened
    opened.close()


def audit(tab: Tab, where: str) -> None:
    from axe_playwright_python.sync_playwright import Axe

    tab.page.wait_for_timeout(300)  # late layout: fonts, images, the renderer's second frame
    results = Axe().run(tab.page)
    violations = results.response["violations"]
    lines = []
    for v in violations:
        targets = "; ".join(", ".join(str(t) for t in n["target"]) for n in v["nodes"])
        lines.append(f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}"
                     f"\n      targets: {targets}")
    failing = [v for v in violations if v["impact"] in FAILING]
    if failing:
        pytest.fail(f"{where}: {len(failing)} serious or critical of {len(violations)}"
                    " violations:\n  " + "\n  ".join(lines))
    assert tab.errors == []


def test_lobby(tab: Tab, seeded_server: Server) -> None:
    tab.page.goto(seeded_server.base + "/")
    tab.page.wait_for_selector("#create")
    audit(tab, "the lobby")


@pytest.mark.parametrize("game", GAMES)
def test_open_room(tab: Tab, seeded_server: Server, token: str, game: str) -> None:
    room = open_room(seeded_server, token, game)
    goto_room(tab, seeded_server, room, wait="#start")
    audit(tab, f"an open room of {game}")


@pytest.mark.parametrize("game", GAMES)
def test_running_game(tab: Tab, seeded_server: Server, token: str, game: str) -> None:
    room = play_now(seeded_server, token, game)
    goto_room(tab, seeded_server, room)
    tab.page.wait_for_selector("#table > *")
    audit(tab, f"a running game of {game}")
