"""Analyses of finished games on the server (server/analyses.py): the queue, its limits, the
worker pool, the stored result served again without a new run, the errors and the metric."""

from __future__ import annotations

import queue
import random
import time
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from pg_cluster import database_url

from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.server import analyses as analyses_module
from evolutio.server.analyses import Analyses, AnalysesCollector, run_analysis
from evolutio.server.app import create_app
from evolutio.server.db import (
    ActionRow,
    AnalysisRow,
    RoomRow,
    User,
    make_engine,
    make_sessionmaker,
)
from evolutio.server.migrate import upgrade
from evolutio.server.store import Store


def toy_record(seed: int) -> Record:
    """A finished two-seat toy game, random legal moves."""
    match = Match.new("toy", {"players": 2}, seed, ["Ann", "Bob"])
    rng = random.Random(seed)
    while not match.over:
        decision = match.decision
        assert decision is not None
        seat = decision.seats[0]
        match.act(seat, rng.choice(match.legal(seat)))
    return match.finish_record()


def store_room(url: str, room: str, record: Record, status: str = "over") -> None:
    """A room row with ``record``'s actions (finished unless ``status`` says otherwise: then
    people hold its seats, so that no bot plays it to its end when the server starts)."""
    engine = make_engine(url)
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        s.add(RoomRow(id=room, game=record.game, options=record.options, seed=record.seed,
                      clock=0, status=status, rules=record.rules, outcome=record.outcome,
                      seats=[{"user_id": None, "name": n,
                              "bot": "random" if status == "over" else None}
                             for n in record.players]))
        s.flush()
        for idx, (seat, action) in enumerate(record.actions):
            s.add(ActionRow(room_id=room, idx=idx, seat=seat, action=action, by="human"))
        s.commit()
    engine.dispose()


class HeldPool:
    """A stand-in for the process pool: it runs nothing until the test says so."""

    def __init__(self) -> None:
        self.held: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, function: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.held.append((future, function, args))
        return future

    def finish(self, index: int = 0) -> None:
        future, function, args = self.held.pop(index)
        try:
            future.set_result(function(*args))
        except Exception as exc:  # as a worker's error comes back
            future.set_exception(exc)

    def shutdown(self, **_: Any) -> None:
        pass


def runs(analyses: Analyses) -> dict[str, float]:
    """The counter of runs by result, as /metrics shows it."""
    family = next(iter(AnalysesCollector(analyses).collect()))
    return {s.labels["result"]: s.value for s in family.samples if s.name.endswith("_total")}


def test_the_queue_runs_one_at_a_time_keeps_one_per_game_and_a_few_per_person(
    tmp_path: Path,
) -> None:
    url = database_url(tmp_path / "queue.db")
    for i in range(4):
        store_room(url, f"g{i}", toy_record(i))
    engine = make_engine(url)
    with make_sessionmaker(engine)() as s:
        s.add_all([User(id=i, name=f"P{i}", name_key=f"p{i}") for i in (1, 2, 3)])
        s.commit()
    store = Store(make_sessionmaker(engine))
    analyses = Analyses(store, workers=1, budget="10", per_person=2, queued=2)
    pool = HeldPool()
    analyses.pool = pool  # type: ignore[assignment]
    records = {f"g{i}": toy_record(i) for i in range(4)}
    assert analyses.request("g0", 1, records["g0"]) == {"state": "running", "done": 0, "total": 0}
    assert analyses.request("g1", 1, records["g1"]) == {"state": "queued", "position": 1}
    # the same game again: the same analysis, whoever asks
    assert analyses.request("g1", 2, records["g1"]) == {"state": "queued", "position": 1}
    assert analyses.request("g0", 2, records["g0"]) == {"state": "running", "done": 0, "total": 0}
    assert analyses.request("g2", 1, records["g2"]) == "too_many"  # Ann has two already
    assert analyses.request("g2", 2, records["g2"]) == {"state": "queued", "position": 2}
    assert analyses.request("g3", 3, records["g3"]) == "busy"  # the queue holds two
    assert len(pool.held) == 1 and analyses.counts() == (2, 1)
    pool.finish()  # g0 is analysed and stored; g1 starts
    stored = analyses.stored("g0")
    assert stored is not None and stored.status == "done" and stored.requested_by == 1
    assert stored.result is not None and stored.result["decisions"]
    assert set(stored.words or {}) == {"en", "ru", "it", "de"}
    assert analyses.pending("g0") is None
    assert analyses.pending("g1") == {"state": "running", "done": 0, "total": 0}
    assert analyses.pending("g2") == {"state": "queued", "position": 1}
    assert runs(analyses) == {"done": 1, "failed": 0}
    assert analyses.request("g3", 1, records["g3"]) == {"state": "queued", "position": 2}
    # the workers' progress comes through the queue they share with the server
    analyses.progress = queue.Queue()
    analyses.progress.put(("g1", 3, 7))
    analyses.progress.put(("g0", 9, 9))  # of one no longer running: ignored
    assert analyses.pending("g1") == {"state": "running", "done": 3, "total": 7}
    analyses.close()
    engine.dispose()


