"""A bot of one's own, played by import path: one random playout per candidate action.

Run it against the platform's bots without installing anything::

    .venv/bin/evolutio simulate --game toy --bots examples/lookahead_bot.py:LookaheadBot,random
    .venv/bin/evolutio tournament --game evolution --players 2 \\
        --bots examples/lookahead_bot.py:LookaheadBot,random,greedy --games 40

The platform calls ``LookaheadBot(seed, game)`` once per game and seat, then ``choose`` at
each of the seat's decisions with what the seat may see: its view, the legal actions, the
decision and its information set (``info.sample(rng)`` draws a full state consistent with the
view; hidden cards are resampled, so the bot cannot cheat). It works for every game, since it
uses only the game contract: ``decision``, ``legal_actions``, ``apply`` and ``outcome``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from evolutio.bots.base import InformationSet
from evolutio.core.game import JSON, Action, Decision, Game

#: playouts longer than this many actions are cut and scored as a loss.
PLAYOUT_CAP = 2_000


class LookaheadBot:
    """For up to ``CANDIDATES`` legal actions, plays ``PLAYOUTS`` random games to the end
    from a sampled state after that action and keeps the action with the best mean place."""

    name = "lookahead"
    CANDIDATES = 8
    PLAYOUTS = 2

    def __init__(self, seed: int, game: Game[Any]) -> None:
        self.game = game
        self.rng = random.Random(seed)

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        if len(legal_actions) == 1 or info is None:
            return legal_actions[0]
        candidates = list(legal_actions)
        if len(candidates) > self.CANDIDATES:
            candidates = self.rng.sample(candidates, self.CANDIDATES)
        best, best_value = candidates[0], float("-inf")
        for action in candidates:
            value = sum(self._playout(info, action) for _ in range(self.PLAYOUTS))
            if value > best_value:
                best, best_value = action, value
        return best

    def _playout(self, info: InformationSet, action: Action) -> float:
        """Minus the seat's place after ``action`` and random play to the end."""
        state = info.sample(self.rng)
        self.game.apply(state, info.seat, action)
        for _ in range(PLAYOUT_CAP):
            decision = self.game.decision(state)
            if decision is None:
                break
            seat = decision.seats[0]
            legal = self.game.legal_actions(state, seat)
            self.game.apply(state, seat, legal[self.rng.randrange(len(legal))])
        outcome = self.game.outcome(state)
        return -float(outcome.ranks[info.seat]) if outcome is not None else -99.0
