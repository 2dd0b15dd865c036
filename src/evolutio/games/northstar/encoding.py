"""North Star's Evolution for learning agents: a fixed action index space and observation.

Seen from the acting seat: seats relative to it (0 = itself), species by their place in
their owner's row (slot 0 = leftmost), at most ``MAX_SPECIES`` per seat. A card is named by
its kind, the pair (trait, food value): ``trait index × 13 + food + 3``, since two cards of
one kind are the same choice. Traits played this phase lie face down to other seats, and so
do the food cards chosen: the observation counts them without naming them. docs/rl.md has
the tables.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import MutableSequence, Sequence
from functools import cache
from typing import Any

from evolutio.core.encoding import ActionLayout, ObservationLayout, one_hot_index
from evolutio.core.game import Action, Options
from evolutio.games.northstar.actions import (
    Attack,
    ChooseFood,
    Done,
    Eat,
    Grow,
    NewSpecies,
    Pass,
    PlayTrait,
    Use,
)
from evolutio.games.northstar.cards import FOOD_MAX, FOOD_MIN, TRAIT_IDS
from evolutio.games.northstar.climate_cards import CLIMATE_TRAITS, ICONS_MAX, ZONES
from evolutio.games.northstar.state import PHASES, State
from evolutio.games.northstar.trait import TRAITS

MAX_SPECIES = 12
MAX_TRAITS = 3
FOODS = FOOD_MAX - FOOD_MIN + 1
KINDS = len(TRAIT_IDS) * FOODS
#: every trait's index: the base game's 17 first, then the Climate edition's (which only its
#: layouts count).
TRAIT_INDEX = {trait: i for i, trait in enumerate(CLIMATE_TRAITS)}
#: the traits a carnivore's Intelligence can switch off.
NEGATABLE = tuple(t for t in TRAIT_IDS if TRAITS[t].negatable)
SIDES = ("left", "right")
TRACKS = ("body", "pop")
SPECIES_SCALARS = ("exists", "body", "population", "food", "fat", "fat_capacity", "hungry",
                   "carnivore", "hidden_traits")
TRAITS_AT = len(SPECIES_SCALARS)
SPECIES_FEATURES = TRAITS_AT + len(TRAIT_IDS)
SEAT_FEATURES = 5

#: the Climate edition (docs/rl.md): 21 traits, 4 per species, and a card's kind also names
#: its climate icons (-3..+3) where the card is a food card (the ``food`` action, the hand,
#: the food card, the discard pile); the other actions name it by trait and food only.
ICONS = 2 * ICONS_MAX + 1
CLIMATE_MAX_TRAITS = 4
CLIMATE_KINDS = len(CLIMATE_TRAITS) * FOODS
CLIMATE_SPECIES_FEATURES = TRAITS_AT + len(CLIMATE_TRAITS)
#: the Climate segment: the zone, each side's event card (kind, zone), the decks' sizes.
EVENT_KINDS = {"cold": ("blizzard", "frost", "ice_age"), "hot": ("heat_wave", "drought",
                                                                 "wildfire")}
CLIMATE_FEATURES = len(ZONES) + 2 * (3 + len(ZONES)) + 3


def kind_of(state: State, card: int) -> int:
    """The kind index of a card: its trait and food value (and in Climate its icons)."""
    return _kinds(state)[card]


#: the kinds of the last card list seen (a game's list never changes, and clones share it).
_KINDS: list[tuple[object, list[int]]] = []


def _kinds(state: State) -> list[int]:
    """The kind of every card id of this game's card list, computed once per list."""
    if _KINDS and _KINDS[0][0] is state.cards:
        return _KINDS[0][1]
    kinds = [TRAIT_INDEX[trait] * FOODS + food - FOOD_MIN for trait, food in state.cards]
    if state.climate is not None:
        icons = state.climate.icons
        kinds = [k * ICONS + icons[c] + ICONS_MAX for c, k in enumerate(kinds)]
    _KINDS[:] = [(state.cards, kinds)]
    return kinds


def _climate(options: Options) -> bool:
    return options.get("edition") == "climate"


