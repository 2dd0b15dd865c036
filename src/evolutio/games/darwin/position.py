"""Scenario positions and snapshots (docs/rules/darwin.md, "Scenario positions").

Cards, habitats and events are named by their data ids (``lion_head``, ``savanna``,
``flood``); every card id is also a scenario label for its number, habitats in play label
their position, and species are labelled by their ``name``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core import hands
from evolutio.core.game import JSON, IllegalAction
from evolutio.core.scenario import ScenarioError
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.cards import (
    LANGUAGES,
    CardDataError,
    load_catalog,
    parse_cards,
    parse_habitats,
)
from evolutio.games.darwin.evaluation import deal_market, winners
from evolutio.games.darwin.feasibility import forget
from evolutio.games.darwin.state import (
    COMPETITION,
    TOKENS,
    VOLCANO,
    Position,
    Species,
    State,
)

POSITION_KEYS = {"era", "first", "current", "event", "habitats", "players", "market", "small",
                 "large", "habitat_deck", "event_deck", "phase", "define", "small_discard",
                 "large_discard"}
DEFINE_KEYS = {"cards", "habitats"}
PLAYER_KEYS = {"hand", "species", "banked", "passed", "acted", "main_done"}
SPECIES_KEYS = {"name", "cards", "habitat", "dp", "ticked"}


def _fail(where: str, problem: str) -> IllegalAction:
    return IllegalAction(f"position.{where}: {problem}")


class _Cards:
    """Hands out card numbers by id, each card once: the catalog's and the position's own."""

    def __init__(self, defined: Mapping[str, int]) -> None:
        self.index = {c.key: i for i, c in enumerate(load_catalog().cards)}
        self.index.update(defined)
        self.used: set[int] = set()

    def take(self, key: Any, where: str) -> int:
        if key not in self.index:
            raise _fail(where, f"unknown card '{key}'")
        cid = self.index[key]
        if cid in self.used:
            raise _fail(where, f"card '{key}' is used twice")
        self.used.add(cid)
        return cid

    def many(self, keys: Any, where: str) -> list[int]:
        if not isinstance(keys, list):
            raise _fail(where, "expected a list of card ids")
        return [self.take(k, f"{where}[{i}]") for i, k in enumerate(keys)]


def define(spec: Any) -> tuple[dict[str, int], set[str]]:
    """The position's own animal cards and habitats (``define: {cards, habitats}``), written
    as the entries of data/cards.toml and data/habitats.toml (a habitat's ``names`` may be left
    out): the ids of the cards, and the keys of the habitats, now in force
    (``ops.add_card``, ``ops.add_habitat``). An id of the catalog's is refused."""
    if spec is None:
        return {}, set()
    if not isinstance(spec, Mapping) or set(spec) - DEFINE_KEYS:
        raise _fail("define", "expected a mapping with cards and/or habitats")
    catalog = load_catalog()
    taken = {c.key for c in catalog.cards}
    game_habitats = {h.key for h in catalog.habitats} | {VOLCANO, *COMPETITION}
    cards: dict[str, int] = {}
    try:
        if spec.get("cards"):
            for definition in parse_cards({"card": spec["cards"]}, "position.define.cards"):
                if definition.key in taken:
                    raise _fail("define.cards", f"'{definition.key}' is a card of the game; "
                                "give yours another id")
                cards[definition.key] = bio.add_card(definition)
        habitats: set[str] = set()
        if spec.get("habitats"):
            entries = [
                {"names": dict.fromkeys(LANGUAGES, str(h.get("id"))), **h}
                if isinstance(h, Mapping) else h
                for h in spec["habitats"]
            ]
            for habitat in parse_habitats({"habitat": entries}, "position.define.habitats"):
                if habitat.key in game_habitats:
                    raise _fail("define.habitats", f"'{habitat.key}' is a habitat of the game; "
                                "give yours another id")
                bio.add_habitat(habitat)
                habitats.add(habitat.key)
    except CardDataError as exc:
        raise IllegalAction(str(exc)) from None
    forget()
    return cards, habitats


