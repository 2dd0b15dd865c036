"""Trick's actions (a bid, a card played) and their JSON reader."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from evolutio.core.actions import ActionSet
from evolutio.core.game import Action


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
