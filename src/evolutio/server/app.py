"""The ASGI application: HTTP API, static browser client and the room WebSocket.

See docs/protocol.md for every message. Start it with ``evolutio serve``.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import AsyncIterator
from contextlib import ExitStack, asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from evolutio.core.game import IllegalAction, OptionError
from evolutio.core.record import RecordError
from evolutio.core.registry import default_game, get_game
from evolutio.server import auth, i18n, ratings
from evolutio.server.db import (
    Participation,
    RoomRow,
    User,
    make_engine,
    make_sessionmaker,
)
from evolutio.server.games import games_listing, mount_game_folders
from evolutio.server.guard import MAX_BODY, BadJSON, Guard, load_json
from evolutio.server.history import replay_steps
from evolutio.server.hub import Hub
from evolutio.server.migrate import upgrade
from evolutio.server.rooms import Conn, Room, RoomError
from evolutio.server.store import StorageError, Store

log = logging.getLogger("evolutio.server")
WEB = Path(__file__).with_name("web")
COOKIE = "evolutio_token"
MAX_FRAME = 8 * 1024
MSG_BURST = 200  # any messages ...
MSG_WINDOW = 1.0  # ... per this many seconds


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def create_app(
    db_url: str, *, grace: float = 30.0, bot_delay: float = 0.3, secure_cookies: bool = False
) -> FastAPI:
    """The application on the database at ``db_url``: migrated and every game rebuilt here.

    ``secure_cookies`` marks the login cookie ``Secure`` on every answer (set it behind a TLS
    proxy that does not forward the scheme); an HTTPS request gets it anyway."""
    engine = make_engine(db_url)
    sessions = make_sessionmaker(engine)
    store = Store(sessions)
    hub = Hub(store, grace=grace, bot_delay=bot_delay)
    # Migrate and rebuild every game now, so a bad database fails before serving.
    upgrade(engine)
    count = hub.load_all()
    stack = ExitStack()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.start_all()
        log.info("evolutio server ready: %d rooms loaded", count)
        yield
        hub.close()
        engine.dispose()
        stack.close()

    app = FastAPI(title="evolutio", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(Guard, max_body=MAX_BODY)
    app.state.hub = hub

    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        if isinstance(exc, (SQLAlchemyError, StorageError)):
            log.error("%s %s: storage error: %s", request.method, request.url.path,
                      str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
            return JSONResponse(
                {"error": "The database cannot be used right now; try again shortly."},
                status_code=503,
            )
        log.exception("request failed", exc_info=exc)
        return JSONResponse({"error": "Internal error; the server logged it."}, status_code=500)

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()  # at most MAX_BODY: the guard caps it while it streams
        try:
            data = load_json(raw or b"{}")
        except BadJSON as exc:
            log.info("%s %s: bad body: %s", request.method, request.url.path, exc)
            raise ApiError(400, f"The request body is not valid JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ApiError(400, "The request body must be a JSON object.")
        return data

    def token_of(request: Request | WebSocket) -> str | None:
        header = request.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            return header[7:].strip()
        if isinstance(request, WebSocket) and request.query_params.get("token"):
            return request.query_params["token"]  # browsers cannot set a socket's headers
        return request.cookies.get(COOKIE)

    def current(request: Request | WebSocket) -> User | None:
        with store.session() as s:
            return auth.user_for_token(s, token_of(request))

    def same_origin(websocket: WebSocket) -> bool:
        """Refuse cookie logins from pages of other sites (cross-site WebSocket hijacking).

        Explicit tokens (query or header) are not sent by browsers on their own, so they pass.
        """
        origin = websocket.headers.get("origin")
        explicit = websocket.query_params.get("token") or websocket.headers.get("authorization")
        if origin is None or explicit:
            return True
        return urlsplit(origin).netloc == websocket.headers.get("host", "")

    def need_user(request: Request) -> User:
        user = current(request)
        if user is None:
            raise ApiError(401, "Choose a name (or log in) first.")
        return user

    def me(user: User) -> dict[str, Any]:
        """The logged-in person: rating and games in the default game, and every rating."""
        with store.session() as s:
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

    def logged_in(request: Request, user: User, token: str) -> JSONResponse:
        """The answer to a login: the person, the token, and the token as an HttpOnly cookie
        (``Secure`` with ``secure_cookies``, or when the request came over HTTPS)."""
        response = JSONResponse({"user": me(user), "token": token})
        secure = secure_cookies or request.url.scheme == "https"
        response.set_cookie(COOKIE, token, httponly=True, samesite="lax", secure=secure,
                            max_age=3600 * 24 * auth.SESSION_DAYS)
        return response

    # ------------------------------------------------------------------ pages
    index = WEB / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/room/{room_id}", include_in_schema=False)
    @app.get("/replay/{room_id}", include_in_schema=False)
    @app.get("/profile/{name}", include_in_schema=False)
    @app.get("/leaderboard", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    web_games = mount_game_folders(app, stack)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/health")
    async def health() -> JSONResponse:
        """For operators and monitors: 200 when writes work, 503 while they fail."""
        report = hub.health()
        return JSONResponse(report, status_code=200 if report["ok"] else 503)

    # ------------------------------------------------------------------ people
    @app.get("/api/me")
    async def api_me(request: Request) -> dict[str, Any]:
        user = need_user(request)
        return {"user": me(user)}

    @app.post("/api/guest")
    async def api_guest(request: Request) -> JSONResponse:
        data = await body(request)
        with store.session() as s:
            try:
                user, token = auth.create_guest(s, data.get("name"))
            except auth.AuthError as exc:
                raise ApiError(400, str(exc)) from None
            s.commit()
        return logged_in(request, user, token)

    @app.post("/api/register")
    async def api_register(request: Request) -> JSONResponse:
        data = await body(request)
        with store.session() as s:
            now = auth.user_for_token(s, token_of(request))
            try:
                user, token = auth.register(s, data.get("name"), data.get("password"), now)
            except auth.AuthError as exc:
                raise ApiError(400, str(exc)) from None
            s.commit()
        return logged_in(request, user, token)

    @app.post("/api/login")
    async def api_login(request: Request) -> JSONResponse:
        data = await body(request)
        with store.session() as s:
            try:
                user, token = auth.login(s, data.get("name"), data.get("password"))
            except auth.AuthError as exc:
                raise ApiError(401, str(exc)) from None
            s.commit()
        return logged_in(request, user, token)

    @app.post("/api/logout")
    async def api_logout(request: Request) -> JSONResponse:
        """Revoke the token the request carries (header, query or cookie), clear the cookie."""
        token = token_of(request)
        if token:
            with store.session() as s:
                auth.revoke(s, token)
                s.commit()
        response = JSONResponse({"ok": True})
        response.delete_cookie(COOKIE)
        return response

    @app.get("/api/users/{name}")
    async def api_user(name: str) -> dict[str, Any]:
        with store.session() as s:
            user = auth.find_user(s, name)
            if user is None:
                raise ApiError(404, f"No player called '{name}'.")
            rows = s.execute(
                select(Participation, RoomRow)
                .join(RoomRow, RoomRow.id == Participation.room_id)
                .where(Participation.user_id == user.id)
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

    @app.get("/api/leaderboard")
    async def api_leaderboard(game: str | None = None) -> dict[str, Any]:
        name = game or default_game()
        try:
            get_game(name)
        except OptionError as exc:
            raise ApiError(404, str(exc)) from None
        with store.session() as s:
            players = ratings.leaderboard(s, name)
        return {"game": name, "players": players}

    # ------------------------------------------------------------------ games & rooms
    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        return {"games": games_listing(web_games), "default": default_game()}

    @app.get("/api/names/{game_name}")
    async def api_names(game_name: str) -> dict[str, Any]:
        try:
            names = i18n.names(game_name)
        except OptionError as exc:
            raise ApiError(404, str(exc)) from None
        return {"game": game_name, "names": names}

    @app.get("/api/rooms")
    async def api_rooms() -> dict[str, Any]:
        live = [r.summary() for r in hub.rooms.values() if r.status != "over"]
        with store.session() as s:
            done = s.scalars(
                select(RoomRow)
                .where(RoomRow.status == "over")
                .order_by(RoomRow.finished_at.desc())
                .limit(20)
            ).all()
            finished = [
                {
                    "id": r.id,
                    "game": r.game,
                    "seats": [x.get("name") for x in r.seats],
                    "outcome": r.outcome,
                }
                for r in done
            ]
        live.sort(key=lambda r: (r["status"] != "open", r["id"]))
        return {"rooms": live, "finished": finished}

    @app.post("/api/rooms")
    async def api_create_room(request: Request) -> dict[str, Any]:
        user = need_user(request)
        data = await body(request)
        try:
            room = hub.create_room(
                str(data.get("game") or default_game()),
                data.get("options", {}),
                data.get("clock", 0),
                user,
            )
        except RoomError as exc:
            raise ApiError(400, exc.message) from None
        return {"room": room.summary()}

    def finished_room(room_id: str) -> RoomRow:
        with store.session() as s:
            row = s.get(RoomRow, room_id)
        if row is None:
            raise ApiError(404, f"No room '{room_id}'.")
        if row.status != "over":
            raise ApiError(409, "The game is not over; records and replays come at the end.")
        return row

    def record_of(row: RoomRow) -> dict[str, Any]:
        return store.record(row).to_json()

    @app.get("/api/rooms/{room_id}")
    async def api_room(room_id: str) -> dict[str, Any]:
        room = hub.room(room_id)
        if room is not None:
            return {"room": room.summary()}
        with store.session() as s:
            row = s.get(RoomRow, room_id)
        if row is None:
            raise ApiError(404, f"No room '{room_id}'.")
        return {
            "room": {
                "id": row.id,
                "game": row.game,
                "options": row.options,
                "status": row.status,
                "clock": row.clock,
                "outcome": row.outcome,
                "seats": [
                    {"seat": i, "name": x.get("name"), "bot": x.get("bot")}
                    for i, x in enumerate(row.seats)
                ],
            }
        }

    @app.get("/api/rooms/{room_id}/record")
    async def api_record(room_id: str) -> Response:
        row = finished_room(room_id)
        text = json.dumps(record_of(row), indent=1, ensure_ascii=False) + "\n"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="evolutio-{room_id}.json"'},
        )

    @app.get("/api/rooms/{room_id}/replay")
    async def api_replay(room_id: str, lang: str = "en") -> dict[str, Any]:
        row = finished_room(room_id)
        if lang not in i18n.LANGUAGES:
            lang = "en"  # sentences in English, as for a language the client does not offer
        record = store.record(row)
        try:
            steps = replay_steps(record, lang)
        except RecordError as exc:
            log.error("room %s cannot be replayed: %s", row.id, exc)
            raise ApiError(409, f"This game cannot be replayed: {exc}") from None
        return {
            "room": row.id,
            "game": row.game,
            "players": record.players,
            "outcome": row.outcome,
            "steps": steps,
        }

    # ------------------------------------------------------------------ websocket
    @app.websocket("/ws/{room_id}")
    async def ws_room(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        room = hub.room(room_id)
        if room is None:
            await websocket.send_text(
                json.dumps({"type": "error", "code": "no_room", "message": f"No room '{room_id}'."})
            )
            await websocket.close(code=4404)
            return
        user = current(websocket)
        if user is not None and not same_origin(websocket):
            user = None  # a cookie sent by another site's page: watch only
        name = user.name if user is not None else "anonymous"

        async def send(text: str) -> None:
            await websocket.send_text(text)

        async def close() -> None:
            await websocket.close(code=4408)

        lang = websocket.query_params.get("lang") or "en"
        conn = Conn(user.id if user else None, name, send, close, lang)
        writer = asyncio.create_task(conn.writer())
        room.attach(conn)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    conn.send(
                        {
                            "type": "error",
                            "code": "bad_message",
                            "ref": None,
                            "message": "Send JSON in text frames, not binary ones.",
                        }
                    )
                    continue
                handle(room, conn, text)
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            pass
        finally:
            room.detach(conn)
            conn.stop()
            writer.cancel()

    def handle(room: Room, conn: Conn, text: str) -> None:
        """One client frame: parse, rate-limit, dispatch; every refusal is an error reply."""
        ref = None
        try:
            now = time.monotonic()
            while conn.msg_times and now - conn.msg_times[0] > MSG_WINDOW:
                conn.msg_times.popleft()
            if len(conn.msg_times) >= MSG_BURST:
                raise RoomError("rate_limited", "Too many messages; slow down.")
            conn.msg_times.append(now)
            if len(text) > MAX_FRAME or len(text.encode()) > MAX_FRAME:
                raise RoomError("too_large", f"Messages are at most {MAX_FRAME} bytes (UTF-8).")
            try:
                msg = load_json(text)
            except BadJSON as exc:
                raise RoomError("bad_json", str(exc)) from None
            if not isinstance(msg, dict):
                raise RoomError("bad_message", "A message is a JSON object with a 'type'.")
            ref = msg.get("ref") if isinstance(msg.get("ref"), (int, str)) else None
            kind = msg.get("type")
            if kind == "act":
                room.act(conn, msg)
            elif kind == "chat":
                room.chat_line(conn, msg.get("text"))
            elif kind == "resync":
                if room.match is None:
                    conn.send({"type": "room", "room": room.summary()})
                else:
                    room.send_state(conn, full=True)
            elif kind == "ping":
                conn.send({"type": "pong", "ref": ref})
            else:
                raise RoomError("bad_type", "Unknown message type; use act, chat, resync or ping.")
        except RoomError as exc:
            conn.send({"type": "error", "code": exc.code, "message": exc.message, "ref": ref})
            if exc.code == "stale":
                room.send_state(conn, full=True)  # after the error, as docs/protocol.md says
        except (IllegalAction, OptionError) as exc:
            conn.send({"type": "error", "code": "illegal", "message": str(exc), "ref": ref})
        except (SQLAlchemyError, StorageError) as exc:
            log.error("room %s: storage error: %s", room.id, str(exc).splitlines()[0])
            conn.send(
                {
                    "type": "error",
                    "code": "storage",
                    "message": "The server cannot save that right now; try again shortly.",
                    "ref": ref,
                }
            )
        except Exception:
            log.exception("room %s: message failed", room.id)
            conn.send(
                {
                    "type": "error",
                    "code": "internal",
                    "message": "The server could not handle that message.",
                    "ref": ref,
                }
            )

    return app
