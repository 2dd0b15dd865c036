"""Counters that keep one person or one address from costing everybody else (docs/security.md).

``Backoff`` throttles failures (logins): after ``free`` failures a key must wait, twice as long
after each further failure, up to ``longest``; a success clears the key. ``Devices`` knows the
devices a name logged in from, whose logins are not throttled. ``Quota`` counts live things
(guests made, rooms open, sockets, chat lines) per key over a sliding window.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass


class Backoff:
    """Failures per key with an exponential wait after the first ``free`` ones."""

    def __init__(self, free: int, first: float = 1.0, longest: float = 300.0,
                 forget: float = 3600.0) -> None:
        self.free, self.first, self.longest, self.forget = free, first, longest, forget
        self._fails: dict[str, tuple[int, float]] = {}  # key -> (failures, last failure)

    def wait(self, key: str, now: float | None = None) -> float:
        """Seconds ``key`` must still wait before its next try (0: it may try now)."""
        now = time.monotonic() if now is None else now
        count, last = self._fails.get(key, (0, 0.0))
        if now - last > self.forget:
            self._fails.pop(key, None)
            return 0.0
        if count < self.free:
            return 0.0
        delay = min(self.first * 2.0 ** (count - self.free), self.longest)
        return max(0.0, last + delay - now)

    def fail(self, key: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        count, _ = self._fails.get(key, (0, 0.0))
        self._fails[key] = (count + 1, now)
        if len(self._fails) > 100_000:  # bounded memory: drop the oldest half
            for old in sorted(self._fails, key=lambda k: self._fails[k][1])[:50_000]:
                del self._fails[old]

    def succeed(self, key: str) -> None:
        self._fails.pop(key, None)


class Devices:
    """The devices each name logged in from (a random token in a long-lived cookie, kept
    here as its SHA-256): a login from one of them is not throttled, so that failed guesses
    by others cannot lock the owner out. In memory and bounded (``per_name`` devices a name,
    ``names`` names, the least recent dropped first); after a restart a device is known
    again from its next login."""

    def __init__(self, per_name: int = 8, names: int = 100_000) -> None:
        self.per_name, self.names = per_name, names
        self._known: OrderedDict[str, list[str]] = OrderedDict()

    @staticmethod
    def _digest(token: str) -> str:
        return hashlib.sha256(token.encode()).hexdigest()

    def knows(self, name: str, token: str | None) -> bool:
        """Whether ``token`` is a device ``name`` logged in from."""
        if not token or len(token) > 200:
            return False
        return self._digest(token) in self._known.get(name, ())

    def add(self, name: str) -> str:
        """A new device token for ``name``, remembered."""
        token = secrets.token_urlsafe(24)
        devices = self._known.pop(name, [])
        devices = [*devices, self._digest(token)][-self.per_name:]
        self._known[name] = devices
        while len(self._known) > self.names:
            self._known.popitem(last=False)
        return token


#: keys a ``Quota`` keeps at most (people, addresses)
KEYS = 100_000


class Quota:
    """At most ``limit`` events per key within ``window`` seconds."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit, self.window = limit, window
        self._times: dict[str, deque[float]] = {}

    def take(self, key: str, now: float | None = None) -> bool:
        """Count one event for ``key``; False (and nothing counted) when over the limit."""
        now = time.monotonic() if now is None else now
        times = self._times.setdefault(key, deque())
        while times and now - times[0] > self.window:
            times.popleft()
        if len(times) >= self.limit:
            return False
        times.append(now)
        if len(self._times) > KEYS:
            self._prune(now)
        return True

    def _prune(self, now: float) -> None:
        """Bounded memory: forget the keys whose events are all older than the window
        (they count nothing); if most are still counting, the least recent half."""
        for key in [k for k, t in self._times.items() if not t or now - t[-1] > self.window]:
            del self._times[key]
        if len(self._times) > KEYS // 2:
            by_last = sorted(self._times, key=lambda k: self._times[k][-1])
            for key in by_last[: len(by_last) - KEYS // 2]:
                del self._times[key]


@dataclass(frozen=True)
class Limits:
    """What one person or one address may use (docs/security.md lists the defaults)."""

    #: failed logins per name before waiting, and per address
    login_free_per_name: int = 5
    login_free_per_address: int = 20
    #: password hashes computed at once (each takes ~150 ms of a core)
    hashing_threads: int = 2
    #: new guests and accounts per address per 10 minutes
    guests_per_address: int = 200
    #: rooms a person may have open (not started) at once, and created per 10 minutes
    open_rooms_per_user: int = 5
    rooms_per_address: int = 100
    #: sockets at once per person and per address
    sockets_per_user: int = 16
    sockets_per_address: int = 128
    #: chat lines per person (all sockets together) per 5 seconds
    chat_per_user: int = 5
    #: bytes queued for one socket before it is dropped (it can reconnect and resync)
    queue_bytes: int = 4 * 1024 * 1024
    #: addresses the per-address limits leave alone (a load tester, a proxy that does not
    #: forward client addresses); per-person limits still apply
    exempt: frozenset[str] = frozenset()

    def counted(self, address: str) -> bool:
        """Whether the per-address limits apply to ``address``."""
        return address not in self.exempt
