"""Scenario positions and snapshots (docs/scenarios.md; fields in docs/rules/northstar.md).

A card is a trait name, or ``{trait, food, name}``; its food value defaults to 0, so a test
never depends on the shipped provisional values (R-N01). Cards are numbered in the order
they appear: each player's hand, food card and species' traits, then the deck, then the
discard pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core import hands
from evolutio.core.game import JSON, OptionError
from evolutio.core.scenario import ScenarioError
from evolutio.games.northstar import ops
from evolutio.games.northstar.cards import TRAIT_IDS
from evolutio.games.northstar.climate_cards import CLIMATE_TRAITS, ZONES
from evolutio.games.northstar.flight import enabled
from evolutio.games.northstar.state import PHASES, Species, State
from evolutio.games.northstar.trait import is_carnivore

PLAYER_KEYS = {"hand", "bag", "food_card", "passed", "species"}
SPECIES_KEYS = {"name", "body", "pop", "food", "fat", "traits", "face_down"}
POSITION_KEYS = {"phase", "round", "first_player", "current", "last_round", "watering_hole",
                 "deck", "discard", "players", "used", "intel", "climate"}
#: fields of a Climate position's ``climate`` (docs/rules/northstar.md, "Climate").
CLIMATE_KEYS = {"zone", "cold_event", "hot_event", "cold_deck", "hot_deck", "set_aside"}


class PositionError(OptionError):
    """A malformed position; the message names the field."""


class _Builder:
    def __init__(self, state: State) -> None:
        self.state = state
        self.cards: list[tuple[str, int]] = []
        #: the Climate edition's sun (+) and snowflake (-) icons per card (``climate``).
        self.icons: list[int] = []
        #: the card ids it knows: the edition's traits, and the Flight expansion's when on.
        self.known = known_traits(state)

    def card(self, spec: Any, where: str) -> int:
        name = None
        food = 0
        icons = 0
        if isinstance(spec, Mapping):
            fields = {"trait", "food", "name"} | ({"climate"} if self.state.climate else set())
            unknown = sorted(set(spec) - fields)
            if unknown:
                raise PositionError(f"{where}: unknown field {', '.join(unknown)}")
            icons = spec.get("climate", 0)
            if isinstance(icons, bool) or not isinstance(icons, int) or not -3 <= icons <= 3:
                raise PositionError(f"{where}.climate: a whole number from -3 (snowflakes) "
                                    "to 3 (suns)")
            name, food, spec = spec.get("name"), spec.get("food", 0), spec.get("trait")
        if spec not in self.known:
            raise PositionError(f"{where}: unknown trait {spec!r}; known: {', '.join(self.known)}")
        if icons and spec not in CLIMATE_TRAITS:  # Climate with Flight: Flight's cards have none
            raise PositionError(f"{where}.climate: the Flight expansion's cards carry no icons")
        if isinstance(food, bool) or not isinstance(food, int) or not -3 <= food <= 9:
            raise PositionError(f"{where}.food: a whole number from -3 to 9")
        self.cards.append((str(spec), food))
        self.icons.append(icons)
        cid = len(self.cards) - 1
        if name is not None:
            self.state.labels[str(name)] = cid
        return cid

    def cards_list(self, value: Any, where: str) -> list[int]:
        if not isinstance(value, list):
            raise PositionError(f"{where}: expected a list of cards")
        return [self.card(c, f"{where}[{i}]") for i, c in enumerate(value)]


def _int(data: Mapping[str, Any], key: str, default: int, where: str, low: int = 0,
         high: int = 10_000) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise PositionError(f"{where}.{key}: expected a whole number from {low} to {high}")
    return value


def build(state: State, position: Mapping[str, Any]) -> None:
    """Replace ``state``'s table by ``position`` (phase defaults to feed)."""
    flight_on = enabled(state.options)
    keys, species_keys = POSITION_KEYS, SPECIES_KEYS
    if flight_on:  # the Flight expansion's fields (flight_table)
        from evolutio.games.northstar import flight_table

        keys, species_keys = keys | flight_table.POSITION_KEYS, \
            species_keys | flight_table.SPECIES_KEYS
    upkeep: dict[int, int] = {}
    unknown = sorted(set(position) - keys)
    if unknown:
        raise PositionError(f"position: unknown field {', '.join(unknown)}")
    b = _Builder(state)
    state.labels = {}
    players = position.get("players", [])
    if not isinstance(players, list) or len(players) > state.num_players:
        raise PositionError(f"position.players: at most {state.num_players} players")
    top = ops.max_track(state)
    face_down: list[int] = []
    for seat, pdata in enumerate(players):
        where = f"position.players[{seat}]"
        if not isinstance(pdata, Mapping):
            raise PositionError(f"{where}: expected a mapping")
        bad = sorted(set(pdata) - PLAYER_KEYS)
        if bad:
            raise PositionError(f"{where}: unknown field {', '.join(bad)}")
        player = state.players[seat]
        player.hand = b.cards_list(pdata.get("hand", []), f"{where}.hand")
        player.bag = _int(pdata, "bag", 0, where)
        food_card = pdata.get("food_card")
        player.food_card = None if food_card is None else b.card(food_card, f"{where}.food_card")
        player.passed = bool(pdata.get("passed", False))
        player.species = []
        for i, sdata in enumerate(pdata.get("species", [])):
            swhere = f"{where}.species[{i}]"
            if not isinstance(sdata, Mapping):
                raise PositionError(f"{swhere}: expected a mapping")
            bad = sorted(set(sdata) - species_keys)
            if bad:
                raise PositionError(f"{swhere}: unknown field {', '.join(bad)}")
            species = Species(state.next_id, _int(sdata, "body", 1, swhere, 1, top),
                              _int(sdata, "pop", 1, swhere, 1, top))
            state.next_id += 1
            if "name" in sdata:
                state.labels[str(sdata["name"])] = species.id
            species.food = _int(sdata, "food", 0, swhere, 0, species.pop)
            species.fat = _int(sdata, "fat", 0, swhere, 0, top)
            species.traits = b.cards_list(sdata.get("traits", []), f"{swhere}.traits")
            names = [b.cards[c][0] for c in species.traits]
            if len(set(names)) != len(names):
                raise PositionError(f"{swhere}.traits: the same trait twice")
            if sdata.get("face_down"):
                face_down.extend(species.traits)
            if "upkeep" in sdata:
                upkeep[species.id] = _int(sdata, "upkeep", 0, swhere, 0, 3)
            player.species.append(species)
    state.deck = b.cards_list(position.get("deck", []), "position.deck")
    state.discard = b.cards_list(position.get("discard", []), "position.discard")
    if flight_on:
        flight_table.build(state, position, b.cards, b.card, upkeep, PositionError)
    if state.climate is not None:
        _climate(state, b, position.get("climate", {}))
    elif "climate" in position:
        raise PositionError("position.climate: only with edition=climate")
    state.cards = tuple(b.cards)
    state.face_down = set(face_down)
    phase = position.get("phase", "feed")
    if phase not in PHASES[:-1]:
        raise PositionError(f"position.phase: one of {', '.join(PHASES[:-1])}")
    state.phase = str(phase)
    state.round = _int(position, "round", 1, "position", 1)
    n = state.num_players
    state.first_player = _int(position, "first_player", 0, "position", 0, n - 1)
    state.current = _int(position, "current", state.first_player, "position", 0, n - 1)
    last = position.get("last_round")
    state.last_round = None if last is None else _int(position, "last_round", 1, "position", 1)
    state.watering_hole = _int(position, "watering_hole", 0, "position")
    state.food_in = state.watering_hole + sum(
        p.bag + sum(s.food + s.fat for s in p.species) for p in state.players
    )
    if state.flight is not None:
        state.food_in += state.flight.cliff + sum(state.flight.upkeep.values())
    state.food_out = 0
    state.used = set()
    for i, pair in enumerate(position.get("used", [])):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in state.labels:
            raise PositionError(f"position.used[{i}]: expected [species name, trait]")
        state.used.add((state.labels[pair[0]], str(pair[1])))
    intel = position.get("intel")
    if intel is not None:
        if not isinstance(intel, Mapping) or intel.get("species") not in state.labels:
            raise PositionError("position.intel: expected {species: name, negated: [traits]}")
        state.intel = (state.labels[intel["species"]], frozenset(intel.get("negated", [])))


