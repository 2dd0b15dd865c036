"""Friends: following people, who of them is online, invitations to rooms, and blocking.

- ``GET /api/friends``: the people the caller follows (online or not, their live tables) and
  the people they blocked.
- ``POST``/``DELETE /api/friends/NAME``: follow, unfollow. ``POST``/``DELETE
  /api/blocks/NAME``: block, unblock (a block ends the follows both ways).
- ``POST /api/rooms/ID/invite`` ``{"name"}``: an invitation shown to that person on their
  lobby socket (:mod:`lobbysocket`); refused when they blocked the caller.

A person is online while they have a socket open to this process (a room's or the lobby's).
Invitations are kept in memory for ``INVITE_KEPT`` seconds and told on this process's lobby
sockets only; the follows and blocks are in the database (migration 0011).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from sqlalchemy import delete, select

from evolutio.core.game import JSON
from evolutio.server import auth, blocks
from evolutio.server.conn import Conn
from evolutio.server.db import Block, Follow, RoomRow, User
from evolutio.server.guard import ApiError
from evolutio.server.hub import Hub
from evolutio.server.limits import Quota
from evolutio.server.people import People

log = logging.getLogger("evolutio.server")
Body = Callable[[Request], Awaitable[dict[str, Any]]]
#: seconds an invitation stays on offer, and the most kept per person
INVITE_KEPT = 600.0
INVITES_KEPT = 20
#: people with invitations kept, past which the expired ones are forgotten
MOST_INVITED = 10_000
#: invitations one person may send per ``INVITE_WINDOW`` seconds
INVITES_PER_WINDOW = 30
INVITE_WINDOW = 600.0
#: the most people one may follow (the friends list is one query)
MOST_FOLLOWED = 500


class Friends:
    """Lobby sockets per person (presence and notices), invitations, and the block cache."""

    def __init__(self, hub: Hub, people: People) -> None:
        self.hub = hub
        self.people = people
        self.lobby: dict[int, set[Conn]] = {}
        self.invites: dict[int, list[JSON]] = {}
        self.invite_quota = Quota(INVITES_PER_WINDOW, INVITE_WINDOW)

    # -- presence and notices ----------------------------------------------------------------

    def online(self, user_id: int) -> bool:
        """Whether ``user_id`` has a socket open here (a room's or the lobby's)."""
        return self.hub.sockets[f"user:{user_id}"] > 0

    def tell(self, user_id: int, frame: JSON) -> None:
        """``frame`` to every lobby socket of ``user_id``."""
        for conn in list(self.lobby.get(user_id, ())):
            conn.send(frame)

    def tell_all(self, frame: JSON) -> None:
        for conns in list(self.lobby.values()):
            for conn in list(conns):
                conn.send(frame)

    def pending(self, user_id: int) -> list[JSON]:
        """``user_id``'s invitations still on offer, oldest first."""
        now = time.time()
        kept = [x for x in self.invites.get(user_id, []) if now - x["time"] < INVITE_KEPT]
        if kept:
            self.invites[user_id] = kept
        else:
            self.invites.pop(user_id, None)
        return kept

    # -- the block cache ---------------------------------------------------------------------

    def block_pairs(self) -> list[tuple[int, int]]:
        """Every block in the table: (blocker, blocked)."""
        with self.hub.store.session() as s:
            return [(a, b) for a, b in s.execute(select(Block.blocker_id, Block.blocked_id))]

    def load_blocks(self) -> None:
        """Read every block from the table into ``hub.blocks``."""
        self.hub.blocks.load(self.block_pairs())

    async def refresh_blocks(self) -> None:
        """Reload the blocks every ``blocks.REFRESH`` seconds (blocks made elsewhere)."""
        while True:
            try:
                self.hub.blocks.load(await self.people.off_loop(self.block_pairs))
            except Exception as exc:  # storage trouble: kept as it was, tried again
                log.warning("blocks could not be reloaded: %s", str(exc)[:200])
            await asyncio.sleep(blocks.REFRESH)

    # -- queries -----------------------------------------------------------------------------

    def target(self, name: str, me: User) -> User:
        """The person called ``name`` (404), never the caller (400)."""
        with self.hub.store.session() as s:
            user = auth.find_user(s, name)
        if user is None or user.is_bot:
            raise ApiError(404, "no_player", name=name[:40])
        if user.id == me.id:
            raise ApiError(400, "friends_not_yourself")
        return user

    def tables_of(self, user_id: int) -> list[JSON]:
        """The public live rooms ``user_id`` sits in here (open ones to join, the others to
        watch)."""
        return [
            {"id": r.id, "game": r.game_name, "status": r.status,
             "free": sum(1 for s in r.seats if s.free)}
            for r in self.hub.rooms.values()
            if r.status != "over" and not r.private and r.seat_of(user_id) is not None
        ]

    def relations(self, me: User) -> tuple[list[tuple[int, str]], list[str]]:
        """Whom ``me`` follows (id, name) and the names ``me`` blocked (a query)."""
        with self.hub.store.session() as s:
            followed = s.execute(
                select(User.id, User.name).join(Follow, Follow.followed_id == User.id)
                .where(Follow.follower_id == me.id)
            ).all()
            blocked = s.scalars(
                select(User.name).join(Block, Block.blocked_id == User.id)
                .where(Block.blocker_id == me.id)
            ).all()
        return [(uid, name) for uid, name in followed], sorted(blocked, key=str.casefold)

    def listing(self, followed: list[tuple[int, str]], blocked: list[str]) -> JSON:
        """``GET /api/friends`` from :meth:`relations` (on the event loop: it reads the
        rooms and the sockets)."""
        friends = [{"name": name, "online": self.online(uid), "rooms": self.tables_of(uid)}
                   for uid, name in followed]
        friends.sort(key=lambda f: (not f["online"], str(f["name"]).casefold()))
        return {"friends": friends, "blocked": blocked}

    def follow(self, me: User, other: User) -> None:
        with self.hub.store.session() as s:
            if s.get(Block, (other.id, me.id)) is not None:
                raise ApiError(403, "friends_blocked", code="blocked", name=other.name)
            if s.get(Follow, (me.id, other.id)) is None:
                count = len(s.scalars(select(Follow.followed_id)
                                      .where(Follow.follower_id == me.id)).all())
                if count >= MOST_FOLLOWED:
                    raise ApiError(409, "friends_too_many", most=MOST_FOLLOWED)
                s.add(Follow(follower_id=me.id, followed_id=other.id))
                s.commit()

    def unfollow(self, me: User, other: User) -> None:
        with self.hub.store.session() as s:
            s.execute(delete(Follow).where(Follow.follower_id == me.id,
                                           Follow.followed_id == other.id))
            s.commit()

    def block(self, me: User, other: User) -> None:
        """``me`` blocks ``other``: the follows between them end, the block is kept."""
        with self.hub.store.session() as s:
            s.execute(delete(Follow).where(
                ((Follow.follower_id == me.id) & (Follow.followed_id == other.id))
                | ((Follow.follower_id == other.id) & (Follow.followed_id == me.id))))
            if s.get(Block, (me.id, other.id)) is None:
                s.add(Block(blocker_id=me.id, blocked_id=other.id))
            s.commit()

    def blocked_now(self, me: User, other: User) -> None:
        """After :meth:`block` (on the event loop): the cache and ``other``'s invitations."""
        self.hub.blocks.add(me.id, other.id)
        self.invites[me.id] = [x for x in self.invites.get(me.id, [])
                               if x["from"] != other.name]

    def unblock(self, me: User, other: User) -> None:
        with self.hub.store.session() as s:
            s.execute(delete(Block).where(Block.blocker_id == me.id,
                                          Block.blocked_id == other.id))
            s.commit()

    def invite(self, me: User, other: User, room_id: str) -> JSON:
        """Offer ``other`` a seat in the live room ``room_id`` (held here or by another
        process: its row says)."""
        room = self.hub.room(room_id)
        with self.hub.store.session() as s:
            row = s.get(RoomRow, room_id) if room is None else None
            refused = s.get(Block, (other.id, me.id)) is not None
        game, status = ((room.game_name, room.status) if room is not None
                        else (row.game, row.status) if row is not None else ("", "over"))
        if status == "over":
            raise ApiError(404, "no_room", code="no_room", room=room_id[:40])
        if refused or self.hub.blocks.blocks(other.id, me.id):
            raise ApiError(403, "friends_blocked", code="blocked", name=other.name)
        if not self.invite_quota.take(str(me.id)):
            raise ApiError(429, "invites_too_fast")
        notice = {"type": "invite", "from": me.name, "room": room_id, "game": game,
                  "status": status, "time": time.time()}
        if len(self.invites) > MOST_INVITED:  # bounded memory: forget what has expired
            for user_id in list(self.invites):
                self.pending(user_id)
        kept = [x for x in self.pending(other.id) if x["room"] != room_id or x["from"] != me.name]
        self.invites[other.id] = [*kept, notice][-INVITES_KEPT:]
        self.tell(other.id, notice)
        return {"ok": True, "online": self.online(other.id)}


