"""The ASGI application: HTTP API, static browser client and the room WebSocket.

See docs/protocol.md for every message. Start it with ``evolutio serve``.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator
from contextlib import ExitStack, asynccontextmanager
from pathlib import Path
from typing import Any, assert_type
from urllib.parse import urlsplit

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import select
from sqlalchemy.exc import SQLAlchemyError

from evolutio.core.game import IllegalAction, OptionError
from evolutio.core.registry import available_games, default_game
from evolutio.server import (
    analyses,
    balance,
    errors,
    finished,
    friends,
    i18n,
    leave,
    lessons,
    lobby,
    lobbysocket,
    metrics,
    puzzles,
    reasons,
    records,
    reference,
    timing,
    tuning,
    wire,
)
from evolutio.server.cluster.alone import Alone
from evolutio.server.cluster.node import Cluster
from evolutio.server.cluster.outage import PAUSED
from evolutio.server.db import (
    RoomRow,
    make_engine,
    make_sessionmaker,
)
from evolutio.server.games import games_listing, mount_game_folders
from evolutio.server.guard import MAX_BODY, ApiError, BadJSON, Guard, lang_of, load_json
from evolutio.server.hub import Hub
from evolutio.server.inbound import Act, Chat, Ping, Resync, Undo, Why, parse, ref_of
from evolutio.server.limits import Limits, Quota
from evolutio.server.lock import FileWatch, ProcessLock
from evolutio.server.mail.mailer import Mailer, MailSettings
from evolutio.server.mail.routes import routes as mail_routes
from evolutio.server.people import People, address
from evolutio.server.rooms import Conn, Room, RoomError
from evolutio.server.store import StorageError, Store, outage, reason

log = logging.getLogger("evolutio.server")
#: live rooms listed by /api/rooms at most (open ones first)
LIVE_LISTED = 200
#: refusals of frames that are not well-formed messages (logged once per socket)
MALFORMED = frozenset({"bad_json", "bad_message", "bad_type", "too_large"})
WEB = Path(__file__).with_name("web")
MAX_FRAME = 8 * 1024
MSG_BURST = 200  # any messages ...
MSG_WINDOW = 1.0  # ... per this many seconds


def create_app(
    db_url: str,
    *,
    grace: float = 30.0,
    bot_delay: float = 0.3,
    secure_cookies: bool = False,
    limits: Limits | None = None,
    redis: str | None = None,
    lease: float = 3.0,
    create_database: bool = False,
    analysis_workers: int = 1,
    analysis_budget: str = analyses.BUDGET,
    empty_room_timeout: float = 60 * leave.EMPTY_ROOM_MINUTES,
    mail: MailSettings | None = None,
    bot_imports: bool = False,
    day: float = timing.DAY,
) -> FastAPI:
    """The application on the database at ``db_url``: migrated and every game rebuilt here.

    ``secure_cookies`` marks the login cookie ``Secure`` on every answer (set it behind a TLS
    proxy that does not forward the scheme); an HTTPS request gets it anyway. With ``redis``
    (a URL) this process shares the database's rooms with others (server/cluster/). A SQLite
    database that disappeared (its lock file is there, :mod:`lock`) is refused
    (``DatabaseMissing``) unless ``create_database``.
    ``analysis_workers`` processes analyse finished games on request (0: none), with
    ``analysis_budget`` per decision (:mod:`analyses`).
    An open room nobody sits in closes after ``empty_room_timeout`` seconds without activity
    (0: never; :mod:`leave`).
    ``mail`` says how e-mail is sent (:mod:`mail`; none without its SMTP URL).
    With ``bot_imports`` a room's host may seat bots by import path with ``/bot`` (code of
    this machine, run in the server).
    ``day`` is the seconds of a day of turn-based rooms' clocks (tests shorten it)."""
    limits = limits or Limits()
    engine = make_engine(db_url)
    sessions = make_sessionmaker(engine)
    store = Store(sessions)
    hub = Hub(store, grace=grace, bot_delay=bot_delay, limits=limits,
              empty_timeout=empty_room_timeout, bot_imports=bot_imports, day=day)
    new_rooms = Quota(limits.rooms_per_address, 600.0)
    # One process per database; migrate and rebuild every game now, so a bad database
    # fails before serving.
    lock = ProcessLock(engine, create=create_database)
    cluster: Cluster | Alone = Cluster(hub, redis, lease) if redis else Alone(hub)
    hub.cluster = cluster  # what the hub, its rooms and the lobby ask
    cluster.prepare(engine, lock)  # alone: the lock; with Redis: leases, Redis answers
    store.watch = FileWatch(engine)
    count = cluster.load()  # alone: every room now; a cluster takes rooms as needed
    stack = ExitStack()
    stack.callback(lock.release)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub.start_all()
        collector = tuning.collect_less()
        watcher = asyncio.get_running_loop().create_task(hub.watch_file())
        sessions = asyncio.get_running_loop().create_task(people.sessions.watch(people.off_loop))
        sweeper = asyncio.get_running_loop().create_task(leave.sweep(hub))
        await cluster.start(handle)
        lobby_socket.start()  # the queues' rounds, the blocks' reloads
        mailing = asyncio.get_running_loop().create_task(mailer.run())
        archiving = asyncio.get_running_loop().create_task(hub.archiver.run(people.off_loop))
        log.info("evolutio server ready: %d rooms loaded", count)
        yield
        watcher.cancel()
        sessions.cancel()
        sweeper.cancel()
        lobby_socket.stop()
        mailing.cancel()
        archiving.cancel()
        await cluster.stop()
        app.state.fatal = hub.fatal_error
        hub.close()
        analysed.close()
        people.pool.shutdown(wait=False)
        engine.dispose()
        stack.close()
        tuning.restore(collector)

    app = FastAPI(title="evolutio", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.add_middleware(Guard, max_body=MAX_BODY)
    app.state.hub = hub
    app.state.fatal = None

    errors.install(app, hub, cluster)  # every failure a JSON answer in the request's language

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()  # at most MAX_BODY: the guard caps it while it streams
        try:
            data = load_json(raw or b"{}")
        except BadJSON as exc:
            log.info("%s %s: bad body: %s", request.method, request.url.path, exc)
            raise ApiError(400, exc.key, code="bad_json", **exc.fields) from None
        if not isinstance(data, dict):
            raise ApiError(400, "body_not_object")
        return data

    people = People(store, limits, secure_cookies=secure_cookies)
    mailer = Mailer(mail or MailSettings(), store, lambda: list(hub.rooms.values()))
    app.state.mailer = mailer
    need_user = people.need_user

    def same_origin(websocket: WebSocket) -> bool:
        """Refuse cookie logins from pages of other sites (cross-site WebSocket hijacking).

        Explicit tokens (query or header) are not sent by browsers on their own, so they pass.
        """
        origin = websocket.headers.get("origin")
        explicit = websocket.query_params.get("token") or websocket.headers.get("authorization")
        if origin is None or explicit:
            return True
        return urlsplit(origin).netloc == websocket.headers.get("host", "")

    # ------------------------------------------------------------------ pages
    index = WEB / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/room/{room_id}", include_in_schema=False)
    @app.get("/replay/{room_id}", include_in_schema=False)
    @app.get("/profile/{name}", include_in_schema=False)
    @app.get("/leaderboard", include_in_schema=False)
    @app.get("/rules/{game_name}", include_in_schema=False)
    @app.get("/learn/{game_name}", include_in_schema=False)
    @app.get("/puzzles", include_in_schema=False)
    @app.get("/puzzles/{game_name}", include_in_schema=False)
    @app.get("/my-games", include_in_schema=False)
    @app.get("/settings", include_in_schema=False)
    @app.get("/stats/{game_name}", include_in_schema=False)
    async def page() -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    web_games = mount_game_folders(app, stack)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    metrics.routes(app, hub, engine)  # /health and /metrics, for operators and monitors
    analysed = analyses.Analyses(store, analysis_workers, analysis_budget)
    app.state.registry.register(analyses.AnalysesCollector(analysed))
    app.state.analyses = analysed

    # ------------------------------------------------------------------ people
    people.routes(app, body)
    reference.routes(app)
    balance.routes(app)  # the shipped balance figures of each game (/stats/GAME)
    lobby.routes(app, hub, people, body, new_rooms)  # play now, rematches, hints
    records.routes(app, people)  # histories of finished games, rating charts
    lessons.routes(app, hub, people, body)  # the guided first game of each game
    puzzles.routes(app, people, body)  # rated puzzles per game
    analyses.routes(app, analysed, people)  # finished games analysed by a worker pool
    leave.routes(app, hub, people)  # "My games", joining from an invite link
    friendship = friends.Friends(hub, people)  # follows, blocks, invitations
    friendship.load_blocks()
    friends.routes(app, friendship, body)
    lobby_socket = lobbysocket.Lobby(hub, people, friendship)  # presence, the queues
    lobbysocket.routes(app, lobby_socket, same_origin)
    mail_routes(app, mailer, people, body)  # e-mail by consent: settings, links, invitations

    # ------------------------------------------------------------------ games & rooms
    @app.get("/api/games")
    async def api_games() -> dict[str, Any]:
        return {"games": games_listing(web_games), "default": default_game()}

    @app.get("/api/names/{game_name}")
    async def api_names(game_name: str) -> dict[str, Any]:
        try:
            names = i18n.names(game_name)
        except OptionError:
            raise ApiError(404, "unknown_game", code="bad_game", game=game_name,
                           games=", ".join(sorted(available_games()))) from None
        return {"game": game_name, "names": names}

    @app.get("/api/rooms")
    async def api_rooms(offset: str = "0", limit: str = "20") -> dict[str, Any]:
        """Live rooms (open first; at most ``LIVE_LISTED``) and a page of finished games,
        newest first: ``offset`` and ``limit`` (1 to 50) page through them."""
        if not (offset.isdigit() and limit.isdigit()) or len(offset) > 9 or len(limit) > 9:
            raise ApiError(400, "paging")
        skip, count = int(offset), min(max(int(limit), 1), 50)
        live = await cluster.listed()  # every process's rooms
        live.sort(key=lambda r: (r["status"] != "open", r["id"]))

        def finished() -> list[dict[str, Any]]:
            with store.session() as s:
                done = s.scalars(
                    select(RoomRow)
                    .where(RoomRow.status == "over", RoomRow.private.is_(False))
                    .order_by(RoomRow.finished_at.desc())
                    .offset(skip)
                    .limit(count + 1)
                ).all()
                return [
                    {
                        "id": r.id,
                        "game": r.game,
                        "seats": [x.get("name") for x in r.seats],
                        "outcome": r.outcome,
                    }
                    for r in done
                ]

        done = await people.off_loop(finished)
        return {
            "rooms": live[:LIVE_LISTED],
            "live": len(live),
            "finished": done[:count],
            "offset": skip,
            "limit": count,
            "more": len(done) > count,
        }

    @app.post("/api/rooms")
    async def api_create_room(request: Request) -> dict[str, Any]:
        user = need_user(request)
        data = await body(request)
        where = address(request)
        if limits.counted(where) and not new_rooms.take(where):
            raise ApiError(429, "rooms_too_fast")
        try:
            room = hub.create_room(
                str(data.get("game") or default_game()),
                data.get("options", {}),
                data.get("clock", 0),
                user,
                {k: data[k] for k in ("bank", "increment", "days") if k in data},
                private=data.get("private", False),
            )
        except RoomError as exc:
            status = 429 if exc.code == "too_many_rooms" else 400
            raise ApiError(status, exc.key or exc.message, code=exc.code, **exc.fields) from None
        return {"room": room.summary()}

    @app.get("/api/rooms/{room_id}")
    async def api_room(room_id: str, request: Request) -> dict[str, Any]:
        room = hub.room(room_id)
        if room is not None:
            return {"room": room.summary()}
        there = await cluster.summary(room_id, lang_of(request))
        if there is not None:  # played by another process: its summary, with presence
            return there
        with store.session() as s:
            row = s.get(RoomRow, room_id)
        if row is None:
            raise ApiError(404, "no_room", code="no_room", room=room_id)
        return {
            "room": {
                "id": row.id,
                "game": row.game,
                "options": row.options,
                "status": row.status,
                "clock": row.clock,
                "outcome": row.outcome,
                "private": row.private,
                "rematch": row.rematch,
                "seats": [
                    {"seat": i, "name": x.get("name"), "bot": x.get("bot"),
                     "abandoned": x.get("abandoned") is True}
                    for i, x in enumerate(row.seats)
                ],
            }
        }

    finished.routes(app, store, people.off_loop)  # finished games' records and replays

    # ------------------------------------------------------------------ websocket
    async def refuse(websocket: WebSocket, error: RoomError, code: int) -> None:
        """Refuse a socket: its error frame, then the close ``code`` (docs/protocol.md)."""
        await websocket.send_text(wire.dumps(error.frame(lang_of(websocket))))
        await websocket.close(code=code)

    @app.websocket("/ws/{room_id}")
    async def ws_room(websocket: WebSocket, room_id: str) -> None:
        await websocket.accept()
        room, owner = hub.room(room_id), None
        if room is None:  # here, taken over now, or relayed
            try:
                room, owner = await cluster.place(room_id)
            except Exception as exc:
                if not cluster.unreachable(exc, "a client's connect"):
                    raise
                metrics.error("relay_paused")  # the outage is logged once, not per socket
                return await refuse(websocket, RoomError("relay_paused", "relay_paused"), PAUSED)
        if room is None and owner is None:
            return await refuse(websocket, RoomError("no_room", "no_room", room=room_id), 4404)
        found = people.current_session(websocket)
        if found is not None and not same_origin(websocket):
            found = None  # a cookie sent by another site's page: watch only
        user = found[0] if found is not None else None
        name = user.name if user is not None else "anonymous"
        keys = [f"addr:{address(websocket)}"] + ([f"user:{user.id}"] if user else [])
        over = (
            limits.counted(address(websocket))
            and hub.sockets[keys[0]] >= limits.sockets_per_address
        ) or (user is not None and hub.sockets[keys[1]] >= limits.sockets_per_user)
        if over:
            return await refuse(websocket, RoomError("too_many_sockets", "too_many_sockets"), 4429)
        hub.sockets.update(keys)

        async def send(text: str) -> None:
            await websocket.send_text(text)

        async def close() -> None:
            await websocket.close(code=conn.code)  # 4408: fell behind; 1012: the room moved

        conn = Conn(user.id if user else None, name, send, close, lang_of(websocket))
        conn.MAX_BYTES = limits.queue_bytes
        writer = asyncio.create_task(conn.writer())
        if found is not None:  # closed when its login session ends
            people.sessions.opened(conn, found[1], found[2])
        try:
            if owner is not None:  # another process plays the room
                await cluster.relay(websocket, conn, room_id, owner, keys, writer)
            else:
                assert room is not None
                await play(websocket, room, conn, keys, writer)
        finally:
            if found is not None:
                people.sessions.closed(conn, found[1])

    async def play(websocket: WebSocket, room: Room, conn: Conn, keys: list[str],
                   writer: asyncio.Task[None]) -> None:
        """A socket of a room played here: every frame handled until it closes (or the
        server closes it: no frame is handled after that)."""
        room.attach(conn)
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if conn.stopped:  # ended by the server, its close under way: nothing more counts
                    continue
                text = message.get("text")
                if text is None:
                    conn.send(RoomError("bad_message", "binary_frame").frame(conn.lang))
                    continue
                handle(room, conn, text)
        except WebSocketDisconnect:
            pass
        except RuntimeError:
            pass
        finally:
            hub.sockets.subtract(keys)
            room.detach(conn)
            conn.stop()
            writer.cancel()

    def handle(room: Room, conn: Conn, text: str) -> None:
        """One client frame: rate-limit, decode, read (:mod:`inbound`), dispatch; every refusal
        is an error reply."""
        ref = None
        try:
            now = time.monotonic()
            while conn.msg_times and now - conn.msg_times[0] > MSG_WINDOW:
                conn.msg_times.popleft()
            if len(conn.msg_times) >= MSG_BURST:
                raise RoomError("rate_limited", "too_many_messages")
            conn.msg_times.append(now)
            if len(text) > MAX_FRAME or len(text.encode()) > MAX_FRAME:
                raise RoomError("too_large", "frame_too_large", max=MAX_FRAME)
            try:
                msg = load_json(text)
            except BadJSON as exc:
                raise RoomError("bad_json", exc.key, **exc.fields) from None
            if not isinstance(msg, dict):
                raise RoomError("bad_message", "not_an_object")
            ref = ref_of(msg)  # a malformed frame's error repeats it too
            frame = parse(msg)
            if isinstance(frame, Act):
                metrics.acted(room.act, conn, frame)
            elif isinstance(frame, Chat):
                room.chat_line(conn, frame)
            elif isinstance(frame, Undo):
                room.undo.take_back(conn, frame)
            elif isinstance(frame, Resync):
                if room.match is None:
                    conn.send({"type": "room", "room": room.summary()})
                else:  # made when sent; resyncs asked for meanwhile share it
                    conn.send_full(lambda: room.full_state(conn))
            elif isinstance(frame, Ping):
                conn.send({"type": "pong", "ref": ref})
            else:
                assert_type(frame, Why)
                reasons.why(room, conn, frame)
        except RoomError as exc:
            metrics.error(exc.code)
            conn.send(exc.frame(conn.lang, ref))
            if exc.code in MALFORMED and not conn.warned:  # one log line per socket
                conn.warned = True
                log.warning("room %s: malformed frames from %s (first: %s: %s)", room.id,
                         conn.name, exc.code, exc.message)
            if exc.code == "stale":
                room.send_state(conn, full=True)  # after the error, as docs/protocol.md says
        except (IllegalAction, OptionError) as exc:
            metrics.error("illegal")
            conn.send({"type": "error", "code": "illegal", "message": str(exc), "ref": ref})
        except (SQLAlchemyError, StorageError) as exc:
            log.error("room %s: storage error: %s", room.id, reason(exc))
            metrics.error("storage")
            if outage(exc):
                hub.storage_failed(None, exc)
            conn.send(RoomError("storage", "cannot_save").frame(conn.lang, ref))
        except Exception:
            log.exception("room %s: message failed", room.id)
            metrics.error("internal")
            conn.send(RoomError("internal", "message_failed").frame(conn.lang, ref))

    return app
