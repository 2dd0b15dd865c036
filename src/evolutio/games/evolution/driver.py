"""The four phases of a turn (seed 004, "Порядок хода"; seed 000, "Svolgimento del gioco").

Development and feeding run in rounds from the first player clockwise; food bank
determination and extinction need no choices and run inside ``advance``. ``advance`` moves
the game on until a seat must choose: it skips seats that can do nothing, fires single
triggers and forced defences, and ends phases.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.evolution.actions import Trigger
from evolutio.games.evolution.attack import apply_defence, defence_is_choice, defence_options
from evolutio.games.evolution.climate import nature_food, reveal
from evolutio.games.evolution.events import (
    CardsDrawn,
    FoodAdded,
    FoodBankSet,
    GameEnded,
    LocationFoodSet,
    PhaseStarted,
    StepEnded,
)
from evolutio.games.evolution.extinction import FOUND, REGROW, FoundFrame, RegrowFrame
from evolutio.games.evolution.feeding import END_STEP, feeding_options
from evolutio.games.evolution.geography import (
    GONDWANA,
    LAURASIA,
    OCEAN,
    food_table,
)
from evolutio.games.evolution.growth import grow
from evolutio.games.evolution.ops import (
    firable,
    fire,
    is_fed,
    remove_animal,
    seats_from,
)
from evolutio.games.evolution.pause import pause_phase_end
from evolutio.games.evolution.scoring import outcome
from evolutio.games.evolution.state import (
    DEVELOPMENT,
    EXTINCTION,
    FEEDING,
    INK_RETURN,
    NO_CARD,
    OVER,
    Animal,
    AttackFrame,
    ChoiceFrame,
    Span,
    State,
    TriggerFrame,
)
from evolutio.games.evolution.trait import (
    EXTRA_FOOD,
    NO_DRAW,
    ON_FOOD_PHASE,
    ON_TURN_START,
    TRAITS,
)

#: each seat's StepEnded, made once (an event is immutable; every feeding step ends with one).
STEP_ENDED = tuple(StepEnded(seat) for seat in range(8))
#: Food bank by player count: (dice, bonus) -- seed 004 table; seed 000 for 5-8 players.
FOOD_BANK = {2: (1, 2), 3: (2, 0), 4: (2, 2), 5: (3, 2), 6: (3, 4), 7: (4, 2), 8: (4, 4)}


# -- development ---------------------------------------------------------------------------


def start_development(state: State, events: list[Event]) -> None:
    state.phase = DEVELOPMENT
    for player in state.players:
        player.passed = False
    state.current = state.first_player
    events.append(PhaseStarted(state.turn, DEVELOPMENT, state.first_player))


def next_developer(state: State, events: list[Event]) -> bool:
    """Move to the next seat that may still play cards; False once everybody has passed.

    A player with no cards in hand must pass (seed 004, "Фаза развития").
    """
    players = state.players
    count = len(players)
    start = state.current
    for i in range(count):  # every seat, clockwise from the current one (``seats_from``)
        seat = (start + i) % count
        player = players[seat]
        if not player.passed:
            if player.hand:
                state.current = seat
                return True
            player.passed = True
    return False


# -- food bank and feeding -----------------------------------------------------------------


def start_feeding(state: State, events: list[Event]) -> None:
    """Food bank determination: the first player rolls (seed 004 table; seed 000, 5-8).

    Traits acting "at the start" of this phase (Neoplasm) go first; then the dice; then the
    traits adding tokens to their location's bank (Aedificator). With Continents each
    location has its own bank: Laurasia's dice are rolled first, then Gondwana's.
    """
    state.phase = FEEDING
    events.append(PhaseStarted(state.turn, FEEDING, state.first_player))
    for animal in list(state.animals.values()) if holds_any(state, ON_FOOD_PHASE) else ():
        if animal.present:
            for _, trait in list(animal.active()):
                if trait in ON_FOOD_PHASE:  # the others' hook does nothing
                    if animal.id not in state.animals:
                        break
                    TRAITS[trait].on_food_phase(state, animal, events)
    if state.flora is not None:
        # Plants: the food lies on the plants (flora.py) and no die is rolled; with
        # Continents the Ocean, where no plant grows, gets its fixed tokens (no die)
        if state.geography:
            ocean = food_table(state.num_players, state.edition)[2]
            state.banks[OCEAN] = ocean
            state.food_created += ocean
            events.append(LocationFoodSet(OCEAN, (), ocean, ocean))
    elif state.geography:
        laurasia, gondwana, ocean = food_table(state.num_players, state.edition)
        for location, (dice_count, bonus) in ((LAURASIA, laurasia), (GONDWANA, gondwana)):
            dice = state.rng.dice(dice_count)
            food = sum(dice) + bonus
            state.banks[location] = food
            state.food_created += food
            events.append(LocationFoodSet(location, tuple(dice), bonus, food))
        state.banks[OCEAN] = ocean
        state.food_created += ocean
        events.append(LocationFoodSet(OCEAN, (), ocean, ocean))
    else:
        dice_count, bonus = FOOD_BANK[state.num_players]
        dice = state.rng.dice(dice_count)
        food = sum(dice) + bonus
        state.food_bank = food
        state.food_created += food
        events.append(FoodBankSet(tuple(dice), bonus, food))
    for animal in state.animals.values() if holds_any(state, EXTRA_FOOD) else ():
        if not animal.present:
            continue
        for _, trait in animal.active():
            extra = TRAITS[trait].extra_food(state, animal) if trait in EXTRA_FOOD else 0
            if extra:
                state.add_bank(animal.location, extra)
                state.food_created += extra
                events.append(FoodAdded(animal.id, trait, animal.location, extra))
    if state.nature_now >= 0:
        nature_food(state, events)
    state.empty_steps = 0
    start_step(state, state.first_player)


def holds_any(state: State, names: set[str]) -> bool:
    """Whether an animal on the table has a working trait among ``names`` (the traits with
    a hook of a phase's start): one pass without copies, so that the hook's own loop runs
    only when it has something to do."""
    if names:
        for animal in state.animals.values():
            if animal.card == NO_CARD or animal.paralysed:
                continue
            off = animal.off
            for card, trait in animal.traits:
                if trait in names and (not off or card not in off):
                    return True
    return False


def start_step(state: State, seat: int) -> None:
    state.current = seat
    state.main_done = False
    state.acted = False
    state.where = None
    cooldowns = state.cooldowns
    if not state.step_marks:
        return  # no step cooldown and no ink-cloud return was set since the last look
    # the step's cooldowns end (``clear_cooldowns(Span.STEP)``), and ruling 16: a carnivore
    # stopped by an ink cloud attacks again from now on; both found in one pass
    step = Span.STEP
    found = [k for k, span in cooldowns.items() if span is step or k[0] == INK_RETURN]
    for found_key in found:
        if cooldowns.get(found_key) is step:
            del cooldowns[found_key]
    for name, animal_id in found:
        if name == INK_RETURN:
            animal = state.animals.get(animal_id)
            if animal is None or animal.owner == seat:
                cooldowns.pop((name, animal_id), None)
                cooldowns.pop(("carnivore", animal_id), None)
    state.step_marks = any(
        name == INK_RETURN and (name, animal_id) in cooldowns for name, animal_id in found
    )


def end_step(state: State, events: list[Event]) -> None:
    """End the seat's feeding step; the phase ends after a full round of empty steps."""
    seat = state.current
    events.append(STEP_ENDED[seat])
    state.empty_steps = 0 if state.acted else state.empty_steps + 1
    if state.empty_steps >= len(state.players):
        start_extinction(state, events)
        return
    start_step(state, (seat + 1) % len(state.players))


# -- extinction and drawing ----------------------------------------------------------------


def start_extinction(state: State, events: list[Event]) -> None:
    """Unfed animals die; poisoned carnivores die; then (driven by ``advance``) eaten animals
    with Regeneration grow back, cards are dealt, new starts put two animals down, and the
    turn ends."""
    state.phase = EXTINCTION
    events.append(PhaseStarted(state.turn, EXTINCTION, state.first_player))
    state.food_removed += state.food_bank + sum(state.banks.values())
    state.food_bank = 0
    for location in state.banks:
        state.banks[location] = 0
    for seat in seats_from(state, state.first_player):
        for animal_id in list(state.players[seat].animals):
            animal = state.animals[animal_id]
            if not is_fed(state, animal):
                remove_animal(state, animal, "starved", events)
            elif animal.poisoned:
                remove_animal(state, animal, "poisoned", events)
    if state.nature_cards:
        reveal(state, events)  # Ice Age: the next natural change (climate.py)
    state.stage = REGROW
    seats = [
        seat
        for seat in seats_from(state, state.first_player)
        if any(not state.animals[a].present for a in state.players[seat].animals)
    ]
    for seat in reversed(seats):  # the first seat's frame on top
        state.stack.append(RegrowFrame(seat))


def end_extinction(state: State, events: list[Event]) -> None:
    """The part after regrowth: deal; new starts put two animals down (Continents)."""
    if state.stage == REGROW:
        starts = deal(state, events)
        state.stage = FOUND
        for seat in reversed(starts):
            state.stack.append(FoundFrame(seat))
        return
    end_turn(state, events)


def end_turn(state: State, events: list[Event]) -> None:
    """Food tokens (not fat) leave the table; the next turn starts, or the game ends."""
    state.stage = ""
    for animal in state.animals.values():
        state.food_removed += animal.food
        animal.food = animal.red = 0
        animal.hibernating = False
        animal.poisoned = False
        animal.paralysed = False
    state.clear_cooldowns(Span.TURN)
    if state.last_turn:
        finish(state, events)
        return
    if state.flora is not None:
        grow(state, events)  # Plants: the growth phase ends the turn (flora.py)
    state.turn += 1
    state.first_player = (state.first_player + 1) % state.num_players
    state.last_turn = not state.deck
    start_of_turn(state, events)
    start_development(state, events)


def start_of_turn(state: State, events: list[Event]) -> None:
    """Effects at the start of a turn, from the first player clockwise, in table order
    (r-strategy's new animals)."""
    if not holds_any(state, ON_TURN_START):
        return
    for seat in seats_from(state, state.first_player):
        for animal_id in list(state.players[seat].animals):
            animal = state.animals.get(animal_id)
            if animal is None or not animal.present:
                continue
            for _, trait in list(animal.active()):
                if trait in ON_TURN_START:
                    TRAITS[trait].on_turn_start(state, animal, events)


def deal(state: State, events: list[Event]) -> list[int]:
    """1 + survivors each, or 6 with no animals and no hand (Continents: 10, two of which
    become animals); one card at a time from the first player clockwise while the deck lasts
    (seed 004; ruling 10). An animal regrown this turn brings no card (Regeneration), nor one
    with r-strategy. 2nd edition: a seat with no animals and no hand takes all its cards at
    once when its turn of the deal comes ("pesca immediatamente 6 carte", seed 000; ruling
    19). Returns the seats that must put two of their new cards down as animals."""
    fresh = 10 if state.geography else 6
    wants = {}
    starts = []
    animals = state.animals
    cooldowns = state.cooldowns
    for seat in seats_from(state, state.first_player):
        player = state.players[seat]
        if not player.animals and not player.hand:
            wants[seat] = fresh
            if state.geography:
                starts.append(seat)
        else:
            count = 1
            for a in player.animals:
                animal = animals[a]
                if (
                    animal.card != NO_CARD
                    and ("regrown", a) not in cooldowns
                    and (not NO_DRAW or draws_card(animal))
                ):
                    count += 1
            wants[seat] = count
    got = dict.fromkeys(wants, 0)
    order = list(wants)
    # ruling 19: in the 2nd edition a fresh start takes all its cards at once, in its turn
    at_once = {
        seat
        for seat in order
        if state.edition < 3
        and wants[seat] == fresh
        and not state.players[seat].animals
        and not state.players[seat].hand
    }
    # one card at a time clockwise (a fresh start in the 2nd edition all at once): every
    # seat still owed a card takes one per round, so the rounds are the largest want
    deck = state.deck
    for _ in range(max(wants.values(), default=0)):
        if not deck:
            break
        for seat in order:
            owed = wants[seat] - got[seat]
            if owed <= 0:
                continue
            take = min(owed if seat in at_once else 1, len(deck))
            if take:
                hand = state.players[seat].hand
                for _ in range(take):
                    hand.append(deck.pop())
                got[seat] += take
    for seat in order:
        if got[seat]:
            events.append(CardsDrawn(seat, got[seat]))
    return [seat for seat in starts if state.players[seat].hand]


def draws_card(animal: Animal) -> bool:
    """Whether a surviving animal earns its owner a card (not with r-strategy)."""
    if NO_DRAW:
        for _, trait in animal.traits:
            if trait in NO_DRAW:
                return False
    return True


def finish(state: State, events: list[Event]) -> None:
    state.phase = OVER
    result = outcome(state)
    events.append(GameEnded(result.scores, result.winners))


# -- the driver ------------------------------------------------------------------------------


def trigger_choices(state: State) -> list[Action]:
    """The pending triggers the first waiting owner may fire next (ruling 3: "their owner
    chooses the order"). A link waiting to fire both ways in a ring -- its second direction
    queued by a token another paired trait gave, within the chain the owner is ordering --
    is offered once per direction. A link that waits both ways because each of its animals
    took a token on its own (a kill, then a Scavenger's token) fires towards the first, as
    the gains happened."""
    ready = firable(state)
    if not ready:
        return []
    seat = state.animals[ready[0][1]].owner
    recipients: dict[int, list[int]] = {}
    for link_id, recipient in ready:
        if state.animals[recipient].owner == seat:
            ways = recipients.setdefault(link_id, [])
            if recipient not in ways:
                ways.append(recipient)
    ringed = {(link_id, r) for link_id, r, chained in state.pending if chained}
    out: list[Action] = []
    for link_id, ways in recipients.items():
        if len(ways) > 1 and any((link_id, r) in ringed for r in ways[1:]):
            out.extend(Trigger(link_id, animal) for animal in ways)
        else:
            out.append(Trigger(link_id))
    return out


def trigger_recipient(state: State, action: Trigger) -> int:
    """The animal a chosen trigger feeds: the one it names, else the first queued."""
    if action.animal:
        return action.animal
    return next(r for link_id, r in firable(state) if link_id == action.link)


def trigger_seat(state: State) -> int:
    ready = firable(state)
    return state.animals[ready[0][1]].owner


def advance(state: State, events: list[Event]) -> None:
    """Resolve everything that needs no choice, until a seat must decide or the game ends."""
    while True:
        if state.phase == OVER:
            return
        if state.stack:
            frame = state.stack[-1]
            if isinstance(frame, AttackFrame):
                options = defence_options(state, frame)
                if not defence_is_choice(state, frame, options) and not (
                    state.pauses and "defend" in state.pauses
                ):
                    apply_defence(state, frame, options[0], events)
                    continue
                return
            if isinstance(frame, ChoiceFrame):
                if frame.options(state):
                    return
                state.stack.pop()
                frame.finish(state, events)
                continue
            state.stack.pop()  # a TriggerFrame is rebuilt from ``pending`` below
            continue
        if state.pending:
            choices = trigger_choices(state)
            if not choices:
                state.pending.clear()
                continue
            if len(choices) == 1 and not (state.pauses and "trigger" in state.pauses):
                choice = choices[0]
                assert isinstance(choice, Trigger)
                fire(state, choice.link, trigger_recipient(state, choice), events)
                continue
            state.stack.append(TriggerFrame(trigger_seat(state)))
            return
        if state.phase == DEVELOPMENT:
            if next_developer(state, events):
                return
            if state.pauses and pause_phase_end(state, state.first_player, "the feeding phase"):
                return
            start_feeding(state, events)
            continue
        if state.phase == FEEDING:
            # a seat that can only end its step is not asked; the options of one that is
            # are its offer (``rules.legal_actions`` reads them without listing again)
            seat = state.current
            options = feeding_options(state, seat)
            if options and (len(options) > 1 or options[0] is not END_STEP):
                state.offer = (seat, options)
                return
            if (
                state.pauses
                and state.empty_steps + 1 >= state.num_players
                and not state.acted
                and pause_phase_end(state, state.current, "the extinction phase")
            ):
                return
            end_step(state, events)
            continue
        if state.phase == EXTINCTION:
            end_extinction(state, events)
            continue
        return
