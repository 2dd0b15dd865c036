"""The game contract every evolutio game implements.

Modelled on OpenSpiel's ``State`` and PokerKit's verify/apply discipline: ``check`` raises
``IllegalAction`` with a reason a player can read and never mutates; ``apply`` checks, then
mutates and returns the events that say what happened. Bots, the server, simulation and the
research API use only this module and the registry, never a game's internals.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

JSON = dict[str, Any]
Options = Mapping[str, Any]


class IllegalAction(Exception):
    """An action the rules refuse; ``reason`` is written for the player."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class OptionError(ValueError):
    """An unknown option, a bad value, or a player count out of range."""


def _field_to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_field_to_json(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: a small frozen dataclass with a JSON form and a text notation.

    Subclasses set ``type`` (the JSON tag) and implement ``notation``.
    """

    type: ClassVar[str] = "action"

    def to_json(self) -> JSON:
        """The JSON form: ``{"type": ..., field: value, ...}``."""
        out: JSON = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _field_to_json(getattr(self, f.name))
        return out

    def notation(self) -> str:
        """The short human notation used by the terminal, the chat and logs."""
        return self.type

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event: what happened, for logs, animations, replays and statistics."""

    type: ClassVar[str] = "event"

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type}
        for f in dataclasses.fields(self):
            out[f.name] = _field_to_json(getattr(self, f.name))
        return out


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must choose now and what kind of choice it is.

    ``kind`` names the choice (``"develop"``, ``"feed"``, ``"defend"``...); ``prompt`` is a
    sentence for the player. Out-of-turn choices are decisions for the defending seat.
    """

    seat: int
    kind: str
    prompt: str = ""

    def to_json(self) -> JSON:
        return {"seat": self.seat, "kind": self.kind, "prompt": self.prompt}


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores and ranks (1 = best; equal ranks share a place) once the game is over."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    tiebreaks: tuple[int, ...] = field(default=())
    #: game-specific figures for statistics (e.g. turns played, traits of survivors).
    stats: JSON = field(default_factory=dict, compare=False, hash=False)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "tiebreaks": list(self.tiebreaks),
            "winners": list(self.winners),
            "stats": self.stats,
        }


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers: its options, its seed, the seat count and a clone."""

    options: dict[str, Any]
    seed: int

    @property
    def num_players(self) -> int: ...

    def clone(self) -> GameState: ...


S = TypeVar("S")


class Game(Protocol[S]):
    """The contract. One instance per game kind; all per-game data lives in the state."""

    name: str
    title: str

    def normalize_options(self, options: Options) -> dict[str, Any]:
        """Fill defaults and refuse unknown options or bad values with the allowed ones."""
        ...

    def new(self, options: Options, seed: int) -> S:
        """A fresh game: shuffled with a RNG seeded from ``seed``, dealt, ready to play."""
        ...

    def decision(self, state: S) -> Decision | None:
        """Who must choose now, and what kind of choice; ``None`` once the game is over."""
        ...

    def legal_actions(self, state: S) -> list[Action]:
        """Every legal action of the seat in ``decision()``."""
        ...

    def check(self, state: S, action: Action) -> None:
        """Raise ``IllegalAction`` with a readable reason if ``action`` is illegal now."""
        ...

    def apply(self, state: S, action: Action) -> list[Event]:
        """``check`` then mutate; returns the events in order."""
        ...

    def view(self, state: S, seat: int | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator). Never other seats' hidden cards."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Scores, ranks and tie-breaks once the game is over, else ``None``."""
        ...

    def determinize(self, state: S, seat: int, rng: Any) -> S:
        """A copy with what ``seat`` cannot see resampled, consistent with its view."""
        ...

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Parse an action's JSON form; raises ``IllegalAction`` on malformed input."""
        ...

    def parse_action(self, state: S, text: str) -> Action:
        """Parse a notation (or a number into the legal-action list) in this state."""
        ...

    def snapshot(self, state: S) -> JSON:
        """The whole state as JSON (hidden parts included), for tests and scenarios."""
        ...

    def from_position(self, options: Options, position: Mapping[str, Any], seed: int) -> S:
        """Set up any position described by a scenario file (see docs/scenarios.md)."""
        ...

    def describe_action(self, state: S, action: Action, language: str = "en") -> str:
        """A full sentence naming the action for people (card and trait names)."""
        ...

    def describe_event(
        self, event: Event, language: str = "en", seats: list[str] | None = None
    ) -> str:
        """A sentence for people saying what an event did ("" for bookkeeping events);
        ``seats`` names the players."""
        ...

    def labels(self, language: str = "en") -> dict[str, str]:
        """Display names of the game's terms (traits, ...) in ``language`` (en, ru, it, de)."""
        ...


def parse_by_notation(actions: list[Action], text: str) -> Action:
    """Resolve ``text`` against legal actions: a 1-based number or an exact notation."""
    text = " ".join(text.strip().split())
    if not text:
        raise IllegalAction("Enter an action or its number.")
    if text.isdigit():
        index = int(text)
        if 1 <= index <= len(actions):
            return actions[index - 1]
        raise IllegalAction(f"There is no action number {index}; choose 1 to {len(actions)}.")
    lowered = text.lower()
    for action in actions:
        if action.notation().lower() == lowered:
            return action
    raise IllegalAction(f"'{text}' is not a legal action now.")
