"""Scenario positions and full-state snapshots of Evolution (format: docs/scenarios.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from evolutio.core.game import JSON
from evolutio.core.scenario import ScenarioError
from evolutio.games.evolution.climate import set_current, setup_nature
from evolutio.games.evolution.geography import LAURASIA, LOCATIONS
from evolutio.games.evolution.links import Link
from evolutio.games.evolution.ops import fat_capacity, is_fed, need, refresh, revealed
from evolutio.games.evolution.pause import STOP_POINTS
from evolutio.games.evolution.plantpos import flora_json, read_flora
from evolutio.games.evolution.scoring import scores
from evolutio.games.evolution.state import (
    DEVELOPMENT,
    FEEDING,
    NO_CARD,
    Animal,
    AttackFrame,
    ChoiceFrame,
    Span,
    State,
)
from evolutio.games.evolution.trait import TRAIT_SETS, TRAITS

#: marks a scenario may set on an animal: what it already used this turn.
USED_MARKS = {
    "carnivore": Span.TURN,
    "piracy": Span.TURN,
    "mimicry": Span.TURN,
    "grazing": Span.STEP,
    "hibernation": Span.TURN,  # used last turn: cannot hibernate this turn
    "fed": Span.TURN,  # received food this turn (Piracy's condition)
    "attacked": Span.TURN,  # was attacked this turn (Shy)
    "intellect": Span.TURN,
    "ink_cloud": Span.PHASE,
    "no_food": Span.TURN,  # hid in its Shell: no food tokens this turn
    "ink_return": Span.TURN,  # stopped by an ink cloud: attacks again in its owner's next step
    "in_shell": Span.TURN,  # hid in its Shell: it cannot be attacked this turn (ruling 15)
    "homeothermy": Span.STEP,
    "viviparous": Span.TURN,
    "migration": Span.TURN,
}
ANIMAL_KEYS = {
    "name",
    "id",
    "card",
    "traits",
    "food",
    "fat",
    "red",
    "hibernating",
    "poisoned",
    "used",
    "revealed",
    "location",
    "paralysed",
    "remnant",
}
PLAYER_KEYS = {"hand", "discard", "passed", "animals"}
POSITION_KEYS = {
    "flora",
    "nature",
    "pause",
    "turn",
    "phase",
    "first_player",
    "current",
    "last_turn",
    "food_bank",
    "food_banks",
    "deck",
    "dice",
    "players",
    "links",
    "step",
    "table_cards",
}


class _Builder:
    def __init__(self, state: State, sets: list[str]) -> None:
        self.state = state
        self.sets = sets
        self.faces: list[tuple[str, ...]] = []

    def card(self, spec: Any, where: str) -> int:
        """A card from ``"trait"``, ``"face/face"``, a list of faces or ``{faces, name}``."""
        name = None
        if isinstance(spec, Mapping):
            name = spec.get("name")
            spec = spec.get("faces")
        if isinstance(spec, str):
            faces = tuple(f.strip() for f in spec.split("/"))
        elif isinstance(spec, list) and spec and all(isinstance(f, str) for f in spec):
            faces = tuple(spec)
        else:
            raise ScenarioError(f"{where}: expected a trait name, 'a/b' or a list of faces")
        for face in faces:
            self.trait(face, where)
        self.faces.append(faces)
        card_id = len(self.faces) - 1
        if name is not None:
            self.label(str(name), card_id, where)
        return card_id

    def trait(self, name: Any, where: str) -> str:
        if not isinstance(name, str) or name not in TRAITS:
            known = ", ".join(sorted(t for t in TRAITS if TRAIT_SETS[t] in self.sets))
            raise ScenarioError(f"{where}: unknown trait {name!r}; known: {known}")
        if TRAIT_SETS[name] not in self.sets:
            raise ScenarioError(
                f"{where}: {name} belongs to the '{TRAIT_SETS[name]}' set, which is not in "
                f"options.expansions"
            )
        return name

    def label(self, name: str, value: int, where: str) -> None:
        if name in self.state.labels:
            raise ScenarioError(f"{where}: the name '{name}' is used twice")
        self.state.labels[name] = value


def _int(data: Mapping[str, Any], key: str, where: str, default: int, low: int = 0) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ScenarioError(f"{where}.{key}: expected a whole number >= {low}, got {value!r}")
    return value


def _list(data: Mapping[str, Any], key: str, where: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"{where}.{key}: expected a list")
    return value


def _keys(data: Any, allowed: set[str], where: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise ScenarioError(f"{where}: expected a mapping")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ScenarioError(
            f"{where}: unknown field {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )
    return data


def from_position(options: dict[str, Any], position: Mapping[str, Any], seed: int) -> State:
    """Build a state from a scenario ``position`` (see docs/scenarios.md)."""
    where = "position"
    position = _keys(position, POSITION_KEYS, where)
    state = State(options, seed, [])
    build = _Builder(state, options["expansions"])
    n = state.num_players
    state.turn = _int(position, "turn", where, 1, 1)
    phase = position.get("phase", FEEDING)
    if phase not in (DEVELOPMENT, FEEDING):
        raise ScenarioError(f"{where}.phase: expected development or feeding, got {phase!r}")
    state.phase = phase
    state.first_player = _int(position, "first_player", where, 0)
    state.current = _int(position, "current", where, state.first_player)
    for key in ("first_player", "current"):
        if getattr(state, key) >= n:
            raise ScenarioError(f"{where}.{key}: seats are 0 to {n - 1}")
    state.food_bank = _int(position, "food_bank", where, 0)
    state.food_created = state.food_bank
    geography = "continents" in options["expansions"]
    if geography:
        if state.food_bank:
            raise ScenarioError(f"{where}.food_bank: with Continents give food_banks per location")
        banks = _keys(position.get("food_banks", {}), set(LOCATIONS), f"{where}.food_banks")
        state.banks = {place: _int(banks, place, f"{where}.food_banks", 0) for place in LOCATIONS}
        state.food_created = sum(state.banks.values())
    elif "food_banks" in position:
        raise ScenarioError(f"{where}.food_banks: locations need the continents expansion")
    raw_players = _list(position, "players", where)
    if len(raw_players) > n:
        raise ScenarioError(
            f"{where}.players: {len(raw_players)} players listed for a {n}-player game"
        )
    next_id = 1
    for seat, raw in enumerate(raw_players):
        pwhere = f"{where}.players[{seat}]"
        raw = _keys(raw, PLAYER_KEYS, pwhere)
        player = state.players[seat]
        player.passed = bool(raw.get("passed", False))
        for i, spec in enumerate(_list(raw, "hand", pwhere)):
            player.hand.append(build.card(spec, f"{pwhere}.hand[{i}]"))
        for i, spec in enumerate(_list(raw, "discard", pwhere)):
            player.discard.append(build.card(spec, f"{pwhere}.discard[{i}]"))
        for i, spec in enumerate(_list(raw, "animals", pwhere)):
            awhere = f"{pwhere}.animals[{i}]"
            spec = _keys(spec, ANIMAL_KEYS, awhere)
            animal_id = _int(spec, "id", awhere, next_id, 1)
            if animal_id in state.animals:
                raise ScenarioError(f"{awhere}.id: animal id {animal_id} is used twice")
            next_id = max(next_id, animal_id) + 1
            location = spec.get("location", LAURASIA if geography else "")
            if geography and location not in LOCATIONS:
                raise ScenarioError(
                    f"{awhere}.location: expected one of {', '.join(LOCATIONS)}, got {location!r}"
                )
            if not geography and location:
                raise ScenarioError(f"{awhere}.location: locations need the continents expansion")
            if spec.get("remnant"):
                card = NO_CARD
            else:
                card = build.card(spec.get("card", "swimming"), awhere)
            animal = Animal(animal_id, seat, card, location)
            for j, trait in enumerate(_list(spec, "traits", awhere)):
                twhere = f"{awhere}.traits[{j}]"
                card_name = None
                by = None
                if isinstance(trait, Mapping):
                    card_name = trait.get("name")
                    by = trait.get("by")
                    trait = trait.get("trait")
                trait_id = build.trait(trait, twhere)
                if TRAITS[trait_id].paired:
                    raise ScenarioError(f"{twhere}: {trait_id} is paired; list it under links")
                card = build.card(
                    {"faces": [trait_id], "name": card_name} if card_name else trait_id, twhere
                )
                animal.traits.append((card, trait_id))
                state.played_by[card] = _seat(by, twhere, n, _default_player(trait_id, seat, n))
            if "revealed" in spec:
                # the animal card lies face up as this trait (a revealed Anglerfish)
                trait_id = build.trait(spec["revealed"], f"{awhere}.revealed")
                animal.traits.insert(0, (animal.card, trait_id))
            refresh(animal)
            animal.paralysed = bool(spec.get("paralysed", False))
            animal.food = _int(spec, "food", awhere, 0)
            animal.red = _int(spec, "red", awhere, animal.food)
            if animal.red > animal.food:
                raise ScenarioError(f"{awhere}.red: more red tokens than food tokens")
            animal.fat = _int(spec, "fat", awhere, 0)
            animal.hibernating = bool(spec.get("hibernating", False))
            animal.poisoned = bool(spec.get("poisoned", False))
            if animal.fat > fat_capacity(animal):
                raise ScenarioError(f"{awhere}.fat: more fat than Fat tissue cards")
            state.food_created += animal.food + animal.fat
            if animal.food:
                state.use("fed", animal_id, Span.TURN)
            for mark in _list(spec, "used", awhere):
                if mark not in USED_MARKS:
                    raise ScenarioError(
                        f"{awhere}.used: unknown mark {mark!r}; known: {', '.join(USED_MARKS)}"
                    )
                state.use(mark, animal_id, USED_MARKS[mark])
            if animal.hibernating:
                # asleep this turn: as after the Hibernate action, not again next turn
                state.use("hibernation", animal_id, Span.NEXT_TURN)
            state.animals[animal_id] = animal
            player.animals.append(animal_id)
            if "name" in spec:
                build.label(str(spec["name"]), animal_id, awhere)
    state.next_animal = next_id
    for i, raw in enumerate(_list(position, "links", where)):
        lwhere = f"{where}.links[{i}]"
        raw = _keys(
            raw, {"trait", "animals", "name", "card_name", "used", "used_this_turn", "by"}, lwhere
        )
        trait_id = build.trait(raw.get("trait"), lwhere)
        if not TRAITS[trait_id].paired:
            raise ScenarioError(f"{lwhere}.trait: {trait_id} is not a paired trait")
        ends = raw.get("animals")
        if not isinstance(ends, list) or len(ends) != 2:
            raise ScenarioError(f"{lwhere}.animals: expected two animals")
        ids = []
        for end in ends:
            animal_id = state.labels.get(end, -1) if isinstance(end, str) else end
            if animal_id not in state.animals:
                raise ScenarioError(f"{lwhere}.animals: no animal {end!r}")
            ids.append(animal_id)
        card_name = raw.get("card_name")
        card = build.card(
            {"faces": [trait_id], "name": card_name} if card_name else trait_id, lwhere
        )
        link = Link(state.next_link, trait_id, card, ids[0], ids[1])
        owner = state.animals[ids[0]].owner
        state.played_by[card] = _seat(raw.get("by"), lwhere, n, _default_player(trait_id, owner, n))
        state.next_link += 1
        state.links[link.id] = link
        state.link_index = None
        if "name" in raw:
            build.label(str(raw["name"]), link.id, lwhere)
        if state.animals[ids[0]].location != state.animals[ids[1]].location:
            raise ScenarioError(f"{lwhere}.animals: a paired trait joins animals in one place")
        if raw.get("used"):
            state.use("link", link.id, Span.STEP)
        if raw.get("used_this_turn"):
            state.use(trait_id, link.id, Span.TURN)
    for i, spec in enumerate(_list(position, "table_cards", where)):
        state.table_cards.append(build.card(spec, f"{where}.table_cards[{i}]"))
    deck = _list(position, "deck", where)
    state.deck = [build.card(spec, f"{where}.deck[{i}]") for i, spec in enumerate(deck)][::-1]
    state.last_turn = bool(position.get("last_turn", not state.deck))
    step = _keys(position.get("step", {}), {"took_food", "acted", "location"}, f"{where}.step")
    state.main_done = bool(step.get("took_food", False))
    state.acted = bool(step.get("acted", state.main_done))
    if "location" in step:
        if step["location"] not in LOCATIONS or not geography:
            raise ScenarioError(f"{where}.step.location: expected one of {', '.join(LOCATIONS)}")
        state.where = step["location"]
    dice = _list(position, "dice", where)
    try:
        state.rng.script_dice(dice)
    except (TypeError, ValueError) as exc:
        raise ScenarioError(f"{where}.dice: {exc}") from None
    read_flora(state, position, build.card, where)
    state.card_faces = build.faces
    # what lies face up is known to all (trait and link cards, revealed animals, the table)
    state.public = set(
        [c for a in state.animals.values() for c, _ in a.traits]
        + [link.card for link in state.links.values()]
        + list(state.table_cards)
    )
    _nature(state, position, where)
    points = _list(position, "pause", where)
    unknown = [p for p in points if p not in STOP_POINTS]
    if unknown:
        raise ScenarioError(
            f"{where}.pause: unknown stop point {unknown[0]!r}; known: {STOP_POINTS}"
        )
    state.pauses = frozenset(points)
    return state


def _nature(state: State, position: Mapping[str, Any], where: str) -> None:
    """Ice Age: ``nature: {current, deck, discard}`` by change ids (deck top first); by
    default the whole set lies on the deck in the data file's order, none in force."""
    if "ice_age" not in state.options["expansions"]:
        if "nature" in position:
            raise ScenarioError(f"{where}.nature: natural changes need the ice_age expansion")
        return
    setup_nature(state, shuffle=False)
    if "nature" not in position:
        return
    nwhere = f"{where}.nature"
    spec = _keys(position["nature"], {"current", "deck", "discard"}, nwhere)
    free = list(range(len(state.nature_cards)))

    def take(change_id: Any, at: str) -> int:
        for card in free:
            if state.nature_cards[card].id == change_id:
                free.remove(card)
                return card
        known = sorted({c.id for c in state.nature_cards})
        raise ScenarioError(f"{at}: no natural change {change_id!r} left; known: {known}")

    state.nature_deck = [
        take(c, f"{nwhere}.deck[{i}]") for i, c in enumerate(_list(spec, "deck", nwhere))
    ][::-1]
    state.nature_discard = [
        take(c, f"{nwhere}.discard[{i}]") for i, c in enumerate(_list(spec, "discard", nwhere))
    ]
    if spec.get("current") is not None:
        set_current(state, take(spec["current"], f"{nwhere}.current"))


