"""The HTTP requests about a room that only the process playing it can answer, from any process.

- ``GET /api/rooms/ID/hint``: asked of the owner (the heuristic reads the live game there);
  a room nobody plays is taken over here first, as a client's socket would take it.
- ``GET /api/rooms/ID``: the owner's summary, with who is connected now (its sockets and
  the relayed ones); the stored row when no live process plays the room.
- ``POST /api/rooms/ID/rematch``: decided by whoever holds the finished room's lease: its
  owner while it is in memory, else the first asker, who takes the lease for the moment of
  the decision. So two people asking at once on two processes end in one rematch room; the
  rematch's own owner seats each of them (``join``).

The questions travel through :mod:`ask`; every answer, refusals included, reaches the client
as the owner gave it.
"""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from evolutio.core.game import JSON
from evolutio.server import lobby
from evolutio.server.db import User
from evolutio.server.guard import ApiError

if TYPE_CHECKING:
    from evolutio.server.cluster.owner import Owner

#: how often a rematch question may be passed on (an owner that changed meanwhile)
HOPS = 2


def person(args: dict[str, Any]) -> User:
    """The asking person, as the question names them (id and name)."""
    return User(id=int(args["user"]), name=str(args["name"]))


def moving() -> ApiError:
    return ApiError(503, "room_moving", code="room_moving")


class Forward:
    """This process's side of the requests above: asking, and answering others."""

    def __init__(self, cluster: Owner) -> None:
        self.cluster = cluster
        self.hub = cluster.hub
        cluster.asks.handlers.update(
            {"hint": self._hint, "room": self._room, "rematch": self._rematch,
             "join": self._join})

    async def owner(self, room_id: str) -> str | None:
        """The other live process playing ``room_id`` (None: this one, or none)."""
        owner = await self.cluster.leases.owner(room_id)
        if owner is None or owner == self.cluster.node:
            return None
        return owner if await self.cluster.leases.alive(owner) else None

    # -- hints -------------------------------------------------------------------------------

    async def hint(self, user: User, room_id: str, version: str, lang: str, said: str) -> JSON:
        """The hint, from whichever process plays the room (``said``: the request's language
        for refusals)."""
        _, owner = await self.cluster.place(room_id)
        if owner is None:  # here (maybe taken over just now), or no live room: answered here
            return await lobby.hint(self.hub, user, room_id, version, lang)
        args = {"room": room_id, "user": user.id, "name": user.name, "version": version,
                "lang": lang}
        answer: JSON = await self.cluster.asks.ask(owner, "hint", args, said)
        return answer

    async def _hint(self, args: dict[str, Any], said: str) -> tuple[int, Any]:
        if self.hub.room(str(args["room"])) is None:
            raise moving()
        return 200, await lobby.hint(self.hub, person(args), str(args["room"]),
                                     str(args["version"]), str(args["lang"]))

    # -- presence ----------------------------------------------------------------------------

    async def summary(self, room_id: str, said: str) -> JSON | None:
        """``{"room": summary}`` from the process playing ``room_id``; None when no other
        live process plays it (the caller answers from its memory or the row)."""
        owner = await self.owner(room_id)
        if owner is None:
            return None
        try:
            answer: JSON = await self.cluster.asks.ask(owner, "room", {"room": room_id}, said)
        except ApiError as exc:
            if exc.status in (404, 503):  # it left that process meanwhile: the row says
                return None
            raise
        return answer

    async def _room(self, args: dict[str, Any], said: str) -> tuple[int, Any]:
        room = self.hub.room(str(args["room"]))
        if room is None:
            raise moving()
        return 200, {"room": room.summary()}

    # -- rematches ---------------------------------------------------------------------------

    async def rematch(self, user: User, old_id: str, said: str, hops: int = 0) -> JSON:
        """The rematch's summary, decided where the finished room ``old_id`` is held."""
        cluster = self.cluster
        deadline = time.monotonic() + 2 * cluster.lease + 1
        while True:
            if self.hub.room(old_id) is not None:
                return await self._rematch_here(user, old_id, said)
            owner = await cluster.leases.owner(old_id)
            if owner is None:
                if await cluster.leases.claim(old_id):  # held while deciding, then let go
                    try:
                        return await self._rematch_here(user, old_id, said)
                    finally:
                        await cluster.leases.release(old_id)
                continue
            if owner != cluster.node and hops < HOPS and await cluster.leases.alive(owner):
                args = {"room": old_id, "user": user.id, "name": user.name, "hops": hops + 1}
                answer: JSON = await cluster.asks.ask(owner, "rematch", args, said)
                return answer
            if time.monotonic() > deadline:  # a dead owner's lease that does not expire
                raise moving()
            await asyncio.sleep(0.05)  # held by a decision under way here, or a dead owner

    async def _rematch_here(self, user: User, old_id: str, said: str) -> JSON:
        """The rematch decided by this process, which holds ``old_id``; a rematch made and
        played elsewhere is joined there."""
        seat, taken = lobby.rematch_seat(self.hub, user, old_id)
        if taken and self.hub.room(taken) is None:
            _, owner = await self.cluster.place(taken)
            if owner is not None:
                args = {"room": taken, "user": user.id, "name": user.name, "seat": seat}
                answer: JSON = await self.cluster.asks.ask(owner, "join", args, said)
                return answer
        return lobby.rematch(self.hub, user, old_id).summary()

    async def _rematch(self, args: dict[str, Any], said: str) -> tuple[int, Any]:
        return 200, await self.rematch(person(args), str(args["room"]), said,
                                       int(args.get("hops", HOPS)))

    async def _join(self, args: dict[str, Any], said: str) -> tuple[int, Any]:
        room = self.hub.room(str(args["room"]))
        if room is None:
            raise moving()
        lobby.join_rematch(room, person(args), int(args["seat"]))
        return 200, room.summary()
