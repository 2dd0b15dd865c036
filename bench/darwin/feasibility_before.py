"""The feasibility search as it was before it was made cheaper (git e029aac,
src/evolutio/games/darwin/feasibility.py), kept only as the "before" of
bench/darwin/feasibility.py; the engine never imports it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any, TypeVar

from evolutio.games.darwin import biology as bio
from evolutio.games.darwin.state import Species, State

T = TypeVar("T")


def probe(state: State, test: Callable[[], T]) -> T:
    """Run a what-if on the food distribution and put every food token back."""
    saved = {sid: (sp.plants, sp.meat) for sid, sp in state.species.items()}
    try:
        return test()
    finally:
        for sid, (plants, meat) in saved.items():
            if sid in state.species:
                state.species[sid].plants, state.species[sid].meat = plants, meat


def viable(state: State, sp: Species, food: bool = True) -> str:
    """Why a species would not stand where it is after an action (R-D55), or ""."""
    if not bio.complete(sp.cards):
        return "a species needs a head and a torso"
    if not bio.meets(sp.cards, bio.habitat_of(state, sp.pos)):
        return "the species would not meet the habitat's requirements"
    if not food or state.children or (state.beginner and state.era == 1):
        return ""
    if bio.diet(sp.cards) == "herbivore":
        return "" if _grazer_fed(state, sp) else "the species would not get enough food there"

    def test() -> bool:
        bio.distribute(state, sp.pos)
        return bio.well_fed(state, sp)

    return "" if probe(state, test) else "the species would not get enough food there"


def _grazer_fed(state: State, sp: Species) -> bool:
    """A herbivore is fed exactly when the plant needs of the grazers ordered before it or
    tied with it, its own included, fit in the reserve (strict order, R-D01, R-D02): the
    distribution's outcome for it without running the distribution."""
    need = bio.hearts(sp.cards)
    if not need:
        return True
    habitat = bio.habitat_of(state, sp.pos)
    plants = bio.reserve(state, sp.pos)[0]
    mine = bio.order_key(state, sp)
    total = need
    for other in state.at(sp.pos):
        if other is sp or bio.diet(other.cards) == "carnivore":
            continue
        hearts = bio.hearts(other.cards)
        if hearts and bio.meets(other.cards, habitat) and bio.order_key(state, other) >= mine:
            total += hearts
    return total <= plants


def creation_viable(state: State, seat: int, pos: int, cards: list[int]) -> str:
    temp = Species(0, seat, pos, cards)
    state.species[0] = temp
    try:
        return viable(state, temp)
    finally:
        del state.species[0]


def _extras(hand: list[int], torso: int) -> Iterator[list[int]]:
    t = bio.card(torso)
    legs = [c for c in hand if bio.card(c).part == "legs"]
    wings = [c for c in hand if bio.card(c).part == "wing"] if t.wing else []
    tails = [c for c in hand if bio.card(c).part == "tail"] if t.tail else []
    for n in range(t.legs + 1):
        for ls in combinations(legs, n):
            for w in [None, *wings]:
                for tl in [None, *tails]:
                    yield [*ls, *(x for x in (w, tl) if x is not None)]


#: whether a hand can create a species in a habitat, by (hand, habitat, event, beginner
#: first era, the species there): a pure function of these, so shared between states
_CREATE_CACHE: dict[tuple[Any, ...], bool] = {}


def can_create(state: State, seat: int, pos: int) -> bool:
    """Some creation with this hand stands in this habitat (for ``create`` and R-D41).

    Parts with a forbidden symbol never help; a head and torso whose requirements are not met
    even with every other allowed part in the hand are skipped (requirements only grow with
    parts)."""
    here = tuple((sp.id, tuple(sp.cards)) for sp in state.at(pos))
    key = (tuple(state.hands[seat]), state.positions[pos].habitat, state.event,
           state.children or (state.beginner and state.era == 1), here)
    known = _CREATE_CACHE.get(key)
    if known is not None:
        return known
    habitat = bio.habitat_of(state, pos)
    hand = state.hands[seat]
    found = False
    if habitat is not None:
        allowed = [c for c in hand if not any(bio.VECTORS[c][bio.SLOT[s]]
                                              for s in habitat.forbidden)]
        heads = [c for c in allowed if bio.card(c).part == "head"]
        torsos = [c for c in allowed if bio.card(c).part == "torso"]
        others = [c for c in allowed if bio.card(c).part not in ("head", "torso")]
        found = any(_search(state, seat, pos, head, torso, others)
                    for torso in torsos for head in heads)
    if len(_CREATE_CACHE) > 100_000:
        _CREATE_CACHE.clear()
    _CREATE_CACHE[key] = found
    return found


def _search(state: State, seat: int, pos: int, head: int, torso: int, others: list[int]) -> bool:
    habitat = bio.habitat_of(state, pos)
    if not bio.meets([head, torso, *others], habitat):
        return False
    plants, meat = bio.reserve(state, pos)
    carnivore = bio.card(head).diet == "carnivore"
    for extra in _extras(others, torso):
        cards = [torso, head, *extra]
        if not bio.meets(cards, habitat):
            continue
        if not (state.children or (state.beginner and state.era == 1)) and not carnivore and (
                bio.hearts(cards) > plants + meat):
            continue
        if not creation_viable(state, seat, pos, cards):
            return True
    return False
