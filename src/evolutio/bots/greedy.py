"""The greedy bot: plays what the game's own heuristic values most, from the seat's view only.

The knowledge lives in the game (``game.heuristic``, a :class:`~evolutio.core.protocols.Heuristic`);
this bot adds only its seeded RNG (for ties) and an optional share of random moves, which the
``easy`` level uses.
"""

from __future__ import annotations

from collections.abc import Sequence

from evolutio.bots.base import InformationSet, seat_rng
from evolutio.core.game import JSON, Action, Decision
from evolutio.core.protocols import Heuristic


class GreedyBot:
    """Plays ``heuristic.choose``; ``noise`` is the share of decisions made at random."""

    name = "greedy"

    def __init__(self, heuristic: Heuristic, seed: int = 0, noise: float = 0.0) -> None:
        self.heuristic = heuristic
        self.noise = noise
        self._rng = seat_rng(seed, "greedy")

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
        if self.noise and self._rng.random() < self.noise:
            return legal_actions[self._rng.randrange(len(legal_actions))]
        return self.heuristic.choose(view, legal_actions, decision, self._rng)
