"""Species arithmetic (seed 003, "Spiegazione delle carte" and "Spiegazione della
Nutrizione"): hearts, symbols, competitive strength, diet, fitting parts on anchors,
requirements, adaptation, the feeding order and the continuous food distribution.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from evolutio.games.darwin.cards import SYMBOLS, CardDef, HabitatDef, load_catalog
from evolutio.games.darwin.refusals import refusal
from evolutio.games.darwin.state import Species, State

CARDS: tuple[CardDef, ...] = load_catalog().cards
#: each card's symbol counts in ``SYMBOLS`` order, precomputed (the hot path of the engine)
VECTORS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c.count(s) for s in SYMBOLS) for c in CARDS)
SLOT = {s: i for i, s in enumerate(SYMBOLS)}
HABITATS: dict[str, HabitatDef] = {h.key: h for h in load_catalog().habitats}
#: children's variant: a competition token is a habitat without requirements worth 3/2/1
#: whose adaptation is the competitive strength (seed 003, "Variante per bambini", R-D72)
for _key, _dp in (("competition_gold", 3), ("competition_silver", 2),
                  ("competition_bronze", 1)):
    HABITATS[_key] = HabitatDef(_key, {}, "", _dp, 0, 0, (), (), ())
#: reserves set by a permanent event on easily accessible habitats (R-D24): (plants, meat)
EVENT_RESERVES = {"asteroid_impact": (4, 3), "green_explosion": (6, 2), "meat_reserve": (2, 6)}


#: cards a scenario defines beyond the catalog (position.py), by definition: their ids
_ADDED: dict[CardDef, int] = {}


def add_card(definition: CardDef) -> int:
    """The id of a card a scenario defines (docs/scenarios.md, "Darwin's Choice"): the next
    id after the catalog's and earlier additions; the same definition keeps its id."""
    global CARDS, VECTORS
    found = _ADDED.get(definition)
    if found is None:
        found = _ADDED[definition] = len(CARDS)
        CARDS = (*CARDS, definition)
        VECTORS = (*VECTORS, tuple(definition.count(s) for s in SYMBOLS))
    return found


def add_habitat(habitat: HabitatDef) -> None:
    """A habitat a scenario defines: put in force under its key (one not of the catalog), its
    compiled tests dropped if an earlier scenario defined that key differently."""
    if HABITATS.get(habitat.key) != habitat:
        HABITATS[habitat.key] = habitat
        _TESTS.pop(habitat.key, None)


def card(cid: int) -> CardDef:
    return CARDS[cid]


def hearts(cards: Iterable[int]) -> int:
    """Food need and meat yield: the hearts over all cards (seed 003, "Cuori")."""
    return sum(CARDS[c].hearts for c in cards)


def symbols(cards: Iterable[int], symbol: str) -> int:
    i = SLOT[symbol]
    return sum(VECTORS[c][i] for c in cards)


#: the most entries each of the engine's memo tables keeps before it starts again (this one,
#: and feasibility's): a process plays game after game, so a table keyed by what games meet
#: must stay bounded (docs/benchmarks.md, "Soak": RSS flat after the warm-up)
CACHE_BOUND = 16_384

_VECTOR_CACHE: dict[tuple[int, ...], tuple[int, ...]] = {}


def vector(cards: Iterable[int]) -> tuple[int, ...]:
    """The species' symbol counts in ``SYMBOLS`` order (memoized by its cards)."""
    key = tuple(cards)
    found = _VECTOR_CACHE.get(key)
    if found is None:
        if len(_VECTOR_CACHE) >= CACHE_BOUND:
            _VECTOR_CACHE.clear()
        found = tuple(map(sum, zip(*(VECTORS[c] for c in key), strict=False))) if key else (
            0,) * len(SYMBOLS)
        _VECTOR_CACHE[key] = found
    return found


def diet(cards: Iterable[int]) -> str:
    """The head sets the diet ("Simboli Cibo ... sulle Carte Testa")."""
    for c in cards:
        if CARDS[c].part == "head":
            return CARDS[c].diet
    return "herbivore"


