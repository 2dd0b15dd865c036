"""Plants («Эволюция. Растения»): what players do with plants (flora.py holds the plants and
the growth phase, traits/plants.py the plant traits).

- Development: a plant trait card goes on a plant of the table, any plant, by any player
  (what the trait does there is its own rule, traits/plants.py: one joins two plants, one
  becomes a new plant on its host).
- Feeding: instead of a red token from the food bank, an animal takes one from a plant it
  can reach (``forage``): in its own location, not closed to it by a plant trait (each
  trait's ``reach``), and for a carnivore only a plant with the fruit icon. Instead of food
  an animal may take a shelter token (``shelter``): no carnivore attacks it until the end of
  the turn. A player may instead move a token from a host plant to its Parasitic plant
  (``parasitize``).

Tokens taken from plants are red: paired traits (Communication, Cooperation) answer them as
they answer the food bank's; Communication's partner takes its token from the same plant.
"""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.actions import ACTION_TYPES
from evolutio.games.evolution.cards import card_kinds
from evolutio.games.evolution.flora import (
    PARASITE,
    PLANTS,
    Flora,
    Plant,
    PlantAttacked,
    PlantFed,
    PlantFoodTaken,
    PlantTraitPlayed,
    ShelterTaken,
)
from evolutio.games.evolution.ops import (
    BANK,
    IN_SHELL,
    can_eat,
    gain,
    remove_animal,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import NO_CARD, Animal, Span, State
from evolutio.games.evolution.trait import PLANT_RULES

#: the plant traits: the first face of each card of the set goes on plants (data/cards.toml).
PLANT_TRAITS = frozenset(faces[0] for card_set, faces, _ in card_kinds() if card_set == PLANTS)


# -- actions -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Forage(Action):
    """The animal takes a red token from the plant."""

    animal: int
    plant: int

    def notation(self) -> str:
        return f"forage A{self.animal} P{self.plant}"


Forage.type = "forage"


@dataclass(frozen=True, slots=True)
class TakeShelter(Action):
    """Instead of food, the animal takes a shelter token from the plant."""

    animal: int
    plant: int

    def notation(self) -> str:
        return f"shelter A{self.animal} P{self.plant}"


TakeShelter.type = "shelter"


@dataclass(frozen=True, slots=True)
class Parasitize(Action):
    """A token moves from the host plant to the Parasitic plant ``plant``."""

    plant: int

    def notation(self) -> str:
        return f"parasitize P{self.plant}"


Parasitize.type = "parasitize"


@dataclass(frozen=True, slots=True)
class PlayPlantTrait(Action):
    """A card played as a plant trait on a plant."""

    card: int
    trait: str
    plant: int

    def notation(self) -> str:
        return f"plant_trait #{self.card} {self.trait} P{self.plant}"


PlayPlantTrait.type = "plant_trait"


@dataclass(frozen=True, slots=True)
class PlayPlantPair(Action):
    """A card played as Mycorrhiza between two plants."""

    card: int
    trait: str
    plant: int
    plant2: int

    def notation(self) -> str:
        return f"plant_pair #{self.card} {self.trait} P{self.plant} P{self.plant2}"


PlayPlantPair.type = "plant_pair"


@dataclass(frozen=True, slots=True)
class PlantAttack(Action):
    """A player sends the Carnivorous plant ``plant`` at another player's animal."""

    plant: int
    target: int

    def notation(self) -> str:
        return f"plant_attack P{self.plant} A{self.target}"


PlantAttack.type = "plant_attack"

ACTION_TYPES.add(PlantAttack)
ACTION_TYPES.add(Forage)
ACTION_TYPES.add(TakeShelter)
ACTION_TYPES.add(Parasitize)
ACTION_TYPES.add(PlayPlantTrait)
ACTION_TYPES.add(PlayPlantPair)

FEEDING_TYPES = frozenset({"forage", "shelter", "parasitize", "plant_attack"})
DEVELOPMENT_TYPES = (PlayPlantTrait, PlayPlantPair)


def _made(state: State, cls: type[Action], *fields: object) -> Action:
    """The action object, made once per game (``State.made``)."""
    key = (cls, *fields)
    action = state.made.get(key)
    if action is None:
        action = state.made[key] = cls(*fields)
    return action


def flora_of(state: State) -> Flora:
    flora = state.flora
    assert flora is not None
    return flora


# -- development -------------------------------------------------------------------------------


def play_block(state: State, seat: int, action: Action) -> str | None:
    """Why the plant trait play may not be made, or None."""
    assert isinstance(action, DEVELOPMENT_TYPES)
    flora = flora_of(state)
    if action.card not in state.players[seat].hand:
        return refusal("not_in_hand")
    if action.trait not in state.card_faces[action.card]:
        return refusal("wrong_face", state.edition, traits=state.card_faces[action.card],
                       trait=action.trait)
    if action.trait not in PLANT_TRAITS:
        return refusal("not_plant_trait", state.edition, trait=action.trait)
    paired = PLANT_RULES[action.trait].joins
    if paired != isinstance(action, PlayPlantPair):
        return refusal("paired" if paired else "single", state.edition, trait=action.trait)
    plant = flora.plants.get(action.plant)
    if plant is None:
        return refusal("no_plant", plant=action.plant)
    if isinstance(action, PlayPlantPair):
        other = flora.plants.get(action.plant2)
        if other is None:
            return refusal("no_plant", plant=action.plant2)
        if other.id == plant.id or other.id in flora.partners(plant.id):
            return refusal("plants_joined", plant=plant.id, plant2=other.id)
        if other.location != plant.location:
            return refusal("plants_apart", plant=plant.id, plant2=other.id,
                           place=plant.location, place2=other.location)
        return None
    if plant.has(action.trait) and not PLANT_RULES[action.trait].repeats:
        return refusal("plant_has", state.edition, plant=plant.id, trait=action.trait)
    return None


def development_actions(state: State, seat: int) -> list[Action]:
    """Every plant trait play of ``seat``'s hand, by card, then plant."""
    flora = flora_of(state)
    out: list[Action] = []
    ids = list(flora.plants)
    for card in state.players[seat].hand:
        for face in state.card_faces[card]:
            if face not in PLANT_TRAITS:
                continue
            if PLANT_RULES[face].joins:
                for i, a in enumerate(ids):
                    joined = flora.partners(a)
                    place = flora.plants[a].location
                    for b in ids[i + 1:]:
                        if b not in joined and flora.plants[b].location == place:
                            out.append(_made(state, PlayPlantPair, card, face, a, b))
                continue
            repeats = PLANT_RULES[face].repeats
            for plant in flora.plants.values():
                if repeats or not plant.has(face):
                    out.append(_made(state, PlayPlantTrait, card, face, plant.id))
    return out


def apply_play(state: State, seat: int, action: Action, events: list[Event]) -> None:
    """Play the card on its plant(s); the trait says what it does there (``play_on``)."""
    assert isinstance(action, DEVELOPMENT_TYPES)
    flora = flora_of(state)
    state.players[seat].hand.remove(action.card)
    state.shown(action.card, seat)
    if isinstance(action, PlayPlantPair):
        flora.links.append((action.card, action.plant, action.plant2))
        events.append(
            PlantTraitPlayed(seat, action.card, action.trait, (action.plant, action.plant2))
        )
        return
    events.append(PlantTraitPlayed(seat, action.card, action.trait, (action.plant,)))
    PLANT_RULES[action.trait].play_on(state, flora, flora.plants[action.plant], action.card, events)


# -- feeding -----------------------------------------------------------------------------------


def reaches(animal: Animal, plant: Plant) -> bool:
    """Whether the animal can take food from the plant: the plant lies in the animal's
    location (Continents), the plant's traits that close it to all but some animals, and
    the fruit icon for carnivores."""
    if plant.location != animal.location:
        return False
    for _, trait in plant.traits:
        if not PLANT_RULES[trait].reaches(animal):
            return False
    return not (animal.has("carnivore") and not plant.fruit)


def _forages(state: State, animal: Animal) -> list[Action]:
    flora = flora_of(state)
    if not can_eat(state, animal):
        return []
    return [
        _made(state, Forage, animal.id, plant.id)
        for plant in flora.plants.values()
        if plant.food > 0 and reaches(animal, plant)
    ]


def can_forage(state: State, seat: int) -> bool:
    """Whether an animal of ``seat`` in the step's place may take a token from a plant."""
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if here(state, animal) and _forages(state, animal):
            return True
    return False


def main_actions(state: State, seat: int) -> tuple[list[Action], bool]:
    """The seat's plant actions that are a step's main action (feeding.py adds fat, the
    traits' actions and the end of the step): tokens from plants, shelters, parasites
    fed; and whether an animal may take a token."""
    flora = flora_of(state)
    actions: list[Action] = []
    can_take = False
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if animal.hibernating or not here(state, animal):
            continue
        found = _forages(state, animal)
        can_take = can_take or bool(found)
        actions.extend(found)
        if (IN_SHELL, animal_id) not in state.cooldowns:
            actions.extend(
                _made(state, TakeShelter, animal_id, plant.id)
                for plant in flora.plants.values()
                if plant.shelters > 0 and plant.location == animal.location
            )
    for plant in flora.plants.values():
        if _parasite_block(state, plant) is None:
            actions.append(_made(state, Parasitize, plant.id))
        elif plant.kind == "carnivorous" and not state.used(PLANT_ATTACK, plant.id):
            actions.extend(
                _made(state, PlantAttack, plant.id, target.id)
                for target in state.animals.values()
                if target.owner != seat and target.card != NO_CARD
                and target.location == plant.location
            )
    return actions, can_take


def here(state: State, animal: Animal) -> bool:
    """Whether the animal may act in this feeding step (feeding.py's ``here``)."""
    return animal.card != NO_CARD and (state.where is None or animal.location == state.where)


def _parasite_block(state: State, plant: Plant | None) -> str | None:
    flora = flora_of(state)
    if plant is None or plant.kind != PARASITE:
        return refusal("not_parasite")
    host = flora.plants.get(plant.host)
    if host is None or host.food < 2 or plant.food >= plant.most:
        return refusal("parasite_cannot", plant=plant.id)
    return None


def check_feeding(state: State, seat: int, action: Action) -> None:
    """Raise ``IllegalAction`` when the plant action may not be played in this step."""
    if state.main_done:
        raise IllegalAction(refusal("main_done"))
    flora = flora_of(state)
    if isinstance(action, Parasitize):
        reason = _parasite_block(state, flora.plants.get(action.plant))
        if reason:
            raise IllegalAction(reason)
        return
    if isinstance(action, PlantAttack):
        plant = flora.plants.get(action.plant)
        prey = state.animals.get(action.target)
        if plant is None or plant.kind != "carnivorous" or state.used(PLANT_ATTACK, plant.id):
            raise IllegalAction(refusal("plant_cannot_attack", plant=action.plant))
        if prey is None or prey.card == NO_CARD or prey.owner == seat:
            raise IllegalAction(refusal("plant_prey", animal=action.target))
        if prey.location != plant.location:
            raise IllegalAction(refusal("plant_elsewhere", animal=prey.id, plant=plant.id,
                                        place=plant.location, place2=prey.location))
        return
    assert isinstance(action, (Forage, TakeShelter))
    animal = state.animals.get(action.animal)
    if animal is None or animal.card == NO_CARD:
        raise IllegalAction(refusal("no_animal", animal=action.animal))
    if animal.owner != seat:
        raise IllegalAction(refusal("not_yours", animal=action.animal))
    if not here(state, animal):
        raise IllegalAction(
            refusal("other_place", place=state.where, animal=animal.id, place2=animal.location)
        )
    plant = flora.plants.get(action.plant)
    if plant is None:
        raise IllegalAction(refusal("no_plant", plant=action.plant))
    if plant.location != animal.location:
        raise IllegalAction(refusal("plant_elsewhere", animal=animal.id, plant=plant.id,
                                    place=plant.location, place2=animal.location))
    if isinstance(action, TakeShelter):
        if plant.shelters < 1:
            raise IllegalAction(refusal("no_shelter", plant=plant.id))
        if (IN_SHELL, animal.id) in state.cooldowns or animal.hibernating:
            raise IllegalAction(refusal("sheltered", animal=animal.id))
        return
    if plant.food < 1:
        raise IllegalAction(refusal("plant_empty", plant=plant.id))
    if not reaches(animal, plant):
        raise IllegalAction(refusal("plant_out_of_reach", animal=animal.id, plant=plant.id))
    if not can_eat(state, animal):
        raise IllegalAction(refusal("full", animal=animal.id))


def apply_feeding(state: State, action: Action, events: list[Event]) -> None:
    """Play a plant action as the step's main action."""
    flora = flora_of(state)
    state.acted = True
    state.main_done = True
    if isinstance(action, PlantAttack):
        plant_attack(state, flora.plants[action.plant], state.animals[action.target], events)
        return
    if isinstance(action, Parasitize):
        parasite = flora.plants[action.plant]
        flora.plants[parasite.host].food -= 1
        parasite.food += 1
        events.append(PlantFed(parasite.host, parasite.id))
        return
    assert isinstance(action, (Forage, TakeShelter))
    animal = state.animals[action.animal]
    plant = flora.plants[action.plant]
    state.where = animal.location
    if isinstance(action, TakeShelter):
        plant.shelters -= 1
        state.use(IN_SHELL, animal.id, Span.TURN)
        events.append(ShelterTaken(animal.id, plant.id))
        return
    take_from(state, animal, plant, "eat", events)


def take_from(state: State, animal: Animal, plant: Plant, why: str, events: list[Event]) -> None:
    """The animal takes a red token from the plant (the caller checked that it may), and
    the plant's traits act on it (``before_taken``, then ``after_taken``, by rank); then a
    Carnivorous plant attacks."""
    acting = sorted(
        (PLANT_RULES[trait] for trait in dict.fromkeys(name for _, name in plant.traits)),
        key=lambda rule: rule.rank,
    ) if plant.traits else []
    for rule in acting:
        rule.before_taken(state, animal, plant)
    plant.food -= 1
    flora_of(state).source = plant.id
    state.add_bank(animal.location, 1)  # the token passes through the bank: ``gain`` takes it
    events.append(PlantFoodTaken(animal.id, plant.id))
    gain(state, animal, BANK, why, events)
    for rule in acting:
        rule.after_taken(state, animal, plant, events)
    if plant.data.special == "carnivorous" and animal.id in state.animals:
        plant_attack(state, plant, animal, events)


#: traits that keep a Carnivorous plant from its prey; the plant ignores one of them.
PLANT_DEFENCES = frozenset(
    {"camouflage", "burrowing", "swimming", "high_body_weight", "running", "tail_loss",
     "mimicry", "ink_cloud", "shell", "flight"}
)
#: a Carnivorous plant's cooldown: it attacks once a turn.
PLANT_ATTACK = "plant_attack"


def plant_defences(animal: Animal) -> int:
    """How many of the animal's working traits keep a Carnivorous plant from it."""
    return sum(1 for _, trait in animal.active() if trait in PLANT_DEFENCES)


def plant_attack(state: State, plant: Plant, animal: Animal, events: list[Event]) -> None:
    """The Carnivorous plant attacks, once a turn, the animal that took a token from it or
    the one a player sent it at (project's reading, docs/rules/evolution.md "Plants"): it
    ignores one defence, so the animal escapes only in a shelter or with two defences or
    more; eaten, it gives the plant two tokens (up to its most), and a Poisonous prey dooms
    the plant."""
    if state.used(PLANT_ATTACK, plant.id):
        return
    state.use(PLANT_ATTACK, plant.id, Span.TURN)
    eaten = (IN_SHELL, animal.id) not in state.cooldowns and plant_defences(animal) <= 1
    events.append(PlantAttacked(plant.id, animal.id, eaten))
    if not eaten:
        return
    if animal.has("poisonous"):
        plant.doomed = True
    gained = min(2, plant.most - plant.food)
    plant.food += gained
    state.food_created += gained
    remove_animal(state, animal, "carnivorous_plant", events)


def communication_plant(state: State, recipient: Animal) -> Plant | None:
    """Communication with plants: the plant the partner's token came from, if the recipient
    can take from it too."""
    flora = flora_of(state)
    plant = flora.plants.get(flora.source)
    if plant is None or plant.food < 1 or not reaches(recipient, plant):
        return None
    return plant
