"""The people routes: guests, accounts, logins, profiles and leaderboards.

Password hashing (argon2, ~150 ms of a core) runs in a small pool of worker threads, never on
the event loop, so logins cannot stall the games; failed logins are throttled per name and
per address with an exponential wait; new guests are limited per address (docs/security.md).
"""

from __future__ import annotations

import asyncio
import logging
import math
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import JSONResponse
from sqlalchemy import select

from evolutio.core.game import OptionError
from evolutio.core.registry import available_games, default_game, get_game
from evolutio.server import auth, ratings
from evolutio.server.db import Participation, RoomRow, User
from evolutio.server.guard import ApiError
from evolutio.server.limits import Backoff, Devices, Limits, Quota
from evolutio.server.sessions import Sessions
from evolutio.server.store import Store

log = logging.getLogger("evolutio.server")
COOKIE = "evolutio_token"
#: the cookie that marks a device a name logged in from before (``limits.Devices``)
DEVICE_COOKIE = "evolutio_device"
#: how long a device stays known by its cookie: a year
DEVICE_DAYS = 365
T = TypeVar("T")


def address(request: Request | WebSocket) -> str:
    """The client's address (as the ASGI server reports it)."""
    return request.client.host if request.client is not None else "?"


def abandoned(room: RoomRow, seat: int) -> bool:
    """Whether ``seat`` of the finished ``room`` was abandoned (its stored seat says so)."""
    seats = room.seats if isinstance(room.seats, list) else []
    row = seats[seat] if 0 <= seat < len(seats) else None
    return isinstance(row, dict) and row.get("abandoned") is True


