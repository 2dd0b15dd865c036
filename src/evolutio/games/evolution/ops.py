"""Queries and mutations shared by the phases, the attack pipeline and the traits.

Food rules follow seed 004 ("Фаза питания") and ../shared/rules/evolution.md, ruling 1:
an animal is fed when its food tokens reach its need (fat does not count); a fed animal takes
no more food except into empty Fat tissue cards.
"""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.evolution.events import (
    AnimalDied,
    AnimalPlayed,
    CardLeftOnTable,
    FoodTaken,
    LastTurn,
    TraitDiscarded,
)
from evolutio.games.evolution.linkindex import link_index
from evolutio.games.evolution.nature import Effect
from evolutio.games.evolution.state import NO_CARD, Animal, Span, State
from evolutio.games.evolution.trait import (
    FOOD,
    LIMITERS,
    ON_FED,
    RED_WATCHERS,
    TRAITS,
    in_game,
)

#: a generic mark: the animal may receive no food tokens for the rest of the turn (Shell).
NO_FOOD = "no_food"
#: the animal hid in its Shell this turn: no carnivore may attack it (ruling 15).
IN_SHELL = "in_shell"

BANK = "bank"
SUPPLY = "supply"


def need(state: State, animal: Animal) -> int:
    """Food tokens the animal needs: 1 plus each working trait's number (its own and its
    links'); traits waiting for a new animal card (Regeneration) need nothing."""
    if animal.card == NO_CARD:  # not ``present``: a property call, asked very often
        return 0
    total = 1
    if animal.paralysed:  # no trait works, its own or paired (``Animal.active``)
        return total + _nature_need(state, animal) if state.nature_need else total
    food = FOOD
    off = animal.off
    if off:
        for card, trait in animal.traits:
            if card not in off:
                total += food[trait]
    else:
        for _, trait in animal.traits:
            total += food[trait]
    if state.links:
        index = state.link_index or link_index(state)
        if index.food:
            total += index.food.get(animal.id, 0)
    if state.nature_need:
        total += _nature_need(state, animal)
    return total


def _nature_need(state: State, animal: Animal) -> int:
    """The natural change's extra need of the animal (Ice Age)."""
    total = 0
    for effect in state.nature_need:
        if affects(state, animal, effect):
            total += effect.delta
    return total


def affects(state: State, animal: Animal, effect: Effect) -> bool:
    """Whether a natural change's effect reaches the animal (Ice Age; nature.py's filters):
    not spared by a working trait of ``without``, holding one of ``with``, joined by a
    paired trait if ``linked``, in ``location`` if given (with Continents)."""
    if not animal.present:
        return False
    if effect.location and state.geography and animal.location != effect.location:
        return False
    for trait in effect.without:
        if has_trait(state, animal, trait):
            return False
    if effect.with_ and not any(has_trait(state, animal, t) for t in effect.with_):
        return False
    return not effect.linked or any(True for _ in state.animal_links(animal.id))


def is_fed(state: State, animal: Animal) -> bool:
    return animal.hibernating or animal.food >= need(state, animal)


def fat_capacity(animal: Animal) -> int:
    """Fat tissue cards on the animal (stored fat stays even on cards that do not work)."""
    return sum(1 for _, trait in animal.traits if trait == "fat_tissue")


def has_trait(state: State, animal: Animal, trait: str) -> bool:
    """Whether the animal has a working ``trait``, on itself or as a paired trait."""
    if animal.has(trait):
        return True
    if animal.paralysed or not TRAITS[trait].paired:
        return False
    return any(link.trait == trait for link in state.animal_links(animal.id))


def can_eat(state: State, animal: Animal) -> bool:
    """Whether the animal may receive a food token now (into food or an empty fat card)."""
    if animal.hibernating or animal.card == NO_CARD:
        return False
    if animal.food >= need(state, animal) and animal.fat >= animal.count("fat_tissue"):
        return False
    if (NO_FOOD, animal.id) in state.cooldowns:
        return False
    if state.links and not animal.paralysed:
        index = state.link_index or link_index(state)
        if index.eating:
            for link in index.eating.get(animal.id, ()):
                if TRAITS[link.trait].link_blocks_eating(state, link, animal):
                    return False
    return True


