"""Chosen hands for a scenario's start from ``new`` (docs/scenarios.md, "Starting from new").

The game is dealt by its seed, then each chosen hand replaces the dealt one: a card asked for
is taken from the seat's own dealt hand, else from the draw piles (top first), else from a
hand that is not chosen, and a card of the dealt hand takes its place there; cards left over
go on top of their pile. Every card is kept once. A game that keeps its cards as numbers in
hands and piles (North Star, Darwin's Choice, Trick) says how a card is written and which
pile a card belongs to; the moving of cards is the same for all of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.core.scenario import ScenarioError


@dataclass(frozen=True)
class Wanted:
    """A card a chosen hand asks for: which card numbers fit, its label, how to name it."""

    fits: Callable[[int], bool]
    label: str | None
    text: str


def setup_keys(setup: Any, allowed: set[str], where: str = "new") -> Mapping[str, Any]:
    """``setup`` as a mapping holding only ``allowed`` fields."""
    if not isinstance(setup, Mapping):
        raise ScenarioError(f"{where}: expected a mapping")
    unknown = sorted(set(setup) - allowed)
    if unknown:
        raise ScenarioError(
            f"{where}: unknown field {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )
    return setup


def first_player(setup: Mapping[str, Any], players: int, where: str = "new") -> int | None:
    """The seat ``setup`` names to begin (``first_player``), or None to keep the dealt one."""
    if "first_player" not in setup:
        return None
    first = setup["first_player"]
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players:
        raise ScenarioError(f"{where}.first_player: seats are 0 to {players - 1}, not {first!r}")
    return first


def wanted_hands(
    setup: Mapping[str, Any],
    players: int,
    card: Callable[[Any, str], Wanted],
    where: str = "new",
) -> list[list[Wanted] | None]:
    """The chosen hands of ``setup`` (one list per seat, None keeps the dealt hand), each card
    read by ``card(spec, where)``."""
    hands = setup.get("hands", [])
    if not isinstance(hands, list):
        raise ScenarioError(f"{where}.hands: expected a list of hands")
    if len(hands) > players:
        raise ScenarioError(f"{where}.hands: {len(hands)} hands for {players} players")
    out: list[list[Wanted] | None] = []
    for seat, specs in enumerate(hands):
        if specs is None:
            out.append(None)
            continue
        if not isinstance(specs, list):
            raise ScenarioError(f"{where}.hands[{seat}]: expected a list of cards")
        out.append([card(spec, f"{where}.hands[{seat}][{i}]") for i, spec in enumerate(specs)])
    return out


def choose_hands(
    hands: list[list[int]],
    piles: Sequence[list[int]],
    wanted: Sequence[list[Wanted] | None],
    home: Callable[[int], list[int]],
    top_first: bool,
    where: str = "new",
) -> dict[str, int]:
    """Swap the chosen hands in (module docstring); ``piles`` are searched in order, each from
    its top (index 0 if ``top_first``, else its end); ``home(card)`` is the pile a left-over
    card goes back to. Returns the labels of the chosen cards."""
    labels: dict[str, int] = {}
    chosen = {seat for seat, hand in enumerate(wanted) if hand is not None}
    for seat, specs in enumerate(wanted):
        if specs is None:
            continue
        leftovers = list(hands[seat])
        new_hand: list[int] = []
        for i, want in enumerate(specs):
            at = f"{where}.hands[{seat}][{i}]"
            card = next((c for c in leftovers if want.fits(c)), None)
            if card is not None:
                leftovers.remove(card)
            else:
                card = _take_elsewhere(hands, piles, want, chosen, seat, leftovers, home,
                                       top_first, at)
            new_hand.append(card)
            if want.label is not None:
                if want.label in labels:
                    raise ScenarioError(f"{at}: the name '{want.label}' is used twice")
                labels[want.label] = card
        for card in leftovers:  # cards the chosen hand has no room for: on top of their pile
            pile = home(card)
            if top_first:
                pile.insert(0, card)
            else:
                pile.append(card)
        hands[seat] = new_hand
    return labels


def _take_elsewhere(
    hands: list[list[int]],
    piles: Sequence[list[int]],
    want: Wanted,
    chosen: set[int],
    seat: int,
    leftovers: list[int],
    home: Callable[[int], list[int]],
    top_first: bool,
    where: str,
) -> int:
    """A card that fits ``want`` from a pile (top first) or a hand that is not chosen; a
    left-over card of the seat takes its place where it belongs there."""
    for pile in piles:
        order = range(len(pile)) if top_first else range(len(pile) - 1, -1, -1)
        for index in order:
            card = pile[index]
            if want.fits(card):
                if leftovers and home(leftovers[0]) is pile:
                    pile[index] = leftovers.pop(0)
                else:
                    del pile[index]
                return card
    for other, hand in enumerate(hands):
        if other in chosen or other == seat:
            continue
        for index, card in enumerate(hand):
            if want.fits(card):
                if not leftovers:
                    raise ScenarioError(
                        f"{where}: a hand larger than dealt cannot take a card from seat {other}"
                    )
                hand[index] = leftovers.pop(0)
                return card
    raise ScenarioError(f"{where}: no card {want.text} is left in this game's piles or hands")