class People:
    """Who a request is, and the routes that make, log in and show people."""

    def __init__(self, store: Store, limits: Limits, *, secure_cookies: bool = False) -> None:
        self.store = store
        self.limits = limits
        self.secure_cookies = secure_cookies
        self.by_name = Backoff(limits.login_free_per_name)
        self.by_address = Backoff(limits.login_free_per_address)
        self.devices = Devices()
        self.guests = Quota(limits.guests_per_address, 600.0)
        self.pool = ThreadPoolExecutor(limits.hashing_threads, thread_name_prefix="hash")
        #: the open sockets of each session, closed when it ends (logout, password change)
        self.sessions = Sessions(store)

    async def off_loop(self, work: Callable[[], T]) -> T:
        """Run ``work`` (hashing, a query) in the pool, off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self.pool, work)

    # -- who is asking ---------------------------------------------------------------------

    @staticmethod
    def token_of(request: Request | WebSocket) -> str | None:
        """The bearer header, else (WebSocket only) ``?token=``, else the cookie."""
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            return header[7:].strip()
        if isinstance(request, WebSocket) and request.query_params.get("token"):
            return request.query_params["token"]  # browsers cannot set a socket's headers
        return request.cookies.get(COOKIE)

    def current(self, request: Request | WebSocket) -> User | None:
        with self.store.session() as s:
            return auth.user_for_token(s, self.token_of(request))

    def current_session(self, request: Request | WebSocket) -> tuple[User, str, Any] | None:
        """The person, the hash of the session token and the session's login time."""
        with self.store.session() as s:
            found = auth.session_for_token(s, self.token_of(request))
            return None if found is None else (found[0], found[1].token_hash, found[1].created_at)

    def need_user(self, request: Request) -> User:
        user = self.current(request)
        if user is None:
            raise ApiError(401, "need_name")
        return user

    def me(self, user: User) -> dict[str, Any]:
        """The logged-in person: rating and games in the default game, and every rating."""
        with self.store.session() as s:
            every = ratings.ratings_of(s, user.id)
        main = every.get(default_game()) or ratings.to_json(None)
        return {
            "id": user.id,
            "name": user.name,
            "account": user.password_hash is not None,
            "rating": main["rating"],
            "games": main["games"],
            "ratings": every,
        }

    def logged_in(self, request: Request, user: User, token: str) -> JSONResponse:
        """The answer to a login: the person, the token, and the token as an HttpOnly cookie
        (``Secure`` with ``secure_cookies``, or when the request came over HTTPS); for an
        account, this device is known to its name from now on (its logins are never
        throttled: ``limits.Devices``)."""
        response = JSONResponse({"user": self.me(user), "token": token})
        secure = self.secure_cookies or request.url.scheme == "https"
        response.set_cookie(COOKIE, token, httponly=True, samesite="lax", secure=secure,
                            max_age=3600 * 24 * auth.SESSION_DAYS)
        if user.password_hash is not None:
            device = self.devices.add(auth.name_key(user.name))
            response.set_cookie(DEVICE_COOKIE, device, httponly=True, samesite="lax",
                                secure=secure, max_age=3600 * 24 * DEVICE_DAYS)
        return response

    @staticmethod
    def login_key(name: object, where: str) -> str:
        """What failed logins of a name are counted by: the name at this address, so that
        guesses from elsewhere cannot lock the owner out."""
        return f"{auth.name_key(name) if isinstance(name, str) else ''}@{where}"

    def throttled(self, name: object, where: str, device: str | None = None) -> None:
        """429 while this name at this address, or this address, must wait after failed
        logins; never for a device the name logged in from before (its ``device`` cookie)."""
        if isinstance(name, str) and self.devices.knows(auth.name_key(name), device):
            return
        wait = self.by_name.wait(self.login_key(name, where))
        if self.limits.counted(where):
            wait = max(wait, self.by_address.wait(where))
        if wait > 0:
            seconds = math.ceil(wait)
            raise ApiError(429, "logins_too_fast", {"Retry-After": str(seconds)},
                           seconds=seconds)

    # -- routes ------------------------------------------------------------------------------

    def routes(self, app: FastAPI, body: Callable[[Request], Awaitable[dict[str, Any]]]) -> None:
        store = self.store

        @app.get("/api/me")
        async def api_me(request: Request) -> dict[str, Any]:
            return {"user": self.me(self.need_user(request))}

        @app.post("/api/guest")
        async def api_guest(request: Request) -> JSONResponse:
            data = await body(request)
            where = address(request)
            if self.limits.counted(where) and not self.guests.take(where):
                raise ApiError(429, "names_too_fast")
            with store.session() as s:
                try:
                    user, token = auth.create_guest(s, data.get("name"))
                except auth.AuthError as exc:
                    raise ApiError(400, exc.key, code="bad_name", **exc.fields) from None
                s.commit()
            return self.logged_in(request, user, token)

        @app.post("/api/register")
        async def api_register(request: Request) -> JSONResponse:
            data = await body(request)
            token_now = self.token_of(request)
            where = address(request)
            if self.limits.counted(where) and not self.guests.take(where):
                raise ApiError(429, "names_too_fast")

            def work() -> tuple[User, str]:
                with store.session() as s:
                    now = auth.user_for_token(s, token_now)
                    user, token = auth.register(s, data.get("name"), data.get("password"), now)
                    s.commit()
                    return user, token

            try:
                user, token = await self.off_loop(work)
            except auth.AuthError as exc:
                raise ApiError(400, exc.key, code="bad_account", **exc.fields) from None
            return self.logged_in(request, user, token)

        @app.post("/api/login")
        async def api_login(request: Request) -> JSONResponse:
            data = await body(request)
            name, where = data.get("name"), address(request)
            self.throttled(name, where, request.cookies.get(DEVICE_COOKIE))

            def work() -> tuple[User, str]:
                with store.session() as s:
                    user, token = auth.login(s, name, data.get("password"))
                    s.commit()
                    return user, token

            try:
                user, token = await self.off_loop(work)
            except auth.AuthError as exc:
                if exc.key == "name_letters":  # no name looks so: a bad request, no guess
                    raise ApiError(400, exc.key, code="bad_name", **exc.fields) from None
                self.by_name.fail(self.login_key(name, where))
                self.by_address.fail(where)
                log.info("failed login for %r from %s", str(name)[:40], where)
                raise ApiError(401, exc.key, code="bad_login", **exc.fields) from None
            self.by_name.succeed(self.login_key(name, where))
            return self.logged_in(request, user, token)

        @app.post("/api/logout")
        async def api_logout(request: Request) -> JSONResponse:
            """Revoke the token the request carries (header or cookie), clear the cookie."""
            token = self.token_of(request)
            if token:
                with store.session() as s:
                    auth.revoke(s, token)
                    s.commit()
                self.sessions.end(auth.hash_token(token), "logged out")
            response = JSONResponse({"ok": True})
            response.delete_cookie(COOKIE)
            return response

        @app.post("/api/password")
        async def api_password(request: Request) -> dict[str, Any]:
            """Change an account's password: its other sessions end (their sockets close)."""
            user = self.need_user(request)
            data = await body(request)
            where = address(request)
            self.throttled(user.name, where, request.cookies.get(DEVICE_COOKIE))
            token = self.token_of(request)
            keep = auth.hash_token(token) if token else None

            def work() -> list[str]:
                with store.session() as s:
                    person = s.get(User, user.id)
                    assert person is not None
                    revoked = auth.change_password(s, person, data.get("password"),
                                                   data.get("new_password"), keep)
                    s.commit()
                    return revoked

            try:
                revoked = await self.off_loop(work)
            except auth.AuthError as exc:
                if exc.key == "wrong_password":
                    self.by_name.fail(self.login_key(user.name, where))
                    self.by_address.fail(where)
                status = 403 if exc.key == "wrong_password" else 400
                raise ApiError(status, exc.key, code="bad_password", **exc.fields) from None
            for token_hash in revoked:
                self.sessions.end(token_hash, "ended by a password change")
            return {"ok": True, "ended": len(revoked)}

        @app.get("/api/users/{name}")
        async def api_user(name: str) -> dict[str, Any]:
            found = await self.off_loop(lambda: self.profile(name))
            if found is None:
                raise ApiError(404, "no_player", name=name[:40])
            return found

        @app.get("/api/leaderboard")
        async def api_leaderboard(game: str | None = None) -> dict[str, Any]:
            name = game or default_game()
            try:
                get_game(name)
            except OptionError:
                raise ApiError(404, "unknown_game", code="bad_game", game=name,
                               games=", ".join(sorted(available_games()))) from None

            def work() -> list[Any]:
                with store.session() as s:
                    return ratings.leaderboard(s, name)

            return {"game": name, "players": await self.off_loop(work)}

    def profile(self, name: str) -> dict[str, Any] | None:
        """A person's public profile: ratings and the last 30 finished games (a query); an
        abandoned game is marked so (it counts in no rating, games or wins)."""
        with self.store.session() as s:
            user = auth.find_user(s, name)
            if user is None:
                return None
            rows = s.execute(
                select(Participation, RoomRow)
                .join(RoomRow, RoomRow.id == Participation.room_id)
                .where(Participation.user_id == user.id, RoomRow.private.is_(False))
                .order_by(RoomRow.finished_at.desc())
                .limit(30)
            ).all()
            recent = [
                {
                    "room": room.id,
                    "game": room.game,
                    "seat": p.seat,
                    "score": p.score,
                    "rank": p.rank,
                    "players": len(room.seats),
                    "rating": p.rating_after,
                    "finished": room.finished_at.isoformat() if room.finished_at else None,
                    # a bot finished the seat after the person left: unrated for them
                    "abandoned": abandoned(room, p.seat),
                }
                for p, room in rows
            ]
            every = ratings.ratings_of(s, user.id)
        main = every.get(default_game()) or ratings.to_json(None)
        return {
            "name": user.name,
            "bot": user.is_bot,
            "account": user.password_hash is not None,
            **main,
            "ratings": every,
            "recent": recent,
        }