def _default_player(trait_id: str, owner: int, n: int) -> int:
    """Who played a trait card when the position does not say: the owner, or for a trait
    played only on others' animals (Parasite) the next seat."""
    return (owner + 1) % n if TRAITS[trait_id].target == "enemy" else owner


def _seat(value: Any, where: str, n: int, default: int) -> int:
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise ScenarioError(f"{where}.by: a seat from 0 to {n - 1}")
    return value


def animal_json(state: State, animal: Animal) -> JSON:
    return {
        "id": animal.id,
        "owner": animal.owner,
        "card": animal.card if animal.present else None,
        "location": animal.location,
        "present": animal.present,
        "paralysed": animal.paralysed,
        "disabled": [trait for card, trait in animal.traits if card in animal.off],
        "traits": [trait for _, trait in animal.traits],
        "trait_cards": [card for card, _ in animal.traits if card != animal.card],
        "faces": list(state.card_faces[animal.card]),
        "food": animal.food,
        "fat": animal.fat,
        "tokens": {"red": animal.red, "blue": animal.food - animal.red, "yellow": animal.fat},
        "face_down": animal.present and not revealed(animal),
        "played_by": {
            str(card): state.played_by[card]
            for card, _ in animal.traits
            if card != animal.card and card in state.played_by
        },
        "fat_capacity": fat_capacity(animal),
        "need": need(state, animal),
        "fed": is_fed(state, animal),
        "hibernating": animal.hibernating,
        "poisoned": animal.poisoned,
    }