def gain(state: State, animal: Animal, source: str, trait: str, events: list[Event]) -> None:
    """Give ``animal`` one token (the caller checked ``can_eat``) and queue paired triggers.

    ``source`` is BANK (a red token), SUPPLY (a new blue token) or an animal id as text
    (a token taken from that animal, arriving blue).
    """
    hunger = need(state, animal) - animal.food
    to_fat = hunger <= 0
    if to_fat:
        animal.fat += 1
    else:
        animal.food += 1
        if source == BANK:
            animal.red += 1
    if source == BANK:
        state.add_bank(animal.location, -1)
    elif source == SUPPLY:
        state.food_created += 1
    state.use("fed", animal.id, Span.TURN)
    events.append(FoodTaken(animal.id, source, trait, to_fat))
    red = source == BANK
    # a paralysed animal's paired traits do not work (Cnidocytes)
    if state.links and not animal.paralysed:
        chained = trait in TRAITS and TRAITS[trait].paired
        for link in (state.link_index or link_index(state)).by_animal.get(animal.id, ()):
            if TRAITS[link.trait].triggers_on(red) and not state.used("link", link.id):
                state.pending.append((link.id, link.other(animal.id), chained))
    if hunger == 1:
        became_fed(state, animal, events)
    if red and RED_WATCHERS:
        for watcher in RED_WATCHERS:
            if in_game(state, watcher):
                watcher.on_red_taken(state, animal, events)


def became_fed(state: State, animal: Animal, events: list[Event]) -> None:
    """The animal's food tokens just reached its need: ask its ``on_fed`` traits."""
    if ON_FED:
        for _, trait in list(animal.active()):
            if trait in ON_FED:
                TRAITS[trait].on_fed(state, animal, events)


def deck_ran_out(state: State, events: list[Event]) -> None:
    """The deck ran out during a turn (Viviparous, r-strategy): this turn becomes the last,
    and animals that hibernated this turn are no longer fed (seed 004, "Живорождение")."""
    if state.deck or state.last_turn:
        return
    state.last_turn = True
    for animal in state.animals.values():
        animal.hibernating = False
    events.append(LastTurn(state.turn))


def revealed(animal: Animal) -> bool:
    """Whether the animal card itself lies face up as a trait (a revealed Anglerfish)."""
    for card, _ in animal.traits:
        if card == animal.card:
            return True
    return False


def trait_count(state: State, animal: Animal) -> int:
    """Traits of the animal: its trait cards and the paired cards touching it (Flight)."""
    total = len(animal.traits)
    for link in state.links.values():
        if link.a == animal.id or link.b == animal.id:
            total += 1
    return total


def firable(state: State) -> list[tuple[int, int]]:
    """Pending triggers that can still fire, in the order they were queued."""
    out = []
    for link_id, recipient, _ in state.pending:
        link = state.links.get(link_id)
        animal = state.animals.get(recipient)
        if link is None or animal is None or state.used("link", link_id):
            continue
        if animal.paralysed or state.animals[link.other(recipient)].paralysed:
            continue
        if not can_eat(state, animal) or not TRAITS[link.trait].can_fire(state, link, animal):
            continue
        out.append((link_id, recipient))
    return out


def fire(state: State, link_id: int, recipient: int, events: list[Event]) -> None:
    """Fire one pending trigger: each link fires at most once per feeding step (ruling 3)."""
    state.pending = [p for p in state.pending if p[0] != link_id]
    link = state.links[link_id]
    state.use("link", link_id, Span.STEP)
    TRAITS[link.trait].fire(state, link, state.animals[recipient], events)


def discard_card(state: State, owner: int, card: int) -> None:
    state.players[owner].discard.append(card)


def remove_link(state: State, link_id: int, events: list[Event]) -> None:
    link = state.links.pop(link_id)
    state.link_index = None
    owner = state.animals[link.a].owner
    discard_card(state, owner, link.card)
    events.append(TraitDiscarded(link.card, link.trait, link.a, owner))


def refresh(animal: Animal) -> None:
    """Recompute which trait cards do not work: those below a Neoplasm-like card."""
    off: list[int] = []
    below = False
    for card, trait in animal.traits:
        if below:
            off.append(card)
        elif TRAITS[trait].disables_below:
            below = True
    animal.off = frozenset(off)


def place_trait(animal: Animal, card: int, trait: str) -> None:
    """Put a trait card on the animal, after the cards already there. On an animal with a
    Neoplasm-like card (which lies under all the others) a later trait goes on top, at the
    far end from it: the Neoplasm climbs to it last, and nothing is inserted between the
    cards already played (ruling 17; seed 004, "Неоплазия": "нельзя менять порядок")."""
    below = False
    for _, existing in animal.traits:
        if TRAITS[existing].disables_below:
            below = True
            break
    disables = TRAITS[trait].disables_below
    animal.traits.insert(0 if below and not disables else len(animal.traits), (card, trait))
    if below or disables:  # else no card lies below a Neoplasm: none is off
        refresh(animal)


def take_trait(state: State, animal: Animal, card: int) -> str:
    """Lift one trait card off the animal (to move it elsewhere); returns its trait."""
    for i, (c, trait) in enumerate(animal.traits):
        if c == card:
            del animal.traits[i]
            _trim_fat(state, animal)
            refresh(animal)
            return trait
    raise KeyError(card)


