"""Play a batch's games on a Dask distributed cluster instead of local processes.

The user starts the cluster (``dask scheduler`` on one machine, ``dask worker ADDRESS`` on
each machine, every one with evolutio and its games installed) and passes the scheduler's
address. Each Dask task runs :func:`play_rows` on pickled
:class:`~evolutio.sim.runner.GameTask` objects (:data:`BATCH` games, fewer at the end); the
worker finds the game through the registry, and the task's seeds make each row the same as
on a local process. Rows come back in task order, so results files, progress and reports are
those of a local run.

A worker that dies mid-game loses its task to the scheduler, which plays it again on another
worker (up to Dask's ``distributed.scheduler.allowed-failures``); the seeds make the replayed
row identical. Closing the iterator (Ctrl-C) cancels the games not yet played.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar

from evolutio.core.game import JSON
from evolutio.sim.runner import GameTask, play_row

T = TypeVar("T")
R = TypeVar("R")

#: Seconds to reach the scheduler, and then to wait for its first worker.
CONNECT_TIMEOUT = 10.0

#: Tasks kept in flight per worker thread, so a long batch never floods the scheduler while
#: every worker always has its next games queued.
IN_FLIGHT_PER_THREAD = 4


#: Games per Dask task: the scheduler's round trip (some milliseconds of CPU on the client,
#: the scheduler and the worker) is paid once for this many games. Chosen by measurement
#: (docs/bots.md, "On a Dask cluster"): with 14 ms games, tasks of 4 games ran a local
#: cluster of two workers at 1.6x a local pool of two processes, where 1 game a task ran at
#: 0.7-1.0x and 16-32 games at 1.0-1.3x (the window of tasks in flight is shorter in games
#: than the pool's, and a long task at the end leaves a worker idle).
BATCH = 4


def play_rows(tasks: Sequence[GameTask]) -> list[JSON]:
    """The rows of a group of games, played one after another on a worker."""
    return [play_row(task) for task in tasks]


class ClusterError(Exception):
    """The cluster cannot be reached, has no workers, or lost a game it could not replay."""


class DaskCluster:
    """An :class:`~evolutio.sim.runner.Executor` on the Dask scheduler at ``address``.

    Connecting happens here, so a caller can refuse an unreachable address before it writes
    anything. Use it as a context manager (or call :meth:`close`).
    """

    def __init__(
        self, address: str, timeout: float | None = None, batch: int | None = None
    ) -> None:
        if batch is not None and batch < 1:
            raise ValueError("batch must be at least 1")
        #: games per task (:data:`BATCH` unless given)
        self.batch = BATCH if batch is None else batch
        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        if not address.strip():
            # Dask would start a cluster of its own on this machine for an empty address
            raise ClusterError("--cluster needs the scheduler's address, like tcp://HOST:8786")
        self.dask = _distributed()
        self.address = address
        try:
            self.dask.comm.get_address_host_port(address)
        except ValueError as exc:
            raise ClusterError(
                f"'{address}' is not a scheduler address ({exc}); give one like tcp://HOST:8786"
            ) from None
        try:
            self.client: Any = self.dask.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError) as exc:
            raise ClusterError(
                f"cannot reach the Dask scheduler at {address}: {_reason(exc)}"
            ) from None
        try:
            self.client.wait_for_workers(1, timeout=timeout)
        except (OSError, TimeoutError) as exc:
            self.close()
            raise ClusterError(
                f"the Dask scheduler at {address} has no workers (start some with "
                f"'dask worker {address}'): {_reason(exc)}"
            ) from None

    def threads(self) -> tuple[int, int]:
        """How many workers the scheduler has, and their threads in all."""
        counts: dict[str, int] = self.client.nthreads()
        return len(counts), sum(counts.values())

    def play(self, tasks: Sequence[GameTask]) -> Iterator[JSON]:
        """Submit the games a window at a time and yield their rows in task order.

        Each task holds ``batch`` games (:data:`BATCH`), fewer near the end so that every
        thread keeps work until the last games; the round trip through the scheduler is
        paid once a task. Rows do not depend on the grouping.
        """
        run = uuid.uuid4().hex[:12]
        threads = self.threads()[1]
        window = max(8, IN_FLIGHT_PER_THREAD * threads)
        done = self.dask.as_completed(loop=self.client.loop)
        places: dict[str, list[int]] = {}
        in_flight: dict[str, Any] = {}
        upcoming = iter(enumerate(tasks))
        left = len(tasks)
        finished: dict[int, JSON] = {}
        next_row = 0

        def group_size() -> int:
            # keep enough tasks for every thread until the end, so no worker idles at the tail
            return max(1, min(self.batch, left // (IN_FLIGHT_PER_THREAD * threads)))

        def submit(count: int) -> None:
            nonlocal left
            for _ in range(count):
                group = list(islice(upcoming, group_size()))
                if not group:
                    return
                left -= len(group)
                first = group[0][0]
                key = f"evolutio-games-{run}-{first}-{group[-1][0]}"
                batch = [task for _, task in group]
                # earlier games first, so rows arrive about in the order they are written
                future = self.client.submit(play_rows, batch, key=key, priority=-first)
                places[key] = [place for place, _ in group]
                in_flight[key] = future
                done.add(future)

        try:
            submit(window)
            for future in done:
                group = places.pop(future.key)
                del in_flight[future.key]
                try:
                    rows: list[JSON] = future.result()
                except Exception as exc:
                    raise ClusterError(
                        f"the cluster at {self.address} could not play game "
                        f"{tasks[group[0]].index}: {_reason(exc)}"
                    ) from None
                future.release()
                for place, row in zip(group, rows, strict=True):
                    finished[place] = row
                submit(1)
                while next_row in finished:
                    yield finished.pop(next_row)
                    next_row += 1
        finally:
            # Ctrl-C, an error, or a consumer that stopped: the games not yet played stop
            if in_flight:
                self.client.cancel(list(in_flight.values()))

    def map(
        self, function: Callable[[T], R], items: Sequence[T], name: str = "evolutio-tasks"
    ) -> Iterator[R]:
        """``function`` over ``items`` on the cluster, one Dask task each (named
        ``NAME-RUN-PLACE``), a window of them in flight; results in the items' order. What
        ``evolutio analyse --cluster`` runs its decisions on. Closing the iterator early
        cancels the tasks not yet done; a task that fails raises ``ClusterError``."""
        run = uuid.uuid4().hex[:12]
        window = max(8, IN_FLIGHT_PER_THREAD * self.threads()[1])
        done = self.dask.as_completed(loop=self.client.loop)
        upcoming = iter(enumerate(items))
        in_flight: dict[str, tuple[int, Any]] = {}
        finished: dict[int, R] = {}
        next_place = 0

        def submit(count: int) -> None:
            for place, item in islice(upcoming, count):
                key = f"{name}-{run}-{place}"
                future = self.client.submit(function, item, key=key, priority=-place)
                in_flight[key] = (place, future)
                done.add(future)

        try:
            submit(window)
            for future in done:
                place, _ = in_flight.pop(future.key)
                try:
                    finished[place] = future.result()
                except Exception as exc:
                    raise ClusterError(
                        f"the cluster at {self.address} could not run task {place}: "
                        f"{_reason(exc)}"
                    ) from None
                future.release()
                submit(1)
                while next_place in finished:
                    yield finished.pop(next_place)
                    next_place += 1
        finally:
            if in_flight:
                self.client.cancel([future for _, future in in_flight.values()])

    def close(self) -> None:
        """Disconnect; when the scheduler is already gone, without Dask's reconnection log."""
        loggers = [logging.getLogger(name) for name in ("distributed", "distributed.client")]
        levels = [logger.level for logger in loggers]
        for logger in loggers:
            logger.setLevel(logging.CRITICAL)
        try:
            self.client.close()
        finally:
            for logger, level in zip(loggers, levels, strict=True):
                logger.setLevel(level)

    def __enter__(self) -> DaskCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _distributed() -> Any:
    """The ``distributed`` module (untyped here: its API is reached through ``Any``)."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(
            "--cluster needs dask.distributed: pip install 'evolutio[sim]'"
        ) from None
    return distributed


def _reason(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
