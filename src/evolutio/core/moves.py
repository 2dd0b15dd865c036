"""What a game's rules trade in: actions, events and the refusal of an action.

``check`` refuses with :class:`IllegalAction` (its reason a :class:`Refusal` where the game
can say it again in another language), ``apply`` takes an :class:`Action` and returns the
events (:class:`Event`); both are small frozen dataclasses with a JSON tag (:class:`Tagged`).
They sit apart from the contract (:mod:`evolutio.core.game`, which re-exports every name
here) because they are values every rule module makes, where the contract is the protocol a
game object answers; ``parse_by_notation`` reads an action from the legal ones' notations.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from evolutio.core.common import JSON
from evolutio.core.compiled import mypyc_attr


@mypyc_attr(native_class=False)  # compiled, a subclass of str stays a Python class
class Refusal(str):
    """A refusal sentence in English that remembers its sentence ``key`` and ``fields``, so
    that its game can say it again in another language (``describe_refusal``). It is a
    ``str``: code that returns a reason as text keeps its type, tests keep comparing text."""

    key: str
    fields: dict[str, Any]

    def __new__(cls, text: str, key: str, fields: Mapping[str, Any] | None = None) -> Refusal:
        made = str.__new__(cls, text)
        made.key = key
        made.fields = fields if isinstance(fields, dict) else dict(fields or {})
        return made


class IllegalAction(Exception):
    """An action the rules refuse; ``reason`` is written for the player, in English.

    ``key`` and ``fields`` (optional) name the game's refusal sentence, for a game's
    ``describe_refusal`` to say it in the player's language; a :class:`Refusal` passed as
    the reason brings its own."""

    def __init__(
        self, reason: str, key: str | None = None, fields: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(reason)
        if key is None and isinstance(reason, Refusal):
            key, fields = reason.key, reason.fields
        self.reason = str(reason)
        self.key = key
        self.fields: dict[str, Any] = dict(fields or {})


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """A dataclass type's field names, in order (asked once per type: ``to_json`` is on
    every action's and event's way to a log, a frame or a row)."""
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def _field_to_json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_field_to_json(v) for v in value]
    return value


@mypyc_attr(allow_interpreted_subclasses=True)  # a game need not be compiled
class Tagged:
    """What actions and events share: ``type``, the JSON tag of each class.

    A compiled module (setup.py) sets it after the class body (``Eat.type = "eat"``): mypyc
    hands every name a dataclass body assigns to ``dataclass`` as a field. An interpreted game
    may set it in the body too (``type: ClassVar[str] = "bid"``)."""

    __slots__ = ()

    type: ClassVar[str]


@mypyc_attr(allow_interpreted_subclasses=True)  # a game need not be compiled
@dataclass(frozen=True, slots=True)
class Action(Tagged):
    """Base of every action: a small frozen dataclass with a JSON form and a text notation.

    Subclasses set ``type`` (the JSON tag; see :class:`Tagged`) and implement ``notation``.
    """

    def to_json(self) -> JSON:
        """The JSON form: ``{"type": ..., field: value, ...}``."""
        out: JSON = {"type": self.type}
        for name in _field_names(type(self)):
            out[name] = _field_to_json(getattr(self, name))
        return out

    def notation(self) -> str:
        """The short human notation used by the terminal, the chat and logs."""
        return self.type

    def __str__(self) -> str:
        return self.notation()


Action.type = "action"


@mypyc_attr(allow_interpreted_subclasses=True)  # a game need not be compiled
@dataclass(frozen=True, slots=True)
class Event(Tagged):
    """Base of every event: what happened, for logs, animations, replays and statistics."""

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type}
        for name in _field_names(type(self)):
            out[name] = _field_to_json(getattr(self, name))
        return out


Event.type = "event"


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
