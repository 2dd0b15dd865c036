"""Lessons: a game's guided first game, step by step (docs/lessons.md).

A game brings its lessons as YAML files in a ``lessons/`` folder of its package. Each step
is a prepared position in the scenario format (``options``, ``seed``, ``position`` or
``new``, read by the same machinery as scenario files, so labels work the same), the seat
the learner holds, the narrator's text in every language, and the move asked for: a whole
action (a notation or a JSON action, labels allowed) or some fields an action must have
(``{type: eat}``). A step may instead go on from the table the previous step left
(``continue: true``), and may let other seats move first (``before``). ``after`` checks
the state once the asked move is made, as a scenario's ``expect`` does.

This module knows no game: the server's lesson routes and the tests read lessons through it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from evolutio.core.game import Action, Game, IllegalAction, describe_refusal
from evolutio.core.registry import get_game
from evolutio.core.scenario import (
    Runner,
    Scenario,
    ScenarioError,
    ScenarioFailure,
    load_documents,
)
from evolutio.core.words import words

#: every lesson text is given in each of these languages
LANGUAGES = ("en", "ru", "it", "de")
STEP_KEYS = {"id", "text", "hint", "done", "seat", "ask", "options", "seed", "position", "new",
             "before", "after", "continue"}
LESSON_KEYS = {"id", "game", "title", "summary", "play", "steps"}
#: said when a legal move is not the one a step teaches and the step has no hint of its own
OTHER_MOVE = words(
    "That move is legal, but not the one this step teaches. Read the text again and try once more.",
    ru="Такой ход возможен, но этот шаг учит другому. Перечитайте текст и попробуйте ещё раз.",
    it="Questa mossa è lecita, ma non è quella che insegna questo passo. Rileggi il testo e "
       "riprova.",
    de="Dieser Zug ist erlaubt, aber nicht der, den dieser Schritt lehrt. Lies den Text noch "
       "einmal und versuche es erneut.",
)


class LessonError(ValueError):
    """A malformed lesson file: the message names the lesson, the step and the field."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson: where it starts, what it says and the move it asks for."""

    id: str
    text: Mapping[str, str]
    seat: int
    ask: Any
    hint: Mapping[str, str] | None = None
    done: Mapping[str, str] | None = None
    setup: Mapping[str, Any] | None = None  # options, seed, position / new; None: continue
    before: tuple[Mapping[str, Any], ...] = ()
    after: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: its steps and the short real game it ends in (``play``: the
    options of a room against an easy bot)."""

    game: str
    id: str
    title: Mapping[str, str]
    summary: Mapping[str, str]
    steps: tuple[Step, ...]
    play: Mapping[str, Any] = field(default_factory=dict)

    def start_of(self, index: int) -> int:
        """The step a table for step ``index`` is built from: the nearest one at or before it
        with a position of its own (a ``continue`` step needs the moves before it)."""
        while index > 0 and self.steps[index].setup is None:
            index -= 1
        return index


def _texts(value: Any, where: str) -> dict[str, str]:
    if not isinstance(value, Mapping):
        raise LessonError(f"{where}: a text per language ({', '.join(LANGUAGES)})")
    missing = [lang for lang in LANGUAGES if not str(value.get(lang, "")).strip()]
    if missing:
        raise LessonError(f"{where}: no text in {', '.join(missing)}")
    return {lang: str(value[lang]).strip() for lang in LANGUAGES}


def parse_lesson(data: Any, game: str, source: str) -> Lesson:
    """A lesson read from one YAML document of ``game``'s lessons folder."""
    if not isinstance(data, Mapping):
        raise LessonError(f"{source}: a lesson is a mapping with id, title and steps")
    unknown = sorted(set(data) - LESSON_KEYS)
    if unknown:
        raise LessonError(f"{source}: unknown field {', '.join(unknown)}")
    lesson_id = str(data.get("id", ""))
    if not lesson_id.replace("_", "").isalnum():
        raise LessonError(f"{source}: id: letters, digits and _ only")
    where = f"{source}#{lesson_id}"
    if data.get("game", game) != game:
        raise LessonError(f"{where}: game: this folder holds the lessons of '{game}'")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{where}: steps: a list of steps")
    steps = []
    for i, raw in enumerate(raw_steps):
        at = f"{where}.steps[{i}]"
        if not isinstance(raw, Mapping):
            raise LessonError(f"{at}: a mapping")
        unknown = sorted(set(raw) - STEP_KEYS)
        if unknown:
            raise LessonError(f"{at}: unknown field {', '.join(unknown)}")
        if "ask" not in raw or not isinstance(raw.get("seat"), int):
            raise LessonError(f"{at}: ask and seat are required")
        go_on = bool(raw.get("continue", False))
        if go_on == ("position" in raw or "new" in raw) or (go_on and i == 0):
            raise LessonError(f"{at}: a position (position or new), or continue: true after a step")
        setup = None if go_on else {
            "options": dict(raw.get("options", {})), "seed": int(raw.get("seed", 0)),
            **({"new": raw["new"]} if "new" in raw else {"position": raw["position"]}),
        }
        before = raw.get("before", [])
        if not isinstance(before, list) or not all(
            isinstance(b, Mapping) and set(b) == {"seat", "do"} for b in before
        ):
            raise LessonError(f"{at}.before: a list of {{seat, do}}")
        steps.append(Step(
            id=str(raw.get("id", i + 1)),
            text=_texts(raw.get("text"), f"{at}.text"),
            seat=raw["seat"],
            ask=raw["ask"],
            hint=_texts(raw["hint"], f"{at}.hint") if "hint" in raw else None,
            done=_texts(raw["done"], f"{at}.done") if "done" in raw else None,
            setup=setup,
            before=tuple(before),
            after=raw.get("after"),
        ))
    play = data.get("play", {})
    if not isinstance(play, Mapping):
        raise LessonError(f"{where}: play: the options of the real game after the lesson")
    return Lesson(game, lesson_id, _texts(data.get("title"), f"{where}.title"),
                  _texts(data.get("summary"), f"{where}.summary"), tuple(steps), dict(play))