def _trim_fat(state: State, animal: Animal) -> None:
    overflow = animal.fat - fat_capacity(animal)
    if overflow > 0:
        animal.fat -= overflow
        state.food_removed += overflow


def shed_trait(state: State, animal: Animal, card: int, events: list[Event]) -> None:
    """Discard one trait card of ``animal`` (its own or a link touching it)."""
    for c, trait in animal.traits:
        if c == card:
            take_trait(state, animal, card)
            discard_card(state, animal.owner, card)
            events.append(TraitDiscarded(card, trait, animal.id, animal.owner))
            return
    for link in list(state.animal_links(animal.id)):
        if link.card == card:
            remove_link(state, link.id, events)
            return
    raise KeyError(card)


def remove_animal(state: State, animal: Animal, cause: str, events: list[Event]) -> None:
    """An animal leaves the table: it, its traits and its links go to its owner's discard."""
    for link in list(state.animal_links(animal.id)):
        remove_link(state, link.id, events)
    del state.animals[animal.id]
    player = state.players[animal.owner]
    player.animals.remove(animal.id)
    for card, trait in animal.traits:
        if card == animal.card:
            continue  # the animal card itself, face up (a revealed Anglerfish)
        if TRAITS[trait].stays_on_table:
            state.table_cards.append(card)
            events.append(CardLeftOnTable(card, trait, animal.id))
        else:
            player.discard.append(card)
    if animal.present:
        player.discard.append(animal.card)
    state.food_removed += animal.food + animal.fat
    animal.food = animal.fat = animal.red = 0
    events.append(AnimalDied(animal.id, animal.owner, cause))
    if state.flora is not None:
        state.food_created += state.flora.animal_died()  # Plants: every Fungus gains a token


def leave_traits(state: State, animal: Animal, events: list[Event]) -> None:
    """An eaten animal with Regeneration: the animal card and its paired traits go to the
    discard pile, its own trait cards stay where it lived for a new animal card (seed 004,
    "Регенерация")."""
    for link in list(state.animal_links(animal.id)):
        remove_link(state, link.id, events)
    animal.traits = [(c, t) for c, t in animal.traits if c != animal.card]
    discard_card(state, animal.owner, animal.card)
    animal.card = NO_CARD
    state.food_removed += animal.food + animal.fat
    animal.food = animal.fat = animal.red = 0
    animal.hibernating = animal.poisoned = animal.paralysed = False
    events.append(AnimalDied(animal.id, animal.owner, "eaten"))


def host_block(state: State, animal: Animal, trait_id: str) -> str | None:
    """Why the traits already on ``animal`` (its own and its paired ones) refuse
    ``trait_id`` (Regeneration's limits), or None."""
    for _, existing in animal.traits:
        if existing in LIMITERS:
            reason = TRAITS[existing].limits_play(state, animal, trait_id)
            if reason:
                return reason
    for link in state.animal_links(animal.id):
        if link.trait in LIMITERS:
            reason = TRAITS[link.trait].limits_play(state, animal, trait_id)
            if reason:
                return reason
    return None


def host_limits(state: State, animal: Animal, trait_id: str) -> bool:
    """Whether ``host_block`` refuses ``trait_id``, making no reason (the listing's twin)."""
    for _, existing in animal.traits:
        if existing in LIMITERS and TRAITS[existing].limits(state, animal, trait_id):
            return True
    if state.links:
        animal_id = animal.id
        for link in state.links.values():
            if (
                (link.a == animal_id or link.b == animal_id)
                and link.trait in LIMITERS
                and TRAITS[link.trait].limits(state, animal, trait_id)
            ):
                return True
    return False


def fits(state: State, animal: Animal, trait_id: str) -> bool:
    """Whether ``trait_id`` may lie on ``animal`` next to its traits: no duplicate (but Fat
    tissue), no conflict, within the limits of its traits (seed 004, "Свойства животных")."""
    trait = TRAITS[trait_id]
    if not trait.stackable and animal.holds(trait_id):
        return False
    for _, existing in animal.traits:
        if trait.clashes(existing) or TRAITS[existing].clashes(trait_id):
            return False
    return not host_limits(state, animal, trait_id)


def seats_from(state: State, seat: int) -> list[int]:
    """Every seat, clockwise, starting with ``seat``."""
    n = len(state.players)
    return [(seat + i) % n for i in range(n)]


def new_animal(state: State, seat: int, card: int, location: str, events: list[Event]) -> Animal:
    """Put card ``card`` on the table as a new animal of ``seat`` in ``location``."""
    animal = Animal(state.next_animal, seat, card, location)
    state.next_animal += 1
    state.animals[animal.id] = animal
    state.players[seat].animals.append(animal.id)
    events.append(AnimalPlayed(seat, card, animal.id))
    return animal
