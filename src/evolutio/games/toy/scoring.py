"""Trick's result and score sheet: points from tricks plus the exact bid's bonus, ties split by
tricks taken."""

from __future__ import annotations

from evolutio.core.game import Outcome
from evolutio.core.scoring import Scoreboard, deciding
from evolutio.games.toy.rules import decision
from evolutio.games.toy.state import EXACT_BONUS, TrickState


def outcome(state: TrickState) -> Outcome | None:
    """Ranks by score, then tricks taken; None while the game goes on."""
    if decision(state) is not None:
        return None
    scores = tuple(state.scores)
    keys = [(score, state.taken[s]) for s, score in enumerate(scores)]
    ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
    exact = sum(bid == state.taken[s] for s, bid in enumerate(state.bids))
    return Outcome(scores, ranks, tuple(state.taken), stats={"exact_bids": exact})


def scoreboard(state: TrickState) -> Scoreboard:
    """Points from tricks and the exact-bid bonus (added at the end), and whether tricks
    taken decided a tie."""
    over = state.tricks >= state.total_tricks and state.revealed
    bonus = [EXACT_BONUS if over and bid == state.taken[s] else 0
             for s, bid in enumerate(state.bids)]
    parts = tuple((("score.tricks", score - bonus[s]), ("score.bid", bonus[s]))
                  for s, score in enumerate(state.scores))
    keys = [(score, state.taken[s]) for s, score in enumerate(state.scores)]
    return Scoreboard(parts, deciding(keys, ["score.tiebreak.taken"]))
