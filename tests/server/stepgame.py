"""The toy game with its hidden bid made in two steps: a simultaneous choice in several steps.

Each seat first pencils a bid (``draft N``, hidden, told to nobody), then makes it (``bid N``);
a seat stays in ``decision.seats`` until its second step and is ``chosen`` only then. No game
of the project chooses in several steps at once (Darwin's Choice's steps are one seat's), so
this one shows that the server and ``Match`` follow such a choice from the decision alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from evolutio.core.game import Action, Decision, Event, IllegalAction, Options
from evolutio.games.toy.actions import Bid
from evolutio.games.toy.game import Trick
from evolutio.games.toy.state import TrickState


@dataclass(frozen=True, slots=True)
class Draft(Action):
    """The first step of a bid: the number pencilled in (hidden; the bid may differ)."""

    type: ClassVar[str] = "draft"
    tricks: int

    def notation(self) -> str:
        return f"draft {self.tricks}"


class StepState(TrickState):
    """The toy's state with each seat's pencilled bid (``None`` until drafted)."""

    __slots__ = ("drafts",)

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        super().__init__(options, seed)
        self.drafts: list[int | None] = []

    def clone(self) -> StepState:
        base = super().clone()
        other = StepState(dict(self.options), self.seed)
        for name in TrickState.__slots__:
            setattr(other, name, getattr(base, name))
        other.drafts = list(self.drafts)
        return other


class StepTrick(Trick):
    """Trick whose bid takes two steps per seat."""

    name = "steptoy"

    def new(self, options: Options, seed: int) -> StepState:
        base = super().new(options, seed)
        state = StepState(base.options, seed)
        for name in TrickState.__slots__:
            setattr(state, name, getattr(base, name))
        state.drafts = [None] * base.num_players
        return state

    def decision(self, state: TrickState) -> Decision | None:
        found = super().decision(state)
        if found is None or found.kind != "bid":
            return found
        assert isinstance(state, StepState)
        steps = sum(d is not None for d in state.drafts) + len(found.chosen)
        return Decision(found.seats, found.kind, found.prompt,
                        (steps, 2 * state.num_players), found.chosen)

    def legal_actions(self, state: TrickState, seat: int) -> list[Action]:
        actions = super().legal_actions(state, seat)
        assert isinstance(state, StepState)
        if actions and isinstance(actions[0], Bid) and state.drafts[seat] is None:
            return [Draft(a.tricks) for a in actions if isinstance(a, Bid)]
        return actions

    def check(self, state: TrickState, seat: int, action: Action) -> None:
        assert isinstance(state, StepState)
        decision = self.decision(state)
        bidding = decision is not None and decision.kind == "bid" and seat in decision.seats
        if bidding and (state.drafts[seat] is None) != isinstance(action, Draft):
            raise IllegalAction("Pencil your bid first, then make it."
                                if state.drafts[seat] is None else "Make your bid now.")
        if isinstance(action, Draft):
            super().check(state, seat, Bid(action.tricks))
            return
        super().check(state, seat, action)

    def apply(self, state: TrickState, seat: int, action: Action) -> list[Event]:
        assert isinstance(state, StepState)
        if isinstance(action, Draft):
            self.check(state, seat, action)
            state.drafts[seat] = action.tricks
            return []
        return super().apply(state, seat, action)

    def default_action(self, state: TrickState, seat: int) -> Action:
        legal = self.legal_actions(state, seat)
        if legal and isinstance(legal[0], Draft):
            return legal[0]
        return super().default_action(state, seat)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        if isinstance(data, Mapping) and data.get("type") == "draft":
            value = data.get("tricks")
            if isinstance(value, bool) or not isinstance(value, int):
                raise IllegalAction("A draft is {'type': 'draft', 'tricks': n}.")
            return Draft(value)
        return super().action_from_json(data)


GAME = StepTrick()