def _climate(state: State, b: _Builder, data: Any) -> None:
    """A Climate position's track: ``zone`` (default temperate), the event cards lying out
    (``cold_event``/``hot_event``: {kind, zone}, or none), the event decks top first
    (lists of {kind, zone}) and the trait cards set aside."""
    from evolutio.games.northstar.climate import cards_of

    if not isinstance(data, Mapping):
        raise PositionError("position.climate: expected a mapping")
    unknown = sorted(set(data) - CLIMATE_KEYS)
    if unknown:
        raise PositionError(f"position.climate: unknown field {', '.join(unknown)}")
    climate = state.climate
    zone = data.get("zone", "temperate")
    if zone not in ZONES:
        raise PositionError(f"position.climate.zone: one of {', '.join(ZONES)}")
    climate.zone = ZONES.index(zone)
    kinds = cards_of(state).events
    events: list[tuple[str, int]] = []

    def event(spec: Any, side: str, where: str) -> int:
        if not isinstance(spec, Mapping) or spec.get("kind") not in kinds:
            raise PositionError(f"{where}: expected {{kind, zone}}; kinds: {', '.join(kinds)}")
        kind = kinds[spec["kind"]]
        at = spec.get("zone", ZONES[kind.zones[0]])
        sides = ZONES[:3] if side == "cold" else ZONES[4:]
        if kind.side != side or at not in sides:
            raise PositionError(f"{where}: a {side} event in one of {', '.join(sides)}")
        events.append((kind.id, ZONES.index(at)))
        return len(events) - 1

    for side in ("cold", "hot"):
        spec = data.get(f"{side}_event")
        lying = None if spec is None else event(spec, side, f"position.climate.{side}_event")
        deck = [event(e, side, f"position.climate.{side}_deck[{i}]")
                for i, e in enumerate(data.get(f"{side}_deck", []))]
        if side == "cold":
            climate.cold, climate.cold_deck = lying, deck
        else:
            climate.hot, climate.hot_deck = lying, deck
    climate.events = tuple(events)
    climate.set_aside = b.cards_list(data.get("set_aside", []), "position.climate.set_aside")
    climate.icons = tuple(b.icons)