def routes(app: FastAPI, friends: Friends, body: Body) -> None:
    """Add the friends' routes to ``app``."""
    people, hub_blocks = friends.people, friends.hub.blocks

    async def who(request: Request, name: str) -> tuple[User, User]:
        me = people.need_user(request)
        return me, await people.off_loop(lambda: friends.target(name, me))

    @app.get("/api/friends")
    async def api_friends(request: Request) -> JSON:
        me = people.need_user(request)
        return friends.listing(*await people.off_loop(lambda: friends.relations(me)))

    @app.post("/api/friends/{name}")
    async def api_follow(name: str, request: Request) -> JSON:
        me, other = await who(request, name)
        await people.off_loop(lambda: friends.follow(me, other))
        return {"ok": True, "name": other.name, "online": friends.online(other.id)}

    @app.delete("/api/friends/{name}")
    async def api_unfollow(name: str, request: Request) -> JSON:
        me, other = await who(request, name)
        await people.off_loop(lambda: friends.unfollow(me, other))
        return {"ok": True, "name": other.name}

    @app.post("/api/blocks/{name}")
    async def api_block(name: str, request: Request) -> JSON:
        me, other = await who(request, name)
        await people.off_loop(lambda: friends.block(me, other))
        friends.blocked_now(me, other)
        return {"ok": True, "name": other.name}

    @app.delete("/api/blocks/{name}")
    async def api_unblock(name: str, request: Request) -> JSON:
        me, other = await who(request, name)
        await people.off_loop(lambda: friends.unblock(me, other))
        hub_blocks.remove(me.id, other.id)
        return {"ok": True, "name": other.name}

    @app.get("/api/invites")
    async def api_invites(request: Request) -> JSON:
        me = people.need_user(request)
        return {"invites": friends.pending(me.id)}

    @app.post("/api/rooms/{room_id}/invite")
    async def api_invite(room_id: str, request: Request) -> JSON:
        data = await body(request)
        name = data.get("name")
        if not isinstance(name, str) or not name:
            raise ApiError(400, "invite_whom")
        me, other = await who(request, name)
        return friends.invite(me, other, room_id)
