"""Puzzles: a position, the seat to move and its one best move, with a theme and texts.

A game keeps its puzzles in ``puzzles.yaml`` in its own package (docs/puzzles.md). Each
puzzle's position is written in the game's scenario position format (``Game.from_position``)
and its answer in the game's notation, where ``$Name`` stands for a label of the position,
as in scenario files. The loader builds every puzzle's position, checks that the seat is the
one to move and that the answer is legal there, and refuses a missing language or field,
naming the puzzle, so that a broken puzzle is found by the game's test rather than by a
player. Whether the answer is the *best* move is the search's question
(``evolutio.bots.puzzles``), not the loader's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from evolutio.core.game import Action, Game, IllegalAction, OptionError
from evolutio.core.registry import available_games, get_game
from evolutio.core.scenario import Runner, Scenario, ScenarioError

FILENAME = "puzzles.yaml"
#: a new puzzle's rating when its file gives none (the solvers' starting rating too).
START_RATING = 1500.0
KEYS = {"id", "theme", "rating", "options", "seed", "seat", "position", "answer", "rule",
        "title", "explanation"}


class PuzzleError(ValueError):
    """A malformed puzzle: the message names the file, the puzzle and the problem."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle as its file gives it; :meth:`state` builds a fresh position each time."""

    id: str
    game: str
    theme: str
    rating: float
    options: Mapping[str, Any]
    seed: int
    seat: int
    position: Mapping[str, Any]
    answer: str
    rule: str
    title: Mapping[str, str]
    explanation: Mapping[str, str]
    #: labels of the position (``$Name`` in the answer), filled by the loader.
    labels: Mapping[str, int] = field(default_factory=dict)

    def runner(self) -> Runner:
        """A scenario runner on a fresh copy of the position."""
        scenario = Scenario(
            name=self.id, rule=self.rule, game=self.game, options=dict(self.options),
            seed=self.seed, position=self.position, source=f"{self.game}/{FILENAME}",
        )
        return Runner(scenario)

    def state(self) -> Any:
        """A fresh state of the position."""
        return self.runner().state

    def answer_action(self, game: Game[Any], state: Any) -> Action:
        """The answer as an action of ``state`` (labels resolved)."""
        runner = self.runner()
        runner.state = state
        return runner.action(self.answer, f"{self.id}.answer", self.seat)

    def text(self, key: str, lang: str) -> str:
        """The title or explanation in ``lang`` (English when the language is not given)."""
        texts = self.title if key == "title" else self.explanation
        return texts.get(lang) or texts["en"]


def moves(game: Game[Any], state: Any, seat: int) -> list[Action]:
    """The seat's legal actions less those it could take straight back: an action after which
    one more action of the same seat restores the very same state (opening a build and
    cancelling it, as Darwin's Choice's ``mutate`` then ``cancel``) is no move of its own.
    These are the moves a puzzle offers and the ones its answer must beat."""
    base = game.snapshot(state)
    out = []
    for action in game.legal_actions(state, seat):
        after = state.clone()  # the contract's copy (a compiled state has no deepcopy)
        game.apply(after, seat, action)
        decision = game.decision(after)
        undone = False
        if decision is not None and seat in decision.seats:
            for back in game.legal_actions(after, seat):
                again = after.clone()
                game.apply(again, seat, back)
                if game.snapshot(again) == base:
                    undone = True
                    break
        if not undone:
            out.append(action)
    return out


def _texts(raw: Any, where: str, languages: tuple[str, ...]) -> dict[str, str]:
    if not isinstance(raw, Mapping):
        raise PuzzleError(f"{where}: expected a text per language ({', '.join(languages)})")
    out = {}
    for lang in languages:
        text = raw.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise PuzzleError(f"{where}: no '{lang}' text")
        out[lang] = " ".join(text.split())
    extra = sorted(set(raw) - set(languages))
    if extra:
        raise PuzzleError(f"{where}: unknown language(s) {', '.join(extra)}")
    return out


