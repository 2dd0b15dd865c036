"""An Evolution record written before the platform change replays through the server.

``data/evolution-3p-time_to_fly.json`` was written by the code of the commit before the
server drove matches (a seeded three-seat game with Time to Fly, random legal moves). Stored
as a game under way, the server resumes it row by row at start, finds it over, rates it and
serves its replay: the scores must be the record's.
"""

from __future__ import annotations

import json
from pathlib import Path

from fastapi.testclient import TestClient
from pg_cluster import database_url

from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.core.registry import get_game
from evolutio.server.app import create_app
from evolutio.server.db import ActionRow, RoomRow, make_engine, make_sessionmaker
from evolutio.server.history import replay_steps
from evolutio.server.migrate import upgrade

RECORD = Path(__file__).with_name("data") / "evolution-3p-time_to_fly.json"
#: a record of commit 1e7a779 that Evolution's rules 2 refuse at actions[212] (the game's tests)
RULES1 = (Path(__file__).parents[1] / "games" / "evolution" / "data" / "rules1"
          / "time_to_fly-continents-3p-1e7a779.record")


def test_an_old_record_replays_to_its_scores_through_the_server(tmp_path: Path) -> None:
    record = Record.from_json(json.loads(RECORD.read_text(encoding="utf-8")))
    assert record.game == "evolution" and record.outcome is not None
    url = database_url(tmp_path / "old.db")
    engine = make_engine(url)
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        s.add(RoomRow(
            id="oldgame", game=record.game, options=record.options, seed=record.seed, clock=0,
            status="playing", seats=[{"user_id": None, "name": n, "bot": "random"}
                                     for n in record.players],
        ))
        s.flush()
        for idx, (seat, action) in enumerate(record.actions):
            s.add(ActionRow(room_id="oldgame", idx=idx, seat=seat, action=action, by="human"))
        s.commit()
    engine.dispose()

    with TestClient(create_app(url, bot_delay=0.0)) as client:
        room = client.get("/api/rooms/oldgame").json()["room"]
        assert room["status"] == "over" and room["version"] == len(record.actions)
        assert room["outcome"]["scores"] == record.outcome["scores"]
        assert room["outcome"]["ranks"] == record.outcome["ranks"]
        replay = client.get("/api/rooms/oldgame/replay?lang=de").json()
        assert len(replay["steps"]) == len(record.actions) + 1
        assert all(step["text"] for step in replay["steps"][1:])
        served = Record.from_json(client.get("/api/rooms/oldgame/record").json())
        assert served.actions == record.actions and served.outcome is not None
        assert served.rules == 1  # a row from before rooms kept their rules: version 1
        assert served.outcome["scores"] == record.outcome["scores"]
    final = Match.from_record(record)
    steps = replay_steps(record)
    assert steps[-1]["view"] == final.view(None)


def store_finished(url: str, room: str, record: Record, rules: int | None) -> None:
    """A finished room row with ``record``'s actions, as an older server stored it."""
    engine = make_engine(url)
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        s.add(RoomRow(
            id=room, game=record.game, options=record.options, seed=record.seed, clock=0,
            status="over", rules=rules, outcome={"scores": [0, 0, 0], "ranks": [1, 1, 1]},
            seats=[{"user_id": None, "name": n, "bot": "random"} for n in record.players],
        ))
        s.flush()
        for idx, (seat, action) in enumerate(record.actions):
            s.add(ActionRow(room_id=room, idx=idx, seat=seat, action=action, by="human"))
        s.commit()
    engine.dispose()


def test_a_finished_game_under_older_rules_replays_as_far_as_it_goes_and_says_why(
    tmp_path: Path,
) -> None:
    record = Record.load(RULES1)
    url = database_url(tmp_path / "rules.db")
    store_finished(url, "rules1", record, None)
    store_finished(url, "future", record, 3)
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        answer = client.get("/api/rooms/rules1/replay?lang=it").json()
        assert len(answer["steps"]) == 212 + 1  # the start and every action before the refusal
        assert answer["rules"] == 1
        changes = get_game("evolution").info.changelog[2]
        assert answer["changes"] == [{"version": 2, "changes": [c["it"] for c in changes]}]
        stopped = answer["stopped"]
        assert stopped.startswith("room rules1: this record was played under evolution rules 1")
        assert stopped.endswith("Replay stopped at actions[212] (action 213): Choose one of the "
                                "paired traits waiting to fire.")
        assert Record.from_json(client.get("/api/rooms/rules1/record").json()).rules == 1
        newer = client.get("/api/rooms/future/replay")
        assert newer.status_code == 409 and newer.json()["code"] == "no_replay"
        assert "played under evolution rules 3, newer than this program's" in newer.json()["error"]
        assert Record.from_json(client.get("/api/rooms/future/record").json()).rules == 3


def test_the_replay_of_a_game_under_its_games_rules_names_no_change(
    tmp_path: Path,
) -> None:
    record = Match.new("toy", {"players": 2}, 3).finish_record()
    url = database_url(tmp_path / "toy.db")
    store_finished(url, "toy1", record, 1)
    with TestClient(create_app(url, bot_delay=0.0)) as client:
        answer = client.get("/api/rooms/toy1/replay").json()
        assert (answer["rules"], answer["changes"], answer["stopped"]) == (1, [], None)
