"""Scenario files: a position, then steps (actions and expectations). Format: docs/scenarios.md.

The runner is game-agnostic: the game builds the position (``from_position``) and exposes
its whole state as JSON (``snapshot``); expectations are dotted paths into that JSON. Names
given in the position can be used wherever an id is expected: as values of the fields the
game declares (``Game.reference_fields``) in JSON actions, as ``$name`` inside notations,
and as path segments in expectations. A step's ``seat`` says who acts; it is required when
several seats choose at once.

Optional game hooks, used only when a scenario asks for them: ``setup_new(options, setup,
seed)`` (a start from ``new`` with chosen hands instead of a position) and ``pause(state,
points)`` (stop points: the game waits where it would go on by itself). Events an action
produced are checked against their JSON forms (``events`` steps).

Reading a file and checking its fields is :mod:`evolutio.core.scenariofile` (its names are
re-exported here); this module runs what it read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evolutio.core.game import Action, Game, IllegalAction, OptionError
from evolutio.core.registry import get_game

# reading a scenario file (core/scenariofile.py), part of this module for every importer
from evolutio.core.scenariofile import STEP_KINDS as STEP_KINDS
from evolutio.core.scenariofile import Scenario as Scenario
from evolutio.core.scenariofile import ScenarioError as ScenarioError
from evolutio.core.scenariofile import discover as discover
from evolutio.core.scenariofile import load_documents as load_documents
from evolutio.core.scenariofile import parse_scenario as parse_scenario

#: what an ``events`` step may say about the last action's events.
EVENT_CHECKS = ("contains", "order", "exactly", "excludes")


class ScenarioFailure(AssertionError):
    """A scenario whose expectation did not hold."""


@dataclass
class ScenarioResult:
    path: str
    name: str
    rule: str
    passed: bool
    message: str = ""
    steps: int = 0


class Runner:
    """Runs one scenario against its game."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        try:
            self.game: Game[Any] = get_game(scenario.game)
        except OptionError as exc:
            raise ScenarioError(f"game: {exc}") from None
        try:
            if scenario.new is not None:
                state = self.game.setup_new(scenario.options, scenario.new, scenario.seed)
                if state is None:
                    raise ScenarioError(f"new: the game '{scenario.game}' cannot start from new")
                self.state = state
            else:
                self.state = self.game.from_position(
                    scenario.options, scenario.position, scenario.seed
                )
        except OptionError as exc:
            raise ScenarioError(f"options: {exc}") from None
        except IllegalAction as exc:  # a game that reports a malformed position this way
            raise ScenarioError(exc.reason) from None
        self.labels: dict[str, int] = dict(getattr(self.state, "labels", {}))
        #: the JSON forms of the events the last ``do`` step produced.
        self.events: list[dict[str, Any]] = []

    # -- references --------------------------------------------------------------------------

    def _ref(self, value: Any, where: str) -> Any:
        if isinstance(value, str) and not value.isdigit():
            if value not in self.labels:
                raise ScenarioError(f"{where}: nothing in the position is named '{value}'")
            return self.labels[value]
        return int(value) if isinstance(value, str) else value

    def action(self, spec: Any, where: str, seat: int = 0) -> Action:
        if isinstance(spec, str):
            text = re.sub(r"\$([A-Za-z_][\w-]*)", lambda m: str(self._ref(m.group(1), where)), spec)
            return self.game.parse_action(self.state, seat, text)
        if isinstance(spec, Mapping):
            data = dict(spec)
            for key in self.game.reference_fields():
                if isinstance(data.get(key), list):
                    data[key] = [self._ref(v, f"{where}.{key}") for v in data[key]]
                elif key in data:
                    data[key] = self._ref(data[key], f"{where}.{key}")
            return self.game.action_from_json(data)
        raise ScenarioError(f"{where}: an action is a notation string or a JSON mapping")

    def _path(self, path: str, root: Any = None) -> tuple[bool, Any]:
        """The value at a dotted ``path`` of ``root`` (default: the whole state's snapshot)."""
        node: Any = self.game.snapshot(self.state) if root is None else root
        for segment in path.split("."):
            key = str(self.labels[segment]) if segment in self.labels else segment
            if isinstance(node, Mapping):
                if key not in node:
                    return False, None
                node = node[key]
            elif isinstance(node, list) and segment in self.labels:
                # a label in a list of things with ids (a view's species, animals): that one
                found = [n for n in node if isinstance(n, Mapping) and n.get("id") == int(key)]
                if not found:
                    return False, None
                node = found[0]
            elif (
                isinstance(node, list)
                and key.lstrip("-").isdigit()
                and -len(node) <= int(key) < len(node)
            ):
                node = node[int(key)]
            else:
                return False, None
        return True, node

    # -- steps --------------------------------------------------------------------------------

    def run(self) -> int:
        for i, step in enumerate(self.scenario.steps):
            where = f"steps[{i}]"
            kind = next(k for k in step if k in STEP_KINDS)
            getattr(self, f"_step_{kind}")(step, step[kind], where)
        return len(self.scenario.steps)

    def _named_seat(self, step: Mapping[str, Any], where: str) -> int:
        """The step's ``seat``, checked to be a seat of the game (it need not be deciding)."""
        seat = step["seat"]
        players = getattr(self.state, "num_players", None)
        if (
            not isinstance(seat, int) or isinstance(seat, bool)
            or (isinstance(players, int) and not 0 <= seat < players)
        ):
            raise ScenarioError(f"{where}.seat: expected a seat number, not {seat!r}")
        return seat

    def _check_seat(self, step: Mapping[str, Any], where: str) -> int:
        """The seat a step acts for: its ``seat`` (which must be deciding now), else the one
        deciding seat."""
        decision = self.game.decision(self.state)
        seats = decision.seats if decision else ()
        if "seat" in step:
            seat = step["seat"]
            if seat not in seats:
                actual = ", ".join(map(str, seats)) or None
                raise ScenarioFailure(f"{where}: seat {seat} should act, but it is {actual}")
            return int(seat)
        if len(seats) > 1:
            raise ScenarioError(
                f"{where}: seats {', '.join(map(str, seats))} choose at once; give the step's seat"
            )
        return seats[0] if seats else 0

    def _step_do(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        seat = self._check_seat(step, where)
        try:
            action = self.action(spec, f"{where}.do", seat)
            events = self.game.apply(self.state, seat, action)
        except IllegalAction as exc:
            raise ScenarioFailure(f"{where}: '{spec}' was refused: {exc.reason}") from None
        self.events = [dict(event.to_json()) for event in events]

    def _event_matches(self, expected: Any, event: Mapping[str, Any], where: str) -> bool:
        """An expected event is its type, or a mapping of some of its fields (``type``
        included or not); labels stand for ids."""
        if isinstance(expected, str):
            return event.get("type") == expected
        if not isinstance(expected, Mapping):
            raise ScenarioError(f"{where}: an expected event is a type or a mapping of fields")
        for key, value in expected.items():
            if key not in event:
                return False
            if event[key] != self._label_value(value, event[key]):
                return False
        return True

    def _step_events(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        if not isinstance(spec, Mapping) or not spec or set(spec) - set(EVENT_CHECKS):
            raise ScenarioError(f"{where}.events: expected some of {', '.join(EVENT_CHECKS)}")
        events = self.events
        shown = [e.get("type") for e in events]
        for key in EVENT_CHECKS:
            if key not in spec:
                continue
            wanted = _as_list(spec[key])
            if key == "contains":
                for item in wanted:
                    if not any(self._event_matches(item, e, where) for e in events):
                        raise ScenarioFailure(f"{where}: no event {item!r} among {shown}")
            elif key == "excludes":
                for item in wanted:
                    found = [e for e in events if self._event_matches(item, e, where)]
                    if found:
                        raise ScenarioFailure(f"{where}: unexpected event {found[0]!r}")
            elif key == "order":
                position = 0
                for item in wanted:
                    while position < len(events) and not self._event_matches(
                        item, events[position], where
                    ):
                        position += 1
                    if position == len(events):
                        raise ScenarioFailure(
                            f"{where}: events {shown} do not hold {item!r} in the order given"
                        )
                    position += 1
            elif len(wanted) != len(events) or not all(
                self._event_matches(item, e, where) for item, e in zip(wanted, events, strict=True)
            ):
                raise ScenarioFailure(f"{where}: events are {events}, expected {wanted}")

    def _step_pause(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        try:
            paused = self.game.pause(self.state, [str(p) for p in _as_list(spec or [])])
        except OptionError as exc:
            raise ScenarioError(f"{where}.pause: {exc}") from None
        if not paused:
            game = self.scenario.game
            raise ScenarioError(f"{where}.pause: the game {game!r} has no stop points")

    def _step_refuse(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        # the seat may be one that is not to act: its refusal is what is tested
        seat = self._named_seat(step, where) if "seat" in step else self._check_seat(step, where)
        if isinstance(spec, Mapping) and "action" in spec:
            reason = str(spec.get("reason", ""))
            spec = spec["action"]
        else:
            reason = ""
        before = self.game.snapshot(self.state)
        try:
            action = self.action(spec, f"{where}.refuse", seat)
            self.game.check(self.state, seat, action)
        except IllegalAction as exc:
            if reason.lower() not in exc.reason.lower():
                raise ScenarioFailure(
                    f"{where}: refused with '{exc.reason}', expected a reason containing '{reason}'"
                ) from None
            if self.game.snapshot(self.state) != before:
                raise ScenarioFailure(f"{where}: the refused action changed the state") from None
            return
        raise ScenarioFailure(f"{where}: '{spec}' should be refused but is legal")

    def _step_expect(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        self._expect_paths(spec, f"{where}.expect", where, self.game.snapshot(self.state), "")

    def _step_view(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        """Paths into what one seat sees (``Game.view``), checked like ``expect``; the step's
        ``seat`` names the seat, ``null`` a spectator."""
        if "seat" not in step:
            raise ScenarioError(f"{where}.view: give the step's seat (null for a spectator)")
        seat = None if step["seat"] is None else self._named_seat(step, where)
        view = self.game.view(self.state, seat)
        shown = "a spectator's view" if seat is None else f"seat {seat}'s view"
        self._expect_paths(spec, f"{where}.view", where, view, f"in {shown}, ")

    def _expect_paths(self, spec: Any, field_name: str, where: str, root: Any,
                      prefix: str) -> None:
        """Each ``path: value`` of ``spec`` holds in ``root`` (``null``: the path is absent)."""
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"{field_name}: expected a mapping of path: value")
        for path, expected in spec.items():
            found, actual = self._path(str(path), root)
            if expected is None:
                if found and actual is not None:
                    raise ScenarioFailure(
                        f"{where}: {prefix}{path} should be absent, is {actual!r}")
                continue
            if not found:
                raise ScenarioFailure(f"{where}: {prefix}{path} does not exist")
            expected = self._label_value(expected, actual)
            if actual != expected:
                raise ScenarioFailure(
                    f"{where}: {prefix}{path} is {actual!r}, expected {expected!r}")

    def _label_value(self, expected: Any, actual: Any) -> Any:
        """A label name where the state holds an id (also inside a list or a mapping)
        becomes that id."""
        if isinstance(expected, str) and isinstance(actual, int) and expected in self.labels:
            return self.labels[expected]
        if isinstance(expected, list) and isinstance(actual, list) and len(expected) == len(actual):
            return [self._label_value(e, a) for e, a in zip(expected, actual, strict=True)]
        if isinstance(expected, Mapping) and isinstance(actual, Mapping):
            return {
                k: self._label_value(v, actual[k]) if k in actual else v
                for k, v in expected.items()
            }
        return expected

    def _notations(self, seat: int) -> list[str]:
        return [a.notation() for a in self.game.legal_actions(self.state, seat)]

    def _step_legal(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        # a seat that is not to act may be named: its (usually empty) list is what is tested
        seat = self._named_seat(step, where) if "seat" in step else self._check_seat(step, where)
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"{where}.legal: expected includes / excludes / exactly / count")
        unknown = sorted(set(spec) - {"includes", "excludes", "exactly", "count"})
        if unknown:
            raise ScenarioError(
                f"{where}.legal: unknown field {', '.join(map(str, unknown))}; "
                "allowed: includes, excludes, exactly, count"
            )
        legal = self.game.legal_actions(self.state, seat)
        for key in ("includes", "excludes", "exactly"):
            if key not in spec:
                continue
            try:
                wanted = [
                    self.action(s, f"{where}.legal.{key}", seat) for s in _as_list(spec[key])
                ]
            except IllegalAction as exc:
                raise ScenarioError(f"{where}.legal.{key}: not an action: {exc.reason}") from None
            if key == "includes":
                missing = [a.notation() for a in wanted if a not in legal]
                if missing:
                    raise ScenarioFailure(f"{where}: not legal but should be: {missing}")
            elif key == "excludes":
                present = [a.notation() for a in wanted if a in legal]
                if present:
                    raise ScenarioFailure(f"{where}: legal but should not be: {present}")
            elif sorted(a.notation() for a in wanted) != sorted(a.notation() for a in legal):
                raise ScenarioFailure(
                    f"{where}: legal actions are {self._notations(seat)}, expected "
                    f"{[a.notation() for a in wanted]}"
                )
        if "count" in spec and len(legal) != spec["count"]:
            raise ScenarioFailure(f"{where}: {len(legal)} legal actions, expected {spec['count']}")

    def _step_decision(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        decision = self.game.decision(self.state)
        if spec is None:
            if decision is not None:
                raise ScenarioFailure(f"{where}: the game should be over; {decision.to_json()}")
            return
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"{where}.decision: expected a mapping with seat and/or kind")
        if decision is None:
            raise ScenarioFailure(f"{where}: the game is over, expected {dict(spec)}")
        found = {"seats": list(decision.seats), "kind": decision.kind}
        if "seat" in spec and decision.seats != (spec["seat"],):
            actual = decision.seats[0] if len(decision.seats) == 1 else found["seats"]
            raise ScenarioFailure(
                f"{where}: decision seat is {actual!r}, expected {spec['seat']!r}"
            )
        for key in ("seats", "kind"):
            if key in spec and found[key] != spec[key]:
                raise ScenarioFailure(
                    f"{where}: decision {key} is {found[key]!r}, expected {spec[key]!r}"
                )

    def _step_dice(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        rng = getattr(self.state, "rng", None)
        if rng is None:
            raise ScenarioError(f"{where}.dice: this game has no dice")
        try:
            rng.script_dice(_as_list(spec))
        except (TypeError, ValueError) as exc:
            raise ScenarioError(f"{where}.dice: {exc}") from None

    def _step_outcome(self, step: Mapping[str, Any], spec: Any, where: str) -> None:
        result = self.game.outcome(self.state)
        if result is None:
            raise ScenarioFailure(f"{where}: the game is not over")
        data = result.to_json()
        if not isinstance(spec, Mapping):
            raise ScenarioError(f"{where}.outcome: expected a mapping (scores, ranks, winners)")
        for key, expected in spec.items():
            if data.get(key) != expected:
                raise ScenarioFailure(
                    f"{where}: outcome {key} is {data.get(key)}, expected {expected}"
                )


def _as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def run_file(path: Path) -> list[ScenarioResult]:
    """Run every scenario in a file; errors become failed results, never exceptions."""
    source = str(path)
    try:
        documents = load_documents(path)
    except OSError as exc:
        return [ScenarioResult(source, path.name, "", False, f"cannot read: {exc.strerror}")]
    except ScenarioError as exc:
        return [ScenarioResult(source, path.name, "", False, str(exc))]
    results = []
    for index, data in enumerate(documents):
        label = path.name if len(documents) == 1 else f"{path.name}#{index + 1}"
        name = data.get("name", label) if isinstance(data, Mapping) else label
        rule = str(data.get("rule", "")) if isinstance(data, Mapping) else ""
        try:
            scenario = parse_scenario(data, source)
            steps = Runner(scenario).run()
            results.append(ScenarioResult(source, scenario.name, scenario.rule, True, "", steps))
        except ScenarioFailure as exc:
            results.append(ScenarioResult(source, str(name), rule, False, str(exc)))
        except ScenarioError as exc:
            results.append(ScenarioResult(source, str(name), rule, False, f"malformed: {exc}"))
        except Exception as exc:  # a crash is reported as a failed scenario, not raised
            message = f"error in the game engine: {type(exc).__name__}: {exc}"
            results.append(ScenarioResult(source, str(name), rule, False, message))
    return results
