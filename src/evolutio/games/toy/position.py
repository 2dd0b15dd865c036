"""Trick's positions: a state as JSON (snapshot) and a scenario's position set on a new game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core.game import JSON, IllegalAction
from evolutio.games.toy.state import TrickState


def snapshot(state: TrickState) -> JSON:
    """The whole state as JSON, as a scenario's position gives it back."""
    return {
        "hands": [list(h) for h in state.hands],
        "deck": list(state.deck),
        "bids": list(state.bids),
        "revealed": state.revealed,
        "table": [list(sc) for sc in state.table],
        "scores": list(state.scores),
        "taken": list(state.taken),
        "leader": state.leader,
        "tricks": state.tricks,
    }


def build(state: TrickState, position: Mapping[str, Any]) -> None:
    """Set ``position`` on a new game's state: ``hands`` (required), ``bids`` (list, null for
    not yet bid), ``leader``."""
    hands = position.get("hands")
    if not isinstance(hands, list) or len(hands) != state.num_players:
        raise IllegalAction(f"position.hands: give {state.num_players} hands")
    state.hands = [sorted(int(c) for c in h) for h in hands]
    if "bids" in position:
        state.bids = [None if b is None else int(b) for b in position["bids"]]
        state.revealed = all(b is not None for b in state.bids)
    state.leader = int(position.get("leader", state.leader))
