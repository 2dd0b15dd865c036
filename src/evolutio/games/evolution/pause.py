"""Stop points for scenarios (docs/scenarios.md, "pause"): a scenario may ask the game to
stop where it would otherwise go on by itself -- before a forced or single defence is
applied (``defend``), before a single waiting paired trait fires (``trigger``), or before a
phase ends by itself (``phase``) -- so that what is asked there can be checked. A forced
defence or trigger then waits as an ordinary decision with its one legal action; a phase
end waits as a ``pause`` decision whose only action is ``continue``. Games never set stop
points: only ``Game.pause`` does, for a scenario."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action, Event
from evolutio.games.evolution.actions import ACTION_TYPES
from evolutio.games.evolution.state import ChoiceFrame, State

#: the stop points a scenario may name.
STOP_POINTS = ("defend", "trigger", "phase")


@dataclass(frozen=True, slots=True)
class Continue(Action):
    """Let the game go on past a stop point."""


Continue.type = "continue"


class PauseFrame(ChoiceFrame):
    """The game stopped before ``what`` (a phase ending) would happen by itself."""

    __slots__ = ("done", "seat", "what")

    def __init__(self, seat: int, what: str, done: bool = False) -> None:
        super().__init__("pause")
        self.seat = seat
        self.what = what
        self.done = done

    def chooser(self, state: State) -> int:
        return self.seat

    def prompt(self, state: State) -> str:
        return f"Stopped before {self.what}: continue."

    def options(self, state: State) -> list[Action]:
        return [] if self.done else [Continue()]

    def apply(self, state: State, action: Action, events: list[Event]) -> None:
        self.done = True

    def copy(self) -> PauseFrame:
        return PauseFrame(self.seat, self.what, self.done)

    def to_json(self, state: State) -> dict[str, object]:
        data = ChoiceFrame.to_json(self, state)
        data["before"] = self.what
        return data


def pause_phase_end(state: State, seat: int, what: str) -> bool:
    """Push a pause before ``what`` unless the game already stopped there (``continue``
    was given for this very moment); True when the game must now wait."""
    if "phase" not in state.pauses:
        return False
    mark = f"{state.turn}:{what}"
    if state.paused_at == mark:
        return False
    state.paused_at = mark
    state.stack.append(PauseFrame(seat, what))
    return True


ACTION_TYPES.add(Continue)
