"""Play a batch's games on a Dask distributed cluster instead of local processes.

The user starts the cluster (``dask scheduler`` on one machine, ``dask worker ADDRESS`` on
each machine, every one with evolutio and its games installed) and passes the scheduler's
address. Each game is one Dask task running :func:`~evolutio.sim.runner.play_row` on a
pickled :class:`~evolutio.sim.runner.GameTask`; the worker finds the game through the
registry, and the task's seeds make its row the same as on a local process. Rows come back in
task order, so results files, progress and reports are those of a local run.

A worker that dies mid-game loses its task to the scheduler, which plays it again on another
worker (up to Dask's ``distributed.scheduler.allowed-failures``); the seeds make the replayed
row identical. Closing the iterator (Ctrl-C) cancels the games not yet played.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator, Sequence
from typing import Any

from evolutio.core.game import JSON
from evolutio.sim.runner import GameTask, play_row

#: Seconds to reach the scheduler, and then to wait for its first worker.
CONNECT_TIMEOUT = 10.0

#: Games kept in flight per worker thread, so a long batch never floods the scheduler while
#: every worker always has its next game queued.
IN_FLIGHT_PER_THREAD = 4


class ClusterError(Exception):
    """The cluster cannot be reached, has no workers, or lost a game it could not replay."""


class DaskCluster:
    """An :class:`~evolutio.sim.runner.Executor` on the Dask scheduler at ``address``.

    Connecting happens here, so a caller can refuse an unreachable address before it writes
    anything. Use it as a context manager (or call :meth:`close`).
    """

    def __init__(self, address: str, timeout: float | None = None) -> None:
        timeout = CONNECT_TIMEOUT if timeout is None else timeout
        self.dask = _distributed()
        self.address = address
        try:
            self.client: Any = self.dask.Client(address, timeout=timeout, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
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
        """Submit the games a window at a time and yield their rows in task order."""
        run = uuid.uuid4().hex[:12]
        window = max(8, IN_FLIGHT_PER_THREAD * self.threads()[1])
        done = self.dask.as_completed(loop=self.client.loop, with_results=True, raise_errors=False)
        position: dict[str, int] = {}
        in_flight: dict[str, Any] = {}
        upcoming = iter(enumerate(tasks))
        finished: dict[int, JSON] = {}
        next_row = 0

        def submit(count: int) -> None:
            for place, task in upcoming:
                key = f"evolutio-game-{run}-{place}"
                # earlier games first, so rows arrive about in the order they are written
                future = self.client.submit(play_row, task, key=key, priority=-place)
                position[key] = place
                in_flight[key] = future
                done.add(future)
                count -= 1
                if count <= 0:
                    return

        try:
            submit(window)
            for future, result in done:
                place = position.pop(future.key)
                del in_flight[future.key]
                if future.status != "finished":
                    error = result[1] if isinstance(result, tuple) else result
                    raise ClusterError(
                        f"game {tasks[place].index} failed on the cluster at {self.address}: "
                        f"{_reason(error)}"
                    )
                finished[place] = result
                future.release()
                submit(1)
                while next_row in finished:
                    yield finished.pop(next_row)
                    next_row += 1
        finally:
            # Ctrl-C, an error, or a consumer that stopped: the games not yet played stop
            if in_flight:
                self.client.cancel(list(in_flight.values()))

    def close(self) -> None:
        self.client.close()

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
