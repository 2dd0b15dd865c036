"""``evolutio puzzle``: solve a game's puzzles in the terminal, rated in a small local file.

Each puzzle is drawn with the game's terminal table; the player answers with the number of a
move or its notation. The answer is judged as the server judges it (the puzzle's one best
move, docs/puzzles.md), and the rating moves by the same Glicko-2 formula, both the solver's
and the puzzle's, kept per game in ``puzzles.json`` under the user's data folder
(``$XDG_DATA_HOME/evolutio``, else ``~/.local/share/evolutio``) or the file ``--ratings``
names. ``--unrated`` keeps no file at all.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import typer
from rich.markup import escape

from evolutio.cli.app import app, console, fail
from evolutio.cli.render import render_view
from evolutio.core.game import IllegalAction
from evolutio.core.glicko import PUZZLE_RD, SOLVER_START, VOLATILITY, glicko2
from evolutio.core.puzzle import Puzzle, find, moves, puzzle_games, puzzles_of, theme_names
from evolutio.core.registry import get_game


def default_ratings_file() -> Path:
    """``puzzles.json`` in the user's data folder (XDG)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "evolutio" / "puzzles.json"


class LocalRatings:
    """Per game: the solver's rating, streaks, the puzzles tried and the puzzles' ratings."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.data: dict[str, Any] = {}
        if path is not None and path.is_file():
            try:
                self.data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self.data = {}

    def of(self, game: str) -> dict[str, Any]:
        """The game's entry, created with a new solver's rating."""
        rating, rd, vol = SOLVER_START
        entry: dict[str, Any] = self.data.setdefault(game, {})
        for key, value in (("rating", rating), ("rd", rd), ("vol", vol), ("streak", 0),
                           ("best_streak", 0), ("tried", []), ("puzzles", {})):
            entry.setdefault(key, value)
        return entry

    def puzzle_rating(self, puzzle: Puzzle) -> list[float]:
        """[rating, rd, vol] of a puzzle, from its file's rating the first time."""
        stored: list[float] = self.of(puzzle.game)["puzzles"].setdefault(
            puzzle.id, [puzzle.rating, PUZZLE_RD, VOLATILITY])
        return stored

    def save(self) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.data, indent=1), encoding="utf-8")


def _next(ratings: LocalRatings, game: str, theme: str | None, rng: random.Random,
          last: str | None) -> Puzzle | None:
    """A puzzle near the solver's rating, not tried yet where one is left."""
    pool = [p for p in puzzles_of(game) if theme in (None, p.theme) and p.id != last]
    if not pool:
        return None
    entry = ratings.of(game)
    fresh = [p for p in pool if p.id not in entry["tried"]]
    pool = fresh or pool
    pool.sort(key=lambda p: abs(ratings.puzzle_rating(p)[0] - entry["rating"]))
    return rng.choice(pool[:3])


def _record(ratings: LocalRatings, puzzle: Puzzle, correct: bool, rated: bool) -> str:
    """Rate a first attempt (both sides) and count the streak; the line that says so."""
    entry = ratings.of(puzzle.game)
    if puzzle.id in entry["tried"] or not rated:
        return "" if not rated else "(tried before: not rated again)"
    score = 1.0 if correct else 0.0
    before = entry["rating"]
    theirs = ratings.puzzle_rating(puzzle)
    mine = (entry["rating"], entry["rd"], entry["vol"])
    entry["rating"], entry["rd"], entry["vol"] = glicko2(*mine, theirs[0], theirs[1], score)
    theirs[:] = glicko2(theirs[0], theirs[1], theirs[2], mine[0], mine[1], 1 - score)
    entry["tried"].append(puzzle.id)
    entry["streak"] = entry["streak"] + 1 if correct else 0
    entry["best_streak"] = max(entry["best_streak"], entry["streak"])
    change = round(entry["rating"]) - round(before)
    return (f"rating {round(before)} -> {round(entry['rating'])} ({change:+d}), "
            f"streak {entry['streak']} (best {entry['best_streak']})")