def snapshot(state: State) -> JSON:
    """The whole state as JSON, hidden parts included (for tests and scenario checks)."""
    stack: list[JSON] = []
    for frame in state.stack:
        if isinstance(frame, AttackFrame):
            stack.append(
                {
                    "kind": "defend",
                    "carnivore": frame.carnivore,
                    "target": frame.target,
                    "ignore": list(frame.ignore),
                }
            )
        elif isinstance(frame, ChoiceFrame):
            stack.append(frame.to_json(state))
        else:
            stack.append({"kind": "trigger", "seat": frame.seat})
    extra: JSON = {"food_banks": dict(state.banks)} if state.geography else {}
    return {
        **extra,
        "turn": state.turn,
        "phase": state.phase,
        "edition": state.edition,
        "first_player": state.first_player,
        "current": state.current,
        "last_turn": state.last_turn,
        "food_bank": state.food_bank,
        "deck": list(reversed(state.deck)),
        "deck_size": len(state.deck),
        "players": [
            {
                "seat": p.seat,
                "hand": list(p.hand),
                "hand_size": len(p.hand),
                "hand_faces": ["/".join(state.card_faces[c]) for c in p.hand],
                "discard": list(p.discard),
                "discard_size": len(p.discard),
                "passed": p.passed,
                "animals": list(p.animals),
            }
            for p in state.players
        ],
        "animals": {str(a.id): animal_json(state, a) for a in state.animals.values()},
        "links": {
            str(link.id): {
                "id": link.id,
                "trait": link.trait,
                "card": link.card,
                "animals": [link.a, link.b],
                "played_by": state.played_by.get(link.card),
            }
            for link in state.links.values()
        },
        "cooldowns": sorted(f"{key}:{obj}" for key, obj in state.cooldowns),
        "table_cards": list(state.table_cards),
        "stack": stack,
        "step": {"took_food": state.main_done, "acted": state.acted, "location": state.where},
        "scores": scores(state),
        "food": {"created": state.food_created, "removed": state.food_removed},
        **_nature_json(state),
        **flora_json(state),
    }


def _nature_json(state: State) -> JSON:
    """Ice Age: the change in force (its id, or None) and the decks, by change id."""
    if not state.nature_cards:
        return {}
    cards = state.nature_cards
    return {
        "nature": {
            "current": cards[state.nature_now].id if state.nature_now >= 0 else None,
            "deck": [cards[c].id for c in reversed(state.nature_deck)],
            "discard": [cards[c].id for c in state.nature_discard],
        }
    }
