"""Trick's positions: a state as JSON (snapshot) and a scenario's position set on a new game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core import hands
from evolutio.core.game import JSON, IllegalAction
from evolutio.core.scenario import ScenarioError
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


#: fields of a scenario's ``new`` setup.
NEW_KEYS = {"hands", "first_player"}


def choose_hands(state: TrickState, setup: Mapping[str, Any]) -> None:
    """A new game (dealt by its seed) with chosen hands (``core.hands``): a card is its
    number, 1 to 13; ``first_player`` names the seat that leads the first trick."""
    setup = hands.setup_keys(setup, NEW_KEYS)

    def card(spec: Any, where: str) -> hands.Wanted:
        if isinstance(spec, bool) or not isinstance(spec, int) or not 1 <= spec <= 13:
            raise ScenarioError(f"{where}: a card is a number from 1 to 13, not {spec!r}")
        return hands.Wanted(lambda c: c == spec, None, str(spec))

    wanted = hands.wanted_hands(setup, state.num_players, card)
    held = [list(h) for h in state.hands]
    hands.choose_hands(held, [state.deck], wanted, lambda c: state.deck, top_first=True)
    state.hands = [sorted(h) for h in held]
    first = hands.first_player(setup, state.num_players)
    if first is not None:
        state.leader = first
