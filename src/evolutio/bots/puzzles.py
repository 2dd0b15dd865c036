"""The puzzles' check: is a puzzle's answer the one best move by the search?

Each puzzle's position is searched by the game's ISMCTS (its heuristic's playouts and
evaluator, UCB1 without priors so that no action is favoured before the evidence) at a fixed
iteration budget and seed, so the verdict is deterministic. The answer passes when it is the
most visited of the puzzle's moves *and* its mean reward beats every other move's by at least
``MARGIN`` (rewards are a share of the win plus a quarter for the score, in [0, 1]). The
tests run this on every puzzle of every game (docs/puzzles.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evolutio.bots.base import InformationSet
from evolutio.bots.ismcts import Budget
from evolutio.bots.levels import make_ismcts
from evolutio.bots.report import ActionValue
from evolutio.core.game import Action, Game
from evolutio.core.puzzle import Puzzle, moves
from evolutio.core.registry import get_game

#: iterations of the check's search per puzzle
ITERATIONS = 1500
#: how much the answer's mean reward must beat the second best action's by
MARGIN = 0.05


@dataclass(frozen=True)
class Verdict:
    """The search's view of a puzzle: the answer, every action's value, and whether it holds."""

    puzzle: Puzzle
    answer: Action
    values: list[ActionValue]

    @property
    def best(self) -> ActionValue:
        """The most visited action (ties: the higher value)."""
        return max(self.values, key=lambda v: (v.visits, _mean(v)))

    @property
    def margin(self) -> float:
        """The answer's value minus the best other action's value."""
        mine = next(_mean(v) for v in self.values if v.action == self.answer)
        others = [_mean(v) for v in self.values if v.action != self.answer]
        return mine - max(others)

    @property
    def holds(self) -> bool:
        """The answer is the search's choice and beats the rest by ``MARGIN``."""
        return self.best.action == self.answer and self.margin >= MARGIN


def analyse(
    game: Game[Any], state: Any, seat: int, iterations: int = ITERATIONS, seed: int = 0
) -> list[ActionValue]:
    """Every move of ``seat`` in ``state`` (``core.puzzle.moves``: the legal actions less
    those taken straight back) with its visits and mean reward. The search itself weighs
    every legal action; a move taken straight back only leads to the same choice again."""
    legal = moves(game, state, seat)
    bot = make_ismcts(seed, Budget(iterations=iterations), game, ucb=True)
    info = InformationSet.of(game, state, seat, secret=seed)
    return list(bot.search(info, legal).actions)


def _mean(value: ActionValue) -> float:
    """An action's mean reward, 0.0 when the search never tried it."""
    return value.value if value.value is not None else 0.0


def check(puzzle: Puzzle, iterations: int = ITERATIONS, seed: int = 0) -> Verdict:
    """The search's verdict on ``puzzle`` (see the module's docstring)."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    answer = puzzle.answer_action(game, state)
    values = analyse(game, state, puzzle.seat, iterations, seed)
    return Verdict(puzzle, answer, values)
