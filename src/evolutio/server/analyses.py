"""Analyses of finished games on the server: a pool of worker processes, a queue, stored results.

A person asks for the analysis of a finished game (``POST /api/rooms/ID/analysis``); the
server runs :func:`evolutio.analysis.analyse` in a pool of ``workers`` processes of their
own, started on the first request, each at a lower priority (``os.nice``) so that the live
games' process and its bots keep the CPU they need. Requests wait in a queue (first come,
first served; its position is readable) and at most ``workers`` run at once; a game is
queued or run at most once at a time, a person has at most ``per_person`` waiting or
running, and the queue holds at most ``queued``. Progress (decisions done of all) comes
back from the workers while an analysis runs. The result, with its sentences in each client
language (:mod:`analysis_words`), is stored in ``analyses`` (a failure too, with its
reason): every later viewer reads it at once, with no new run. docs/protocol.md has the
messages.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import multiprocessing
import os
import queue
import threading
import time
from collections import Counter, deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy.exc import SQLAlchemyError

from evolutio.core.game import JSON
from evolutio.core.record import Record
from evolutio.core.registry import get_game
from evolutio.server.analysis_words import localized
from evolutio.server.db import AnalysisRow, RoomRow
from evolutio.server.guard import ApiError
from evolutio.server.i18n import LANGUAGES
from evolutio.server.people import People
from evolutio.server.store import StorageError, Store

log = logging.getLogger("evolutio.server.analyses")
#: the niceness the workers add to their own (the live games run at the server's)
NICE = 10
#: the search budget per decision when the operator sets none: each game's own
#: (``GameInfo.analysis_iterations``: iterations, the same analysis every time)
BUDGET = ""
#: analyses a person may have queued or running at once
PER_PERSON = 2
#: analyses the queue holds at most (running ones not counted)
QUEUED = 100
#: the states an analysis's results can be in
RESULTS = ("done", "failed")

_progress: Any = None  # a worker's end of the progress queue (set by ``_start_worker``)


def _start_worker(progress: Any) -> None:
    """A worker process's start: a lower priority and the progress queue."""
    global _progress
    _progress = progress
    with contextlib.suppress(OSError):  # not allowed here: the pool is still bounded
        os.nice(NICE)


def run_analysis(room: str, record: JSON, budget: str) -> tuple[JSON, JSON, float]:
    """What a worker runs: the analysis of ``record`` at ``budget`` per decision, telling its
    progress as it goes, and its sentences in every client language; and the seconds it took."""
    from evolutio.analysis.engine import analyse
    from evolutio.server.analysis_words import wording

    started = time.perf_counter()
    played = Record.from_json(record)

    def tick(done: int, total: int) -> None:
        if _progress is not None:
            _progress.put((room, done, total))

    result = analyse(played, budget, tick, source=f"room {room}").to_json()
    return result, wording(played, result), time.perf_counter() - started


@dataclass
class Job:
    """An analysis queued or running: its room, who asked, and its progress."""

    room: str
    user: int | None
    #: the search per decision (set when the job starts)
    budget: str = ""
    running: bool = False
    done: int = 0
    total: int = 0


