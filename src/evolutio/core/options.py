"""Options a game declares: every face (CLI flags, lobby form, ``/option``, help) is built
from these descriptions, and ``normalize`` validates a mapping of values against them.

Modelled on OpenSpiel's ``parameter_specification``: a game lists its options once, with a
kind, a default, the allowed values and a label in each language it supports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from evolutio.core.common import JSON, OptionError

OptionKind = Literal["int", "bool", "choice", "multi"]
KINDS: tuple[OptionKind, ...] = ("int", "bool", "choice", "multi")


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One option of a game.

    ``kind`` is ``int`` (a whole number from ``low`` to ``high``), ``bool``, ``choice`` (one
    of ``choices``) or ``multi`` (a set of ``choices``, kept in their declared order;
    ``required`` choices are always in it). ``seats`` marks the option that is the number of
    players. ``label`` and ``help`` map a language code to text; ``choice_labels`` maps a
    choice (as text) to its label per language.
    """

    name: str
    kind: OptionKind
    default: Any
    label: Mapping[str, str]
    help: Mapping[str, str] = field(default_factory=dict)
    choices: tuple[Any, ...] = ()
    low: int | None = None
    high: int | None = None
    seats: bool = False
    required: tuple[Any, ...] = ()
    choice_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: unknown kind {self.kind!r}")
        if self.kind in ("choice", "multi") and not self.choices:
            raise ValueError(f"option {self.name}: a {self.kind} option needs choices")
        if self.seats and self.kind != "int":
            raise ValueError(f"option {self.name}: the seat count is an int option")

    def text(self, language: str = "en") -> str:
        """The label in ``language`` (English when that language has none)."""
        return self.label.get(language) or self.label.get("en") or self.name

    def help_text(self, language: str = "en") -> str:
        return self.help.get(language) or self.help.get("en") or ""

    def choice_text(self, choice: Any, language: str = "en") -> str:
        labels = self.choice_labels.get(str(choice), {})
        return labels.get(language) or labels.get("en") or str(choice)

    def allowed(self) -> str:
        """The allowed values in words, for error messages and help."""
        if self.kind == "int":
            return f"a whole number from {self.low} to {self.high}"
        if self.kind == "bool":
            return "true or false"
        values = ", ".join(str(c) for c in self.choices)
        return f"one of {values}" if self.kind == "choice" else f"any of {values}"

    def allows(self) -> JSON:
        """What the option allows, as an ``OptionError``'s params carry it (``kind``, and
        ``low`` and ``high`` or ``choices``), for a face to word in its own language."""
        if self.kind == "int":
            return {"kind": self.kind, "low": self.low, "high": self.high}
        if self.kind == "bool":
            return {"kind": self.kind}
        return {"kind": self.kind, "choices": list(self.choices)}

    def refuse(self, message: str, value: Any) -> OptionError:
        """The ``bad_value`` error of ``value`` for this option."""
        return OptionError(message, "bad_value", name=self.name, value=value, **self.allows())

    def validate(self, value: Any) -> Any:
        """The value in canonical form; a bad one raises ``OptionError`` naming what is allowed."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise self.refuse(f"{self.name} must be {self.allowed()}, not {value!r}", value)
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise self.refuse(f"{self.name} must be {self.allowed()}, not {value!r}", value)
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise self.refuse(f"{self.name} must be true or false, not {value!r}", value)
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise self.refuse(f"{self.name} must be {self.allowed()}, not {value!r}", value)
            return value
        if isinstance(value, str):
            value = [part for part in value.replace(",", " ").split() if part]
        if not isinstance(value, (list, tuple)):
            raise self.refuse(f"{self.name} must be a list, {self.allowed()}", value)
        for item in value:
            if item not in self.choices:
                raise self.refuse(f"unknown {self.name} value '{item}'; allowed: "
                                  + ", ".join(str(c) for c in self.choices), item)
        chosen = set(value) | set(self.required)
        return [c for c in self.choices if c in chosen]

    def parse(self, raw: str) -> Any:
        """A value typed by a person (CLI flag, chat command) in canonical form."""
        text = raw.strip()
        if self.kind == "int":
            try:
                number = int(text)
            except ValueError:
                message = f"{self.name} must be {self.allowed()}, not '{raw}'"
                raise self.refuse(message, raw) from None
            return self.validate(number)
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise self.refuse(f"{self.name} must be true or false, not '{raw}'", raw)
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice).lower() == text.lower():
                    return choice
            raise self.refuse(f"{self.name} must be {self.allowed()}, not '{raw}'", raw)
        return self.validate(text)

    def format(self, value: Any) -> str:
        """A value as a person would type it back (``base,continents``, ``true``, ``3``)."""
        if self.kind == "multi":
            return ",".join(str(v) for v in value)
        if self.kind == "bool":
            return "true" if value else "false"
        return str(value)

    def to_json(self) -> JSON:
        return {
            "name": self.name,
            "kind": self.kind,
            "default": list(self.default) if self.kind == "multi" else self.default,
            "label": dict(self.label),
            "help": dict(self.help),
            "choices": list(self.choices),
            "required": list(self.required),
            "choice_labels": {k: dict(v) for k, v in self.choice_labels.items()},
            "low": self.low,
            "high": self.high,
            "seats": self.seats,
        }


def find(specs: Sequence[OptionSpec], name: str) -> OptionSpec:
    """The option called ``name`` (``-`` and ``_`` alike); unknown names list the known ones."""
    key = name.strip().lower().replace("-", "_")
    for spec in specs:
        if spec.name == key:
            return spec
    names = [s.name for s in specs]
    raise OptionError(
        f"unknown option '{name}'; allowed: {', '.join(names) or 'none'}",
        "unknown_option", name=name, names=names,
    )


def seat_option(specs: Sequence[OptionSpec]) -> OptionSpec | None:
    """The option that is the seat count, if the game declares one."""
    return next((spec for spec in specs if spec.seats), None)


def normalize(specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults filled in, every value validated, unknown names refused with the allowed ones."""
    known = {spec.name for spec in specs}
    unknown = sorted(set(options) - known)
    if unknown:
        raise OptionError(
            f"unknown option {', '.join(map(repr, unknown))}; allowed: {', '.join(sorted(known))}",
            "unknown_option", name=unknown[0], names=[spec.name for spec in specs],
        )
    out: dict[str, Any] = {}
    for spec in specs:
        value = options.get(spec.name, spec.default)
        out[spec.name] = spec.validate(value)
    return out


def parse_assignment(specs: Sequence[OptionSpec], text: str) -> tuple[str, Any]:
    """``name=value`` (or ``name value``) typed by a person, parsed against the specs."""
    name, sep, raw = text.partition("=")
    if not sep:
        name, _, raw = text.strip().partition(" ")
    spec = find(specs, name)
    if not raw.strip():
        raise OptionError(f"give a value for {spec.name}: {spec.allowed()}", "no_value",
                          name=spec.name, **spec.allows())
    return spec.name, spec.parse(raw)


def describe(specs: Sequence[OptionSpec], language: str = "en") -> list[str]:
    """One line per option: ``name: label (allowed; default D)``, for help texts."""
    lines = []
    for spec in specs:
        default = spec.format(spec.default)
        lines.append(f"{spec.name}: {spec.text(language)} ({spec.allowed()}; default {default})")
    return lines