def build(state: State, position: Mapping[str, Any]) -> None:
    """Lay out ``position`` over a freshly set-up state (see the module docstring)."""
    unknown = sorted(set(position) - POSITION_KEYS)
    if unknown:
        raise _fail(unknown[0], f"unknown field; allowed: {', '.join(sorted(POSITION_KEYS))}")
    catalog = load_catalog()
    defined_cards, defined_habitats = define(position.get("define"))
    habitat_keys = {h.key for h in catalog.habitats} | {VOLCANO, *COMPETITION} | defined_habitats
    cards = _Cards(defined_cards)
    n = state.num_players
    state.draws = []
    state.phase = str(position.get("phase", "action"))
    state.era = int(position.get("era", 1))
    state.first = int(position.get("first", 0))
    state.current = int(position.get("current", state.first))
    state.event = position.get("event")
    labels: dict[str, int] = dict(cards.index)
    base_deck = state.habitat_deck + [p.card for p in state.positions
                                      if not p.card.startswith("competition_")]
    if "habitats" in position:
        state.positions = []
        for i, entry in enumerate(position["habitats"]):
            spec = entry if isinstance(entry, Mapping) else {"card": entry}
            key = spec.get("card")
            if key not in habitat_keys:
                raise _fail(f"habitats[{i}]", f"unknown habitat '{key}'")
            p = Position(TOKENS[i], str(key))
            p.volcano = int(spec.get("volcano", 1 if key == VOLCANO else 0))
            state.positions.append(p)
            labels[str(key)] = i
    in_play = {p.card for p in state.positions}
    state.habitat_deck = [h for h in base_deck if h not in in_play]
    if "habitat_deck" in position:
        top = list(position["habitat_deck"])
        for key in top:
            if key not in state.habitat_deck:
                raise _fail("habitat_deck", f"'{key}' is in play or not a habitat")
        rest = [h for h in state.habitat_deck if h not in top]
        state.habitat_deck = rest + top[::-1]
    state.habitat_discard = []
    if "event_deck" in position:
        state.event_deck = list(position["event_deck"])[::-1]
    players = position.get("players", [])
    if not isinstance(players, list) or len(players) > n:
        raise _fail("players", f"a list of at most {n} players")
    state.hands = [[] for _ in range(n)]
    state.species = {}
    state.next_id = 1
    for seat, spec in enumerate(players):
        where = f"players[{seat}]"
        if not isinstance(spec, Mapping):
            raise _fail(where, "expected a mapping")
        extra = sorted(set(spec) - PLAYER_KEYS)
        if extra:
            allowed = ", ".join(sorted(PLAYER_KEYS))
            raise _fail(f"{where}.{extra[0]}", f"unknown field; allowed: {allowed}")
        state.hands[seat] = cards.many(spec.get("hand", []), f"{where}.hand")
        state.banked[seat] = int(spec.get("banked", 0))
        state.passed[seat] = bool(spec.get("passed", False))
        state.acted[seat] = bool(spec.get("acted", False))
        state.main_done[seat] = bool(spec.get("main_done", False))
        for j, sp_spec in enumerate(spec.get("species", [])):
            sw = f"{where}.species[{j}]"
            extra = sorted(set(sp_spec) - SPECIES_KEYS)
            if extra:
                allowed = ", ".join(sorted(SPECIES_KEYS))
                raise _fail(f"{sw}.{extra[0]}", f"unknown field; allowed: {allowed}")
            hab = sp_spec.get("habitat", 0)
            pos = labels[hab] if isinstance(hab, str) and hab in labels else hab
            if not isinstance(pos, int) or not 0 <= pos < len(state.positions):
                raise _fail(f"{sw}.habitat", f"no habitat '{hab}' in play")
            sp = Species(state.next_id, seat, pos, cards.many(sp_spec.get("cards"), f"{sw}.cards"))
            why = bio.parts_fit(sp.cards)
            if why or not bio.complete(sp.cards):
                raise _fail(f"{sw}.cards", why or "a species needs a head and a torso")
            sp.dp = int(sp_spec.get("dp", 0))
            sp.ticked = bool(sp_spec.get("ticked", False))
            state.species[sp.id] = sp
            if "name" in sp_spec:
                labels[str(sp_spec["name"])] = sp.id
            state.next_id += 1
    state.market = cards.many(position.get("market", []), "market")
    tops = {deck: cards.many(position.get(deck, []), deck) for deck in ("small", "large")}
    discards = {deck: cards.many(position.get(f"{deck}_discard", []), f"{deck}_discard")
                for deck in ("small", "large")}
    for deck, pile in (*tops.items(), *discards.items()):
        wrong = [c for c in pile if bio.card(c).large != (deck == "large")]
        if wrong:
            raise _fail(deck if pile is tops[deck] else f"{deck}_discard",
                        f"'{bio.card(wrong[0]).key}' is not a {deck} card")
    for deck in ("small", "large"):
        others = [i for i, c in enumerate(catalog.cards)
                  if c.large == (deck == "large") and i not in cards.used]
        state.rng.shuffle(others)
        if deck == "small":
            state.small, state.small_discard = others, []
        else:
            state.large, state.large_discard = others, []
    if "market" not in position:
        deal_market(state)
    state.small += tops["small"][::-1]
    state.large += tops["large"][::-1]
    state.small_discard, state.large_discard = discards["small"], discards["large"]
    state.labels = labels
    bio.distribute_all(state)


