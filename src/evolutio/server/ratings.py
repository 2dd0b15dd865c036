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


def record_result(session: Session, room_id: str, user_ids: list[int], outcome: Outcome) -> None:
    """Store each seat's score and rank; update ratings of everyone who sat once.

    A user holding several seats (the same bot level twice) keeps its rating unchanged:
    a game against oneself says nothing about strength.
    """
    users = {u.id: u for u in session.scalars(select(User).where(User.id.in_(user_ids)))}
    counts = {uid: user_ids.count(uid) for uid in user_ids}
    rated = [i for i, uid in enumerate(user_ids) if counts[uid] == 1]
    before = {uid: display(u.mu, u.sigma) for uid, u in users.items()}
    if len(rated) >= 2:
        teams = [
            [_model.rating(mu=users[user_ids[i]].mu, sigma=users[user_ids[i]].sigma)] for i in rated
        ]
        result: Any = _model.rate(teams, ranks=[outcome.ranks[i] for i in rated])
        for i, team in zip(rated, result, strict=True):
            user = users[user_ids[i]]
            user.mu, user.sigma = float(team[0].mu), float(team[0].sigma)
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
