"""Finished games as people look them up: the history (per player) and rating charts.

- ``GET /api/games/finished?player=NAME&game=GAME&offset=N&limit=N``: finished games,
  newest first, with winner, date, options, length and every seat's result; private rooms
  are left out.
- ``GET /api/users/NAME/ratings``: a player's rating after each finished game, per game,
  oldest first (the points of a profile's chart).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from evolutio.server import auth
from evolutio.server.db import ActionRow, Participation, RoomRow
from evolutio.server.guard import ApiError
from evolutio.server.people import People, abandoned

#: the rating points a chart gets per game at most (the newest)
CHART_POINTS = 200


def _iso(when: Any) -> str | None:
    return when.isoformat() if when is not None else None


def entries(s: Session, rows: Sequence[RoomRow]) -> list[dict[str, Any]]:
    """The history entries of finished room rows: who sat where and how it ended."""
    ids = [r.id for r in rows]
    lengths = dict(
        s.execute(
            select(ActionRow.room_id, func.count()).where(ActionRow.room_id.in_(ids))
            .group_by(ActionRow.room_id)
        ).all()
    ) if ids else {}
    out = []
    for r in rows:
        outcome = r.outcome or {}
        scores, ranks = outcome.get("scores") or [], outcome.get("ranks") or []
        resigned = outcome.get("resigned") or []
        left = outcome.get("abandoned") or []
        names = [str(x.get("name") or "") for x in r.seats]
        players = [
            {
                "seat": i,
                "name": names[i],
                "bot": x.get("bot"),
                "score": scores[i] if i < len(scores) else None,
                "rank": ranks[i] if i < len(ranks) else None,
                "resigned": i in resigned,
                "abandoned": i in left,
            }
            for i, x in enumerate(r.seats)
        ]
        winners = outcome.get("winners") or []
        out.append({
            "id": r.id,
            "game": r.game,
            "seats": names,
            "outcome": r.outcome,
            "options": r.options,
            "clock": r.clock,
            "players": players,
            "winners": [names[w] for w in winners if isinstance(w, int) and w < len(names)],
            "started": _iso(r.started_at),
            "finished": _iso(r.finished_at),
            "actions": int(lengths.get(r.id, 0)),
        })
    return out


def finished(s: Session, player: str | None, game: str | None, skip: int,
             count: int) -> dict[str, Any]:
    """A page of finished public games, newest first, of ``player`` and ``game`` if given."""
    query = select(RoomRow).where(RoomRow.status == "over", RoomRow.private.is_(False))
    if player:
        user = auth.find_user(s, player)
        if user is None:
            raise ApiError(404, f"No player called '{player[:40]}'.")
        player = user.name
        query = query.where(RoomRow.id.in_(
            select(Participation.room_id).where(Participation.user_id == user.id)))
    if game:
        query = query.where(RoomRow.game == game)
    rows = s.scalars(
        query.order_by(RoomRow.finished_at.desc(), RoomRow.id).offset(skip).limit(count + 1)
    ).all()
    return {
        "games": entries(s, rows[:count]),
        "player": player or None,
        "game": game or None,
        "offset": skip,
        "limit": count,
        "more": len(rows) > count,
    }


def rating_history(s: Session, name: str) -> dict[str, Any] | None:
    """``{"name", "games": {game: [point]}}``: the rating after each finished game, oldest
    first; a private game's point has no room, an abandoned game (unrated) has none."""
    user = auth.find_user(s, name)
    if user is None:
        return None
    rows = s.execute(
        select(Participation, RoomRow)
        .join(RoomRow, RoomRow.id == Participation.room_id)
        .where(Participation.user_id == user.id)
        .order_by(RoomRow.finished_at, RoomRow.id, Participation.seat)
    ).all()
    games: dict[str, list[dict[str, Any]]] = {}
    seen: set[str] = set()
    for p, room in rows:
        if room.id in seen or abandoned(room, p.seat):  # one point per game; none unrated
            continue
        seen.add(room.id)
        games.setdefault(room.game, []).append({
            "room": None if room.private else room.id,
            "finished": _iso(room.finished_at),
            "before": p.rating_before,
            "rating": p.rating_after,
            "rank": p.rank,
            "players": len(room.seats),
        })
    return {"name": user.name, "bot": user.is_bot,
            "games": {g: points[-CHART_POINTS:] for g, points in sorted(games.items())}}


def routes(app: FastAPI, people: People) -> None:
    """Add the routes of this module to ``app``."""

    @app.get("/api/games/finished")
    async def api_finished(player: str = "", game: str = "", offset: str = "0",
                           limit: str = "20") -> dict[str, Any]:
        if not (offset.isdigit() and limit.isdigit()) or len(offset) > 9 or len(limit) > 9:
            raise ApiError(400, "offset and limit are non-negative integers.")
        skip, count = int(offset), min(max(int(limit), 1), 50)
        if len(player) > 100 or len(game) > 40:
            raise ApiError(400, "player or game is too long.")

        def work() -> dict[str, Any]:
            with people.store.session() as s:
                return finished(s, player.strip() or None, game.strip() or None, skip, count)

        return await people.off_loop(work)

    @app.get("/api/users/{name}/ratings")
    async def api_ratings(name: str) -> dict[str, Any]:
        def work() -> dict[str, Any] | None:
            with people.store.session() as s:
                return rating_history(s, name)

        found = await people.off_loop(work)
        if found is None:
            raise ApiError(404, f"No player called '{name[:40]}'.")
        return found
