"""Ice Age's natural changes in play (seed 004, «Ледниковый период»; nature.py for the card
data and its effect vocabulary).

"В конце каждой фазы вымирания ... когда карты всех не накормленных животных ушли в сброс,
игрок бывший в этом ходу первым вскрывает одну верхнюю карту этой колоды ... Если карты в
этой колоде закончились раньше, чем закончилась игра, использованные карты перемешиваются и
используются повторно." The engine reveals it right after the unfed and poisoned animals
have died, before Regeneration and the dealing, so that its deaths bring no card; none is
revealed after the last turn (the game ends there). Instant effects act at once; lasting
ones act during the next turn, until the next card is revealed.
"""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Event
from evolutio.games.evolution.events import CardsDrawn
from evolutio.games.evolution.geography import LOCATIONS
from evolutio.games.evolution.nature import active_set
from evolutio.games.evolution.ops import affects, remove_animal, seats_from
from evolutio.games.evolution.state import State

ICE_AGE = "ice_age"


@dataclass(frozen=True, slots=True)
class NatureRevealed(Event):
    """The turn's first player reveals a natural-change card (``change`` is its kind id)."""

    seat: int
    card: int
    change: str


NatureRevealed.type = "nature_revealed"


@dataclass(frozen=True, slots=True)
class NatureReshuffled(Event):
    """The natural-change deck was used up: its used cards are shuffled into a new deck."""

    count: int


NatureReshuffled.type = "nature_reshuffled"


@dataclass(frozen=True, slots=True)
class FatLost(Event):
    """A natural change takes an animal's fat (yellow) tokens."""

    animal: int
    amount: int
    change: str


FatLost.type = "fat_lost"


@dataclass(frozen=True, slots=True)
class NatureFood(Event):
    """A natural change adds red tokens to a food bank, or takes them ("" = the one bank)."""

    location: str
    amount: int
    change: str


NatureFood.type = "nature_food"


def setup_nature(state: State, shuffle: bool = True) -> None:
    """A game with Ice Age: the natural-change deck, shuffled by the game's RNG."""
    if ICE_AGE not in state.options["expansions"]:
        return
    state.nature_cards = active_set().cards()
    state.nature_deck = list(range(len(state.nature_cards)))
    if shuffle:
        state.rng.shuffle(state.nature_deck)
    else:
        state.nature_deck.reverse()  # the file's first card on top


def set_current(state: State, card: int) -> None:
    """Put a card in force (its lasting effects on need and attacks), -1 for none."""
    state.nature_now = card
    effects = state.nature_cards[card].effects if card >= 0 else ()
    state.nature_need = tuple(e for e in effects if e.effect == "need")
    state.nature_no_attack = tuple(e for e in effects if e.effect == "no_attacks")


def reveal(state: State, events: list[Event]) -> None:
    """End the card in force and reveal the next one; apply its instant effects."""
    if not state.nature_cards or state.last_turn:
        return
    # the lists are replaced, never changed in place: clones share them
    if state.nature_now >= 0:
        state.nature_discard = [*state.nature_discard, state.nature_now]
    set_current(state, -1)
    if not state.nature_deck:
        if not state.nature_discard:
            return
        deck = list(state.nature_discard)
        state.rng.shuffle(deck)
        state.nature_deck = deck
        state.nature_discard = []
        events.append(NatureReshuffled(len(deck)))
    card = state.nature_deck[-1]
    state.nature_deck = state.nature_deck[:-1]
    change = state.nature_cards[card]
    events.append(NatureRevealed(state.first_player, card, change.id))
    set_current(state, card)
    for effect in change.effects:
        if effect.effect == "fat_lost":
            for animal in list(state.animals.values()):
                if animal.fat and affects(state, animal, effect):
                    events.append(FatLost(animal.id, animal.fat, change.id))
                    state.food_removed += animal.fat
                    animal.fat = 0
        elif effect.effect == "deaths":
            # the victims are those the card finds when it is revealed (a Trematode's two
            # animals both die, though the first death takes the card away)
            victims = [
                state.animals[animal_id]
                for seat in seats_from(state, state.first_player)
                for animal_id in state.players[seat].animals
                if affects(state, state.animals[animal_id], effect)
            ]
            for animal in victims:
                remove_animal(state, animal, change.id, events)
        elif effect.effect == "draw":
            drawn = dict.fromkeys(seats_from(state, state.first_player), 0)
            for _ in range(effect.count):
                for seat in drawn:
                    if state.deck:
                        state.players[seat].hand.append(state.deck.pop())
                        drawn[seat] += 1
            for seat, count in drawn.items():
                if count:
                    events.append(CardsDrawn(seat, count))


def nature_food(state: State, events: list[Event]) -> None:
    """After the dice (and Aedificators): the card in force changes the food bank(s). A
    ``location`` acts on that bank with Continents and on the one bank without them; with no
    location, on every bank; a bank never goes below 0."""
    if state.nature_now < 0:
        return
    change = state.nature_cards[state.nature_now]
    for effect in change.effects:
        if effect.effect != "food":
            continue
        if not state.geography:
            places = [""]
        else:
            places = [effect.location] if effect.location else list(LOCATIONS)
        for place in places:
            before = state.bank(place)
            after = max(0, before + effect.delta)
            if after == before:
                continue
            state.add_bank(place, after - before)
            if after > before:
                state.food_created += after - before
            else:
                state.food_removed += before - after
            events.append(NatureFood(place, after - before, change.id))

