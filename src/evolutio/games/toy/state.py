"""Trick's pieces: its actions, events and state, below the adapter (game.py) and the
encoding for learning agents (encoding.py), which both read them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from evolutio.core.actions import ActionSet
from evolutio.core.game import Action, Event
from evolutio.core.rng import Rng

EXACT_BONUS = 10


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid how many tricks you will take (a simultaneous, hidden choice)."""

    type: ClassVar[str] = "bid"
    tricks: int

    def notation(self) -> str:
        return f"bid {self.tricks}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from your hand to the trick."""

    type: ClassVar[str] = "play"
    card: int

    def notation(self) -> str:
        return f"play {self.card}"


#: the actions of Trick by JSON tag, and their reader.
ACTION_TYPES = ActionSet(Bid, Play)


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A seat has bid; the amount stays hidden until everyone has."""

    type: ClassVar[str] = "bid_made"
    seat: int


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    type: ClassVar[str] = "bids_revealed"
    bids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "played"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class TrickTaken(Event):
    type: ClassVar[str] = "trick_taken"
    seat: int
    points: int


class TrickState:
    """Hands, the deck, the bids (``None`` until made), the trick on the table, scores."""

    __slots__ = ("bids", "deck", "hands", "leader", "options", "revealed", "rng", "scores",
                 "seed", "table", "taken", "tricks")

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.hands: list[list[int]] = []
        self.deck: list[int] = []
        self.bids: list[int | None] = []
        self.revealed = False
        self.table: list[tuple[int, int]] = []
        self.scores: list[int] = []
        self.taken: list[int] = []
        self.leader = 0
        self.tricks = 0

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def total_tricks(self) -> int:
        return int(self.options["tricks"])

    def clone(self) -> TrickState:
        other = TrickState(dict(self.options), self.seed)
        other.rng = self.rng.clone()
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.bids = list(self.bids)
        other.revealed = self.revealed
        other.table = list(self.table)
        other.scores = list(self.scores)
        other.taken = list(self.taken)
        other.leader = self.leader
        other.tricks = self.tricks
        return other
