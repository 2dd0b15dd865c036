"""The events of North Star's Evolution: what happened, each with its JSON form (``type`` and
its fields); ``texts.py`` says each in words."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Event


@dataclass(frozen=True, slots=True)
class RoundBegan(Event):
    round: int
    first_player: int
    last: bool


RoundBegan.type = "round"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    seat: int
    count: int


Dealt.type = "dealt"


@dataclass(frozen=True, slots=True)
class Reshuffled(Event):
    """The discard pile became the draw pile: the end of the game is set (R-N15)."""

    cards: int
    last_round: int


Reshuffled.type = "reshuffled"


@dataclass(frozen=True, slots=True)
class FoodChosen(Event):
    """A seat has put its food card down; which card stays hidden until the reveal."""

    seat: int


FoodChosen.type = "food_chosen"


@dataclass(frozen=True, slots=True)
class FoodRevealed(Event):
    cards: tuple[int, ...]
    values: tuple[int, ...]
    total: int
    watering_hole: int


FoodRevealed.type = "food_revealed"


@dataclass(frozen=True, slots=True)
class Played(Event):
    """A card played in the play phase: ``what`` is species, body, pop or trait; a trait
    played face down has ``trait`` empty in the others' logs (see view)."""

    seat: int
    what: str
    card: int
    species: int
    trait: str = ""
    replaced: int | None = None


Played.type = "played"


@dataclass(frozen=True, slots=True)
class TraitsRevealed(Event):
    cards: tuple[int, ...]


TraitsRevealed.type = "traits_revealed"


@dataclass(frozen=True, slots=True)
class Used(Event):
    seat: int
    species: int
    trait: str
    negate: str = ""


Used.type = "used"


@dataclass(frozen=True, slots=True)
class Took(Event):
    """A species took food: ``source`` is plant (watering hole), bank_plant or meat."""

    species: int
    food: int
    fat: int
    source: str
    reason: str


Took.type = "took"


@dataclass(frozen=True, slots=True)
class Attacked(Event):
    species: int
    target: int


Attacked.type = "attacked"


@dataclass(frozen=True, slots=True)
class PopulationLost(Event):
    species: int
    amount: int
    reason: str


PopulationLost.type = "population_lost"


@dataclass(frozen=True, slots=True)
class Extinct(Event):
    seat: int
    species: int
    traits: int


Extinct.type = "extinct"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    seat: int
    count: int


Drew.type = "drew"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int
    phase: str


Passed.type = "passed"


@dataclass(frozen=True, slots=True)
class Banked(Event):
    """The round's food on a species went into its owner's bag."""

    seat: int
    amount: int


Banked.type = "banked"


@dataclass(frozen=True, slots=True)
class NewBoard(Event):
    """A player with no species gets a new one for free (R-N19)."""

    seat: int
    species: int


NewBoard.type = "new_board"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]


GameOver.type = "game_over"


@dataclass(frozen=True, slots=True)
class SetAsideDealt(Event):
    """Climate, 2-4 players: the draw pile ran out and the cards set aside at the start
    became the new one; the end is set as by a reshuffle (R-N15)."""

    cards: int
    last_round: int


SetAsideDealt.type = "set_aside_dealt"
