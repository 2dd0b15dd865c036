"""What operators watch: ``GET /health`` (JSON) and ``GET /metrics`` (Prometheus' text format).

Each server process answers for itself: its rooms, its connections, the actions it applied.
Several processes are scraped one by one (docs/deploy.md), and sums are taken in Prometheus.
Counters live in this module (one set per process) and move through small hooks: ``acted``
around a client's ``act`` frame (latency), ``played`` after an action is applied (actions and
bot moves), ``error`` when an error frame or a 5xx answer goes out. Rooms and connections are
read from the hub when scraped, so nothing has to keep them up to date.
"""

from __future__ import annotations

import asyncio
import time
from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
)
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector
from sqlalchemy import text
from sqlalchemy.engine import Engine

from evolutio import __version__
from evolutio.server.cluster.scrape import exposition

if TYPE_CHECKING:
    from collections.abc import Mapping

    from evolutio.server.faces import RoomFace

#: seconds a ``/health`` probe of the database may take before it counts as unreachable
PROBE_TIMEOUT = 3.0
#: the states a room can be in (always exported, 0 when none is in that state)
STATES = ("open", "playing", "over")

ACTIONS = Counter(
    "evolutio_actions",
    "Actions applied to games, by who made them (human, bot, timeout); rate() gives actions/s.",
    ["by"],
    registry=None,
)
BOT_MOVES = Counter("evolutio_bot_moves", "Moves made by bots (levels and take-overs).",
                    registry=None)
LATENCY = Histogram(
    "evolutio_action_latency_seconds",
    "From receiving a client's act frame to the resulting frames queued for every connection "
    "of the room (stored, applied, frames made).",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
    registry=None,
)
ERRORS = Counter(
    "evolutio_errors",
    "Error frames sent in answer to clients' messages (by code), and 5xx HTTP answers "
    "(code http_500, http_503).",
    ["code"],
    registry=None,
)
MAILS = Counter(
    "evolutio_mails",
    "E-mails handed to the SMTP server (sent), tries that failed and wait to be retried "
    "(retry), and e-mails given up after their last try (given_up).",
    ["outcome"],
    registry=None,
)
OWN = (ACTIONS, BOT_MOVES, LATENCY, ERRORS, MAILS)
for _by in ("human", "bot", "timeout"):  # shown at 0 from the start, so rate() has a base
    ACTIONS.labels(_by)
for _outcome in ("sent", "retry", "given_up"):
    MAILS.labels(_outcome)


def played(by: str) -> None:
    """Hook: one action was applied (``by``: human, bot, timeout, ...)."""
    ACTIONS.labels(by).inc()
    if by == "bot":
        BOT_MOVES.inc()


def error(code: str) -> None:
    """Hook: an error frame (its code) or a 5xx answer went out."""
    ERRORS.labels(code).inc()


def mailed(outcome: str) -> None:
    """Hook: an e-mail was sent, or its try failed (``retry``), or it was given up on."""
    MAILS.labels(outcome).inc()


def acted(act: Callable[..., None], *args: Any) -> None:
    """Hook: run a client's ``act`` (``act(*args)``) and time it when it is accepted; the room
    stores, applies and queues its frames before it returns."""
    start = time.perf_counter()
    act(*args)
    LATENCY.observe(time.perf_counter() - start)


class Watched(Protocol):
    """What the figures read of the hub (``hub.Hub``): typed here, as the rooms, which the
    hub holds, count their actions with this module."""

    @property
    def rooms(self) -> Mapping[str, RoomFace]: ...

    @property
    def stalled(self) -> set[str]: ...

    @property
    def storage_failures(self) -> int: ...

    @property
    def storage_outages(self) -> int: ...

    @property
    def storage_error(self) -> str | None: ...

    def health(self) -> dict[str, Any]: ...


class HubCollector(Collector):
    """The hub's rooms and connections, read at each scrape."""

    def __init__(self, hub: Watched) -> None:
        self.hub = hub

    def collect(self) -> Iterator[Metric]:
        rooms = list(self.hub.rooms.values())
        states = Tally(room.status for room in rooms)
        by_state = GaugeMetricFamily("evolutio_rooms", "Rooms held by this process, by state.",
                                     labels=["state"])
        for state in sorted(set(STATES) | set(states)):
            by_state.add_metric([state], states.get(state, 0))
        yield by_state
        yield GaugeMetricFamily("evolutio_connections",
                                "WebSocket connections open to this process's rooms.",
                                value=sum(len(room.conns) for room in rooms))
        yield GaugeMetricFamily("evolutio_stalled_rooms",
                                "Rooms waiting for the database to accept writes again.",
                                value=len(self.hub.stalled))
        yield CounterMetricFamily("evolutio_storage_failures",
                                  "Database calls that failed (refused writes, lost or refused "
                                  "connections) since the start.",
                                  value=self.hub.storage_failures)
        yield GaugeMetricFamily("evolutio_storage_failing",
                                "1 while the database fails (from a failed call to the first "
                                "probe write that succeeds), else 0; /health says why.",
                                value=int(self.hub.storage_error is not None))
        yield CounterMetricFamily("evolutio_storage_outages",
                                  "Storage outages since the start (each from a failed call to "
                                  "the probe write that succeeds).",
                                  value=self.hub.storage_outages)


def registry_for(hub: Watched) -> CollectorRegistry:
    """A registry with this process's counters, its hub's gauges and the process's own
    figures (CPU, memory, open files, start time)."""
    registry = CollectorRegistry()
    for collector in (*OWN, HubCollector(hub), ProcessCollector(registry=None)):
        registry.register(collector)
    return registry


def database_reachable(engine: Engine) -> bool:
    """Whether the database answers a ``SELECT 1`` now."""
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        return True
    except Exception:
        return False


def routes(app: FastAPI, hub: Watched, engine: Engine) -> None:
    """``GET /health`` and ``GET /metrics`` on ``app``."""
    started = time.time()
    registry = registry_for(hub)
    app.state.registry = registry  # a worker's own metrics port serves it too (cluster/)

    @app.get("/health")
    async def health() -> JSONResponse:
        """200 while the database answers and writes work, 503 otherwise (docs/protocol.md)."""
        try:
            reachable = await asyncio.wait_for(
                asyncio.to_thread(database_reachable, engine), PROBE_TIMEOUT)
        except TimeoutError:
            reachable = False
        report = hub.health()
        report["ok"] = bool(report["ok"] and reachable)
        report["database"] = "ok" if reachable else "unreachable"
        if not reachable:
            report["status"] = "degraded"
            report["reasons"].insert(0, f"the database does not answer within {PROBE_TIMEOUT:g} s")
        report["version"] = __version__
        report["uptime"] = round(time.time() - started, 1)
        return JSONResponse(report, status_code=200 if report["ok"] else 503)

    @app.get("/metrics")
    async def metrics() -> Response:
        """This process's figures in Prometheus' text exposition format."""
        return Response(exposition(registry), media_type=CONTENT_TYPE_LATEST)
