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
from evolutio.server.app import create_app
from evolutio.server.db import ActionRow, RoomRow, make_engine, make_sessionmaker
from evolutio.server.history import replay_steps
from evolutio.server.migrate import upgrade

RECORD = Path(__file__).with_name("data") / "evolution-3p-time_to_fly.json"


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
        assert served.outcome["scores"] == record.outcome["scores"]
    final = Match.from_record(record)
    steps = replay_steps(record)
    assert steps[-1]["view"] == final.view(None)