def snapshot(state: State) -> JSON:
    species: JSON = {}
    for seat, _, s in state.all_species():
        species[str(s.id)] = {
            "owner": seat,
            "body": s.body,
            "pop": s.pop,
            "food": s.food,
            "fat": s.fat,
            "traits": [state.cards[c][0] for c in s.traits],
            "trait_cards": list(s.traits),
            "hungry": s.food < s.pop,
            "carnivore": is_carnivore(state, s),
            "fat_capacity": ops.fat_capacity(state, s),
            "face_down": [c for c in s.traits if c in state.face_down],
        }
    from evolutio.games.northstar.scoring import scores

    out: JSON = {
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first_player,
        "current": state.current,
        "last_round": state.last_round,
        "watering_hole": state.watering_hole,
        "deck": list(state.deck),
        "deck_size": len(state.deck),
        "discard": list(state.discard),
        "discard_size": len(state.discard),
        "players": [
            {
                "hand": list(p.hand),
                "hand_size": len(p.hand),
                "bag": p.bag,
                "food_card": p.food_card,
                "passed": p.passed,
                "species": [s.id for s in p.species],
            }
            for p in state.players
        ],
        "species": species,
        "used": sorted(f"{trait}:{sid}" for sid, trait in state.used),
        "intel": None if state.intel is None else {
            "species": state.intel[0], "negated": sorted(state.intel[1])},
        "scores": scores(state),
        "food": {"in": state.food_in, "out": state.food_out},
        **({} if state.climate is None else {"climate": _climate_snapshot(state)}),
    }
    if state.flight is not None:  # the Flight expansion's fields
        from evolutio.games.northstar.flight_table import extend_snapshot

        extend_snapshot(state, out)
    return out


def _climate_snapshot(state: State) -> JSON:
    from evolutio.games.northstar.climate import view

    return {**view(state), "icons": list(state.climate.icons),
            "discard": [state.climate.events[c][0] for c in state.climate.discard]}


#: fields of a scenario's ``new`` setup.
NEW_KEYS = {"hands", "first_player"}


def known_traits(state: State) -> tuple[str, ...]:
    """The trait ids a position or a chosen hand may name: the edition's (Climate's own
    list), and the Flight expansion's cards when it is on."""
    known: tuple[str, ...] = CLIMATE_TRAITS if state.climate is not None else TRAIT_IDS
    if enabled(state.options):
        from evolutio.games.northstar.flight_table import known_cards

        known = known + known_cards()
    return known


def choose_hands(state: State, setup: Mapping[str, Any]) -> None:
    """A new game (dealt by its seed) with chosen hands (``core.hands``): a card is written
    as in a position, a trait name or ``{trait, food, name}``; it fits any card of that trait
    (of that food value, if given). ``first_player`` overrides the seat chosen by lot."""
    setup = hands.setup_keys(setup, NEW_KEYS)
    known = known_traits(state)

    def card(spec: Any, where: str) -> hands.Wanted:
        name, food = None, None
        if isinstance(spec, Mapping):
            unknown = sorted(set(spec) - {"trait", "food", "name"})
            if unknown:
                raise ScenarioError(f"{where}: unknown field {', '.join(unknown)}")
            name, food, spec = spec.get("name"), spec.get("food"), spec.get("trait")
        if spec not in known:
            raise ScenarioError(f"{where}: unknown trait {spec!r}; known: {', '.join(known)}")
        trait = str(spec)
        return hands.Wanted(
            lambda c: state.cards[c][0] == trait and food in (None, state.cards[c][1]),
            None if name is None else str(name),
            trait if food is None else f"{trait} (food {food})",
        )

    wanted = hands.wanted_hands(setup, state.num_players, card)
    held = [p.hand for p in state.players]
    labels = hands.choose_hands(held, [state.deck], wanted, lambda c: state.deck, top_first=True)
    for player, hand in zip(state.players, held, strict=True):
        player.hand = hand
    state.labels = {**state.labels, **labels}
    first = hands.first_player(setup, state.num_players)
    if first is not None:
        state.first_player = state.current = first
    state.memo = {}
