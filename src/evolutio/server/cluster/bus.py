"""Publishing on Redis in order, batched: one connection, one writer.

Every message this process publishes goes through one queue and one connection, in the order
``publish`` was called, so two clients' frames relayed by one process reach the owner in the
order they arrived (as they would at a single server), and the owner's frames for one client
keep their order. Messages queued while a batch is in flight go together in one pipeline, so
under load a round trip to Redis carries many frames.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from evolutio.server.cluster.outage import Unreachable

log = logging.getLogger("evolutio.server")

#: messages sent in one pipeline at most
BATCH = 256


class Bus:
    """The ordered publisher of one process on the Redis client ``redis`` (asyncio)."""

    def __init__(self, redis: Any) -> None:
        self.redis = redis
        self.queue: asyncio.Queue[tuple[str, str, asyncio.Future[int]]] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        #: told of a failed batch (an outage: the cluster logs it once); None: logged here
        self.failed: Callable[[BaseException], object] | None = None

    def start(self) -> None:
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def stop(self) -> None:
        if self._writer is not None:
            self._writer.cancel()

    async def publish(self, channel: str, message: str) -> int:
        """Publish ``message`` after every message published before it; the number of
        listeners that got it (0: nobody listens on ``channel``)."""
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self.queue.put_nowait((channel, message, done))
        return await done

    async def _write(self) -> None:
        while True:
            batch = [await self.queue.get()]
            while len(batch) < BATCH and not self.queue.empty():
                batch.append(self.queue.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, message, _ in batch:
                        pipe.publish(channel, message)
                    counts = await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                if self.failed is None:
                    log.warning("cluster: publishing failed: %s", exc)
                else:
                    self.failed(exc)
                for _, _, done in batch:
                    if not done.done():
                        done.set_exception(Unreachable(str(exc)))
                continue
            for (_, _, done), count in zip(batch, counts, strict=True):
                if not done.done():
                    done.set_result(int(count))
