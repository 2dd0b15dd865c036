"""The out-of-turn choices of the Continents expansion in the extinction phase: regrowing
animals under the traits Regeneration left, and founding two animals for a seat that had
none (seed 004, "Фаза вымирания", "Регенерация"). ``driver`` puts these frames on the stack."""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.evolution.actions import PlayAnimal, Regrow
from evolutio.games.evolution.events import AnimalRegrown
from evolutio.games.evolution.geography import CONTINENTS
from evolutio.games.evolution.ops import new_animal
from evolutio.games.evolution.state import Animal, ChoiceFrame, Span, State

#: decision kinds of the extinction phase's choices, and its stages.
REGROW = "regrow"
FOUND = "found"


class RegrowFrame(ChoiceFrame):
    """Regeneration: before the cards are dealt, the seat puts a card from its hand as the
    new animal under each set of traits an eaten animal left; with an empty hand the top
    card of the deck is used; with neither the traits stay (seed 004, "Регенерация")."""

    __slots__ = ("seat",)

    def __init__(self, seat: int) -> None:
        super().__init__(REGROW)
        self.seat = seat

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> str:
        return "Put a card from your hand as the new animal under the traits left by Regeneration."

    def _waiting(self, state: State) -> list[int]:
        return [a for a in state.players[self.seat].animals if not state.animals[a].present]

    def options(self, state: State) -> list[Action]:
        hand = state.players[self.seat].hand
        if not hand:
            return []
        return [Regrow(a, card) for a in self._waiting(state) for card in hand]

    def apply(self, state: State, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Regrow)
        state.players[self.seat].hand.remove(action.card)
        regrow(state, state.animals[action.animal], action.card, "hand", events)

    def finish(self, state: State, events: list[Event]) -> None:
        for animal_id in self._waiting(state):
            if not state.deck:
                return
            regrow(state, state.animals[animal_id], state.deck.pop(), "deck", events)

    def copy(self) -> RegrowFrame:
        return RegrowFrame(self.seat)


class FoundFrame(ChoiceFrame):
    """A seat that had no animals and no hand drew 10 cards: it puts two of them on the
    table as animals, each into a continent of its choice (seed 004, "Фаза вымирания")."""

    __slots__ = ("left", "seat")

    def __init__(self, seat: int, left: int = 2) -> None:
        super().__init__(FOUND)
        self.seat = seat
        self.left = left

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> str:
        return f"You start again: put {self.left} of your new cards on the table as animals."

    def options(self, state: State) -> list[Action]:
        if self.left <= 0:
            return []
        hand = state.players[self.seat].hand
        return [PlayAnimal(card, place) for card in hand for place in CONTINENTS]

    def apply(self, state: State, action: Action, events: list[Event]) -> None:
        assert isinstance(action, PlayAnimal)
        state.players[self.seat].hand.remove(action.card)
        new_animal(state, self.seat, action.card, action.location, events)
        self.left -= 1

    def copy(self) -> FoundFrame:
        return FoundFrame(self.seat, self.left)


def regrow(state: State, animal: Animal, card: int, source: str, events: list[Event]) -> None:
    """A new animal card under the traits of an eaten animal with Regeneration; it brings
    no card in this turn's dealing (seed 004, "Регенерация")."""
    animal.card = card
    state.use("regrown", animal.id, Span.TURN)
    events.append(AnimalRegrown(animal.id, card, source))
