"""Hints for a person's decision: a small information-set search, with its figures.

A hint is the move the search (:class:`~evolutio.bots.ismcts.IsmctsBot`, with the game's
heuristic when it has one, as a bare ``ismcts``) would make in the seat's place at
:data:`HINT_BUDGET` iterations, small enough for a page to wait for (docs/bots.md, "Hints"),
and why: the share of its trial games' reward it scored, beside the next best move's.
An iteration budget keeps it a function of the seed and the seat's information: the same
decision asked again gets the same hint. :class:`HintBot` plays its seat by its hints, so
that a bench (``python -m bench.hints``) can tell whether following them pays.

Nothing here knows a game: the words of the move are the game's (``describe_choice``) and
the sentence around them the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.bots.base import InformationSet, seat_rng
from evolutio.bots.ismcts import Budget
from evolutio.bots.levels import make_ismcts
from evolutio.bots.report import ActionValue
from evolutio.core.game import JSON, Action, Decision, Game

#: iterations per hint: 0.14-0.24 CPU seconds on average by game, at most 0.86 s in about
#: 4 200 hints (docs/bots.md, "Hints").
HINT_BUDGET = Budget(iterations=200)


@dataclass(frozen=True, slots=True)
class Advice:
    """A hint's move and its figures: ``index`` into the legal actions; ``share`` the mean
    reward (0 to 1) of its trial games; ``runner_up`` the index of the next most tried move
    (None when there was no other) and ``runner_share`` its mean; ``trials`` the search's
    iterations (0 when the move was the only one)."""

    index: int
    share: float
    runner_up: int | None
    runner_share: float
    trials: int


def advise(
    game: Game[Any],
    info: InformationSet,
    view: JSON,
    legal: Sequence[Action],
    decision: Decision,
    seed: int,
    budget: Budget = HINT_BUDGET,
) -> Advice:
    """The search's advice for ``info.seat`` choosing among ``legal``; ``seed`` makes it
    repeatable (one per decision)."""
    if len(legal) == 1:
        return Advice(0, 0.0, None, 0.0, 0)
    search = make_ismcts(seed, budget, game)
    action = search.choose(view, legal, decision, info)
    index = legal.index(action)
    values = search.last_values
    others = [i for i in range(len(legal)) if i != index and values[i].visits > 0]
    runner = max(others, key=lambda i: (values[i].visits, _mean(values, i), -i)) if others \
        else None
    return Advice(
        index,
        _mean(values, index),
        runner,
        _mean(values, runner) if runner is not None else 0.0,
        search.last_iterations,
    )


def _mean(values: Sequence[ActionValue], index: int) -> float:
    """The mean reward of the ``index``-th action, 0.0 when the search never tried it."""
    found = values[index].value
    return found if found is not None else 0.0


class HintBot:
    """A seat that plays its hints: each decision's advice from a fresh search seeded by
    the bot's seed and the decision's count, as a person following every hint would."""

    name = "hints"

    def __init__(self, game: Game[Any], seed: int = 0, budget: Budget = HINT_BUDGET) -> None:
        self.game = game
        self.budget = budget
        self._rng = seat_rng(seed, "hints")

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        if not legal_actions:
            raise ValueError("the bot was asked to choose with no legal actions")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if info is None:
            raise ValueError("the hint bot needs an information set to search")
        seed = self._rng.getrandbits(62)
        advice = advise(self.game, info, view, legal_actions, decision, seed, self.budget)
        return legal_actions[advice.index]
