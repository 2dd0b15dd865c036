"""Would a species stand? The what-if tests behind creation, mutation and migration
(R-D42, R-D55), and the search for any creation a hand allows in a habitat (for ``create``
and the Era 1 full redraw, R-D41)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any, TypeVar

from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.cards import HabitatDef
from evolutio.games.darwin.refusals import refusal
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
        return refusal("head_torso")
    if not bio.meets(sp.cards, bio.habitat_of(state, sp.pos)):
        return refusal("requirements")
    if not food or state.children or (state.beginner and state.era == 1):
        return ""
    if bio.diet(sp.cards) == "herbivore":
        return "" if _grazer_fed(state, sp) else refusal("no_food_there")

    return "" if _fed_at(state, sp) else refusal("no_food_there")


def _fed_at(state: State, sp: Species) -> bool:
    """The species (already on the table) would be fed by its habitat's distribution, or as
    a carnivore could count enough prey (R-D42); the food of that habitat's species is put
    back afterwards (the distribution touches no other habitat). A carnivore whose prey alone
    cover its need is fed whatever meat it gets, without running the distribution."""
    if bio.diet(sp.cards) == "carnivore" and sum(
            bio.hearts(prey.cards) for prey in bio.prey_for(state, sp)) >= bio.hearts(sp.cards):
        return True
    saved = [(other, other.plants, other.meat) for other in state.at(sp.pos)]
    try:
        bio.distribute(state, sp.pos)
        return bio.well_fed(state, sp)
    finally:
        for other, plants, meat in saved:
            other.plants, other.meat = plants, meat


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


#: each catalogue card's part, by card id (the search's hot lookups)
_PARTS: tuple[str, ...] = tuple(c.part for c in bio.CARDS)
_HEARTS: tuple[int, ...] = tuple(c.hearts for c in bio.CARDS)
#: per habitat, the cards without any of its forbidden symbols: the only ones that can be
#: part of a species there (R-D52)
_ALLOWED: dict[str, frozenset[int]] = {}


def _allowed(habitat: HabitatDef) -> frozenset[int]:
    found = _ALLOWED.get(habitat.key)
    if found is None:
        slots = [bio.SLOT[s] for s in habitat.forbidden]
        found = frozenset(c for c, v in enumerate(bio.VECTORS) if not any(v[i] for i in slots))
        _ALLOWED[habitat.key] = found
    return found


def forget() -> None:
    """Work the card tables out again and drop what was remembered from them, after a
    scenario added cards or habitats (``ops.add_card``, ``ops.add_habitat``)."""
    global _PARTS, _HEARTS
    _PARTS = tuple(c.part for c in bio.CARDS)
    _HEARTS = tuple(c.hearts for c in bio.CARDS)
    _ALLOWED.clear()
    _CREATE_CACHE.clear()
    _FED_CACHE.clear()


def extras(hand: list[int], torso: int) -> Iterator[list[int]]:
    t = bio.card(torso)
    legs = [c for c in hand if _PARTS[c] == "legs"]
    wings = [c for c in hand if _PARTS[c] == "wing"] if t.wing else []
    tails = [c for c in hand if _PARTS[c] == "tail"] if t.tail else []
    for n in range(t.legs + 1):
        for ls in combinations(legs, n):
            for w in [None, *wings]:
                for tl in [None, *tails]:
                    yield [*ls, *(x for x in (w, tl) if x is not None)]


#: whether a hand can create a species in a habitat, by (the hand's cards allowed there,
#: sorted; habitat; event; no food test; the cards of the species there, sorted): a pure
#: function of these (the species' ids, owners and the hand's order change nothing), so
#: shared between states and games
_CREATE_CACHE: dict[tuple[Any, ...], bool] = {}


def can_create(state: State, seat: int, pos: int) -> bool:
    """Some creation with this hand stands in this habitat (for ``create`` and R-D41).

    Parts with a forbidden symbol never help; a head and torso whose requirements are not met
    even with every other allowed part in the hand are skipped (requirements only grow with
    parts)."""
    habitat = bio.habitat_of(state, pos)
    if habitat is None:
        return False
    allowed = _allowed(habitat)
    hand = sorted(c for c in state.hands[seat] if c in allowed)
    heads = [c for c in hand if _PARTS[c] == "head"]
    torsos = [c for c in hand if _PARTS[c] == "torso"]
    if not heads or not torsos:
        return False
    simple = state.children or (state.beginner and state.era == 1)
    here = _here(state, pos)
    key = (tuple(hand), habitat.key, state.event, simple, here)
    known = _CREATE_CACHE.get(key)
    if known is not None:
        return known
    others = [c for c in hand if _PARTS[c] not in ("head", "torso")]
    found = any(_search(state, seat, pos, habitat, head, torso, others, simple, here)
                for torso in torsos for head in heads)
    if len(_CREATE_CACHE) >= bio.CACHE_BOUND:
        _CREATE_CACHE.clear()
    _CREATE_CACHE[key] = found
    return found


def _here(state: State, pos: int) -> tuple[tuple[int, ...], ...]:
    """The cards of the species at ``pos``, each sorted, in sorted order: with the habitat
    and the event, all that a what-if there depends on."""
    return tuple(sorted(tuple(sorted(sp.cards)) for sp in state.at(pos)))


#: whether a new species of these cards (sorted) is fed, by (cards, habitat, event, the
#: cards of the species there as ``_here`` gives them): a pure function of these, shared
#: like ``_CREATE_CACHE``; different hands try the same species again and again
_FED_CACHE: dict[tuple[Any, ...], bool] = {}


def _fed_new(state: State, seat: int, pos: int, cards: list[int], kind: str,
             here: tuple[tuple[int, ...], ...]) -> bool:
    """A new species of ``cards`` at ``pos`` would get its food (R-D55, R-D42)."""
    key = (tuple(sorted(cards)), state.positions[pos].habitat, state.event, here)
    known = _FED_CACHE.get(key)
    if known is not None:
        return known
    temp = Species(0, seat, pos, cards)
    if kind == "herbivore":
        found = _grazer_fed(state, temp)
    else:
        state.species[0] = temp
        try:
            found = _fed_at(state, temp)
        finally:
            del state.species[0]
    if len(_FED_CACHE) >= bio.CACHE_BOUND:
        _FED_CACHE.clear()
    _FED_CACHE[key] = found
    return found


def _search(state: State, seat: int, pos: int, habitat: HabitatDef, head: int, torso: int,
            others: list[int], simple: bool, here: tuple[tuple[int, ...], ...]) -> bool:
    """Some choice of legs, wing and tail from ``others`` on this head and torso stands:
    meets the requirements and, unless ``simple``, gets its food (R-D55)."""
    if not bio.meets([head, torso, *others], habitat):
        return False
    plants, meat = bio.reserve(state, pos)
    kind = bio.card(head).diet
    if kind == "carnivore":
        # at most the meat and every unprotected prey there (R-D42, R-D57)
        meat += sum(bio.hearts(sp.cards) for sp in state.at(pos)
                    if bio.diet(sp.cards) != "carnivore" and not bio.protected(sp.cards))
    food = plants if kind == "herbivore" else meat if kind == "carnivore" else plants + meat
    if not simple and _HEARTS[head] + _HEARTS[torso] > food:
        return False  # parts only add hearts: no choice of them is fed
    for extra in extras(others, torso):
        cards = [torso, head, *extra]
        if not bio.meets(cards, habitat):
            continue
        if simple:
            return True
        if bio.hearts(cards) > food:
            continue
        if _fed_new(state, seat, pos, cards, kind, here):
            return True
    return False