def lessons_folder(game: Game[Any]) -> Path:
    """The ``lessons/`` folder of the package that holds ``game``'s adapter."""
    import sys

    module = sys.modules[type(game).__module__]
    assert module.__file__ is not None
    return Path(module.__file__).parent / "lessons"


@cache
def lessons(game_name: str) -> tuple[Lesson, ...]:
    """``game_name``'s lessons in the order of their files (none: an empty tuple)."""
    folder = lessons_folder(get_game(game_name))
    out: list[Lesson] = []
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        try:
            documents = load_documents(path)
        except ScenarioError as exc:
            raise LessonError(f"{path.name}: {exc}") from None
        out.extend(parse_lesson(d, game_name, path.name) for d in documents)
    ids = [lesson.id for lesson in out]
    if len(ids) != len(set(ids)):
        raise LessonError(f"{game_name}: two lessons share an id")
    return tuple(out)


def find(game_name: str, lesson_id: str) -> Lesson | None:
    """The lesson ``lesson_id`` of ``game_name``, or None."""
    return next((x for x in lessons(game_name) if x.id == lesson_id), None)


@dataclass
class Verdict:
    """What a move made of a step: ``right`` (the move taught: played), ``refused`` (the
    rules refuse it: the reason) or ``other`` (legal but another move: the hint)."""

    kind: str
    text: str


class Table:
    """A lesson being played: the step, the game state it stands on and its labels."""

    def __init__(self, lesson: Lesson, index: int) -> None:
        self.lesson = lesson
        self.game: Game[Any] = get_game(lesson.game)
        self.index = lesson.start_of(index)
        self.runner = self._build(self.index)
        self.moved = False  # the step's asked move was made
        # a continue step goes on from the moves it asks before it: they are made here
        while self.index < index:
            self.make(self.asked_action())
            self.index += 1
            self.moved = False
            self._before()

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def state(self) -> Any:
        return self.runner.state

    def _build(self, index: int) -> Runner:
        setup = self.lesson.steps[index].setup
        assert setup is not None
        scenario = Scenario(
            name=f"{self.lesson.id}.{index}", rule="lesson", game=self.lesson.game,
            options=dict(setup["options"]), seed=int(setup["seed"]),
            position=setup.get("position") or {}, new=setup.get("new"),
        )
        runner = Runner(scenario)
        self.runner = runner
        self._before()
        return runner

    def _before(self) -> None:
        for move in self.step.before:
            seat = int(move["seat"])
            self.game.apply(self.state, seat, self.runner.action(move["do"], "before", seat))

    def next(self) -> bool:
        """Go on to the next step (after the asked move); False at the lesson's end."""
        if self.index + 1 >= len(self.lesson.steps):
            return False
        self.index += 1
        self.moved = False
        if self.step.setup is not None:
            self._build(self.index)
        else:
            self._before()
        return True

    def legal(self) -> list[Action]:
        return [] if self.moved else self.game.legal_actions(self.state, self.step.seat)

    def _fields(self, spec: Mapping[str, Any]) -> dict[str, Any]:
        """The asked fields with labels as ids, in the JSON form of actions."""
        data = dict(spec)
        for key in self.game.reference_fields():
            if isinstance(data.get(key), list):
                data[key] = [self.runner._ref(v, f"ask.{key}") for v in data[key]]
            elif key in data:
                data[key] = self.runner._ref(data[key], f"ask.{key}")
        plain: dict[str, Any] = json.loads(json.dumps(data))
        return plain

    def taught(self, action: Action) -> bool:
        """Is ``action`` the move the step asks for?"""
        ask = self.step.ask
        if isinstance(ask, Mapping) and "match" in ask:
            wanted = self._fields(ask["match"])
            have = json.loads(json.dumps(action.to_json()))
            return all(have.get(k) == v for k, v in wanted.items())
        return action == self.runner.action(ask, "ask", self.step.seat)

    def asked_action(self) -> Action:
        """A legal action the step teaches (the first such in the legal list)."""
        found = [a for a in self.legal() if self.taught(a)]
        if not found:
            raise ScenarioFailure(f"step {self.step.id}: the asked move is not legal")
        return found[0]

    def make(self, action: Action) -> None:
        self.game.apply(self.state, self.step.seat, action)
        self.moved = True

    def judge(self, action: Action, lang: str) -> Verdict:
        """Play ``action`` if it is the move taught; else say why not, changing nothing."""
        if self.moved:
            return Verdict("refused", "")
        try:
            self.game.check(self.state, self.step.seat, action)
        except IllegalAction as exc:
            return Verdict("refused", describe_refusal(self.game, exc, lang))
        if not self.taught(action):
            hint = self.step.hint or OTHER_MOVE
            return Verdict("other", hint.get(lang, hint["en"]))
        self.make(action)
        done = self.step.done
        return Verdict("right", done.get(lang, done["en"]) if done else "")

    def check_after(self) -> None:
        """The step's ``after`` expectations hold (raises ScenarioFailure)."""
        if self.step.after:
            self.runner._expect_paths(self.step.after, "after", f"step {self.step.id}",
                                      self.game.snapshot(self.state), "")
