"""Reading scenario files: the format of docs/scenarios.md checked field by field.

A scenario file (YAML, several documents a file, or JSON) becomes :class:`Scenario` values;
anything malformed is a :class:`ScenarioError` naming the field, and ``discover`` finds the
files under folders. Reading is apart from running: :mod:`evolutio.core.scenario` plays a
scenario already checked here against its game, step by step, and re-exports every name of
this module, through which the games, the lessons and the puzzles import them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evolutio.core.common import OptionError
from evolutio.core.registry import default_game

#: the kinds of step; each step has exactly one of them (the runner's ``_step_<kind>``).
STEP_KINDS = (
    "do",
    "expect",
    "view",
    "legal",
    "refuse",
    "decision",
    "dice",
    "outcome",
    "events",
    "pause",
)
#: the fields a scenario may have.
TOP_KEYS = {"name", "rule", "game", "options", "seed", "position", "new", "steps", "description"}


class ScenarioError(ValueError):
    """A malformed scenario: the message names the field and the problem."""


@dataclass
class Scenario:
    """One checked scenario: its game, options and seed, the start (``position`` or
    ``new``), its steps as written, and ``source``, the file it came from."""

    name: str
    rule: str
    game: str
    options: dict[str, Any]
    seed: int
    position: Mapping[str, Any]
    steps: list[Mapping[str, Any]] = field(default_factory=list)
    source: str = "scenario"
    #: a start from the game's ``new`` (seed, chosen hands) instead of ``position``.
    new: Mapping[str, Any] | None = None


def load_documents(path: Path) -> list[Any]:
    """Read a YAML or JSON file; a YAML file may hold several documents (``---``)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ScenarioError(f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
        return data if isinstance(data, list) else [data]
    import yaml

    try:
        return [d for d in yaml.safe_load_all(text) if d is not None]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ScenarioError(f"not valid YAML{where}: {getattr(exc, 'problem', exc)}") from None


def parse_scenario(data: Any, source: str) -> Scenario:
    """One document of a scenario file checked against the format (``source``: its file)."""
    if not isinstance(data, Mapping):
        raise ScenarioError("a scenario is a mapping with name, rule, game, position and steps")
    unknown = sorted(set(data) - TOP_KEYS)
    if unknown:
        raise ScenarioError(
            f"unknown field {', '.join(unknown)}; allowed: {', '.join(sorted(TOP_KEYS))}"
        )
    for key in ("name", "rule"):
        if not isinstance(data.get(key), str) or not data[key].strip():
            raise ScenarioError(f"{key}: required text (the rule field cites the rulebook)")
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise ScenarioError("options: expected a mapping")
    seed = data.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ScenarioError("seed: expected a whole number")
    steps = data.get("steps", [])
    if not isinstance(steps, list):
        raise ScenarioError("steps: expected a list")
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise ScenarioError(f"steps[{i}]: expected a mapping")
        kinds = [k for k in step if k in STEP_KINDS]
        if len(kinds) != 1:
            raise ScenarioError(f"steps[{i}]: each step has exactly one of {', '.join(STEP_KINDS)}")
        extra = sorted(set(step) - {*STEP_KINDS, "seat", "note"})
        if extra:
            raise ScenarioError(f"steps[{i}]: unknown field {', '.join(extra)}")
    position = data.get("position", {})
    if not isinstance(position, Mapping):
        raise ScenarioError("position: expected a mapping")
    new = data.get("new")
    if new is not None:
        if not isinstance(new, Mapping):
            raise ScenarioError("new: expected a mapping (hands, first_player, dice)")
        if "position" in data:
            raise ScenarioError("new and position: a scenario starts from one of them")
    try:
        game = str(data["game"]) if "game" in data else default_game()
    except OptionError as exc:
        raise ScenarioError(f"game: {exc}") from None
    return Scenario(
        name=data["name"],
        rule=data["rule"],
        game=game,
        options=dict(options),
        seed=seed,
        position=position,
        steps=steps,
        source=source,
        new=new,
    )


def discover(paths: Iterable[str | Path]) -> list[Path]:
    """Scenario files under the given files and folders, sorted."""
    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(
                sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
            )
        else:
            found.append(path)
    return found
