"""Chat commands in process: options from the game's declared options, help, bot levels."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pg_cluster import database_url

from evolutio.bots.levels import LEVELS
from evolutio.server import auth, commands
from evolutio.server.conn import Conn, RoomError
from evolutio.server.db import make_engine, make_sessionmaker
from evolutio.server.hub import Hub
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Room
from evolutio.server.store import Store


class Box:
    """A hub on a fresh database, a host and their connection."""

    def __init__(self, path: Path) -> None:
        engine = make_engine(database_url(path))
        upgrade(engine)
        self.hub = Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)
        with self.hub.store.session() as s:
            self.host, _ = auth.create_guest(s, "Host")
            s.commit()
        self.lines: list[str] = []

        async def sent(_: str) -> None:
            return None

        self.conn = Conn(self.host.id, "Host", sent, sent)

    def room(self, game: str, options: dict[str, Any] | None = None) -> Room:
        room = self.hub.create_room(game, options or {}, 0, self.host)
        room.conns.add(self.conn)
        return room

    def say(self, room: Room, text: str) -> None:
        commands.run(room, self.conn, text)

    def replies(self) -> list[str]:
        out = []
        while not self.conn.queue.empty():
            out.append(str(self.conn.queue.get_nowait()))
        return out


@pytest.fixture()
def box(tmp_path: Path) -> Iterator[Box]:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield Box(tmp_path / "c.db")
    loop.close()


def test_options_are_parsed_by_the_games_declarations(box: Box) -> None:
    room = box.room("evolution")
    box.say(room, "/option expansions base,continents")
    assert room.options["expansions"] == ["base", "continents"]
    box.say(room, "/option half_deck true")
    box.say(room, "/option half-deck yes")
    assert room.options["half_deck"] is True
    box.say(room, "/option edition 2")
    assert room.options["edition"] == 2
    box.say(room, "/option players 4")
    assert len(room.seats) == 4 and room.options["players"] == 4
    box.say(room, "/option clock 30")
    assert room.clock == 30
    before = dict(room.options)
    for bad, words in (
        ("/option expansions base,dragons", "dragons"),
        ("/option half_deck maybe", "true or false"),
        ("/option players 99", "not 99"),
        ("/option colour red", "the options are: Players (players), Edition (edition), "
         "Card sets (expansions), Half deck (half_deck), Seconds per decision (clock)"),
        ("/option clock 99999", "0 (none) to 3600"),
        ("/option players", "Usage"),
    ):
        with pytest.raises(RoomError) as refused:
            box.say(room, bad)
        assert refused.value.code == "bad_option" and words in refused.value.message, bad
    assert room.options == before and room.clock == 30
    # the line names the option and its values by their labels
    assert any("sets Card sets to Base game, Continents" in r for r in box.replies())


def test_help_lists_the_commands_and_the_rooms_game_options(box: Box) -> None:
    toy = box.room("toy")
    box.say(toy, "/help")
    text = box.replies()[-1]
    for part in ("/join", "/bot", "/option", "tricks: Tricks (a whole number from 1 to 3",
                 "players:", "clock:"):
        assert part in text
    assert "expansions" not in text
    evolution = box.room("evolution")
    box.say(evolution, "/help")
    assert "expansions: " in box.replies()[-1]


def test_bot_levels_come_from_the_bots(box: Box) -> None:
    toy = box.room("toy", {"players": 4})
    assert set(LEVELS) <= set(commands.BOT_LEVELS)
    box.say(toy, "/bot hard")
    box.say(toy, "/bot normal 4")
    seats = [s.bot for s in toy.seats]
    assert seats[1] == commands.playable_bot("hard", "toy")
    assert seats[3] == commands.playable_bot("normal", "toy") != "normal"
    with pytest.raises(RoomError) as refused:
        box.say(toy, "/bot grandmaster")
    assert refused.value.code == "bad_level" and "easy" in refused.value.message
    evolution = box.room("evolution")
    box.say(evolution, "/bot normal")
    assert evolution.seats[1].bot == "normal"


def test_room_creation_is_validated_by_the_declared_options(box: Box) -> None:
    with pytest.raises(RoomError, match="tricks"):
        box.hub.create_room("toy", {"tricks": 7}, 0, box.host)
    with pytest.raises(RoomError, match="unknown game"):
        box.hub.create_room("chess", {}, 0, box.host)
    with pytest.raises(RoomError, match="clock"):
        box.hub.create_room("toy", {}, -1, box.host)
    room = box.hub.create_room("toy", {"players": 3}, 5, box.host)
    assert room.options == {"players": 3, "tricks": 3} and len(room.seats) == 3


def test_help_is_a_list_one_line_per_command_and_option(box: Box) -> None:
    room = box.room("northstar")
    box.say(room, "/help")
    lines = json.loads(box.replies()[-1])["text"].split("\n")
    bullets = [line for line in lines if line.startswith("• ")]
    assert len(bullets) == len(commands.COMMANDS) + len(room.game.options_spec()) + 4
    assert max(len(line) for line in lines) < 160
    # a choice is named by its label, with the value /option takes
    assert any("Schmidt (110 cards) (schmidt)" in line for line in bullets)
    assert "• deck: Колода (одно из: Schmidt (110 карт) (schmidt)" in commands.help_text(room, "ru")


def test_a_time_option_says_what_it_replaces_and_refuses_what_does_not_apply(box: Box) -> None:
    room = box.room("toy")
    with pytest.raises(RoomError) as refused:
        box.say(room, "/option increment 5")  # no time bank: an increment would add to nothing
    assert refused.value.code == "bad_option" and "set /option bank first" in \
        refused.value.message
    assert room.timing.increment == 0
    box.say(room, "/option bank 300")
    box.say(room, "/option increment 10")
    box.replies()
    box.say(room, "/option clock 30")
    said = " ".join(box.replies())
    assert ("30 s per decision replaces a time bank of 300 + 10 s, which no longer applies."
            in said)
    assert room.clock == 30 and room.timing.bank == 0
    with pytest.raises(RoomError):
        box.say(room, "/option increment 5")
    box.say(room, "/option clock 45")  # the same mode: nothing replaced
    assert "replaces" not in " ".join(box.replies())


def test_bots_by_import_path_only_where_the_host_allows(box: Box, tmp_path: Path) -> None:
    path = tmp_path / "Mine.py"
    path.write_text("class First:\n    def __init__(self, seed, game):\n        pass\n\n"
                    "    def choose(self, view, legal, decision, info=None):\n"
                    "        return legal[0]\n", encoding="utf-8")
    toy = box.room("toy")
    with pytest.raises(RoomError) as refused:
        box.say(toy, f"/bot {path}:First")
    assert refused.value.code == "bad_level" and "Bot levels" in refused.value.message
    box.hub.bot_imports = True  # serve --allow-bot-imports
    box.say(toy, f"/bot {path}:First")
    assert toy.seats[1].bot == f"{path}:First"  # as given: a path's case matters
    assert type(toy.bot_for(1)).__name__ == "First"
    with pytest.raises(RoomError) as refused:
        box.say(toy, f"/bot {tmp_path / 'missing.py'}:First")
    assert refused.value.code == "bad_level" and "no bot file" in refused.value.message
