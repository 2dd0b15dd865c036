"""A seat's options in its feeding step (seed 004, "Фаза питания"): a red token, fat into
food, the traits' feeding actions and the cards in the middle of the table, and whether it
must feed. ``advance`` lists a seat's options at the start of each step: a seat that could
only end it is passed over, and one that is asked keeps them as the state's offer
(``State.offer``), which ``legal_actions`` and ``check`` read without listing again."""

from __future__ import annotations

from evolutio.core.game import Action
from evolutio.games.evolution.actions import Eat, EndStep, UseFat
from evolutio.games.evolution.linkindex import link_index
from evolutio.games.evolution.ops import NO_FOOD, can_eat, need
from evolutio.games.evolution.plants import can_forage, main_actions
from evolutio.games.evolution.state import NO_CARD, Animal, State
from evolutio.games.evolution.trait import FEEDERS, TRAITS


def here(state: State, animal: Animal) -> bool:
    """Whether the animal may act in this feeding step: it is on the table, and in the
    location the seat chose for the step if it chose one (seed 004, "Фаза питания": food
    and traits "только на одной территории по выбору того игрока")."""
    return animal.card != NO_CARD and (state.where is None or animal.location == state.where)


def can_take_red(state: State, seat: int) -> bool:
    """Whether an animal of ``seat`` in the step's place may take a red token: from its
    bank, or with Plants from a plant too."""
    if state.flora is not None and can_forage(state, seat):  # Plants: tokens on plants
        return True
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if here(state, animal) and state.bank(animal.location) > 0 and can_eat(state, animal):
            return True
    return False


def must_feed(state: State, seat: int) -> bool:
    """3rd edition: a player who can take a red token must take one, or use a
    feeding-step trait instead (seed 004, "Фаза питания"; rules table 'Edition')."""
    return state.edition >= 3 and not state.acted and can_take_red(state, seat)


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
    seat must feed. One pass over the seat's animals finds the red tokens and the fat (what
    ``can_eat`` and ``fat_uses`` say, each animal's need computed once); the actions are the
    game's objects, made once (``State.made``)."""
    if state.flora is not None:  # Plants: the red tokens lie on plants
        return _plant_options(state, seat)
    actions: list[Action] = []
    animals = state.animals
    made = state.made
    main_done = state.main_done
    if not main_done:
        where = state.where
        banks = state.banks
        fats: list[Action] | None = None
        for animal_id in state.players[seat].animals:
            animal = animals[animal_id]
            if (
                animal.hibernating
                or animal.card == NO_CARD
                or (where is not None and animal.location != where)
            ):
                continue
            location = animal.location  # ``state.bank``, without the call
            red = (banks[location] if location else state.food_bank) > 0
            fat = animal.fat and animal.has("fat_tissue")
            if not red and not fat:
                continue  # the need does not matter
            hunger = need(state, animal) - animal.food
            if red and _takes_red(state, animal_id, animal, hunger):
                key: tuple[object, ...] = (Eat, animal_id)
                eat = made.get(key)
                if eat is None:
                    eat = made[key] = Eat(animal_id)
                actions.append(eat)
            if hunger > 0 and fat:
                if fats is None:
                    fats = []
                for amount in range(1, min(animal.fat, hunger) + 1):
                    key = (UseFat, animal_id, amount)
                    use = made.get(key)
                    if use is None:
                        use = made[key] = UseFat(animal_id, amount)
                    fats.append(use)
        # before the fat and the traits: whether the seat can take a red token
        can_take = bool(actions)
        if fats:
            actions.extend(fats)
    _trait_actions(state, seat, actions)
    # must_feed, reading the red tokens just listed when they were listed
    must = (
        state.edition >= 3 and not state.acted and can_take
        if not main_done
        else must_feed(state, seat)
    )
    if not must:
        actions.append(END_STEP)
    return actions


