"""Trick's events: what happened, each with its JSON form; texts.py says each in words."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evolutio.core.game import Event


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
