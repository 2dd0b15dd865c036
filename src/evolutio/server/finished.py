"""A finished game's record and replay over HTTP (docs/protocol.md), computed once each.

A finished game never changes, so its record and each language's replay are made off the
event loop once and kept as the bytes sent (``Kept``: the newest ``CACHED`` entries, at
most ``CACHED_BYTES`` together). The replay comes from the game's archive when it has one
(server/replays.py: written when the game ended, whatever the rules are now); else the
record is re-played, and one that no longer replays (older rules) is shown as far as it
goes, with the rules' changes named.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI
from fastapi.responses import JSONResponse, Response

from evolutio.core.record import RecordError, RulesChanged, rules_changes
from evolutio.core.registry import get_game
from evolutio.server import i18n
from evolutio.server.db import RoomRow
from evolutio.server.guard import ApiError
from evolutio.server.history import replay_steps
from evolutio.server.kept import Kept
from evolutio.server.replays import archived, shown
from evolutio.server.store import Store

log = logging.getLogger("evolutio.server")
#: finished rooms' records and replays kept in memory: at most this many, and this many
#: bytes together (a long game's replay is over half a megabyte)
CACHED = 64
CACHED_BYTES = 16 * 1024 * 1024


#: runs a function in a worker thread, off the event loop (``People.off_loop``)
OffLoop = Callable[[Callable[[], bytes | str]], Awaitable[bytes | str]]


def routes(app: FastAPI, store: Store, off_loop: OffLoop) -> None:
    """``GET /api/rooms/ID/record`` and ``GET /api/rooms/ID/replay``; ``off_loop`` runs a
    function in a worker thread."""
    cache = Kept(CACHED, CACHED_BYTES)

    def finished_room(room_id: str) -> RoomRow:
        with store.session() as s:
            row = s.get(RoomRow, room_id)
        if row is None:
            raise ApiError(404, "no_room", code="no_room", room=room_id)
        if row.status != "over":
            raise ApiError(409, "not_over_yet", code="not_over")
        return row

    async def cached(kind: str, row: RoomRow, make: Callable[[], bytes | str]) -> bytes | str:
        """A finished room's record or replay as sent, computed once off the event loop and
        kept (``Kept``: the newest ``CACHED``, ``CACHED_BYTES`` together): a finished game
        never changes."""
        key = (kind, row.id)
        value = cache.get(key)
        if value is None:
            value = await off_loop(make)
            cache.put(key, value)
        return value

    @app.get("/api/rooms/{room_id}/record")
    async def api_record(room_id: str) -> Response:
        row = finished_room(room_id)
        text = await cached(
            "record", row,
            lambda: json.dumps(store.record(row).to_json(), indent=1, ensure_ascii=False) + "\n",
        )
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="evolutio-{room_id}.json"'},
        )

    @app.get("/api/rooms/{room_id}/replay")
    async def api_replay(room_id: str, lang: str = "en") -> Response:
        row = finished_room(room_id)
        if lang not in i18n.LANGUAGES:
            lang = "en"  # sentences in English, as for a language the client does not offer

        def replay() -> bytes | str:
            """The replay's JSON body (from the archive, else re-played), or why the record
            cannot be replayed."""
            body = archived(store, row.id)
            if body is not None:
                return bytes(JSONResponse(shown(body, row, lang)).body)
            record = store.record(row)
            steps: list[dict[str, Any]] = []
            stopped: str | None = None
            try:
                replay_steps(record, lang, steps, f"room {row.id}")
            except RulesChanged as exc:  # played under older rules: shown as far as it goes
                stopped = str(exc)
            except RecordError as exc:
                return str(exc)
            info = get_game(row.game).info
            changes = rules_changes(info, record.rules, lang) if record.rules < info.rules else []
            return bytes(JSONResponse({
                "room": row.id,
                "game": row.game,
                "players": record.players,
                "outcome": row.outcome,
                "steps": steps,
                "rules": record.rules,
                "changes": [{"version": v, "changes": lines} for v, lines in changes],
                "stopped": stopped,
            }).body)

        answer = await cached(f"replay:{lang}", row, replay)
        if isinstance(answer, str):
            log.error("room %s cannot be replayed: %s", row.id, answer)
            raise ApiError(409, "no_replay", code="no_replay", detail=answer)
        return Response(answer, media_type="application/json")
