"""Game records: options + seed + actions reproduce a game exactly.

A record is JSON::

    {"format": "evolutio-record", "version": 1, "game": "evolution",
     "rules": 2, "options": {...}, "seed": 7, "players": ["ann", "bot:random"],
     "actions": [{"seat": 0, "action": {"type": "pass"}}, ...],
     "outcome": {...}}            # optional, checked on replay when present

``evolutio.core.match.replay`` re-runs it (the one replayer); the same record always yields
the same state. Malformed files raise ``RecordError`` naming the file, the field and the
problem. For a simultaneous choice the record lists each seat's action in the order they
came in (the turn-based encoding).

``rules`` is the version of the game's rules the record was played under (``GameInfo.rules``;
1 when absent, as in every record made before records carried it). A replay refused under
other rules raises ``RulesChanged``, naming the changes since; a record from newer rules than
the program's is refused up front with ``RulesTooNew``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evolutio.core.game import JSON, Action, GameInfo

FORMAT = "evolutio-record"
VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message names where and why."""


class RulesChanged(RecordError):
    """A record played under older rules that the current ones refuse at one action.

    ``index`` is that action's place in the record (``None``: refused before or after the
    actions, as ``where`` says: "The options were refused"), ``reason`` the refusal,
    ``changes`` the game's changes since the record's version in English
    (``rules_changes``)."""

    def __init__(self, source: str, game: str, recorded: int, current: int,
                 changes: list[tuple[int, list[str]]], index: int | None, reason: str,
                 where: str = "The replayed outcome differs") -> None:
        self.game, self.recorded, self.current = game, recorded, current
        self.changes, self.index, self.reason = changes, index, reason
        if index is not None:
            where = f"Replay stopped at actions[{index}] (action {index + 1})"
        super().__init__(f"{source}: {rules_notice(game, recorded, changes)}. {where}: {reason}")


class RulesTooNew(RecordError):
    """A record played under rules newer than this program's: refused before replaying."""


def rules_changes(info: GameInfo, since: int, language: str = "en") -> list[tuple[int, list[str]]]:
    """The changes of each rules version after ``since`` up to the game's own, oldest first,
    as sentences in ``language`` (English where a sentence has none)."""
    return [
        (version, [c.get(language) or c.get("en") or "" for c in info.changelog.get(version, ())])
        for version in range(max(since, 0) + 1, info.rules + 1)
    ]


def rules_notice(game: str, recorded: int, changes: list[tuple[int, list[str]]]) -> str:
    """"this record was played under GAME rules N; the rules changed since: vN+1: ...", the
    words that tell a reader why an old record may not replay."""
    told = "; ".join(
        f"v{version}: " + "; ".join(line.rstrip(".") for line in lines)
        for version, lines in changes
    )
    return f"this record was played under {game} rules {recorded}; the rules changed since: {told}"


@dataclass
class Record:
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, JSON]] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    outcome: JSON | None = None
    #: the version of the game's rules it was played under (``GameInfo.rules``)
    rules: int = 1

    def add(self, seat: int, action: Action) -> None:
        self.actions.append((seat, action.to_json()))

    def to_json(self) -> JSON:
        data: JSON = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "rules": self.rules,
            "options": self.options,
            "seed": self.seed,
            "players": self.players,
            "actions": [{"seat": seat, "action": action} for seat, action in self.actions],
        }
        if self.outcome is not None:
            data["outcome"] = self.outcome
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False)

    def save(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.dumps() + "\n", encoding="utf-8")
        return path

    @classmethod
    def from_json(cls, data: Any, source: str = "record") -> Record:
        def fail(where: str, problem: str) -> RecordError:
            return RecordError(f"{source}: {where}: {problem}")

        if not isinstance(data, Mapping):
            raise fail("top level", "expected a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise fail("format", f"expected '{FORMAT}', found {data.get('format')!r}")
        game = data.get("game")
        if not isinstance(game, str):
            raise fail("game", "missing or not a string")
        rules = data.get("rules", 1)
        if not isinstance(rules, int) or isinstance(rules, bool) or rules < 1:
            raise fail("rules", f"expected a rules version (an integer from 1), found {rules!r}")
        options = data.get("options", {})
        if not isinstance(options, Mapping):
            raise fail("options", "expected an object")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise fail("seed", "missing or not an integer")
        raw_actions = data.get("actions", [])
        if not isinstance(raw_actions, list):
            raise fail("actions", "expected a list")
        actions: list[tuple[int, JSON]] = []
        for i, item in enumerate(raw_actions):
            if not isinstance(item, Mapping):
                raise fail(f"actions[{i}]", "expected an object with 'seat' and 'action'")
            seat = item.get("seat")
            action = item.get("action")
            if not isinstance(seat, int) or isinstance(seat, bool):
                raise fail(f"actions[{i}].seat", "missing or not an integer")
            if not isinstance(action, Mapping) or not isinstance(action.get("type"), str):
                raise fail(f"actions[{i}].action", "expected an object with a 'type'")
            actions.append((seat, dict(action)))
        players = data.get("players", [])
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise fail("players", "expected a list of names")
        outcome = data.get("outcome")
        if outcome is not None and not isinstance(outcome, Mapping):
            raise fail("outcome", "expected an object")
        return cls(
            game, dict(options), seed, actions, list(players), dict(outcome) if outcome else None,
            rules,
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as bad:
            raise RecordError(
                f"{path}: not valid JSON (line {bad.lineno}, column {bad.colno}: {bad.msg})"
            ) from None
        return cls.from_json(data, str(path))
