"""Trick's state, below the adapter (game.py) and the encoding for learning agents
(encoding.py), which both read it; the actions and events are in actions.py and events.py."""

from __future__ import annotations

from typing import Any

from evolutio.core.rng import Rng

EXACT_BONUS = 10


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