def test_a_record_that_does_not_replay_is_stored_as_failed_with_its_reason(
    tmp_path: Path,
) -> None:
    url = database_url(tmp_path / "bad.db")
    record = toy_record(5)
    store_room(url, "bad", record)
    engine = make_engine(url)
    analyses = Analyses(Store(make_sessionmaker(engine)), workers=1, budget="10")
    pool = HeldPool()
    analyses.pool = pool  # type: ignore[assignment]
    actions = [*record.actions[:2], (record.actions[2][0], {"type": "nonsense"}),
               *record.actions[3:]]
    broken = Record(record.game, record.options, record.seed, actions, record.players,
                    record.outcome, record.rules)
    analyses.request("bad", None, broken)
    pool.finish()
    stored = analyses.stored("bad")
    assert stored is not None and stored.status == "failed" and stored.result is None
    assert "room bad" in (stored.reason or "")
    assert runs(analyses) == {"done": 0, "failed": 1}
    analyses.close()
    engine.dispose()


def test_a_worker_tells_its_progress_after_each_decision(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    told: queue.Queue[tuple[str, int, int]] = queue.Queue()
    # what ``_start_worker`` sets in a worker (here without lowering this process's priority)
    monkeypatch.setattr(analyses_module, "_progress", told)
    result, words, seconds = run_analysis("r1", toy_record(3).to_json(), "10")
    total = len(result["decisions"])
    ticks = [told.get_nowait() for _ in range(told.qsize())]
    assert ticks == [("r1", done, total) for done in range(total + 1)]
    assert set(words) == {"en", "ru", "it", "de"} and seconds > 0


def wait_done(client: TestClient, room: str, seen: list[str]) -> dict[str, Any]:
    deadline = time.monotonic() + 120  # the worker runs at a low priority
    while time.monotonic() < deadline:
        state = client.get(f"/api/rooms/{room}/analysis?lang=de").json()
        seen.append(state["state"])
        if state["state"] in ("done", "failed"):
            return dict(state)
        time.sleep(0.05)
    raise AssertionError(f"the analysis did not finish: {seen[-5:]}")


def metric(client: TestClient, name: str) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no {name} in /metrics")


def test_a_finished_game_is_analysed_once_by_a_worker_and_served_to_everyone_after(
    tmp_path: Path,
) -> None:
    url = database_url(tmp_path / "api.db")
    record = toy_record(7)
    store_room(url, "done1", record)
    unfinished = toy_record(8)
    unfinished.actions[3:] = []
    store_room(url, "live1", unfinished, status="playing")  # resumed at the start, under way
    with TestClient(create_app(url, bot_delay=0.0, analysis_budget="20")) as client:
        done_runs = 'evolutio_analyses_run_total{result="done"}'
        assert metric(client, done_runs) == 0
        assert client.get("/api/rooms/done1/analysis").json() == {"room": "done1",
                                                                  "state": "none"}
        # asking needs a login
        assert client.post("/api/rooms/done1/analysis", json={}).status_code == 401
        ann = client.post("/api/guest", json={"name": "Ann"}).json()["token"]
        bob = client.post("/api/guest", json={"name": "Bob"}).json()["token"]
        auth = {"authorization": f"Bearer {ann}"}
        missing = client.post("/api/rooms/nosuch/analysis", json={}, headers=auth)
        assert missing.status_code == 404 and missing.json()["code"] == "no_room"
        live = client.post("/api/rooms/live1/analysis", json={}, headers=auth)
        assert live.status_code == 409 and live.json()["code"] == "not_over"
        assert client.get("/api/rooms/live1/analysis").status_code == 409
        asked = client.post("/api/rooms/done1/analysis", json={}, headers=auth)
        assert asked.status_code == 202 and asked.json()["state"] in ("queued", "running")
        again = client.post("/api/rooms/done1/analysis", json={},
                            headers={"authorization": f"Bearer {bob}"})
        assert again.status_code in (200, 202)  # the same analysis, not a second one
        seen: list[str] = []
        state = wait_done(client, "done1", seen)
        assert state["state"] == "done", state
        analysis = state["analysis"]
        assert analysis["game"] == "toy" and analysis["budget"] == "20"
        decisions = analysis["decisions"]
        assert decisions and all(d["line"] and d["line"][0]["text"] for d in decisions)
        # the sentences are German: a bid in the toy game reads "Biete N Stiche." there
        bids = [d for d in decisions if d["kind"] == "bid"]
        assert bids and all(d["played"]["text"].startswith("Biete ") for d in bids), bids[0]
        english = client.get("/api/rooms/done1/analysis?lang=en").json()["analysis"]
        assert english["decisions"][0]["played"]["text"] != bids[0]["played"]["text"]
        assert metric(client, done_runs) == 1
        # asked again, by anyone: the stored analysis at once, no new run
        stored = client.post("/api/rooms/done1/analysis", json={},
                             headers={"authorization": f"Bearer {bob}"})
        assert stored.status_code == 200 and stored.json()["state"] == "done"
        assert stored.json()["analysis"]["decisions"] == english["decisions"]
        assert metric(client, done_runs) == 1
        assert metric(client, "evolutio_analyses_queued") == 0
        assert metric(client, "evolutio_analyses_running") == 0
    engine = make_engine(url)
    with make_sessionmaker(engine)() as s:
        assert s.query(AnalysisRow).count() == 1
    engine.dispose()


def test_a_server_without_analysis_workers_says_so(tmp_path: Path) -> None:
    url = database_url(tmp_path / "off.db")
    store_room(url, "done2", toy_record(9))
    with TestClient(create_app(url, bot_delay=0.0, analysis_workers=0)) as client:
        assert client.get("/api/rooms/done2/analysis").json()["state"] == "off"
        ann = client.post("/api/guest", json={"name": "Ann"}).json()["token"]
        refused = client.post("/api/rooms/done2/analysis", json={},
                              headers={"authorization": f"Bearer {ann}"})
        assert refused.status_code == 503 and refused.json()["code"] == "analysis_off"
        assert client.post("/api/rooms/done2/analysis?lang=ru", json={},
                           headers={"authorization": f"Bearer {ann}",
                                    "accept-language": "ru"}).json()["error"] == (
            "Этот сервер не разбирает партии.")


@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_sentences_of_a_stored_analysis_follow_the_language(lang: str) -> None:
    from evolutio.analysis.engine import analyse
    from evolutio.server.analysis_words import localized, wording

    record = toy_record(11)
    result = analyse(record, "10").to_json()
    said = localized(result, wording(record, result), lang)
    from evolutio.core.game import describe_choice

    match = Match.new("toy", record.options, record.seed)
    for decision in said["decisions"]:
        while match.version < decision["index"]:
            seat, data = record.actions[match.version]
            match.act_json(seat, data)
        action = match.game.action_from_json(decision["best"]["action"])
        assert decision["best"]["text"] == describe_choice(match.game, match.state, action, lang)
        assert decision["line"][0]["text"] == decision["best"]["text"]


def test_each_game_is_analysed_at_its_own_budget_unless_the_operator_sets_one(
    tmp_path: Path,
) -> None:
    """Darwin's Choice's estimates foretell outcomes only from about 200 iterations (docs/bots.md,
    "Calibration"): the server asks each game's ``analysis_iterations``, and an operator's
    ``--analysis-budget`` applies to every game."""
    url = database_url(tmp_path / "budget.db")
    store_room(url, "g0", toy_record(0))
    engine = make_engine(url)
    store = Store(make_sessionmaker(engine))
    own = Analyses(store, workers=1)
    assert [own.budget_for(g) for g in ("evolution", "northstar", "darwin", "toy")] == \
        ["100", "100", "200", "100"]
    pool = HeldPool()
    own.pool = pool  # type: ignore[assignment]
    own.request("g0", None, toy_record(0))
    assert pool.held[0][2][2] == "100"  # the budget the worker is given
    pool.finish()
    stored = own.stored("g0")
    assert stored is not None and stored.budget == "100"
    own.close()
    assert Analyses(store, workers=1, budget="30").budget_for("darwin") == "30"
    engine.dispose()
