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

    def validate(self, value: Any) -> Any:
        """The value in canonical form; a bad one raises ``OptionError`` naming what is allowed."""
        if self.kind == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{self.name} must be {self.allowed()}, not {value!r}")
            if (self.low is not None and value < self.low) or (
                self.high is not None and value > self.high
            ):
                raise OptionError(f"{self.name} must be {self.allowed()}, not {value!r}")
            return value
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise OptionError(f"{self.name} must be true or false, not {value!r}")
            return value
        if self.kind == "choice":
            if value not in self.choices:
                raise OptionError(f"{self.name} must be {self.allowed()}, not {value!r}")
            return value
        if isinstance(value, str):
            value = [part for part in value.replace(",", " ").split() if part]
        if not isinstance(value, (list, tuple)):
            raise OptionError(f"{self.name} must be a list, {self.allowed()}")
        for item in value:
            if item not in self.choices:
                raise OptionError(f"unknown {self.name} value '{item}'; allowed: "
                                  + ", ".join(str(c) for c in self.choices))
        chosen = set(value) | set(self.required)
        return [c for c in self.choices if c in chosen]

    def parse(self, raw: str) -> Any:
        """A value typed by a person (CLI flag, chat command) in canonical form."""
        text = raw.strip()
        if self.kind == "int":
            try:
                number = int(text)
            except ValueError:
                raise OptionError(f"{self.name} must be {self.allowed()}, not '{raw}'") from None
            return self.validate(number)
        if self.kind == "bool":
            lowered = text.lower()
            if lowered in ("true", "yes", "on", "1"):
                return True
            if lowered in ("false", "no", "off", "0"):
                return False
            raise OptionError(f"{self.name} must be true or false, not '{raw}'")
        if self.kind == "choice":
            for choice in self.choices:
                if str(choice).lower() == text.lower():
                    return choice
            raise OptionError(f"{self.name} must be {self.allowed()}, not '{raw}'")
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
    raise OptionError(
        f"unknown option '{name}'; allowed: {', '.join(s.name for s in specs) or 'none'}"
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
            f"unknown option {', '.join(map(repr, unknown))}; allowed: {', '.join(sorted(known))}"
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
        raise OptionError(f"give a value for {spec.name}: {spec.allowed()}")
    return spec.name, spec.parse(raw)


def describe(specs: Sequence[OptionSpec], language: str = "en") -> list[str]:
    """One line per option: ``name: label (allowed; default D)``, for help texts."""
    lines = []
    for spec in specs:
        default = spec.format(spec.default)
        lines.append(f"{spec.name}: {spec.text(language)} ({spec.allowed()}; default {default})")
    return lines
