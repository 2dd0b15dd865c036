"""The storage probe's backoff: a game moves again within 5 s of a fault clearing, even when
the outage follows another (the backoff carries on) or lasts long (the wait has doubled to
its longest), while a failing database is still probed no more often than the backoff says.

Played on a fake clock: the hub's ``asyncio.sleep`` and ``time.monotonic`` are replaced by
ones that move a counter, so a minute of outages takes no time.
"""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import pytest

from evolutio.server import hub as hub_module
from evolutio.server.hub import FIRST_RETRY, LONGEST_RETRY, QUIET, Hub
from evolutio.server.store import StorageError

#: every game moves again within this many seconds of the fault clearing (docs/security.md)
RECOVER = 5.0


class FlakyStore:
    """A store whose probe fails until the fake clock reaches ``mended``."""

    def __init__(self, clock: SimpleNamespace) -> None:
        self.clock = clock
        self.mended = 0.0
        self.probes: list[float] = []

    def probe(self) -> None:
        self.probes.append(self.clock.now)
        if self.clock.now < self.mended:
            raise StorageError("database or disk is full")

    def close(self) -> None:
        """Nothing to close."""


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> SimpleNamespace:
    """A fake clock for the hub: its sleeps move ``now`` and return at once."""
    clock = SimpleNamespace(now=1000.0)

    async def sleep(seconds: float) -> None:
        clock.now += seconds
        await asyncio.sleep(0)

    async def to_thread(call: Any) -> Any:
        return call()

    monkeypatch.setattr(hub_module, "time", SimpleNamespace(monotonic=lambda: clock.now))
    monkeypatch.setattr(hub_module, "asyncio", SimpleNamespace(
        sleep=sleep, to_thread=to_thread, get_running_loop=asyncio.get_running_loop))
    return clock


async def outage(hub: Hub, store: FlakyStore, clock: SimpleNamespace, lasts: float) -> float:
    """A failure now that clears ``lasts`` s later; how long after it cleared the probe
    found writes working again."""
    store.mended = clock.now + lasts
    hub.storage_failed(None, StorageError("database or disk is full"))
    assert hub._recovery is not None
    await hub._recovery
    assert hub.storage_error is None
    late: float = clock.now - store.mended
    return late


def test_back_to_back_outages_recover_within_5_s(clock: SimpleNamespace) -> None:
    """A long outage (the wait doubled to its longest), then another 5 s later and a third
    30 s later: each is over within 4 s of the fault clearing (with the longest wait 8 s,
    the first took up to 8 s and the second's first probe waited 8 s)."""
    store = FlakyStore(clock)
    hub = Hub(store)  # type: ignore[arg-type]

    async def run() -> list[float]:
        late = [await outage(hub, store, clock, 40.0)]
        clock.now += 5.0
        late.append(await outage(hub, store, clock, 3.0))
        clock.now += 30.0
        late.append(await outage(hub, store, clock, 0.1))
        return late

    late = asyncio.run(run())
    assert hub.storage_outages == 3
    # a second of the 5 left for the probe itself and the rooms' retried writes
    assert all(0 <= x <= RECOVER - 1.0 for x in late), late


def test_a_flapping_database_is_not_probed_faster(clock: SimpleNamespace) -> None:
    """Outages one after another: the waits between probes never shrink below where the
    last outage left them, and never grow past ``LONGEST_RETRY``; after ``QUIET`` s
    without a failure the next outage starts from ``FIRST_RETRY`` again."""
    store = FlakyStore(clock)
    hub = Hub(store)  # type: ignore[arg-type]

    began: list[float] = []

    async def run() -> None:
        for _ in range(6):
            began.append(clock.now)
            await outage(hub, store, clock, 0.1)  # fails, takes the probe's write...
            clock.now += 0.5  # ... and fails again soon after
        clock.now += QUIET + 1
        await outage(hub, store, clock, 0.1)

    asyncio.run(run())
    assert len(store.probes) == 7  # one probe an outage: each cleared before its first
    waits = [probe - start for probe, start in zip(store.probes[:6], began, strict=True)]
    assert waits == [0.25, 0.5, 1.0, 2.0, 2.0, 2.0] == [
        min(FIRST_RETRY * 2 ** i, LONGEST_RETRY) for i in range(6)]
    assert hub._retry_wait == FIRST_RETRY  # the quiet minute started it over