class Analyses:
    """The server's analyses: the queue, the worker pool and the stored results."""

    def __init__(self, store: Store, workers: int = 1, budget: str = BUDGET,
                 per_person: int = PER_PERSON, queued: int = QUEUED) -> None:
        self.store = store
        self.workers = workers
        self.budget = budget
        self.per_person = per_person
        self.queued = queued
        self.jobs: dict[str, Job] = {}  # queued and running, by room
        self.waiting: deque[str] = deque()
        self.records: dict[str, Record] = {}  # the queued ones' records
        self.runs: Counter[str] = Counter()  # finished runs by result
        self.lock = threading.Lock()
        self.pool: ProcessPoolExecutor | None = None
        self.progress: Any = None
        self.closed = False

    @property
    def enabled(self) -> bool:
        return self.workers > 0

    # -- reading --------------------------------------------------------------------------

    def _drain(self) -> None:
        """Take in the progress the workers sent (under the lock)."""
        if self.progress is None:
            return
        while True:
            try:
                room, done, total = self.progress.get_nowait()
            except (queue.Empty, OSError, ValueError):
                return
            job = self.jobs.get(room)
            if job is not None and done >= job.done:
                job.done, job.total = done, total

    def pending(self, room: str) -> JSON | None:
        """The state of ``room``'s analysis while queued (``position``, 1 first) or running
        (``done`` of ``total`` decisions); ``None`` when it is neither."""
        with self.lock:
            return self._state(room)

    def _state(self, room: str) -> JSON | None:
        """As :meth:`pending`, under the lock."""
        self._drain()
        job = self.jobs.get(room)
        if job is None:
            return None
        if job.running:
            return {"state": "running", "done": job.done, "total": job.total}
        return {"state": "queued", "position": self.waiting.index(room) + 1}

    def stored(self, room: str) -> AnalysisRow | None:
        """``room``'s stored analysis (done or failed), if any."""
        with self.store.session() as s:
            return s.get(AnalysisRow, room)

    def counts(self) -> tuple[int, int]:
        """(queued, running) now."""
        with self.lock:
            running = sum(1 for job in self.jobs.values() if job.running)
            return len(self.jobs) - running, running

    # -- asking ---------------------------------------------------------------------------

    def request(self, room: str, user: int | None, record: Record) -> JSON | str:
        """Queue ``room``'s analysis (``record``) for ``user``: its state now, or the reason it
        is refused (``too_many`` for the person, ``busy`` when the queue is full)."""
        with self.lock:
            if room not in self.jobs:
                mine = sum(1 for job in self.jobs.values() if job.user == user)
                if user is not None and mine >= self.per_person:
                    return "too_many"
                if len(self.waiting) >= self.queued:
                    return "busy"
                self.jobs[room] = Job(room, user)
                self.waiting.append(room)
                self.records[room] = record
                self._pump()
            state = self._state(room)
        assert state is not None
        return state

    def _ensure_pool(self) -> ProcessPoolExecutor:
        if self.pool is None:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self.progress = context.Queue()
            self.pool = ProcessPoolExecutor(self.workers, mp_context=context,
                                            initializer=_start_worker,
                                            initargs=(self.progress,))
        return self.pool

    def budget_for(self, game: str) -> str:
        """The search per decision for an analysis of ``game``: the operator's budget, else
        the game's own (Darwin's Choice needs more than the others: docs/bots.md)."""
        return self.budget or str(get_game(game).info.analysis_iterations)

    def _pump(self) -> None:
        """Start queued analyses while fewer than ``workers`` run (under the lock)."""
        if self.closed:
            return
        running = sum(1 for job in self.jobs.values() if job.running)
        while self.waiting and running < self.workers:
            room = self.waiting.popleft()
            job = self.jobs[room]
            record = self.records.pop(room)
            job.running = True
            job.budget = self.budget_for(record.game)
            running += 1
            future = self._ensure_pool().submit(run_analysis, room, record.to_json(),
                                                job.budget)
            future.add_done_callback(functools.partial(self._finished, room))

    def _finished(self, room: str, future: Future[tuple[JSON, JSON, float]]) -> None:
        """A worker's answer: store it (done or failed), count the run, start the next."""
        if future.cancelled() or self.closed:
            return
        with self.lock:
            job = self.jobs.get(room)
        row = AnalysisRow(room_id=room, budget=job.budget if job is not None else self.budget,
                          requested_by=job.user if job is not None else None)
        error = future.exception()
        if isinstance(error, BrokenProcessPool):  # a worker died: the next run gets a new pool
            with self.lock:
                if self.pool is not None:
                    self.pool.shutdown(wait=False, cancel_futures=False)
                self.pool = None
        if error is None:
            result, words, seconds = future.result()
            row.status, row.result, row.words, row.seconds = "done", result, words, seconds
            log.info("room %s analysed: %d decisions in %.1f s", room,
                     len(result["decisions"]), seconds)
        else:
            row.status, row.reason, row.seconds = "failed", str(error) or type(error).__name__, 0.0
            log.warning("room %s: analysis failed: %s", room, row.reason)
        try:
            with self.store.session() as s:
                s.merge(row)
                s.commit()
        except (SQLAlchemyError, StorageError) as exc:
            log.error("room %s: cannot store its analysis: %s", room, str(exc).splitlines()[0])
        with self.lock:
            self.runs[row.status] += 1
            self.jobs.pop(room, None)
            self._pump()

    def close(self) -> None:
        """Drop the queue and stop the workers, a running analysis with them."""
        with self.lock:
            self.closed = True
            self.waiting.clear()
            self.jobs.clear()
            pool, self.pool = self.pool, None
        if pool is not None:
            # a running analysis may take minutes: its process is ended, not waited for
            processes = list(getattr(pool, "_processes", {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()


class AnalysesCollector(Collector):
    """The analyses' figures for /metrics: runs finished (by result), queued and running."""

    def __init__(self, analyses: Analyses) -> None:
        self.analyses = analyses

    def collect(self) -> Iterator[Metric]:
        runs = CounterMetricFamily("evolutio_analyses_run",
                                   "Analyses of finished games run by the workers, by result "
                                   "(a stored analysis served again is not run again).",
                                   labels=["result"])
        with self.analyses.lock:
            counted = dict(self.analyses.runs)
        for result in RESULTS:
            runs.add_metric([result], counted.get(result, 0))
        yield runs
        queued, running = self.analyses.counts()
        yield GaugeMetricFamily("evolutio_analyses_queued", "Analyses waiting for a worker.",
                                value=queued)
        yield GaugeMetricFamily("evolutio_analyses_running", "Analyses running now.",
                                value=running)


def routes(app: FastAPI, analyses: Analyses, people: People) -> None:
    """``GET`` and ``POST /api/rooms/ID/analysis`` on ``app`` (docs/protocol.md)."""
    store = people.store

    def finished(room_id: str) -> RoomRow:
        with store.session() as s:
            row = s.get(RoomRow, room_id)
        if row is None:
            raise ApiError(404, "no_room", code="no_room", room=room_id)
        if row.status != "over":
            raise ApiError(409, "analysis_not_over", code="not_over")
        return row

    def answer(room_id: str, row: AnalysisRow | None, lang: str) -> JSON:
        if row is None:
            return {"room": room_id, "state": "none" if analyses.enabled else "off"}
        if row.status == "failed":
            return {"room": room_id, "state": "failed", "reason": row.reason or "",
                    "enabled": analyses.enabled}
        assert row.result is not None
        return {"room": room_id, "state": "done", "budget": row.budget,
                "seconds": round(row.seconds, 1),
                "analysis": localized(row.result, row.words, lang)}

    def look(room_id: str, lang: str) -> JSON:
        finished(room_id)
        pending = analyses.pending(room_id)
        if pending is not None:
            return {"room": room_id, **pending}
        return answer(room_id, analyses.stored(room_id), lang)

    @app.get("/api/rooms/{room_id}/analysis")
    async def api_analysis(room_id: str, lang: str = "en") -> JSON:
        """The state of a finished game's analysis: none (or off), queued with its position,
        running with its progress, done with the analysis in ``lang``, failed with a reason."""
        lang = lang if lang in LANGUAGES else "en"
        return await people.off_loop(lambda: look(room_id, lang))

    @app.post("/api/rooms/{room_id}/analysis")
    async def api_analyse(room_id: str, request: Request, lang: str = "en") -> JSONResponse:
        """Ask for a finished game's analysis: 200 with a stored one (no new run), else 202
        with its place in the queue; one queued or running per game, a few per person."""
        user = people.need_user(request)
        lang = lang if lang in LANGUAGES else "en"

        def ask() -> JSON | str:
            row = finished(room_id)
            pending = analyses.pending(room_id)
            if pending is not None:
                return {"room": room_id, **pending}
            stored = analyses.stored(room_id)
            if stored is not None and stored.status == "done":
                return answer(room_id, stored, lang)
            if not analyses.enabled:
                return "off"
            state = analyses.request(room_id, user.id, store.record(row))
            return state if isinstance(state, str) else {"room": room_id, **state}

        state = await people.off_loop(ask)
        if state == "off":
            raise ApiError(503, "analysis_off", code="analysis_off")
        if state == "too_many":
            raise ApiError(429, "analyses_too_many", code="too_many_analyses",
                           count=analyses.per_person)
        if state == "busy":
            raise ApiError(503, "analysis_busy", code="analysis_busy")
        assert isinstance(state, dict)
        return JSONResponse(state, status_code=200 if state["state"] == "done" else 202)
