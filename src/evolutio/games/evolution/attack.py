"""The attack pipeline: may this carnivore attack? which defences? what is the outcome?

Seed 004, "Хищники": a carnivore attacks instead of taking a red token, once per turn, one
attacking animal per player per feeding step; it may attack any animal not protected by its
traits, its own included; an eaten animal and its traits go to the discard pile and the
carnivore gets two blue tokens. Ruling 2: it may attack only while it can still take food.
Defences are the owner's choice (ruling 5): an out-of-turn decision on the stack.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.actions import Accept
from evolutio.games.evolution.events import AnimalEaten, Attacked, AttackFailed
from evolutio.games.evolution.linkindex import link_index
from evolutio.games.evolution.ops import (
    IN_SHELL,
    SUPPLY,
    affects,
    can_eat,
    gain,
    leave_traits,
    remove_animal,
    seats_from,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import NO_CARD, Animal, AttackFrame, Span, State
from evolutio.games.evolution.trait import (
    ATTACK_BLOCKERS,
    DEFENCE_ACTIONS,
    HIDDEN_TRAITS,
    LINK_ATTACK_BLOCKERS,
    RESTRICTERS,
    TRAITS,
    in_game,
)

#: a generic mark: the animal was attacked this turn (Shy reads it).
ATTACKED = "attacked"


def attack_block(
    state: State, carnivore: Animal, target: Animal, ignore: tuple[str, ...] = ()
) -> str | None:
    """Why ``carnivore`` cannot attack ``target`` at all (passive defences), or None.

    Traits of the target named in ``ignore`` do not act (Intellect, Anglerfish, Ambush).
    """
    if target.id == carnivore.id:
        return refusal("attack_self")
    if target.card == NO_CARD:
        return refusal("attack_no_body", animal=target.id)
    if (IN_SHELL, target.id) in state.cooldowns:
        return refusal("in_shell", state.edition, animal=target.id, trait="shell")
    if carnivore.location != target.location:
        return refusal("attack_elsewhere", animal=carnivore.id, target=target.id)
    for _, trait in carnivore.active():
        if trait in RESTRICTERS:
            reason = TRAITS[trait].restricts_attack(state, carnivore, target)
            if reason:
                return reason
    for _, trait in target.active():
        if trait in ATTACK_BLOCKERS and not (ignore and trait in ignore):
            reason = TRAITS[trait].blocks_attack(state, carnivore, target)
            if reason:
                return reason
    if state.links and not target.paralysed:
        for link in state.links.values():
            if (link.a == target.id or link.b == target.id) and link.trait in LINK_ATTACK_BLOCKERS:
                if ignore and link.trait in ignore:
                    continue
                reason = TRAITS[link.trait].link_blocks_attack(state, link, carnivore, target)
                if reason:
                    return reason
    return None


def may_attack(
    state: State, carnivore: Animal, target: Animal, ignore: tuple[str, ...] = ()
) -> bool:
    """Whether ``attack_block`` lets ``carnivore`` attack ``target``: the same tests with
    the traits' yes/no hooks, making no reason (the legal actions are listed with it)."""
    if target.id == carnivore.id or target.card == NO_CARD:
        return False
    if (IN_SHELL, target.id) in state.cooldowns or carnivore.location != target.location:
        return False
    if not carnivore.paralysed:
        off = carnivore.off
        for card, trait in carnivore.traits:
            if (
                trait in RESTRICTERS
                and (not off or card not in off)
                and TRAITS[trait].attack_restricted(state, carnivore, target)
            ):
                return False
    if target.paralysed:
        return True  # no trait of its works, nor its links (``active``, and below)
    off = target.off
    for card, trait in target.traits:
        if (
            trait in ATTACK_BLOCKERS
            and (not off or card not in off)
            and not (ignore and trait in ignore)
            and TRAITS[trait].attack_blocked(state, carnivore, target)
        ):
            return False
    if state.links:
        index = state.link_index or link_index(state)
        if index.attack:
            for link in index.attack.get(target.id, ()):
                if ignore and link.trait in ignore:
                    continue
                if TRAITS[link.trait].link_attack_blocked(state, link, carnivore, target):
                    return False
    return True


def can_attack(state: State, carnivore: Animal) -> bool:
    """Whether ``carnivore_block`` lets the animal start an attack now, making no reason."""
    if not carnivore.has("carnivore") or ("carnivore", carnivore.id) in state.cooldowns:
        return False
    if not can_eat(state, carnivore):
        return False
    for effect in state.nature_no_attack:
        if affects(state, carnivore, effect):
            return False
    return True


def carnivore_block(state: State, carnivore: Animal) -> str | None:
    """Why this animal cannot start an attack now (the step's checks aside), or None."""
    if not carnivore.has("carnivore"):
        return refusal("not_carnivore", state.edition, animal=carnivore.id, trait="carnivore")
    if state.used("carnivore", carnivore.id):
        return refusal("attacked", animal=carnivore.id)
    if not can_eat(state, carnivore):
        return refusal("carnivore_full", animal=carnivore.id)
    for effect in state.nature_no_attack:
        if affects(state, carnivore, effect):
            change = state.nature_cards[state.nature_now]
            return refusal("nature_no_attack", change=change.id, animal=carnivore.id)
    return None