def _plant_options(state: State, seat: int) -> list[Action]:
    """``feeding_options`` with Plants (plants.py): red tokens that another set put in a
    bank, tokens from plants, shelters and parasites fed, fat into food (the main action,
    once a step), the traits' actions, and ending the step unless the 3rd edition makes the
    seat feed."""
    actions: list[Action] = []
    can_take = False
    if not state.main_done:
        made = state.made
        actions = _bank_eats(state, seat)
        found, can_take = main_actions(state, seat)
        can_take = can_take or bool(actions)
        actions.extend(found)
        for animal_id, most in fat_uses(state, seat):
            for amount in range(1, most + 1):
                key = (UseFat, animal_id, amount)
                use = made.get(key)
                if use is None:
                    use = made[key] = UseFat(animal_id, amount)
                actions.append(use)
    _trait_actions(state, seat, actions)
    if not (state.edition >= 3 and not state.acted and can_take):
        actions.append(END_STEP)
    return actions


def _bank_eats(state: State, seat: int) -> list[Action]:
    """With Plants: ``eat`` for each animal of the seat in the step's place whose bank holds
    a token another set put there (the dice never fill a bank with plants)."""
    out: list[Action] = []
    for animal_id in state.players[seat].animals:
        animal = state.animals[animal_id]
        if animal.hibernating or not here(state, animal) or state.bank(animal.location) < 1:
            continue
        if _takes_red(state, animal_id, animal, need(state, animal) - animal.food):
            key: tuple[object, ...] = (Eat, animal_id)
            eat = state.made.get(key)
            if eat is None:
                eat = state.made[key] = Eat(animal_id)
            out.append(eat)
    return out


def _takes_red(state: State, animal_id: int, animal: Animal, hunger: int) -> bool:
    """Whether the animal may take a red token that lies in its bank (``can_eat`` with its
    ``hunger`` known): it needs food or has fat to fill, no cooldown keeps it from food, and
    no link keeps food from it. The listing and the skip test both ask it."""
    return (
        (hunger > 0 or animal.fat < animal.count("fat_tissue"))
        and (NO_FOOD, animal_id) not in state.cooldowns
        and not (state.links and not animal.paralysed and _eating_blocked(state, animal))
    )


def _eating_blocked(state: State, animal: Animal) -> bool:
    """Whether a link of the animal keeps food from it now (``can_eat``'s last test)."""
    index = state.link_index or link_index(state)
    if index.eating:
        for link in index.eating.get(animal.id, ()):
            if TRAITS[link.trait].link_blocks_eating(state, link, animal):
                return True
    return False


def _trait_actions(state: State, seat: int, actions: list[Action]) -> None:
    """Append the actions of every working trait with feeding actions the seat may use now
    (in the step's location, only migration traits once a migration was declared; a trait
    twice on an animal, or also on a link of it, asked once; paired traits such as
    Recombination asked per animal), then those of cards lying in the middle of the
    table."""
    migrating = ("migrating", seat) in state.cooldowns
    where = state.where
    animals = state.animals
    linked = _linked_feeders(state) if state.links and not migrating else None
    for animal_id in state.players[seat].animals:
        animal = animals[animal_id]
        if animal.card == NO_CARD or (where is not None and animal.location != where):
            continue
        seen: set[str] | None = None
        # ``animal.active()``, without the call when every card works
        for _, trait in animal.active() if animal.paralysed or animal.off else animal.traits:
            if trait not in FEEDERS:
                continue
            if seen is None:
                seen = set()
            elif trait in seen:
                continue
            seen.add(trait)
            handler = TRAITS[trait]
            if handler.during_migration or not migrating:
                actions.extend(handler.feeding_actions(state, animal))
        if linked and animal_id in linked and not animal.paralysed:
            for name in linked[animal_id]:
                if seen is None or name not in seen:
                    if seen is None:
                        seen = set()
                    seen.add(name)
                    actions.extend(TRAITS[name].feeding_actions(state, animal))
    if state.table_cards and not migrating:
        actions.extend(table_card_actions(state, seat))


def _linked_feeders(state: State) -> dict[int, list[str]]:
    """The links with feeding actions, by animal (both ends; read only)."""
    return (state.link_index or link_index(state)).feeders


#: EndStep, the same object every time.
END_STEP = EndStep()
