"""A whole game of each of Evolution, North Star's Evolution and Darwin's Choice played in
Debian's chromium with the keyboard alone (docs/web.md, "Browser checks"): the person
against one easy bot, with each game's shortest options, pressing nothing but Tab and
Enter (Tab to an action of ``#legal`` or a pick on the table, Enter; an armed action
confirmed by Enter again), until the end-of-game panel."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from looks import Tab, browser, goto_room, open_tab, play_by_keyboard, play_now, seeded_server
from server_harness import BROWSER_MARKS, Server

pytestmark = BROWSER_MARKS
__all__ = ["browser", "seeded_server"]  # the fixtures, imported to be found here

#: each game's options for its shortest game between two
SHORTEST: dict[str, dict[str, Any]] = {
    "evolution": {"half_deck": True},
    "northstar": {},
    "darwin": {"eras": 3, "variant": "beginner"},
}


@pytest.fixture(scope="module")
def token(seeded_server: Server) -> str:
    return seeded_server.guest("Keys")


@pytest.fixture
def tab(browser: Any, seeded_server: Server, token: str) -> Iterator[Tab]:
    opened = open_tab(browser, seeded_server, token)
    yield opened
    opened.close()


@pytest.mark.parametrize("game", list(SHORTEST))
def test_whole_game_by_keyboard(tab: Tab, seeded_server: Server, token: str,
                                game: str) -> None:
    room = play_now(seeded_server, token, game, opponents=1, options=SHORTEST[game])
    goto_room(tab, seeded_server, room)
    played = play_by_keyboard(tab, random.Random(game))
    print(f"{game}: {played.decisions} decisions, {played.presses} key presses,"
          f" {played.seconds:.1f} s")
    if not played.over:
        pytest.fail(
            f"{game} by keyboard did not end: {'; '.join(played.stuck)}\n"
            f"after {played.decisions} decisions, {played.presses} key presses,"
            f" {played.seconds:.1f} s\nthe last decision:\n{played.last}\n"
            "the log's last lines:\n  " + "\n  ".join(played.log))
    assert tab.errors == []
    outcome = seeded_server.get(f"/api/rooms/{room}").json()["room"]
    assert outcome["status"] == "over", outcome
