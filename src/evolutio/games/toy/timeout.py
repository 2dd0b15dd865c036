"""The move a seat makes when its clock runs out."""

from __future__ import annotations

from evolutio.core.game import Action
from evolutio.games.toy.actions import Play
from evolutio.games.toy.refusals import refused


def timeout_action(legal: list[Action]) -> Action:
    """Of the seat's ``legal`` actions: bid nothing (the first bid), or play the lowest card
    (it gives the fewest points away when the trick is lost, and a bid of nothing wants no
    trick)."""
    if not legal:
        raise refused("not_your_turn")
    return min(legal, key=lambda a: a.card if isinstance(a, Play) else 0)
