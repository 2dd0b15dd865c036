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

from evolutio.core.encoding import ActionLayout, ObservationLayout
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
from evolutio.games.northstar.cards import FOOD_MIN, TRAIT_IDS
from evolutio.games.northstar.climate_cards import CLIMATE_TRAITS, ICONS_MAX
from evolutio.games.northstar.encoding_parts import (
    FOODS,
    ICONS,
    MAX_SPECIES,
    SEAT_FEATURES,
    SPECIES_SCALARS,
    add_attack,
    add_climate,
    add_done_pass,
    add_eat,
    add_food,
    add_grow_trait,
    add_phase_round,
    add_seats,
    add_species,
    add_table,
    add_use_intelligence,
    write_climate,
    write_intel,
    write_phase_round,
    write_seat,
    write_species,
    write_turn,
)
from evolutio.games.northstar.state import State
from evolutio.games.northstar.trait import TRAITS

MAX_TRAITS = 3
KINDS = len(TRAIT_IDS) * FOODS
#: every trait's index: the base game's 17 first, then the Climate edition's (which only its
#: layouts count).
TRAIT_INDEX = {trait: i for i, trait in enumerate(CLIMATE_TRAITS)}
#: the traits a carnivore's Intelligence can switch off (the protecting ones, R-N26).
NEGATABLE = tuple(t for t in TRAIT_IDS if TRAITS[t].negatable)
TRAITS_AT = len(SPECIES_SCALARS)
SPECIES_FEATURES = TRAITS_AT + len(TRAIT_IDS)

#: the Climate edition (docs/rl.md): 21 traits, 4 per species, and a card's kind also names
#: its climate icons (-3..+3) where the card is a food card (the ``food`` action, the hand,
#: the food card, the discard pile); the other actions name it by trait and food only.
CLIMATE_MAX_TRAITS = 4
CLIMATE_KINDS = len(CLIMATE_TRAITS) * FOODS
CLIMATE_SPECIES_FEATURES = TRAITS_AT + len(CLIMATE_TRAITS)
#: the same over the Climate deck's 21 traits, as the layout with Flight takes them from its
#: own: none of the four new traits protects, so the list is the base game's.
CLIMATE_NEGATABLE = tuple(t for t in CLIMATE_TRAITS if TRAITS[t].negatable)


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
    kinds = CLIMATE_KINDS if climate else KINDS
    kind = ("kind", kinds)
    traits = CLIMATE_TRAITS if climate else TRAIT_IDS
    layout = ActionLayout()
    add_done_pass(layout)
    add_food(layout, kinds, climate)
    add_species(layout, kind)
    add_grow_trait(layout, kind, CLIMATE_MAX_TRAITS if climate else MAX_TRAITS)
    add_use_intelligence(layout, kind, len(traits), "Long Neck, Fertile, Fat Tissue",
                         CLIMATE_NEGATABLE if climate else NEGATABLE)
    add_eat(layout)
    add_attack(layout, players)
    return layout


@cache
def _observation(players: int, climate: bool = False) -> ObservationLayout:
    traits = CLIMATE_TRAITS if climate else TRAIT_IDS
    layout = ObservationLayout()
    add_phase_round(layout)
    add_table(layout, players, CLIMATE_KINDS * ICONS if climate else KINDS)
    add_seats(layout, players, len(traits), "Intelligence",
              CLIMATE_SPECIES_FEATURES if climate else SPECIES_FEATURES, SPECIES_SCALARS)
    if climate:
        add_climate(layout)
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
        negatable = NEGATABLE
        if climate:  # a card's kind without its icons, except as a food card
            kinds = [k // ICONS for k in kinds]
            most = CLIMATE_MAX_TRAITS
            negatable = CLIMATE_NEGATABLE
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
                        negatable.index(a.negate) + 1 if a.negate in negatable else -1)
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
        write_phase_round(state, out, off)
        write_turn(state, seat, out, off)
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
        for r in range(n):
            player = state.players[(seat + r) % n]
            write_seat(player, out, off["seats"] + r * SEAT_FEATURES)
            row = off["species"] + r * MAX_SPECIES * features
            for slot, species in enumerate(player.species[:MAX_SPECIES]):
                places[species.id] = r * MAX_SPECIES + slot
                at = row + slot * features
                write_species(state, species, r > 0, TRAIT_INDEX, TRAITS_AT, out, at)
                if species.food < species.pop:
                    out[at + 6] = 1.0
        write_intel(state, places, TRAIT_INDEX, out, off["intel"])
        if climate is not None:
            write_climate(climate, out, off["climate"])


ENCODING = NorthStarEncoding()