def start_attack(
    state: State,
    carnivore: Animal,
    target: Animal,
    events: list[Event],
    ignore: tuple[str, ...] = (),
) -> None:
    """The carnivore attacks: its use is spent whatever happens next; the target is marked
    as attacked this turn (Shy)."""
    state.use("carnivore", carnivore.id, Span.TURN)
    state.use(ATTACKED, target.id, Span.TURN)
    events.append(Attacked(carnivore.id, target.id))
    state.stack.append(AttackFrame(carnivore.id, target.id, ignore))
    notify_attacked(state, carnivore, target, events)


def notify_attacked(state: State, carnivore: Animal, target: Animal, events: list[Event]) -> None:
    """Tell the target's traits that this carnivore attacks it (Cnidocytes)."""
    for _, trait in list(target.active()):
        TRAITS[trait].on_attacked(state, carnivore, target, events)


def defence_options(state: State, frame: AttackFrame) -> list[Action]:
    """The defending owner's choices now: trait defences (not those the attack ignores),
    hidden cards' defences, and Accept unless one is forced."""
    target = state.animals[frame.target]
    options: list[Action] = []
    forced = False
    seen: set[str] = set(frame.ignore)
    for _, trait in target.active():
        if trait in seen:
            continue
        seen.add(trait)
        actions, must = TRAITS[trait].defences(state, frame, target)
        options.extend(actions)
        forced = forced or (must and bool(actions))
    for hidden in HIDDEN_TRAITS:
        if in_game(state, hidden):
            actions, must = hidden.hidden_defences(state, frame, target)
            options.extend(actions)
            forced = forced or (must and bool(actions))
    if not forced:
        options.append(Accept())
    return options


def defence_is_choice(state: State, frame: AttackFrame, options: list[Action]) -> bool:
    """Whether the defender must be asked: more than one option, or a hidden trait in the
    game that must not be given away by the absence of a pause (Anglerfish)."""
    if len(options) > 1:
        return True
    for hidden in HIDDEN_TRAITS:
        if in_game(state, hidden) and hidden.keeps_secret(
            state, frame, state.animals[frame.target]
        ):
            return True
    return False


def check_defence(state: State, frame: AttackFrame, action: Action) -> None:
    if action not in defence_options(state, frame):
        if isinstance(action, Accept):
            raise IllegalAction(
                refusal("defend_first", state.edition, trait="running", trait2="mimicry")
            )
        raise IllegalAction(refusal("no_defence", notation=action.notation()))


def apply_defence(state: State, frame: AttackFrame, action: Action, events: list[Event]) -> None:
    for hidden in HIDDEN_TRAITS:
        if in_game(state, hidden):
            hidden.observe_defence(state, frame, action)
    if isinstance(action, Accept):
        eat_prey(state, frame, events)
        return
    trait = TRAITS[DEFENCE_ACTIONS[action.type]]
    trait.apply_defence(state, frame, action, events)


def fail_attack(state: State, frame: AttackFrame, trait: str, events: list[Event]) -> None:
    """The attack ends without a kill; the carnivore's attack for the turn is spent."""
    state.stack.remove(frame)
    events.append(AttackFailed(frame.carnivore, frame.target, trait))


def eat_prey(state: State, frame: AttackFrame, events: list[Event]) -> None:
    """The prey is eaten: two blue tokens to the carnivore, one to a Scavenger (ruling 8)."""
    state.stack.remove(frame)
    carnivore = state.animals[frame.carnivore]
    prey = state.animals[frame.target]
    events.append(AnimalEaten(carnivore.id, prey.id))
    working = [pair for pair in prey.active() if pair[1] not in frame.ignore]
    for _, trait in working:
        TRAITS[trait].on_eaten(state, carnivore, prey, events)
    if any(TRAITS[trait].leaves_traits for _, trait in working):
        leave_traits(state, prey, events)
    else:
        remove_animal(state, prey, "eaten", events)
    for _ in range(2):
        if can_eat(state, carnivore):
            gain(state, carnivore, SUPPLY, "carnivore", events)
    feed_scavenger(state, carnivore, events)


def feed_scavenger(state: State, carnivore: Animal, events: list[Event]) -> None:
    """After a kill, the first Scavenger clockwise from the carnivore's owner that can eat
    gets one blue token; within a player, in table order (ruling 8). With Continents only a
    Scavenger in the carnivore's location (seed 004, "Фаза питания")."""
    for seat in seats_from(state, carnivore.owner):
        for animal_id in state.players[seat].animals:
            animal = state.animals[animal_id]
            if animal.location != carnivore.location:
                continue
            if animal.has("scavenger") and animal.id != carnivore.id and can_eat(state, animal):
                gain(state, animal, SUPPLY, "scavenger", events)
                return
