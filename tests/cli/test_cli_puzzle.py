"""``evolutio puzzle``: a right answer by number, a wrong one by notation, the local ratings
file (both ratings, the streak), unrated play, and bad games or themes refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evolutio.cli import _load_commands
from evolutio.cli.app import app, console
from evolutio.core.puzzle import find, moves
from evolutio.core.registry import get_game

_load_commands()
runner = CliRunner()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "_width", 160)


def _answer_number(game: str, pid: str) -> int:
    puzzle = find(game, pid)
    assert puzzle is not None
    rules = get_game(game)
    state = puzzle.state()
    return moves(rules, state, puzzle.seat).index(puzzle.answer_action(rules, state)) + 1


def test_a_right_then_a_wrong_answer_move_the_local_ratings(tmp_path: Path) -> None:
    file = tmp_path / "puzzles.json"
    pid = "evo-attack-undefended"
    right = _answer_number("evolution", pid)
    result = runner.invoke(app, ["puzzle", "--game", "evolution", "--id", pid, "--count", "1",
                                 "--ratings", str(file)], input=f"{right}\n")
    assert result.exit_code == 0, result.output
    assert "Right!" in result.output and "Seed 004" in result.output
    data = json.loads(file.read_text())["evolution"]
    assert data["rating"] > 1500 and data["streak"] == 1 and data["tried"] == [pid]
    assert data["puzzles"][pid][0] < find("evolution", pid).rating  # type: ignore[union-attr]
    # a wrong answer typed in the game's notation ends the streak
    result = runner.invoke(app, ["puzzle", "-g", "evolution", "--id", "evo-sharp-vision",
                                 "-n", "1", "--ratings", str(file)], input="end\n")
    assert result.exit_code == 0, result.output
    assert "Not the best move." in result.output
    data = json.loads(file.read_text())["evolution"]
    assert data["streak"] == 0 and data["best_streak"] == 1 and len(data["tried"]) == 2


def test_unrated_play_keeps_no_file_and_q_stops(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    result = runner.invoke(app, ["puzzle", "-g", "northstar", "--theme", "intelligence",
                                 "--unrated"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "Unrated" in result.output and "Your move" in result.output
    assert not any(tmp_path.iterdir())


def test_unknown_games_and_themes_are_refused() -> None:
    assert "no puzzles for 'toy'" in runner.invoke(app, ["puzzle", "-g", "toy"]).output
    result = runner.invoke(app, ["puzzle", "-g", "darwin", "--theme", "feeding", "--unrated"])
    assert result.exit_code == 2 and "themes: events, habitats" in result.output
