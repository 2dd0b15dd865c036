"""The action's hot path: frames encoded once and shared across languages, log sentences
written in a language when first sent, the collector's thresholds restored."""

from __future__ import annotations

import asyncio
import gc
import json
import random
from pathlib import Path
from typing import Any

import pytest

from evolutio.core import options as opts
from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.server import auth, commands, history, tuning, wire
from evolutio.server.db import make_engine, make_sessionmaker
from evolutio.server.hub import Hub
from evolutio.server.i18n import LANGUAGES
from evolutio.server.inbound import Act
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Conn, Seat
from evolutio.server.store import Store


def test_wire_writes_the_same_json_as_the_standard_library() -> None:
    value: dict[str, Any] = {
        "text": "Анна кормит животное «A3» — è già ß",
        "nested": [{"a": 1, "b": [1.5, None, True, False]}, []],
        "big": 2**70,  # past orjson's 64 bits: the standard library encodes it
    }
    text = wire.dumps(value)
    assert json.loads(text) == value
    assert "Анна" in text  # not escaped
    assert json.loads(wire.dumps({1: "one"})) == {"1": "one"}  # keys as the stdlib writes


@pytest.mark.parametrize("game_name", ["evolution", "northstar", "darwin", "toy"])
def test_log_entries_in_every_language_match_the_texts_written_at_once(game_name: str) -> None:
    """A language asked for later says what it would have said when the action was played."""
    game = get_game(game_name)
    names = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"][: _players(game)]
    match = Match.new(game, {}, 7, names, keep=False)
    rng = random.Random(3)
    entries = []
    for _ in range(150):
        if match.over:
            break
        seat = match.pending()[0]
        action = rng.choice(match.legal(seat))
        before = match.decision
        hide = history.hidden(before)
        events = match.act(seat, action)
        step = (seat, action, events)
        at_once = history.entry_texts(game, match.state, step, names, hide,
                                      options=match.state.options)
        entry = history.log_entry(game, match.state, step, names, hide,
                                  match.version, "human", match.state.options)
        entries.append((entry, at_once))
    assert len(entries) >= 8
    for entry, at_once in entries:  # asked for after the game moved on
        for lang in LANGUAGES:
            assert entry.text(lang) == (at_once[lang] or at_once["en"])


def _players(game: Any) -> int:
    """The seats of the game's default options."""
    spec = opts.seat_option(game.options_spec())
    return int(game.info.min_players if spec is None else game.normalize_options({})[spec.name])


def test_frames_share_what_no_language_changes(tmp_path: Path) -> None:
    """Two connections of one seat in two languages: the same view and actions, each in its
    own words; the next version makes every frame anew."""
    engine = make_engine(f"sqlite:///{tmp_path / 'h.db'}")
    upgrade(engine)
    hub = Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)

    async def go() -> None:
        with hub.store.session() as s:
            ann, _ = auth.create_guest(s, "Ann")
            bob, _ = auth.create_guest(s, "Bob")
            s.commit()

        async def nothing(*_: Any) -> None:
            return None

        room = hub.create_room("evolution", {}, 0, ann)
        room.seats[0], room.seats[1] = Seat(ann.id, ann.name), Seat(bob.id, bob.name)
        en = Conn(ann.id, "Ann", nothing, nothing, "en")
        ru = Conn(ann.id, "Ann", nothing, nothing, "ru")
        other = Conn(bob.id, "Bob", nothing, nothing, "en")
        room.conns.update({en, ru, other})
        commands.cmd_start(room, en, [])
        assert room.match is not None
        for _ in range(12):
            seat = room.match.pending()[0]
            frames = {}
            for conn in (en, ru, other):
                frames[conn.lang if conn is not other else "bob"] = json.loads(
                    [t for t in _drain(conn) if '"type":"state"' in t][-1])
            mover = frames["en"] if seat == 0 else frames["bob"]
            assert frames["en"]["view"] == frames["ru"]["view"]
            assert frames["en"]["version"] == frames["bob"]["version"] == room.version
            if seat == 0:
                en_legal, ru_legal = frames["en"]["legal"], frames["ru"]["legal"]
                assert [x["action"] for x in en_legal] == [x["action"] for x in ru_legal]
                assert [x["targets"] for x in en_legal] == [x["targets"] for x in ru_legal]
                assert any(a["text"] != b["text"] for a, b in zip(en_legal, ru_legal,
                                                                  strict=True))
            conn = en if seat == 0 else other
            room.act(conn, Act(version=room.version, index=len(mover["legal"]) - 1))
        room.timers.stop()
        hub.close()

    asyncio.run(go())


def _drain(conn: Conn) -> list[str]:
    out = []
    while not conn.queue.empty():
        item = conn.queue.get_nowait()
        if isinstance(item, str):
            out.append(item)
    conn.queued = 0
    return out


def test_the_collector_is_given_back_as_it_was() -> None:
    before = gc.get_threshold()
    saved = tuning.collect_less()
    try:
        assert saved == before
        assert gc.get_threshold()[0] == tuning.YOUNG
        assert gc.get_freeze_count() > 0
    finally:
        tuning.restore(saved)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0