@cache
def _actions(players: int, climate: bool = False) -> ActionLayout:
    species = ("species", MAX_SPECIES)
    kind = ("kind", CLIMATE_KINDS if climate else KINDS)
    traits = CLIMATE_TRAITS if climate else TRAIT_IDS
    most = CLIMATE_MAX_TRAITS if climate else MAX_TRAITS
    layout = ActionLayout()
    layout.add("done", (), "end the play-cards turn or the before-feeding uses")
    layout.add("pass", (), "leave this round's feeding")
    if climate:
        layout.add("food", [("kind", CLIMATE_KINDS * ICONS)],
                   "put a card of a kind (trait, food value, climate icons) on the watering "
                   "hole")
    else:
        layout.add("food", [kind], "put a card of a kind on the watering hole")
    layout.add("species", [kind, ("side", 2)], "discard a card for a new species (left, right)")
    layout.add("grow", [kind, species, ("track", 2)],
               "discard a card for +1 body size or +1 population of an own species")
    layout.add("trait", [kind, species, ("replace", most + 1)],
               "play a card as a trait on an own species (replace: none, or the trait card "
               "at position replace-1)")
    layout.add("use", [species, ("trait", len(traits))],
               "use a trait of an own species (Long Neck, Fertile, Fat Tissue, ...)")
    layout.add("intelligence", [species, kind, ("negate", len(NEGATABLE) + 1)],
               "use Intelligence discarding a card of a kind (negate: none, or the trait "
               "switched off: " + ", ".join(NEGATABLE) + ")")
    layout.add("eat", [species], "feed an own species at the watering hole")
    layout.add("attack", [species, ("target", players * MAX_SPECIES)],
               "an own carnivore attacks a species (relative seat × slot)")
    return layout


@cache
def _observation(players: int, climate: bool = False) -> ObservationLayout:
    kinds = CLIMATE_KINDS * ICONS if climate else KINDS
    traits = CLIMATE_TRAITS if climate else TRAIT_IDS
    features = CLIMATE_SPECIES_FEATURES if climate else SPECIES_FEATURES
    layout = ObservationLayout()
    layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
    layout.add("round", 4, "round / 10, last round announced, bell (this is the last), "
               "watering hole / 10")
    layout.add("deck", 1, "deck size / 100")
    layout.add("first_player", players, "one-hot relative seat of the first player")
    layout.add("current", players, "one-hot relative seat whose turn it is")
    layout.add("hand", kinds, "cards in the own hand per kind")
    layout.add("food_card", kinds, "one-hot kind of the own chosen food card")
    layout.add("discard", kinds, "cards in the discard pile per kind")
    layout.add("intel", players * MAX_SPECIES + len(traits),
               "Intelligence in force: one-hot species, then the traits it switched off")
    layout.add("seats", players * SEAT_FEATURES,
               "per relative seat: hand size / 10, food in the bag / 10, food card chosen, "
               "passed, species / 5")
    layout.add("species", players * MAX_SPECIES * features,
               f"per relative seat, per slot ({features} each): "
               + ", ".join(SPECIES_SCALARS) + "; face-up (or own) trait cards per trait")
    if climate:
        layout.add("climate", CLIMATE_FEATURES,
                   "one-hot zone of the marker (" + ", ".join(ZONES) + "); the cold event "
                   "card lying out (one-hot kind, one-hot zone), the hot one likewise; cold "
                   "deck / 15, hot deck / 15, set-aside cards / 100")
    return layout


def _flight(options: Options) -> bool:
    """Whether the game has the Flight expansion: ``flight_encoding`` encodes it."""
    return "flight" in (options.get("expansions") or ())