def protected(cards: Iterable[int]) -> bool:
    """Dig or Poisonous on any card protects absolutely from predators."""
    return any(CARDS[c].special for c in cards)


def strength(state: State, cards: Sequence[int]) -> int:
    """CS symbols; 0 for carnivores and omnivores under Epidemic (E13)."""
    if state.event == "epidemic" and diet(cards) != "herbivore":
        return 0
    return sum(CARDS[c].cs for c in cards)


def habitat_of(state: State, pos: int) -> HabitatDef | None:
    key = state.positions[pos].habitat
    return HABITATS[key] if key else None


def adaptation(cards: Sequence[int], habitat: HabitatDef | None) -> int:
    """Symbols of the species matching the habitat's centre, each once (R-D53)."""
    if habitat is None:
        return 0
    if habitat.key.startswith("competition_"):
        return sum(CARDS[c].cs for c in cards)
    total = vector(cards)
    return sum(total[SLOT[s]] for s in habitat.adaptation)


#: per habitat: its forbidden symbols' slots, and each alternative of its requirements as
#: (slot, count) pairs (compiled once: ``meets`` is the engine's hottest test)
_TESTS: dict[str, tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]] = {}


def _tests(
    habitat: HabitatDef,
) -> tuple[tuple[int, ...], tuple[tuple[tuple[int, int], ...], ...]]:
    found = _TESTS.get(habitat.key)
    if found is None:
        found = _TESTS[habitat.key] = (
            tuple(SLOT[s] for s in habitat.forbidden),
            tuple(tuple((SLOT[s], n) for s, n in alt) for alt in habitat.requires))
    return found


def meets(cards: Sequence[int], habitat: HabitatDef | None) -> bool:
    """Requirements (R-D52): no forbidden symbol at all, and one alternative met; the
    inhospitable volcano is never met (R-D65)."""
    if habitat is None:
        return False
    total = vector(cards)
    forbidden, requires = _TESTS.get(habitat.key) or _tests(habitat)
    for slot in forbidden:
        if total[slot]:
            return False
    if not requires:
        return True
    for alt in requires:
        for slot, n in alt:
            if total[slot] < n:
                break
        else:
            return True
    return False


def parts_fit(cards: Sequence[int]) -> str:
    """Why these cards are not a well-formed (possibly partial) species, or "".

    At most one head and one torso; legs, wing and tail only on the torso's anchors
    (R-D07): at most ``legs`` leg cards, one wing if the torso has its anchor, one tail too.
    """
    heads = torsos = legs = wings = tails = 0
    torso: CardDef | None = None
    for c in cards:
        part = CARDS[c].part
        if part == "head":
            heads += 1
        elif part == "torso":
            torsos += 1
            torso = CARDS[c]
        elif part == "legs":
            legs += 1
        elif part == "wing":
            wings += 1
        else:
            tails += 1
    if heads > 1:
        return refusal("one_head")
    if torsos > 1:
        return refusal("one_torso")
    if torso is None:
        return refusal("on_anchor") if (
            legs or wings or tails) else ""
    if legs > torso.legs:
        return refusal("legs", legs=torso.legs)
    if wings > (1 if torso.wing else 0):
        return refusal("no_wing_point")
    if tails > (1 if torso.tail else 0):
        return refusal("no_tail_point")
    return ""


def complete(cards: Sequence[int]) -> bool:
    """A species has a head and a torso always."""
    parts = [CARDS[c].part for c in cards]
    return "head" in parts and "torso" in parts and not parts_fit(cards)


def order_key(state: State, sp: Species) -> tuple[int, int, int]:
    """(adaptation, CS, hearts), all descending (R-D54)."""
    return (adaptation(sp.cards, habitat_of(state, sp.pos)), strength(state, sp.cards),
            hearts(sp.cards))


def reserve(state: State, pos: int) -> tuple[int, int]:
    """(plants, meat) of a position now: printed, or set by a permanent event on easily
    accessible habitats (R-D24); none while the volcano is inhospitable."""
    habitat = habitat_of(state, pos)
    if habitat is None:
        return (0, 0)
    if state.event in EVENT_RESERVES and not habitat.hard:
        return EVENT_RESERVES[state.event]
    return (habitat.plants, habitat.meat)


