"""A scenario's start from ``new`` (docs/scenarios.md, "Starting from new"): the game dealt by
its seed, then chosen hands swapped in, every card kept once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core.scenario import ScenarioError
from evolutio.games.evolution.position import _Builder, _int, _keys, _list
from evolutio.games.evolution.state import State

#: fields of a scenario's ``new`` setup.
NEW_KEYS = {"hands", "first_player", "dice"}


def _faces_of(
    spec: Any, where: str, options: dict[str, Any]
) -> tuple[tuple[str, ...], str | None]:
    """The faces and label of a card written as in a position (the card need not exist),
    read on an empty probe state of the game's ``options``."""
    sets = list(options["expansions"])
    probe = State(options, 0, [])
    builder = _Builder(probe, sets)
    card = builder.card(spec, where)
    label = next(iter(probe.labels), None)
    return builder.faces[card], label


def choose_hands(state: State, setup: Mapping[str, Any]) -> None:
    """A new game (dealt by its seed) with chosen hands: each card asked for is taken from
    the seat's own hand, else from the deck, else from a hand not chosen, and a card of the
    dealt hand it replaces goes where it came from (docs/scenarios.md, "new")."""
    where = "new"
    setup = _keys(setup, NEW_KEYS, where)
    hands = _list(setup, "hands", where)
    if len(hands) > state.num_players:
        raise ScenarioError(f"{where}.hands: {len(hands)} hands for {state.num_players} players")
    chosen = {seat for seat, hand in enumerate(hands) if hand is not None}
    for seat, specs in enumerate(hands):
        if specs is None:
            continue
        hwhere = f"{where}.hands[{seat}]"
        if not isinstance(specs, list):
            raise ScenarioError(f"{hwhere}: expected a list of cards")
        player = state.players[seat]
        leftovers = list(player.hand)
        new_hand: list[int] = []
        for i, spec in enumerate(specs):
            faces, label = _faces_of(spec, f"{hwhere}[{i}]", state.options)
            card = next(
                (c for c in leftovers if sorted(state.card_faces[c]) == sorted(faces)), None
            )
            if card is not None:
                leftovers.remove(card)
            else:
                card = _take_elsewhere(state, faces, chosen, seat, leftovers, f"{hwhere}[{i}]")
            new_hand.append(card)
            if label is not None:
                if label in state.labels:
                    raise ScenarioError(f"{hwhere}[{i}]: the name '{label}' is used twice")
                state.labels[label] = card
        state.deck.extend(leftovers)  # cards the chosen hand has no room for: on top
        player.hand = new_hand
    if "first_player" in setup:
        first = _int(setup, "first_player", where, 0)
        if first >= state.num_players:
            raise ScenarioError(f"{where}.first_player: seats are 0 to {state.num_players - 1}")
        state.first_player = state.current = first
    dice = _list(setup, "dice", where)
    try:
        state.rng.script_dice(dice)
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"{where}.dice: {exc}") from None


def _take_elsewhere(
    state: State,
    faces: tuple[str, ...],
    chosen: set[int],
    seat: int,
    leftovers: list[int],
    where: str,
) -> int:
    """Take a card with ``faces`` from the deck (top first) or a hand that is not chosen,
    putting one of the seat's leftover cards in its place."""
    for index in range(len(state.deck) - 1, -1, -1):
        card = state.deck[index]
        if sorted(state.card_faces[card]) == sorted(faces):
            if leftovers:
                state.deck[index] = leftovers.pop(0)
            else:
                del state.deck[index]
            return card
    for other in state.players:
        if other.seat in chosen or other.seat == seat:
            continue
        for index, card in enumerate(other.hand):
            if sorted(state.card_faces[card]) == sorted(faces):
                if not leftovers:
                    raise ScenarioError(
                        f"{where}: a hand larger than dealt cannot take a card from "
                        f"seat {other.seat}"
                    )
                other.hand[index] = leftovers.pop(0)
                return card
    raise ScenarioError(f"{where}: no card {'/'.join(faces)} is left in this game's deck")
