"""The random bot: a uniform choice among the legal actions, for baselines and fuzzing."""

from __future__ import annotations

from collections.abc import Sequence

from evolutio.bots.base import InformationSet, seat_rng
from evolutio.core.game import JSON, Action, Decision


class RandomBot:
    """Picks a legal action uniformly at random from its own seeded RNG."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = seat_rng(seed, "random")

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        if not legal_actions:
            raise ValueError("the bot was asked to choose with no legal actions")
        return legal_actions[self._rng.randrange(len(legal_actions))]