def _groups(
    state: State, eaters: list[tuple[Species, int]]
) -> list[list[tuple[Species, int]]]:
    keys = {sp.id: order_key(state, sp) for sp, _ in eaters}
    keyed = sorted(eaters, key=lambda e: keys[e[0].id], reverse=True)
    groups: list[list[tuple[Species, int]]] = []
    last: tuple[int, int, int] | None = None
    for entry in keyed:
        key = keys[entry[0].id]
        if groups and key == last:
            groups[-1].append(entry)
        else:
            groups.append([entry])
        last = key
    return groups


def _share(groups: list[list[tuple[Species, int]]], amount: int) -> dict[int, int]:
    """Strict order (R-D01): each group in turn; a group the reserve cannot cover shares
    what is left evenly (R-D02) and nobody after it eats."""
    got: dict[int, int] = {}
    for group in groups:
        need = sum(n for _, n in group)
        if need <= amount:
            for sp, n in group:
                got[sp.id] = n
            amount -= need
            continue
        each = amount // len(group)
        for sp, n in group:
            got[sp.id] = min(n, each)
        break
    return got


def distribute(state: State, pos: int) -> None:
    """Continuous food distribution of one habitat (seed 003, "Spiegazione della
    Nutrizione"): herbivores and omnivores take plants in order; carnivores and short
    omnivores take meat in order (R-D56). Species failing the requirements get none."""
    habitat = habitat_of(state, pos)
    plants, meat = reserve(state, pos)
    here = state.at(pos)
    for sp in here:
        sp.plants = sp.meat = 0
    fit = [sp for sp in here if meets(sp.cards, habitat) and hearts(sp.cards) > 0]
    grazers = [(sp, hearts(sp.cards)) for sp in fit if diet(sp.cards) != "carnivore"]
    for sid, n in _share(_groups(state, grazers), plants).items():
        state.species[sid].plants = n
    hunters = []
    for sp in fit:
        kind = diet(sp.cards)
        if kind == "carnivore":
            hunters.append((sp, hearts(sp.cards)))
        elif kind == "omnivore" and sp.plants < hearts(sp.cards):
            hunters.append((sp, hearts(sp.cards) - sp.plants))
    for sid, n in _share(_groups(state, hunters), meat).items():
        state.species[sid].meat = n


def distribute_all(state: State) -> None:
    for pos in range(len(state.positions)):
        distribute(state, pos)


def fed(sp: Species) -> bool:
    return sp.plants + sp.meat >= hearts(sp.cards)


def prey_for(state: State, hunter: Species, exclude: set[int] | None = None) -> list[Species]:
    """Species a carnivore may devour, worst adapted first (seed 003, "Carnivori"): same
    habitat, herbivore or omnivore, adaptation and CS not above the hunter's, no Dig or
    Poisonous, at least one heart (R-D57)."""
    habitat = habitat_of(state, hunter.pos)
    mine = order_key(state, hunter)
    out = []
    for sp in state.at(hunter.pos):
        if sp.id == hunter.id or (exclude and sp.id in exclude):
            continue
        if diet(sp.cards) == "carnivore" or protected(sp.cards) or not hearts(sp.cards):
            continue
        key = order_key(state, sp)
        if adaptation(sp.cards, habitat) <= mine[0] and key[1] <= mine[1]:
            out.append(sp)
    out.sort(key=lambda sp: (order_key(state, sp), sp.id))
    return out


def well_fed(state: State, sp: Species) -> bool:
    """The acting species gets enough food (R-D55); a carnivore counts the prey it could
    devour as potential food (R-D42)."""
    if fed(sp):
        return True
    if diet(sp.cards) != "carnivore":
        return False
    return sp.meat + sum(hearts(p.cards) for p in prey_for(state, sp)) >= hearts(sp.cards)


def sides(state: State) -> list[int]:
    """0 for the left side of the table, 1 for the right (R-D70)."""
    count = len(state.positions)
    half = (count + 1) // 2
    return [0 if i < half else 1 for i in range(count)]
