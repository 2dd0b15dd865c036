"""``simulate``, ``report`` and ``tournament`` with bots by import path and run folders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evolutio.cli import _load_commands
from evolutio.cli.app import app, console

_load_commands()
runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lookahead_bot.py"
RAISES = '''
class Flaky:
    def __init__(self, seed, game):
        self.calls = 0

    def choose(self, view, legal, decision, info=None):
        self.calls += 1
        if self.calls == 1:
            raise ValueError("first call fails")
        return legal[0]
'''


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test in its own folder (run folders go under it), on a wide console."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(console, "_width", 200)


def words(text: str) -> str:
    return " ".join(text.split())


def test_simulate_plays_the_example_bot_from_its_file_into_a_run_folder() -> None:
    spec = f"{EXAMPLE}:LookaheadBot"
    result = runner.invoke(app, ["simulate", "--game", "toy", "-n", "4", "-w", "1",
                                 "--bots", f"{spec},random"])
    assert result.exit_code == 0, result.output
    folders = list(Path("runs").iterdir())
    assert len(folders) == 1 and folders[0].name.startswith("toy-")
    assert f"run folder: {folders[0]}/" in words(result.output)
    rows = [json.loads(line) for line in (folders[0] / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 4 and all(row["error"] is None for row in rows)
    assert rows[0]["bots"] == [spec, "random"]
    assert (folders[0] / "results.summary.json").is_file()
    assert "warning" not in result.output


def test_a_raising_bot_is_replaced_and_the_simulate_run_says_so() -> None:
    Path("flaky.py").write_text(RAISES, encoding="utf-8")
    result = runner.invoke(app, ["simulate", "--game", "toy", "-n", "3", "-w", "1",
                                 "--bots", "flaky.py:Flaky,random", "--out", "r.jsonl"])
    assert result.exit_code == 0, result.output
    text = words(result.output)
    assert ("warning: 3 bot decisions in 3 games were replaced by the game's default move; "
            "first: flaky.py:Flaky at seat 0: raised: ValueError: first call fails") in text
    summary = json.loads(Path("r.summary.json").read_text())
    assert summary["fallbacks"] == 3 and summary["errors"] == 0
    assert not Path("runs").exists()  # --out keeps its old behaviour: no run folder


def test_report_without_a_file_reads_the_latest_run() -> None:
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 2 and "no run folder" in words(result.output)
    for seed in ("1", "2"):
        result = runner.invoke(app, ["simulate", "--game", "toy", "-n", "2", "-w", "1",
                                     "--seed", seed, "--keep-records"])
        assert result.exit_code == 0, result.output
    latest = sorted(Path("runs").iterdir())[-1]
    assert len(list((latest / "records").iterdir())) == 2
    result = runner.invoke(app, ["report"])
    assert result.exit_code == 0, result.output
    text = words(result.output)
    assert f"reading the latest run: {latest / 'results.jsonl'}" in text
    assert (latest / "results_report" / "summary.md").is_file()


def test_tournament_takes_a_bot_by_import_path() -> None:
    Path("flaky.py").write_text(RAISES, encoding="utf-8")
    result = runner.invoke(app, ["tournament", "--game", "toy", "--bots", "flaky.py:Flaky,random",
                                 "--players", "2", "-n", "2", "-w", "1", "--plot", "t.png"])
    assert result.exit_code == 0, result.output
    assert "flaky.py:Flaky" in result.output and "replaced by the game's default move" in words(
        result.output)
