"""The geography of the Continents expansion: Laurasia, Gondwana and the Ocean.

Seed 004 ("Дополнение «Континенты»") and seed 001 ("Continenti"): every animal lives in one
location; each location has its own food bank (the dice table below; the Ocean's is fixed);
paired traits join only animals in one location and are discarded when a move separates
them; an animal moved to the Ocean loses its Swimming card; Migration out of the Ocean puts a
Swimming card from the owner's discard pile back on it (ruling 13).
"""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.evolution.actions import Follow, Stay
from evolutio.games.evolution.events import AnimalMoved, TraitDiscarded, TraitRestored
from evolutio.games.evolution.ops import (
    discard_card,
    place_trait,
    remove_link,
    seats_from,
    take_trait,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, ChoiceFrame, Span, State

LAURASIA = "laurasia"
GONDWANA = "gondwana"
OCEAN = "ocean"
LOCATIONS = (LAURASIA, GONDWANA, OCEAN)
CONTINENTS = (LAURASIA, GONDWANA)
NAMES = {LAURASIA: "Laurasia", GONDWANA: "Gondwana", OCEAN: "the Ocean"}

#: Food bank by player count: ((dice, bonus) for Laurasia, for Gondwana, Ocean tokens).
#: Seed 004's table (3rd edition); seed 001's differs only for 8 players in Laurasia.
FOOD_TABLE = {
    2: ((1, 0), (1, 2), 3),
    3: ((1, 0), (2, 0), 4),
    4: ((1, 2), (2, 0), 5),
    5: ((1, 3), (2, 2), 6),
    6: ((1, 5), (2, 3), 7),
    7: ((2, 2), (3, 2), 8),
    8: ((3, 2), (3, 4), 9),
}
FOOD_TABLE_2ND = {**FOOD_TABLE, 8: ((2, 2), (3, 4), 9)}


def food_table(players: int, edition: int) -> tuple[tuple[int, int], tuple[int, int], int]:
    return (FOOD_TABLE if edition >= 3 else FOOD_TABLE_2ND)[players]


def place_name(location: str) -> str:
    return NAMES.get(location, location)


def swimming_in_discard(state: State, seat: int) -> int | None:
    """The most recently discarded card of ``seat`` with a Swimming face, or None."""
    for card in reversed(state.players[seat].discard):
        if "swimming" in state.card_faces[card]:
            return card
    return None


def move_block(
    state: State, animal: Animal, destination: str, *, direct: bool = False
) -> str | None:
    """Why ``animal`` cannot move to ``destination`` by migrating, or None (seed 004,
    "Миграция"; ruling 13). ``direct``: it may cross between the continents even when it
    swims (an aquatic flier, with Time to Fly). 2nd edition: leaving the Ocean needs no
    Swimming card (seed 001; ruling 20)."""
    if destination not in LOCATIONS:
        return refusal("no_location", name=destination)
    if destination == animal.location:
        return refusal("already_there", animal=animal.id, place=destination)
    if animal.location == OCEAN:
        if state.edition < 3:
            return None  # ruling 20: seed 001 asks for no Swimming card
        if not animal.has("swimming") and swimming_in_discard(state, animal.owner) is None:
            return refusal("leave_ocean", state.edition, animal=animal.id, trait="swimming")
        return None
    if destination == OCEAN:
        if not animal.has("swimming"):
            return refusal("to_ocean")
        return None
    if animal.has("swimming") and not direct:
        return refusal("through_ocean")
    return None


def can_move(state: State, animal: Animal, destination: str, *, direct: bool = False) -> bool:
    """Whether ``move_block`` lets the animal move there, making no reason (the listing's
    twin)."""
    if destination not in LOCATIONS or destination == animal.location:
        return False
    if animal.location == OCEAN:
        return (
            state.edition < 3
            or animal.has("swimming")
            or swimming_in_discard(state, animal.owner) is not None
        )
    if destination == OCEAN:
        return animal.has("swimming")
    return direct or not animal.has("swimming")


def can_migrate(state: State, animal: Animal) -> bool:
    """Whether ``migration_block`` lets the animal migrate in this step, making no reason."""
    if not state.geography:
        return False
    if state.acted and ("migrating", animal.owner) not in state.cooldowns:
        return False
    return ("migration", animal.id) not in state.cooldowns


def migration_block(state: State, animal: Animal) -> str | None:
    """Why the animal cannot migrate in this feeding step at all: migration is declared
    instead of feeding, and each animal migrates once per turn (seed 004, "Миграции")."""
    if not state.geography:
        return refusal("no_locations")
    if state.acted and not state.used("migrating", animal.owner):
        return refusal("migrate_instead")
    if state.used("migration", animal.id):
        return refusal("migrated", animal=animal.id)
    return None


def migrate(
    state: State, animal: Animal, destination: str, trait: str, events: list[Event]
) -> None:
    """Declare a migration (the step takes no food and uses no other trait), move the
    animal, then let Suckerfish follow it."""
    state.use("migration", animal.id, Span.TURN)
    state.use("migrating", animal.owner, Span.STEP)
    origin = animal.location
    move_animal(state, animal, destination, trait, events)
    push_followers(state, animal, origin)


def move_animal(
    state: State, animal: Animal, destination: str, trait: str, events: list[Event]
) -> None:
    """Move the animal with all its traits; discard Swimming on arrival in the Ocean, put a
    Swimming card from the discard pile on it when it leaves the Ocean, and discard paired
    traits that now join animals in different locations."""
    origin = animal.location
    animal.location = destination
    events.append(AnimalMoved(animal.id, origin, destination, trait))
    if destination == OCEAN:
        for card, name in list(animal.traits):
            if name == "swimming":
                take_trait(state, animal, card)
                discard_card(state, animal.owner, card)
                events.append(TraitDiscarded(card, name, animal.id, animal.owner))
    elif origin == OCEAN and not animal.has("swimming") and state.edition >= 3:
        restored = swimming_in_discard(state, animal.owner)
        if restored is not None:
            state.players[animal.owner].discard.remove(restored)
            place_trait(animal, restored, "swimming")
            events.append(TraitRestored(restored, "swimming", animal.id))
    separate(state, animal, events)


def separate(state: State, animal: Animal, events: list[Event]) -> None:
    """Discard the paired traits joining ``animal`` to animals elsewhere (seed 004, "Фаза
    развития": "это свойство уходит в сброс")."""
    for link in list(state.animal_links(animal.id)):
        if state.animals[link.other(animal.id)].location != animal.location:
            remove_link(state, link.id, events)


class FollowFrame(ChoiceFrame):
    """Suckerfish: animals of ``seat`` in the migrant's former location may follow it; the
    migrating player chooses first, then the others clockwise (seed 004, "Прилипала")."""

    __slots__ = ("animal", "done", "origin", "seat")

    def __init__(self, seat: int, animal: int, origin: str, done: bool = False) -> None:
        super().__init__("follow")
        self.seat = seat
        self.animal = animal
        self.origin = origin
        self.done = done

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> str:
        migrant = state.animals.get(self.animal)
        where = place_name(migrant.location) if migrant else "elsewhere"
        return (
            f"A{self.animal} migrates from {place_name(self.origin)} to {where}: choose which "
            "of your Suckerfish follow it, or stay."
        )

    def options(self, state: State) -> list[Action]:
        migrant = state.animals.get(self.animal)
        if self.done or migrant is None:
            return []
        follow: list[Action] = []
        for animal_id in state.players[self.seat].animals:
            animal = state.animals[animal_id]
            if (
                animal_id != migrant.id
                and animal.present
                and animal.location == self.origin
                and animal.has("suckerfish")
                and can_move(state, animal, migrant.location)
            ):
                follow.append(Follow(animal_id))
        return [*follow, Stay()] if follow else []

    def apply(self, state: State, action: Action, events: list[Event]) -> None:
        if isinstance(action, Stay):
            self.done = True
            return
        assert isinstance(action, Follow)
        destination = state.animals[self.animal].location
        move_animal(state, state.animals[action.animal], destination, "suckerfish", events)

    def copy(self) -> FollowFrame:
        return FollowFrame(self.seat, self.animal, self.origin, self.done)


def push_followers(state: State, migrant: Animal, origin: str) -> None:
    """After a migration, every seat in turn from the migrating player may send its
    Suckerfish after it (one frame per seat, the migrating player's on top)."""
    for seat in reversed(seats_from(state, migrant.owner)):
        state.stack.append(FollowFrame(seat, migrant.id, origin))