def parse_puzzle(raw: Any, game: Game[Any], where: str) -> Puzzle:
    """One puzzle from its mapping, built and checked (see the module's docstring)."""
    if not isinstance(raw, Mapping):
        raise PuzzleError(f"{where}: a puzzle is a mapping")
    unknown = sorted(set(raw) - KEYS)
    if unknown:
        raise PuzzleError(f"{where}: unknown field(s) {', '.join(unknown)}")
    for key in ("id", "theme", "answer", "rule"):
        if not isinstance(raw.get(key), str) or not raw[key].strip():
            raise PuzzleError(f"{where}: '{key}' is required text")
    where = f"{where} ({raw['id']})"
    seat = raw.get("seat", 0)
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise PuzzleError(f"{where}: 'seat' is a seat number")
    languages = tuple(game.info.languages)
    puzzle = Puzzle(
        id=raw["id"], game=game.name, theme=raw["theme"],
        rating=float(raw.get("rating", START_RATING)), options=dict(raw.get("options") or {}),
        seed=int(raw.get("seed", 0)), seat=seat, position=raw.get("position") or {},
        answer=raw["answer"], rule=" ".join(raw["rule"].split()),
        title=_texts(raw.get("title"), f"{where}.title", languages),
        explanation=_texts(raw.get("explanation"), f"{where}.explanation", languages),
    )
    try:
        runner = puzzle.runner()
        state = runner.state
        decision = game.decision(state)
        if decision is None or seat not in decision.seats:
            who = None if decision is None else list(decision.seats)
            raise PuzzleError(f"{where}: seat {seat} is not to move (deciding: {who})")
        legal = moves(game, state, seat)
        if len(legal) < 2:
            raise PuzzleError(f"{where}: the seat has {len(legal)} move(s), no choice")
        action = runner.action(puzzle.answer, f"{where}.answer", seat)
    except (ScenarioError, OptionError) as exc:
        raise PuzzleError(f"{where}: {exc}") from None
    except IllegalAction as exc:
        raise PuzzleError(f"{where}: the answer cannot be read: {exc.reason}") from None
    if action not in legal:
        raise PuzzleError(f"{where}: the answer '{puzzle.answer}' is not one of the moves")
    return replace(puzzle, labels=dict(runner.labels))


def parse_puzzles(data: Any, game: Game[Any], source: str) -> list[Puzzle]:
    """Every puzzle of a file's ``puzzles`` list; ids must be unique, and every puzzle's
    theme is one the file names in ``themes`` (when it has them: :func:`parse_themes`)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("puzzles"), list):
        raise PuzzleError(f"{source}: expected a mapping with a 'puzzles' list")
    puzzles = [parse_puzzle(raw, game, f"{source}: puzzles[{i}]")
               for i, raw in enumerate(data["puzzles"])]
    languages = tuple(game.info.languages)
    named = parse_themes(data, source, languages) if "themes" in data else None
    seen: set[str] = set()
    for puzzle in puzzles:
        if puzzle.id in seen:
            raise PuzzleError(f"{source}: the id '{puzzle.id}' is used twice")
        if named is not None and puzzle.theme not in named:
            raise PuzzleError(f"{source}: puzzle '{puzzle.id}' has the theme "
                              f"'{puzzle.theme}', which 'themes' does not name")
        seen.add(puzzle.id)
    return puzzles


def parse_themes(
    data: Mapping[str, Any], source: str, languages: tuple[str, ...]
) -> dict[str, dict[str, str]]:
    """The file's ``themes``: each theme's name in every language (the game's words, so that
    the pages and the terminal need none of their own)."""
    raw = data.get("themes")
    if not isinstance(raw, Mapping) or not raw:
        raise PuzzleError(f"{source}: 'themes' must map each theme to its names")
    out: dict[str, dict[str, str]] = {}
    for theme, names in raw.items():
        if not isinstance(names, Mapping) or any(
            not isinstance(names.get(lang), str) or not names[lang].strip() for lang in languages
        ):
            raise PuzzleError(f"{source}: theme '{theme}' needs a name in each of "
                              f"{', '.join(languages)}")
        out[str(theme)] = {lang: str(names[lang]) for lang in languages}
    return out


@cache
def _data(name: str) -> Any:
    """``name``'s puzzles file as read (None when its package has none), read once."""
    import yaml

    game = get_game(name)
    package = type(game).__module__.rsplit(".", 1)[0]
    path = resources.files(package).joinpath(FILENAME)
    if not path.is_file():
        return None
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@cache
def puzzles_of(name: str) -> tuple[Puzzle, ...]:
    """``name``'s puzzles (none when its package has no puzzles file), loaded once."""
    data = _data(name)
    if data is None:
        return ()
    return tuple(parse_puzzles(data, get_game(name), f"{name}/{FILENAME}"))


def theme_names(name: str, language: str) -> dict[str, str]:
    """Each theme of ``name``'s puzzles named in ``language`` (English for another); every
    theme a puzzle has, named by its id where the file names no themes."""
    data = _data(name)
    languages = tuple(get_game(name).info.languages)
    named = (parse_themes(data, f"{name}/{FILENAME}", languages)
             if data and "themes" in data else {})
    lang = language if language in languages else "en"
    out = {theme: names[lang] for theme, names in named.items()}
    for puzzle in puzzles_of(name):
        out.setdefault(puzzle.theme, puzzle.theme)
    return out


def puzzle_games() -> list[str]:
    """The games that have puzzles, in the registry's order."""
    return [name for name in available_games() if puzzles_of(name)]


def find(name: str, puzzle_id: str) -> Puzzle | None:
    """The puzzle ``puzzle_id`` of game ``name``, or None."""
    return next((p for p in puzzles_of(name) if p.id == puzzle_id), None)