class NorthStarEncoding:
    """The encoding of North Star's Evolution (``GAME.encoding``)."""

    def action_layout(self, options: Options) -> ActionLayout:
        if _flight(options):
            from evolutio.games.northstar import flight_encoding

            return flight_encoding.actions(int(options["players"]), _climate(options))
        return _actions(int(options["players"]), _climate(options))

    def observation_layout(self, options: Options) -> ObservationLayout:
        if _flight(options):
            from evolutio.games.northstar import flight_encoding

            return flight_encoding.observation(int(options["players"]), _climate(options))
        return _observation(int(options["players"]), _climate(options))

    def action_index(self, state: State, seat: int, action: Action) -> int | None:
        return self.action_indices(state, seat, [action])[0]

    def action_indices(
        self, state: State, seat: int, actions: Sequence[Action]
    ) -> list[int | None]:
        """The indices of several actions of ``seat`` in one state (shares the lookups).

        The play phase's action objects are made once per game (``rules``); the index of a
        growth, a new species, a trait or ``done`` depends only on the object and on the
        seat's species and their trait cards, so it is kept per game by those."""
        if state.flight is not None:  # the Flight expansion: its own encoding
            from evolutio.games.northstar import flight_encoding

            return flight_encoding.action_indices(state, seat, actions)
        row = state.players[seat].species[:MAX_SPECIES]
        known = state.per_game.get("indices")
        if known is None or len(known) > 2_000:
            known = state.per_game["indices"] = {}
        order = tuple((species.id, tuple(species.traits)) for species in row)
        kept: tuple[dict[int, int], dict[int, Action]] | None = known.get(order)
        if kept is None:
            kept = known[order] = ({}, {})
        # an id found in ``kept`` is the kept object's own: it holds the object alive
        found: list[int | None] = list(map(kept[0].get, map(id, actions)))
        if None in found:
            missing = [i for i, index in enumerate(found) if index is None]
            computed = self._indices(state, seat, [actions[i] for i in missing], kept)
            for i, index in zip(missing, computed, strict=True):
                found[i] = index
        return found

    def _indices(self, state: State, seat: int, actions: Sequence[Action],
                 kept: tuple[dict[int, int], dict[int, Action]]) -> list[int | None]:
        """The indices computed, keeping those that depend only on the action object and
        the order of the seat's species (``kept``: index and object by the object's id)."""
        n = state.num_players
        climate = state.climate is not None
        layout = _actions(n, climate)
        kinds = _kinds(state)
        food_kinds = kinds
        most = MAX_TRAITS
        if climate:  # a card's kind without its icons, except as a food card
            kinds = [k // ICONS for k in kinds]
            most = CLIMATE_MAX_TRAITS
        row = state.players[seat].species[:MAX_SPECIES]
        mine = {species.id: (slot, species) for slot, species in enumerate(row)}
        kept_index, kept_object = kept
        trait_at = layout.start("trait")
        grow_at = layout.start("grow")
        food_at = layout.start("food")
        species_at = layout.start("species")
        eat_at = layout.start("eat")
        table: dict[int, int] | None = None
        out: list[int | None] = []
        for a in actions:
            index: int | None = None
            keep = False
            kind = type(a)
            if isinstance(a, PlayTrait):
                found = mine.get(a.species)
                if found is not None:
                    replace = a.replace
                    keep = True
                    if replace is None:
                        where = 0
                    else:
                        traits = found[1].traits
                        where = traits.index(replace) + 1 if replace in traits else -1
                    if 0 <= where <= most:
                        index = trait_at + ((kinds[a.card] * MAX_SPECIES + found[0])
                                            * (most + 1) + where)
            elif isinstance(a, Grow):
                found = mine.get(a.species)
                if found is not None:
                    index = grow_at + ((kinds[a.card] * MAX_SPECIES + found[0]) * 2
                                       + (a.track == "pop"))
                    keep = True
            elif isinstance(a, NewSpecies):
                index = species_at + 2 * kinds[a.card] + (a.side == "right")
                keep = True
            elif kind is Done or kind is Pass:
                index = layout.index(a.type)
                keep = True
            elif kind is ChooseFood:
                index = food_at + food_kinds[a.card]  # type: ignore[attr-defined]
                keep = True
            elif isinstance(a, Use):
                slot = mine[a.species][0] if a.species in mine else -1
                if a.card is not None:
                    negate = 0 if a.negate is None else (
                        NEGATABLE.index(a.negate) + 1 if a.negate in NEGATABLE else -1)
                    index = layout.index("intelligence", slot, kinds[a.card], negate)
                elif a.negate is None:
                    index = layout.index("use", slot, TRAIT_INDEX[a.trait])
            elif isinstance(a, Eat):
                index = eat_at + mine[a.species][0] if a.species in mine else None
                keep = True
            elif isinstance(a, Attack):
                if table is None:
                    table = {sp.id: r * MAX_SPECIES + slot for r in range(n) for slot, sp in
                             enumerate(state.players[(seat + r) % n].species[:MAX_SPECIES])}
                index = layout.index("attack", mine[a.species][0] if a.species in mine else -1,
                                     table.get(a.target, -1))
            if keep and index is not None:
                kept_index[id(a)] = index
                kept_object[id(a)] = a
            out.append(index)
        return out

    def observe(self, state: State, seat: int, out: MutableSequence[float]) -> None:
        if state.flight is not None:  # the Flight expansion: its own encoding
            from evolutio.games.northstar import flight_encoding

            flight_encoding.observe(state, seat, out)
            return
        n = state.num_players
        climate = state.climate
        layout = _observation(n, climate is not None)
        features = SPECIES_FEATURES if climate is None else CLIMATE_SPECIES_FEATURES
        size = KINDS if climate is None else CLIMATE_KINDS * ICONS
        off = layout.offsets
        out[off["phase"] + one_hot_index(PHASES, state.phase)] = 1.0
        base = off["round"]
        out[base] = state.round / 10
        out[base + 1] = float(state.last_round is not None)
        out[base + 2] = float(state.last_round is not None and state.round >= state.last_round)
        out[base + 3] = state.watering_hole / 10
        out[off["deck"]] = len(state.deck) / 100
        out[off["first_player"] + (state.first_player - seat) % n] = 1.0
        out[off["current"] + (state.current - seat) % n] = 1.0
        me = state.players[seat]
        kinds = _kinds(state)
        base = off["hand"]
        for card in me.hand:
            out[base + kinds[card]] += 1.0
        if me.food_card is not None:
            out[off["food_card"] + kinds[me.food_card]] = 1.0
        base = off["discard"]
        if isinstance(out, array):  # the pile only grows in a round: its block, kept per game
            seen = state.per_game.setdefault("discard_block", {})
            key = tuple(state.discard)
            block = seen.get(key)
            if block is None:
                if len(seen) > 2_000:
                    seen.clear()
                block = seen[key] = array("f", bytes(4 * size))
                for kind, count in Counter(map(kinds.__getitem__, state.discard)).items():
                    block[kind] = count
            out[base:base + size] = block
        else:
            for kind, count in Counter(map(kinds.__getitem__, state.discard)).items():
                out[base + kind] = count
        places: dict[int, int] = {}
        cards = state.cards
        face_down = state.face_down
        for r in range(n):
            player = state.players[(seat + r) % n]
            base = off["seats"] + r * SEAT_FEATURES
            out[base] = len(player.hand) / 10
            out[base + 1] = player.bag / 10
            out[base + 2] = float(player.food_card is not None)
            out[base + 3] = float(player.passed)
            out[base + 4] = len(player.species) / 5
            row = off["species"] + r * MAX_SPECIES * features
            for slot, species in enumerate(player.species[:MAX_SPECIES]):
                places[species.id] = r * MAX_SPECIES + slot
                at = row + slot * features
                out[at] = 1.0
                out[at + 1] = species.body / 6
                out[at + 2] = species.pop / 6
                out[at + 3] = species.food
                out[at + 4] = species.fat
                if species.food < species.pop:
                    out[at + 6] = 1.0
                hidden = 0
                carnivore = False
                capacity = 0
                for card in species.traits:
                    if r and card in face_down:
                        hidden += 1
                        continue
                    trait = cards[card][0]
                    out[at + TRAITS_AT + TRAIT_INDEX[trait]] += 1.0
                    hook = TRAITS[trait]
                    carnivore = carnivore or hook.meat_only
                    capacity += hook.fat_capacity(species)  # ops.fat_capacity, in one pass
                if hidden:
                    out[at + 8] = hidden
                else:
                    out[at + 5] = capacity
                    out[at + 7] = float(carnivore)
        if state.intel is not None:
            base = off["intel"]
            place = places.get(state.intel[0])
            if place is not None:
                out[base + place] = 1.0
            for trait in state.intel[1]:
                out[base + n * MAX_SPECIES + TRAIT_INDEX[trait]] = 1.0
        if climate is not None:
            _observe_climate(climate, out, off["climate"])


def _observe_climate(climate: Any, out: MutableSequence[float], base: int) -> None:
    """The Climate segment (``_observation``): the zone, the event cards out, the decks."""
    out[base + climate.zone] = 1.0
    at = base + len(ZONES)
    for side, card in (("cold", climate.cold), ("hot", climate.hot)):
        if card is not None:
            kind, zone = climate.events[card]
            if kind in EVENT_KINDS[side]:
                out[at + EVENT_KINDS[side].index(kind)] = 1.0
            out[at + 3 + zone] = 1.0
        at += 3 + len(ZONES)
    out[at] = len(climate.cold_deck) / 15
    out[at + 1] = len(climate.hot_deck) / 15
    out[at + 2] = len(climate.set_aside) / 100


ENCODING = NorthStarEncoding()