def _play_one(puzzle: Puzzle, language: str) -> bool | None:
    """Show a puzzle, read one answer; True/False for right/wrong, None to stop."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    legal = moves(game, state, puzzle.seat)
    console.rule(f"{game.title} · {escape(puzzle.text('title', language))} · "
                 f"{theme_names(puzzle.game, language)[puzzle.theme]} · {round(puzzle.rating)}")
    seats = getattr(state, "num_players", 2)
    players = [("You" if i == puzzle.seat else f"Player {i + 1}") for i in range(seats)]
    console.print(render_view(game, game.view(state, puzzle.seat), players, language))
    for i, action in enumerate(legal, 1):
        console.print(f"  [bold]{i}[/]. {escape(game.describe_choice(state, action, language))}",
                      highlight=False)
    while True:
        text = console.input("Your move (number or notation, q to stop): ").strip()
        if text.lower() in ("q", "quit", ""):
            return None
        try:
            choice = (legal[int(text) - 1] if text.isdigit() and 0 < int(text) <= len(legal)
                      else game.parse_action(state, puzzle.seat, text))
        except IllegalAction as exc:
            console.print(f"[red]{escape(exc.reason)}[/]", highlight=False)
            continue
        if choice not in legal:
            console.print("[red]That move is not legal here.[/]")
            continue
        break
    answer = puzzle.answer_action(game, state)
    correct = choice == answer
    mark = "[bold green]Right![/]" if correct else "[bold red]Not the best move.[/]"
    console.print(f"{mark} {escape(game.describe_choice(state, answer, language))}",
                  highlight=False)
    console.print(escape(puzzle.text("explanation", language)), highlight=False)
    console.print(f"[dim]{escape(puzzle.rule)}[/]", highlight=False)
    return correct


@app.command()
def puzzle(
    game: str | None = typer.Option(None, "--game", "-g", help="The game (default: the first "
                                    "game with puzzles)."),
    theme: str | None = typer.Option(None, "--theme", "-t", help="Only puzzles of this theme."),
    puzzle_id: str | None = typer.Option(None, "--id", help="Start with this puzzle."),
    count: int = typer.Option(0, "--count", "-n", help="Stop after this many puzzles (0: go on "
                              "until q)."),
    ratings_file: Path | None = typer.Option(None, "--ratings", help="The ratings file "
                                             "(default: puzzles.json in the user's data folder)."),
    unrated: bool = typer.Option(False, "--unrated", help="Keep no ratings file."),
    language: str = typer.Option("en", "--language", "-l", help="Language of the texts."),
) -> None:
    """Solve puzzles: find the one best move; right or wrong, the explanation follows and the
    rating (yours and the puzzle's, Glicko-2) moves."""
    games = puzzle_games()
    name = game or (games[0] if games else None)
    if name is None or name not in games:
        raise fail(f"no puzzles for '{name}'; games with puzzles: {', '.join(games)}")
    themes = sorted({p.theme for p in puzzles_of(name)})
    if theme is not None and theme not in themes:
        raise fail(f"no theme '{theme}' in {name}; themes: {', '.join(themes)}")
    ratings = LocalRatings(None if unrated else (ratings_file or default_ratings_file()))
    console.print("Unrated: no ratings file is kept." if unrated else
                  f"Ratings are kept in {ratings.path}.", highlight=False)
    rng = random.Random()
    first = find(name, puzzle_id) if puzzle_id else None
    if puzzle_id and first is None:
        raise fail(f"no puzzle '{puzzle_id}' in {name}")
    done, last = 0, None
    while not count or done < count:
        current = first or _next(ratings, name, theme, rng, last)
        first = None
        if current is None:
            break
        result = _play_one(current, language)
        if result is None:
            break
        line = _record(ratings, current, result, not unrated)
        if line:
            console.print(line, highlight=False)
        ratings.save()
        done, last = done + 1, current.id
    entry = ratings.of(name)
    if not unrated:
        console.print(f"{name}: rating {round(entry['rating'])}, "
                      f"best streak {entry['best_streak']}", highlight=False)
