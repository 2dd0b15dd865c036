"""Who owns a room: a lease in Redis, one key per room holding the owning process's id.

A lease is taken with ``SET NX PX`` (only when nobody holds it), renewed by its holder every
third of its length and released on a clean stop. A process that dies stops renewing, so its
leases expire and another process takes its rooms over. Renewing and releasing only touch a
key the caller still holds (checked and changed in one Lua script, atomically).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: every key and channel of the cluster starts with this
PREFIX = "evolutio:"

_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  if redis.call('get', key) == ARGV[1] then
    redis.call('pexpire', key, ARGV[2])
    out[i] = 1
  else
    out[i] = 0
  end
end
return out
"""

_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('del', KEYS[1])
end
return 0
"""


def lease_key(room_id: str) -> str:
    return f"{PREFIX}lease:{room_id}"


def node_channel(node: str) -> str:
    """The pub/sub channel a process listens on (messages for it and its clients)."""
    return f"{PREFIX}node:{node}"


class Leases:
    """The leases of one process (``node``) on a Redis client (``redis.asyncio``), and the
    synchronous client for the one claim made inside a request (a new room)."""

    def __init__(self, redis: Any, sync: Any, node: str, seconds: float) -> None:
        self.redis = redis
        self.sync = sync
        self.node = node
        self.ms = int(seconds * 1000)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)
        self._renew_now: Any = sync.register_script(_RENEW) if sync is not None else None

    async def claim(self, room_id: str) -> bool:
        """Take the room's lease if nobody holds it."""
        return bool(await self.redis.set(lease_key(room_id), self.node, nx=True, px=self.ms))

    def claim_now(self, room_id: str) -> bool:
        """``claim`` from synchronous code (a room created by a request)."""
        return bool(self.sync.set(lease_key(room_id), self.node, nx=True, px=self.ms))

    async def owner(self, room_id: str) -> str | None:
        value = await self.redis.get(lease_key(room_id))
        return None if value is None else str(value)

    async def owners(self, room_ids: Sequence[str]) -> list[str | None]:
        if not room_ids:
            return []
        values = await self.redis.mget([lease_key(r) for r in room_ids])
        return [None if v is None else str(v) for v in values]

    async def renew(self, room_ids: Sequence[str]) -> list[str]:
        """Renew these leases; the ids of those this process no longer holds."""
        if not room_ids:
            return []
        held = await self._renew(keys=[lease_key(r) for r in room_ids], args=[self.node, self.ms])
        return [r for r, ok in zip(room_ids, held, strict=True) if not int(ok)]

    def renew_now(self, room_ids: Sequence[str]) -> list[str]:
        """``renew`` from a thread of its own, on the synchronous client."""
        if not room_ids:
            return []
        held = self._renew_now(keys=[lease_key(r) for r in room_ids], args=[self.node, self.ms])
        return [r for r, ok in zip(room_ids, held, strict=True) if not int(ok)]

    async def release(self, room_id: str) -> None:
        await self._release(keys=[lease_key(room_id)], args=[self.node])

    async def alive(self, node: str) -> bool:
        """Whether the process ``node`` still listens (a killed one's subscription is gone)."""
        counts = await self.redis.pubsub_numsub(node_channel(node))
        return bool(counts and int(counts[0][1]) > 0)
