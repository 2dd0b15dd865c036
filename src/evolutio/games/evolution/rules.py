"""Evolution's rules as functions of the state: who decides now, the legal actions, the check
of an action and its effect. The game object (game.py) delegates here; the view, the notation
and the traits read these functions, never the game object.

Importing this module registers every trait family (``traits/__init__.py``).
"""

from __future__ import annotations

from evolutio.core.game import Action, Decision, Event, IllegalAction
from evolutio.games.evolution import plants
from evolutio.games.evolution import traits as _traits  # noqa: F401  (registers the traits)
from evolutio.games.evolution.actions import (
    Eat,
    EndStep,
    Pass,
    PlayAnimal,
    PlayPair,
    PlayTrait,
    Trigger,
    UseFat,
)
from evolutio.games.evolution.attack import apply_defence, check_defence, defence_options
from evolutio.games.evolution.development import (
    development_options,
    location_refusal,
    pair_block,
    trait_block,
)
from evolutio.games.evolution.driver import (
    advance,
    end_step,
    trigger_choices,
    trigger_recipient,
)
from evolutio.games.evolution.events import FatUsed, Passed, TraitPlayed
from evolutio.games.evolution.feeding import fat_uses, feeding_options, must_feed
from evolutio.games.evolution.links import Link
from evolutio.games.evolution.ops import (
    BANK,
    became_fed,
    can_eat,
    fat_capacity,
    fire,
    gain,
    has_trait,
    need,
    new_animal,
    place_trait,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import (
    DEVELOPMENT,
    OVER,
    Animal,
    AttackFrame,
    ChoiceFrame,
    State,
)
from evolutio.games.evolution.trait import FEEDING_ACTIONS, ON_PLAY, TABLE_ACTIONS, TRAITS


def decision(state: State) -> Decision | None:
    """Who decides now and about what: a defence, a pending choice, a paired trait to fire,
    a card to play or a feeding turn; None once the game is over."""
    if state.phase == OVER:
        return None
    if state.stack:
        frame = state.stack[-1]
        if isinstance(frame, AttackFrame):
            owner = state.animals[frame.target].owner
            return Decision.one(
                owner,
                "defend",
                f"A{frame.target} is attacked by carnivore A{frame.carnivore}: "
                "choose how it defends.",
            )
        if isinstance(frame, ChoiceFrame):
            return Decision.one(frame.chooser(state), frame.kind, frame.prompt(state))
        return Decision.one(frame.seat, "trigger", "Choose which paired trait fires next.")
    # the turn's decisions are made once per seat (a Decision is immutable): they are
    # asked once per action
    if state.phase == DEVELOPMENT:
        return _DEVELOP[state.current]
    return _FEED[state.current]


#: each seat's Passed event, made once (an event is immutable).
PASSED = tuple(Passed(seat) for seat in range(8))
#: the turn's decisions of each seat (Evolution seats at most 8 players).
_DEVELOP = tuple(
    Decision((seat,), "develop", "Play a card from your hand, or pass.") for seat in range(8)
)
_FEED = tuple(Decision((seat,), "feed", "Your feeding turn.") for seat in range(8))


def seat_to_act(state: State) -> int | None:
    """The one seat that decides now (Evolution never asks several at once); the same
    seat as ``decision`` names, without building its prompt."""
    if state.phase == OVER:
        return None
    if state.stack:
        frame = state.stack[-1]
        if isinstance(frame, AttackFrame):
            return state.animals[frame.target].owner
        if isinstance(frame, ChoiceFrame):
            return frame.chooser(state)
        return frame.seat
    return state.current


def legal_actions(state: State, seat: int) -> list[Action]:
    """The legal actions of ``seat``: none unless it is the seat that decides now. They are
    computed once per state version (``State.offer``); each call returns a fresh list."""
    offer = state.offer
    if offer is None:
        if state.phase == OVER:
            return []
        offer = state.offer = _offer(state)
    return list(offer[1]) if seat == offer[0] else []


def actions_now(state: State) -> list[Action]:
    """Every legal action of the seat that decides now."""
    offer = state.offer
    if offer is None:
        if state.phase == OVER:
            return []
        offer = state.offer = _offer(state)
    return list(offer[1])


def _offer(state: State) -> tuple[int, list[Action]]:
    """The seat that decides now and its legal actions (the game is not over)."""
    if state.stack:
        frame = state.stack[-1]
        if isinstance(frame, AttackFrame):
            return state.animals[frame.target].owner, defence_options(state, frame)
        if isinstance(frame, ChoiceFrame):
            return frame.chooser(state), frame.options(state)
        return frame.seat, trigger_choices(state)
    if state.phase == DEVELOPMENT:
        return state.current, development_options(state, state.current)
    return state.current, feeding_options(state, state.current)


def check(state: State, seat: int, action: Action) -> None:
    """Raise ``IllegalAction`` with the reason when ``seat`` may not play ``action`` now.

    An action taken from this state's legal actions (the very object) passes at once; any
    other goes through the rules' checks, which give the reason of a refusal."""
    offer = state.offer
    if offer is not None and seat == offer[0]:
        for legal in offer[1]:
            if legal is action:
                return
    if state.phase == OVER:
        raise IllegalAction(refusal("over"))
    if seat != (seat_to_act(state) if state.stack else state.current):
        raise IllegalAction(refusal("not_your_turn"))
    if state.stack:
        frame = state.stack[-1]
        if isinstance(frame, AttackFrame):
            check_defence(state, frame, action)
        elif isinstance(frame, ChoiceFrame):
            if action not in frame.options(state):
                raise IllegalAction(
                    refusal("not_a_choice", notation=action.notation(), prompt=frame.prompt(state))
                )
        elif action not in trigger_choices(state):
            raise IllegalAction(refusal("choose_trigger"))
        return
    if state.phase == DEVELOPMENT:
        _check_development(state, seat, action)
    else:
        _check_feeding(state, seat, action)


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Check and play ``action`` for ``seat``, then run the game on to the next decision."""
    check(state, seat, action)
    state.offer = None
    events: list[Event] = []
    if state.stack:
        frame = state.stack[-1]
        if isinstance(frame, AttackFrame):
            apply_defence(state, frame, action, events)
        elif isinstance(frame, ChoiceFrame):
            frame.apply(state, action, events)
        else:
            assert isinstance(action, Trigger)
            recipient = trigger_recipient(state, action)
            state.stack.pop()
            fire(state, action.link, recipient, events)
    elif state.phase == DEVELOPMENT:
        _apply_development(state, action, events)
    else:
        _apply_feeding(state, action, events)
    advance(state, events)
    return events


# -- development (seed 004, "Фаза развития") ----------------------------------------------


def _check_development(state: State, seat: int, action: Action) -> None:
    if isinstance(action, Pass):
        return
    if isinstance(action, plants.DEVELOPMENT_TYPES) and state.flora is not None:
        reason = plants.play_block(state, seat, action)
        if reason:
            raise IllegalAction(reason)
        return
    if not isinstance(action, (PlayAnimal, PlayTrait, PlayPair)):
        raise IllegalAction(refusal("development_only"))
    player = state.players[seat]
    if action.card not in player.hand:
        raise IllegalAction(refusal("not_in_hand"))
    if isinstance(action, PlayAnimal):
        reason = location_refusal(state, action.location)
        if reason:
            raise IllegalAction(reason)
        return
    faces = state.card_faces[action.card]
    if action.trait not in faces:
        raise IllegalAction(refusal("wrong_face", state.edition, traits=faces, trait=action.trait))
    trait = TRAITS[action.trait]
    if isinstance(action, PlayTrait):
        if trait.paired:
            raise IllegalAction(refusal("paired", state.edition, trait=action.trait))
        animal = state.animals.get(action.animal)
        if animal is None:
            raise IllegalAction(refusal("no_animal", animal=action.animal))
        reason = trait_block(state, seat, action.trait, animal)
    else:
        if not trait.paired:
            raise IllegalAction(refusal("single", state.edition, trait=action.trait))
        a = state.animals.get(action.animals[0])
        b = state.animals.get(action.animals[1])
        if a is None or b is None:
            missing = action.animals[0] if a is None else action.animals[1]
            raise IllegalAction(refusal("no_animal", animal=missing))
        reason = pair_block(state, seat, action.trait, a, b)
    if reason:
        raise IllegalAction(reason)


def _apply_development(state: State, action: Action, events: list[Event]) -> None:
    seat = state.current
    player = state.players[seat]
    if isinstance(action, Pass):
        player.passed = True
        events.append(PASSED[seat])
    elif isinstance(action, plants.DEVELOPMENT_TYPES):
        plants.apply_play(state, seat, action, events)
    else:
        assert isinstance(action, (PlayAnimal, PlayTrait, PlayPair))
        player.hand.remove(action.card)
        if isinstance(action, PlayAnimal):
            new_animal(state, seat, action.card, action.location, events)
        elif isinstance(action, PlayTrait):
            animal = state.animals[action.animal]
            place_trait(animal, action.card, action.trait)
            state.shown(action.card, seat)
            state.plays += ((seat, action.card, action.trait),)
            events.append(TraitPlayed(seat, action.card, action.trait, (action.animal,)))
            if action.trait in ON_PLAY:
                TRAITS[action.trait].on_play(state, seat, animal, action.card, events)
        else:
            link = Link(state.next_link, action.trait, action.card, *action.animals)
            state.next_link += 1
            state.links[link.id] = link
            state.link_index = None
            state.shown(action.card, seat)
            state.plays += ((seat, action.card, action.trait),)
            events.append(TraitPlayed(seat, action.card, action.trait, action.animals))
    state.current = (seat + 1) % len(state.players)


# -- feeding (seed 004, "Фаза питания") -------------------------------------------------


def _check_feeding(state: State, seat: int, action: Action) -> None:
    if isinstance(action, EndStep):
        if must_feed(state, seat):
            raise IllegalAction(refusal("must_feed"))
        return
    if action.type in plants.FEEDING_TYPES and state.flora is not None:
        plants.check_feeding(state, seat, action)
        return
    animal_id = getattr(action, "animal", None)
    if isinstance(action, (Pass, PlayAnimal, PlayTrait, PlayPair)):
        raise IllegalAction(refusal("feeding_now"))
    if not isinstance(animal_id, int):
        raise IllegalAction(refusal("not_in_feeding", notation=action.notation()))
    animal = state.animals.get(animal_id)
    if animal is None:
        raise IllegalAction(refusal("no_animal", animal=animal_id))
    if animal.owner != seat:
        raise IllegalAction(refusal("not_yours", animal=animal_id))
    if not animal.present:
        raise IllegalAction(refusal("only_traits", animal=animal_id))
    trait_id = FEEDING_ACTIONS.get(action.type)
    migration = trait_id is not None and TRAITS[trait_id].during_migration
    if state.where is not None and animal.location != state.where and not migration:
        raise IllegalAction(
            refusal("other_place", place=state.where, animal=animal_id, place2=animal.location)
        )
    if state.used("migrating", seat) and not migration:
        raise IllegalAction(refusal("migrating"))
    if isinstance(action, (Eat, UseFat)):
        if state.main_done:
            raise IllegalAction(refusal("main_done"))
        if isinstance(action, Eat):
            if state.bank(animal.location) < 1:
                raise IllegalAction(
                    refusal("bank_empty_at", place=animal.location)
                    if animal.location
                    else refusal("bank_empty")
                )
            if not can_eat(state, animal):
                raise IllegalAction(eat_refusal(state, animal))
        else:
            uses = dict(fat_uses(state, seat))
            if animal_id not in uses:
                raise IllegalAction(refusal("no_fat", animal=animal_id))
            if not 1 <= action.amount <= uses[animal_id]:
                raise IllegalAction(refusal("fat_amount", animal=animal_id, most=uses[animal_id]))
        return
    table_trait = TABLE_ACTIONS.get(action.type)
    if table_trait is not None:
        TRAITS[table_trait].check_action(state, animal, action)
        return
    if trait_id is None:
        raise IllegalAction(refusal("not_in_feeding", notation=action.notation()))
    if not has_trait(state, animal, trait_id):
        raise IllegalAction(refusal("lacks", state.edition, animal=animal_id, trait=trait_id))
    TRAITS[trait_id].check_action(state, animal, action)


def _apply_feeding(state: State, action: Action, events: list[Event]) -> None:
    if isinstance(action, EndStep):
        end_step(state, events)
        return
    if action.type in plants.FEEDING_TYPES:
        plants.apply_feeding(state, action, events)
        return
    animal = state.animals[action.animal]  # type: ignore[attr-defined]
    state.acted = True
    trait_id = FEEDING_ACTIONS.get(action.type)
    if trait_id is None or not TRAITS[trait_id].during_migration:
        state.where = animal.location
    if isinstance(action, Eat):
        state.main_done = True
        gain(state, animal, BANK, "eat", events)
    elif isinstance(action, UseFat):
        state.main_done = True
        hungry = animal.food < need(state, animal)
        animal.fat -= action.amount
        animal.food += action.amount
        events.append(FatUsed(animal.id, action.amount))
        if hungry and animal.food >= need(state, animal):
            became_fed(state, animal, events)
    else:
        trait = TRAITS[FEEDING_ACTIONS.get(action.type) or TABLE_ACTIONS[action.type]]
        if trait.main_action(action):
            state.main_done = True
        trait.apply_action(state, animal, action, events)


def eat_refusal(state: State, animal: Animal) -> str:
    """Why ``animal`` may not take a red token (hibernating, full, or its symbiont unfed)."""
    if animal.hibernating:
        return refusal("hibernating", animal=animal.id)
    if animal.food >= need(state, animal) and animal.fat >= fat_capacity(animal):
        return refusal("full", animal=animal.id)
    return refusal("symbiont_hungry", animal=animal.id)
