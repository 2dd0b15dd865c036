"""Ratings (openskill Plackett-Luce) and the results of finished games."""

from __future__ import annotations

from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session

from evolutio.core.game import Outcome
from evolutio.server.db import Participation, User

_model = PlackettLuce()


def display(mu: float, sigma: float) -> float:
    """The shown rating: a conservative estimate (mu - 3 sigma), scaled like Elo-ish points."""
    return round((mu - 3 * sigma) * 40 + 1000, 1)


def record_result(
    session: Session,
    room_id: str,
    game: str,
    seats: list[tuple[int | None, str | None]],
    outcome: Outcome,
) -> None:
    """Store each seat's score and rank; update ratings from the whole table.

    ``seats`` holds (user id, bot level) per seat: a bot is rated under ``bot:LEVEL``.

    Every seat is a team in the rating update (a bot level sitting twice plays with its one
    rating in both seats); a user holding several seats keeps its rating unchanged, since a
    game against oneself says nothing about strength.
    """
    from evolutio.server.auth import bot_user

    user_ids = [uid if uid is not None else bot_user(session, level or "normal").id
                for uid, level in seats]
    users = {u.id: u for u in session.scalars(select(User).where(User.id.in_(user_ids)))}
    counts = {uid: user_ids.count(uid) for uid in user_ids}
    before = {uid: display(u.mu, u.sigma) for uid, u in users.items()}
    if len(user_ids) >= 2:
        teams = [[_model.rating(mu=users[uid].mu, sigma=users[uid].sigma)] for uid in user_ids]
        result: Any = _model.rate(teams, ranks=list(outcome.ranks))
        for uid, team in zip(user_ids, result, strict=True):
            if counts[uid] == 1:
                users[uid].mu, users[uid].sigma = float(team[0].mu), float(team[0].sigma)
    for seat, uid in enumerate(user_ids):
        user = users[uid]
        if seat == user_ids.index(uid):
            user.games += 1
            user.wins += int(outcome.ranks[seat] == 1)
        session.add(
            Participation(
                room_id=room_id,
                seat=seat,
                user_id=uid,
                score=int(outcome.scores[seat]),
                rank=int(outcome.ranks[seat]),
                rating_before=before[uid],
                rating_after=display(user.mu, user.sigma),
            )
        )
