"""A tiny hidden-information card game implementing the core contract, for bot and sim tests.

Cards 1..13 are shuffled and each of 2-4 players is dealt three. In each of three tricks,
starting with the last trick's winner, every player plays one card face up; the highest card
takes the trick and scores the sum of its cards. Hands and the deck are hidden.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from evolutio.core.game import (
    JSON,
    Action,
    Decision,
    Event,
    IllegalAction,
    OptionError,
    Outcome,
    parse_by_notation,
)
from evolutio.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Play(Action):
    type: ClassVar[str] = "play"
    card: int

    def notation(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Played(Event):
    type: ClassVar[str] = "played"
    seat: int
    card: int


class TrickState:
    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.hands: list[list[int]] = []
        self.deck: list[int] = []
        self.table: list[tuple[int, int]] = []
        self.scores: list[int] = []
        self.leader = 0
        self.tricks = 0

    @property
    def num_players(self) -> int:
        return len(self.hands)

    def clone(self) -> TrickState:
        other = TrickState(dict(self.options), self.seed)
        other.rng = self.rng.clone()
        other.hands = [list(h) for h in self.hands]
        other.deck = list(self.deck)
        other.table = list(self.table)
        other.scores = list(self.scores)
        other.leader = self.leader
        other.tricks = self.tricks
        return other


class TrickGame:
    name = "toy"
    title = "Trick"

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        unknown = set(options) - {"players"}
        if unknown:
            raise OptionError(f"unknown option {sorted(unknown)[0]}; allowed: players")
        players = options.get("players", 2)
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise OptionError("players must be 2 to 4")
        return {"players": players}

    def new(self, options: Mapping[str, Any], seed: int) -> TrickState:
        opts = self.normalize_options(options)
        state = TrickState(opts, seed)
        deck = list(range(1, 14))
        state.rng.shuffle(deck)
        n = opts["players"]
        state.hands = [sorted(deck[i * 3 : (i + 1) * 3]) for i in range(n)]
        state.deck = deck[n * 3 :]
        state.scores = [0] * n
        return state

    def decision(self, state: TrickState) -> Decision | None:
        if state.tricks >= 3:
            return None
        seat = (state.leader + len(state.table)) % state.num_players
        return Decision(seat, "play", "Play a card")

    def legal_actions(self, state: TrickState) -> list[Action]:
        decision = self.decision(state)
        if decision is None:
            return []
        return [Play(card) for card in state.hands[decision.seat]]

    def check(self, state: TrickState, action: Action) -> None:
        if action not in self.legal_actions(state):
            raise IllegalAction(f"{action.notation()} is not legal now")

    def apply(self, state: TrickState, action: Action) -> list[Event]:
        self.check(state, action)
        assert isinstance(action, Play)
        seat = (state.leader + len(state.table)) % state.num_players
        state.hands[seat].remove(action.card)
        state.table.append((seat, action.card))
        if len(state.table) == state.num_players:
            winner = max(state.table, key=lambda sc: sc[1])[0]
            state.scores[winner] += sum(card for _, card in state.table)
            state.leader = winner
            state.table = []
            state.tricks += 1
        return [Played(seat, action.card)]

    def view(self, state: TrickState, seat: int | None) -> JSON:
        return {
            "game": "toy",
            "seat": seat,
            "tricks": state.tricks,
            "table": [list(sc) for sc in state.table],
            "scores": list(state.scores),
            "deck_size": len(state.deck),
            "players": [
                {"seat": i, "hand_size": len(h), "hand": list(h) if i == seat else None}
                for i, h in enumerate(state.hands)
            ],
        }

    def outcome(self, state: TrickState) -> Outcome | None:
        if state.tricks < 3:
            return None
        ranks = tuple(1 + sum(o > s for o in state.scores) for s in state.scores)
        return Outcome(tuple(state.scores), ranks, stats={"turns": 3})

    def determinize(self, state: TrickState, seat: int, rng: random.Random) -> TrickState:
        other = state.clone()
        unseen = sorted([c for i, h in enumerate(state.hands) if i != seat for c in h] + state.deck)
        rng.shuffle(unseen)
        for i, hand in enumerate(other.hands):
            if i != seat:
                size = len(hand)
                other.hands[i] = sorted(unseen[:size])
                unseen = unseen[size:]
        other.deck = unseen
        other.rng = Rng(rng.randrange(1 << 30))
        return other

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        if data.get("type") != "play" or not isinstance(data.get("card"), int):
            raise IllegalAction("expected {'type': 'play', 'card': n}")
        return Play(int(data["card"]))

    def parse_action(self, state: TrickState, text: str) -> Action:
        return parse_by_notation(self.legal_actions(state), text)

    def snapshot(self, state: TrickState) -> JSON:
        return {"hands": state.hands, "deck": state.deck, "scores": state.scores}

    def from_position(
        self, options: Mapping[str, Any], position: Mapping[str, Any], seed: int
    ) -> TrickState:
        state = self.new(options, seed)
        state.hands = [sorted(h) for h in position["hands"]]
        return state

    def describe_action(self, state: TrickState, action: Action, language: str = "en") -> str:
        return f"Plays {action.notation()}."


GAME = TrickGame()
