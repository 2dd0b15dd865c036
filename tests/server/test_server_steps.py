"""A simultaneous choice made in several steps per seat (:mod:`stepgame`: a bid pencilled,
then made), through ``Match`` and the server (in process).

A seat stays in ``decision.seats`` until its last step and is ``chosen`` only then; its own
steps make its earlier versions stale, the others' hidden steps do not; every step stays
hidden from the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pg_cluster import database_url

from evolutio.core import registry
from evolutio.core.match import Match
from evolutio.server.app import create_app

STEPS = "steptoy"


def test_match_keeps_a_seat_in_seats_until_its_last_step() -> None:
    from stepgame import GAME

    match = Match.new(GAME, {"players": 2, "tricks": 1}, 3)
    assert [a.notation() for a in match.legal(0)] == ["draft 0", "draft 1"]
    match.act(0, match.legal(0)[1])  # pencilled, not yet chosen
    decision = match.decision
    assert decision is not None and decision.seats == (0, 1) and decision.chosen == ()
    assert decision.progress == (1, 4) and match.opened == 0
    assert [a.notation() for a in match.legal(0)] == ["bid 0", "bid 1"]
    assert match.refusal(0) is None
    assert match.stands(1, 0) and not match.stands(0, 0) and match.stands(0, 1)
    match.act(1, match.legal(1)[0])
    assert match.stands(0, 1) and match.stands(1, 2) and not match.stands(1, 1)
    match.act(0, match.legal(0)[1])  # seat 0 has chosen
    decision = match.decision
    assert decision is not None and decision.seats == (1,) and decision.chosen == (0,)
    refused = match.refusal(0)
    assert refused is not None and refused.key == "already_chosen"
    assert match.opened == 0 and match.stands(1, 2)
    match.act(1, match.legal(1)[0])  # the last step: the bids are revealed
    assert match.opened == 4 and match.decision is not None and match.decision.kind == "play"


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    registry.register(STEPS, "stepgame:GAME")
    try:
        app = create_app(database_url(tmp_path / "steps.db"), bot_delay=0.0)
        with TestClient(app) as test_client:
            yield test_client
    finally:
        registry._registered.pop(STEPS, None)
        registry._loaded.pop(STEPS, None)


class Socket:
    """One person's WebSocket in process; keeps the last state frame."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.state: dict[str, Any] = {}

    def until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        for _ in range(200):
            frame: dict[str, Any] = self.ws.receive_json()
            if frame["type"] == "state":
                self.state = frame
            if pred(frame):
                return frame
        raise AssertionError("no such frame")

    def at(self, version: int) -> dict[str, Any]:
        if self.state.get("version") == version:
            return self.state
        return self.until(lambda f: f["type"] == "state" and f["version"] == version)

    def act(self, version: int, action: dict[str, Any]) -> None:
        self.ws.send_json({"type": "act", "version": version, "action": action})


def test_the_server_follows_a_choice_in_several_steps(client: TestClient) -> None:
    tokens = [client.post("/api/guest", json={"name": n}).json()["token"] for n in ("Ida", "Jon")]
    made = client.post("/api/rooms", headers={"authorization": f"Bearer {tokens[0]}"},
                       json={"game": STEPS, "options": {"players": 2, "tricks": 1}})
    assert made.status_code == 200, made.text
    room = made.json()["room"]["id"]
    with client.websocket_connect(f"/ws/{room}?token={tokens[0]}") as ws_a, \
            client.websocket_connect(f"/ws/{room}?token={tokens[1]}") as ws_b:
        a, b = Socket(ws_a), Socket(ws_b)
        ws_b.send_json({"type": "chat", "text": "/join 2"})
        a.until(lambda f: f["type"] == "room" and bool(f["room"]["seats"][1]["name"]))
        ws_a.send_json({"type": "chat", "text": "/start"})
        start = a.at(0)
        assert start["decision"]["chosen"] == [] and start["decision"]["seats"] == [0, 1]
        a.act(0, {"type": "draft", "tricks": 1})  # Ida pencils: she is still choosing
        first = a.at(1)
        assert first["decision"]["seats"] == [0, 1] and first["decision"]["chosen"] == []
        assert first["chosen"] is False and [x["notation"] for x in first["legal"]] == [
            "bid 0", "bid 1"]
        assert first["undo"] is False and first["log"][-1]["text"] == ""
        b.act(0, {"type": "draft", "tricks": 0})  # sent for version 0: still stands
        second = b.at(2)
        assert second["log"][-1]["seat"] == 1 and b.at(2)["decision"]["seats"] == [0, 1]
        a.act(0, {"type": "bid", "tricks": 1})  # Ida's own step made version 0 stale for her
        assert a.until(lambda f: f["type"] == "error")["code"] == "stale"
        a.act(1, {"type": "bid", "tricks": 1})  # one of her own versions since her step
        third = a.at(3)
        assert third["chosen"] is True and third["legal"] is None
        assert third["decision"]["seats"] == [1] and third["decision"]["chosen"] == [0]
        assert third["log"][-1]["text"] == "Ida bids."
        b.act(2, {"type": "bid", "tricks": 0})
        revealed = b.at(4)
        assert revealed["decision"]["kind"] == "play" and "chosen" not in revealed["decision"]
        assert revealed["view"]["bids_revealed"] is True and revealed["chosen"] is False
