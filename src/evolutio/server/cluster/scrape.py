"""Each worker's own metrics with ``serve --workers N`` (``--metrics-port BASE``).

Workers share one port, so a scrape of ``/metrics`` there reaches one of them at random.
Each worker therefore also listens on a port of its own, the first free one of BASE to
BASE+N-1 (a worker restarted after a crash takes the port its predecessor left), and its
figures carry the label ``process`` (the port's offset, 0 to N-1) everywhere they are
served, so a series always belongs to one worker and a scrape of the shared port says
whose figures it got. prometheus_client's multiprocess mode would merge the counters of
the workers, but not the gauges each worker reads from its own rooms at scrape time.
"""

from __future__ import annotations

import asyncio
import logging
import socket
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

from fastapi import FastAPI
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest
from prometheus_client.core import Metric
from prometheus_client.registry import Collector

log = logging.getLogger("evolutio.server")

#: labels every figure of this process carries (``{"process": "0"}`` in a worker)
LABELS: dict[str, str] = {}
#: seconds a metrics client may take to send its request
READ_TIMEOUT = 5.0


class Labelled(Collector):
    """The figures of ``registry`` with ``labels`` added to every sample."""

    def __init__(self, registry: CollectorRegistry, labels: dict[str, str]) -> None:
        self.registry = registry
        self.labels = labels

    def collect(self) -> Iterator[Metric]:
        for metric in self.registry.collect():
            out = Metric(metric.name, metric.documentation, metric.type, metric.unit)
            out.samples = [s._replace(labels={**s.labels, **self.labels})
                           for s in metric.samples]
            yield out


def exposition(registry: CollectorRegistry) -> bytes:
    """The registry's figures in Prometheus' text format, with this process's labels."""
    if not LABELS:
        return bytes(generate_latest(registry))
    labelled = CollectorRegistry(auto_describe=False)
    labelled.register(Labelled(registry, LABELS))
    return bytes(generate_latest(labelled))


def bind_slot(host: str, base: int, count: int) -> tuple[socket.socket, int] | None:
    """A listening socket on the first free port of ``base`` .. ``base + count - 1`` and its
    offset; None when every one is taken."""
    for offset in range(count):
        sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, base + offset))
            sock.listen(16)
        except OSError:
            sock.close()
            continue
        sock.setblocking(False)
        return sock, offset
    return None


def ports_taken(host: str, base: int, count: int) -> list[int]:
    """The ports of ``base`` .. ``base + count - 1`` that something else listens on."""
    taken = []
    for port in range(base, base + count):
        with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as sock:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                sock.bind((host, port))
            except OSError:
                taken.append(port)
    return taken


async def _answer(registry: CollectorRegistry, reader: asyncio.StreamReader,
                  writer: asyncio.StreamWriter) -> None:
    """One HTTP request on the metrics port: ``GET /metrics``, anything else 404."""
    try:
        line = await asyncio.wait_for(reader.readline(), READ_TIMEOUT)
        while (await asyncio.wait_for(reader.readline(), READ_TIMEOUT)) not in (b"\r\n", b"\n",
                                                                                  b""):
            pass
        method, path = ([*line.decode("latin-1").split(), "", ""])[:2]
        if method in ("GET", "HEAD") and path.split("?")[0] == "/metrics":
            status, kind, body = "200 OK", CONTENT_TYPE_LATEST, exposition(registry)
        else:
            status, kind, body = "404 Not Found", "text/plain", b"GET /metrics\n"
        head = (f"HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {len(body)}"
                "\r\nConnection: close\r\n\r\n")
        writer.write(head.encode() + (body if method != "HEAD" else b""))
        await writer.drain()
    except (TimeoutError, OSError) as exc:
        log.debug("metrics port: request dropped: %s", exc)
    finally:
        writer.close()


def own_port(app: FastAPI, host: str, base: int, count: int) -> None:
    """Give this process (one of ``count`` sharing a port) its metrics port from ``base``,
    served while ``app`` runs; with several, label its figures ``process``."""
    slot = bind_slot(host, base, count)
    if slot is None:
        log.error("metrics: ports %d to %d are all taken; this process has none of its own",
                  base, base + count - 1)
        return
    sock, offset = slot
    if count > 1:
        LABELS["process"] = str(offset)
    inner: Callable[[Any], AbstractAsyncContextManager[Any]] = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(application: Any) -> AsyncIterator[Any]:
        async with inner(application) as state:
            registry: CollectorRegistry = app.state.registry
            server = await asyncio.start_server(
                lambda r, w: _answer(registry, r, w), sock=sock)
            log.info("metrics of process %d on port %d", offset, base + offset)
            try:
                yield state
            finally:
                server.close()

    app.router.lifespan_context = lifespan
