"""Ratings per game (openskill Plackett-Luce) and the results of finished games.

Each person and each bot level (``bot:LEVEL``) has one rating per game, created at its first
finished game there; profiles and leaderboards read them per game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from evolutio.core.game import JSON, Outcome
from evolutio.server.db import Participation, Rating, User

_model = PlackettLuce()
MU = 25.0
SIGMA = 25.0 / 3


def display(mu: float, sigma: float) -> float:
    """The shown rating: a conservative estimate (mu - 3 sigma), scaled like Elo-ish points."""
    return round((mu - 3 * sigma) * 40 + 1000, 1)


def rating_of(session: Session, user_id: int, game: str) -> Rating:
    """``user_id``'s rating row in ``game``, created (unplayed) when missing."""
    rating = session.get(Rating, (user_id, game))
    if rating is None:
        rating = Rating(user_id=user_id, game=game, mu=MU, sigma=SIGMA, games=0, wins=0)
        session.add(rating)
    return rating


def unsaved(session: Session, user_id: int, game: str) -> Rating:
    """``user_id``'s rating row in ``game``, or the starting rating not added to the session."""
    rating = session.get(Rating, (user_id, game))
    return rating or Rating(user_id=user_id, game=game, mu=MU, sigma=SIGMA, games=0, wins=0)


def to_json(rating: Rating | None) -> JSON:
    """``{"rating", "mu", "sigma", "games", "wins"}`` (the starting rating when None)."""
    mu, sigma = (MU, SIGMA) if rating is None else (rating.mu, rating.sigma)
    return {
        "rating": display(mu, sigma),
        "mu": round(mu, 2),
        "sigma": round(sigma, 2),
        "games": 0 if rating is None else rating.games,
        "wins": 0 if rating is None else rating.wins,
    }


def ratings_of(session: Session, user_id: int) -> dict[str, JSON]:
    """Every game ``user_id`` is rated in."""
    rows = session.scalars(select(Rating).where(Rating.user_id == user_id)).all()
    return {r.game: to_json(r) for r in sorted(rows, key=lambda r: r.game)}


def leaderboard(session: Session, game: str, limit: int = 100) -> list[JSON]:
    """The best rated players of ``game`` (who finished a game there), best first."""
    rows = session.execute(
        select(Rating, User).join(User, User.id == Rating.user_id)
        .where(Rating.game == game, Rating.games > 0)
    ).all()
    rows = sorted(rows, key=lambda ru: display(ru[0].mu, ru[0].sigma), reverse=True)[:limit]
    return [
        {"name": u.name, "bot": u.is_bot, "games": r.games, "wins": r.wins,
         "rating": display(r.mu, r.sigma)}
        for r, u in rows
    ]


def record_result(
    session: Session,
    room_id: str,
    game: str,
    seats: list[tuple[int | None, str | None]],
    outcome: Outcome,
    unrated: Sequence[int] = (),
) -> None:
    """Store each seat's score and rank; update the game's ratings from the whole table.

    ``seats`` holds (user id, bot level) per seat: a bot is rated under ``bot:LEVEL``. Every
    seat is a team in the rating update (a bot level sitting twice plays with its one rating
    in both seats); a user holding several seats keeps its rating unchanged, since a game
    against oneself says nothing about strength. The ``unrated`` seats (abandoned: a bot
    finished them) take part at their person's rating, which stays as it was, and count in
    neither games nor wins; the other seats' results stand (docs/rules/server.md).
    """
    from evolutio.server.auth import bot_user

    user_ids = [uid if uid is not None else bot_user(session, level or "normal").id
                for uid, level in seats]
    kept = {user_ids[seat] for seat in unrated if 0 <= seat < len(user_ids)}
    # an unrated seat's person gets no rating row for this game when they had none
    table = {uid: unsaved(session, uid, game) if uid in kept else rating_of(session, uid, game)
             for uid in user_ids}
    counts = {uid: user_ids.count(uid) for uid in user_ids}
    before = {uid: display(r.mu, r.sigma) for uid, r in table.items()}
    if len(user_ids) >= 2:
        teams = [[_model.rating(mu=table[uid].mu, sigma=table[uid].sigma)] for uid in user_ids]
        result: Any = _model.rate(teams, ranks=list(outcome.ranks))
        for uid, team in zip(user_ids, result, strict=True):
            if counts[uid] == 1 and uid not in kept:
                table[uid].mu, table[uid].sigma = float(team[0].mu), float(team[0].sigma)
    for seat, uid in enumerate(user_ids):
        rating = table[uid]
        if seat == user_ids.index(uid) and uid not in kept:
            rating.games += 1
            rating.wins += int(outcome.ranks[seat] == 1)
        session.add(
            Participation(
                room_id=room_id,
                seat=seat,
                user_id=uid,
                score=int(outcome.scores[seat]),
                rank=int(outcome.ranks[seat]),
                rating_before=before[uid],
                rating_after=display(rating.mu, rating.sigma),
            )
        )
