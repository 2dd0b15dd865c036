"""A seat's options in its feeding step (seed 004, "Фаза питания"): a red token, fat into
food, the traits' feeding actions and the cards in the middle of the table, and whether it
must feed. ``advance`` lists them once per step to know whether the seat is asked at all,
and the legal actions reuse that list (``State.offer``)."""

from __future__ import annotations

from collections.abc import Iterator

from evolutio.core.game import Action
from evolutio.games.evolution.actions import Eat, EndStep, UseFat
from evolutio.games.evolution.ops import can_eat, need
from evolutio.games.evolution.state import NO_CARD, Animal, State
from evolutio.games.evolution.trait import FEEDERS, TRAITS, Trait


def here(state: State, animal: Animal) -> bool:
    """Whether the animal may act in this feeding step: it is on the table, and in the
    location the seat chose for the step if it chose one (seed 004, "Фаза питания": food
    and traits "только на одной территории по выбору того игрока")."""
    return animal.card != NO_CARD and (state.where is None or animal.location == state.where)


def can_take_red(state: State, seat: int) -> bool:
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if here(state, animal) and state.bank(animal.location) > 0 and can_eat(state, animal):
            return True
    return False


def must_feed(state: State, seat: int) -> bool:
    """3rd edition: a player who can take a red token must take one, or use a
    feeding-step trait instead (seed 004, "Фаза питания"; rules table 'Edition')."""
    return state.edition >= 3 and not state.acted and can_take_red(state, seat)


def feeding_traits(state: State, seat: int) -> Iterator[tuple[Animal, Trait]]:
    """(animal, trait) for every working trait with feeding actions the seat may use now:
    in the step's location, only migration traits once a migration was declared; paired
    traits (Recombination) are asked once per animal."""
    migrating = state.used("migrating", seat)
    where = state.where
    # the links with feeding actions, by animal, read once
    linked: dict[int, list[str]] = {}
    if state.links and not migrating:
        for link in state.links.values():
            if link.trait in FEEDERS:
                linked.setdefault(link.a, []).append(link.trait)
                linked.setdefault(link.b, []).append(link.trait)
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if animal.card == NO_CARD or (where is not None and animal.location != where):
            continue
        seen: set[str] | None = None
        for _, trait in animal.active():
            if trait not in FEEDERS:
                continue
            if seen is None:
                seen = set()
            elif trait in seen:
                continue
            seen.add(trait)
            handler = TRAITS[trait]
            if handler.during_migration or not migrating:
                yield animal, handler
        if animal_id in linked and not animal.paralysed:
            for name in linked[animal_id]:
                if seen is None or name not in seen:
                    if seen is None:
                        seen = set()
                    seen.add(name)
                    yield animal, TRAITS[name]


def feeding_trait_actions(state: State, seat: int) -> list[Action]:
    """The actions of the traits ``feeding_traits`` lists, then those of cards lying in the
    middle of the table."""
    actions: list[Action] = []
    for animal, handler in feeding_traits(state, seat):
        actions.extend(handler.feeding_actions(state, animal))
    if state.table_cards and not state.used("migrating", seat):
        actions.extend(table_card_actions(state, seat))
    return actions


def table_card_actions(state: State, seat: int) -> list[Action]:
    """Actions offered by cards lying in the middle of the table (Shell), for animals in
    the step's location."""
    actions: list[Action] = []
    for card in state.table_cards:
        for face in state.card_faces[card]:
            handler = TRAITS[face]
            if handler.table_types:
                for action in handler.table_actions(state, seat, card):
                    animal = state.animals.get(getattr(action, "animal", -1))
                    if animal is None or here(state, animal):
                        actions.append(action)
    return actions


def fat_uses(state: State, seat: int) -> list[tuple[int, int]]:
    """(animal, max tokens) for every animal that may turn fat into food now (seed 004,
    "Жировой запас": instead of taking a red token, on one animal, any number)."""
    out = []
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if animal.fat and not animal.hibernating and here(state, animal):
            if animal.paralysed or not animal.has("fat_tissue"):
                continue
            hunger = need(state, animal) - animal.food
            if hunger > 0:
                out.append((animal_id, min(animal.fat, hunger)))
    return out


def feeding_options(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in its feeding step: a red token for each animal that
    may take one, fat into food, the traits' actions, and ending the step (last) unless the
    seat must feed."""
    actions: list[Action] = []
    made = state.made
    main_done = state.main_done
    if not main_done:
        where = state.where
        for animal_id in state.players[seat].animals:
            animal = state.animals[animal_id]
            if (
                animal.card != NO_CARD
                and (where is None or animal.location == where)
                and state.bank(animal.location) > 0
                and can_eat(state, animal)
            ):
                key: tuple[object, ...] = (Eat, animal_id)
                eat = made.get(key)
                if eat is None:
                    eat = made[key] = Eat(animal_id)
                actions.append(eat)
        # before the fat and the traits: whether the seat can take a red token
        can_take = bool(actions)
        for animal_id, most in fat_uses(state, seat):
            actions.extend(UseFat(animal_id, k) for k in range(1, most + 1))
    actions.extend(feeding_trait_actions(state, seat))
    # must_feed, reading the red tokens just listed when they were listed
    must = (
        state.edition >= 3 and not state.acted and can_take
        if not main_done
        else must_feed(state, seat)
    )
    if not must:
        actions.append(END_STEP)
    return actions


#: EndStep, the same object every time.
END_STEP = EndStep()


def has_feeding_choice(state: State, seat: int) -> bool:
    """Whether the seat can do anything but end its step."""
    options = feeding_options(state, seat)
    return bool(options) and not isinstance(options[0], EndStep)