def species_json(state: State, sp: Species) -> JSON:
    adapt, cs, hearts = bio.order_key(state, sp)
    return {
        "id": sp.id, "owner": sp.owner, "habitat": sp.pos, "cards": list(sp.cards),
        "dp": sp.dp, "plants": sp.plants, "meat": sp.meat, "ticked": sp.ticked,
        "adaptation": adapt, "cs": cs, "hearts": hearts, "diet": bio.diet(sp.cards),
        "meets": bio.meets(sp.cards, bio.habitat_of(state, sp.pos)),
    }


def habitat_json(state: State, pos: int) -> JSON:
    p = state.positions[pos]
    plants, meat = bio.reserve(state, pos)
    habitat = bio.habitat_of(state, pos)
    return {
        "token": p.token, "card": p.card, "habitat": p.habitat, "volcano": p.volcano,
        "plants": plants, "meat": meat, "dp": habitat.dp if habitat else 0,
        "adaptation": list(habitat.adaptation) if habitat else [],
        "requires": [dict(alt) for alt in habitat.requires] if habitat else [],
        "forbidden": list(habitat.forbidden) if habitat else [],
        "species": sorted(sp.id for sp in state.at(pos)),
        "winners": winners(state, pos),
    }


def snapshot(state: State) -> JSON:
    """The whole state (hidden parts included) for tests and scenarios."""
    return {
        "era": state.era, "phase": state.phase, "first": state.first,
        "current": state.current, "event": state.event,
        "habitats": [habitat_json(state, i) for i in range(len(state.positions))],
        "species": {str(sid): species_json(state, sp) for sid, sp in sorted(state.species.items())},
        "hands": [list(h) for h in state.hands],
        "market": list(state.market),
        "small_size": len(state.small), "large_size": len(state.large),
        "small_discard": list(state.small_discard), "large_discard": list(state.large_discard),
        "habitat_deck_size": len(state.habitat_deck),
        "event_deck_size": len(state.event_deck),
        "habitat_discard": list(state.habitat_discard),
        "event_discard": list(state.event_discard),
        "banked": list(state.banked), "passed": list(state.passed),
        "scores": [state.score(s) for s in range(state.num_players)],
        "pending": [list(p) for p in state.pending], "draws": list(state.draws),
        "shown": [list(s) for s in state.shown],
        "build": None if state.build is None else {
            "kind": state.build.kind, "habitat": state.build.pos,
            "species": state.build.species, "added": list(state.build.added),
            "removed": list(state.build.removed), "ops": state.build.ops},
    }


#: fields of a scenario's ``new`` setup.
NEW_KEYS = {"hands", "first_player"}


def choose_hands(state: State, setup: Mapping[str, Any]) -> None:
    """A new game (dealt by its seed) with chosen hands (``core.hands``): a card is written
    by its data id, as in a position (and, as there, every card id and every habitat in play
    is a label). A seat given a hand draws no start hand; a seat without one draws its own as
    usual. ``first_player`` overrides the first seat."""
    setup = hands.setup_keys(setup, NEW_KEYS)
    index = {c.key: i for i, c in enumerate(load_catalog().cards)}

    def card(spec: Any, where: str) -> hands.Wanted:
        if spec not in index:
            raise ScenarioError(f"{where}: unknown card {spec!r}")
        cid = index[spec]
        if cid in state.market:
            raise ScenarioError(f"{where}: '{spec}' lies in the market")
        return hands.Wanted(lambda c: c == cid, None, str(spec))

    wanted = hands.wanted_hands(setup, state.num_players, card)
    held = [list(h) for h in state.hands]
    hands.choose_hands(
        held, [state.small, state.large], wanted,
        lambda c: state.large if bio.card(c).large else state.small, top_first=False,
    )
    state.hands = held
    chosen = {seat for seat, hand in enumerate(wanted) if hand is not None}
    state.draws = [seat for seat in state.draws if seat not in chosen]
    first = hands.first_player(setup, state.num_players)
    if first is not None:
        state.first = state.current = first
    state.labels = {**index, **{p.card: i for i, p in enumerate(state.positions)}}
    state.cache.clear()
