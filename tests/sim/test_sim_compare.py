"""Option sets compared side by side (``simulate --compare``, ``report`` of several files) on
the platform's reference game Trick, whose ``tricks`` option changes the game's length."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import evolutio.cli.sim  # noqa: F401  (registers the commands)
from evolutio.cli.app import app
from evolutio.sim.compare import compare, group_rows
from evolutio.sim.runner import batch_tasks, run_games
from evolutio.sim.stats import read_results, write_results

runner = CliRunner()
BOTS = ["ismcts:5", "random"]


def words(text: str) -> str:
    return " ".join(text.split())


def test_rows_are_grouped_and_labelled_by_the_options_that_differ() -> None:
    one = run_games(batch_tasks("toy", {"players": 2, "tricks": 1}, 4, 5, BOTS), workers=1)
    three = run_games(batch_tasks("toy", {"players": 2, "tricks": 3}, 4, 5, BOTS), workers=1)
    sets = group_rows([("run", one + three)])
    assert [s.label for s in sets] == ["tricks=1", "tricks=3"]
    assert [len(s.rows) for s in sets] == [5, 5]
    table = compare(sets)
    assert table["bots"] == BOTS and set(table["figures"]) == {"exact_bids"}
    short, long = table["sets"]
    # one trick: a bid and a card per seat; three tricks: a bid and three cards per seat
    assert short["mean_actions"] == 4 and long["mean_actions"] == 8
    for entry in table["sets"]:
        shares = sum(entry["bots"][b]["win_rate"]["wins"] for b in BOTS)
        assert shares == pytest.approx(entry["finished"])
    # two files with the same options stay apart, named by their files
    same = group_rows([("a.jsonl", one), ("b.jsonl", one)])
    assert [s.label for s in same] == ["a.jsonl", "b.jsonl"]
    # one file, one option set: nothing to compare
    assert len(group_rows([("run", one)])) == 1


def test_cli_simulate_compare_and_report(tmp_path: Path) -> None:
    out = tmp_path / "sets.jsonl"
    result = runner.invoke(
        app,
        ["simulate", "--game", "toy", "-n", "6", "-p", "2", "--bots", ",".join(BOTS),
         "--workers", "1", "--seed", "2", "--compare", "tricks=1", "--compare", "tricks=3",
         "--out", str(out)],
        terminal_width=160,
    )
    assert result.exit_code == 0, result.output
    text = words(result.output)
    assert "Option sets compared" in text and "tricks=1" in text and "tricks=3" in text
    assert re.search(r"actions per game\W+4\.0\W+8\.0", text)
    rows = read_results(out)
    assert len(rows) == 12 and len({r["index"] for r in rows}) == 12
    # each set plays the same seeds
    assert [r["seed"] for r in rows[:6]] == [r["seed"] for r in rows[6:]]
    summary = json.loads((tmp_path / "sets.summary.json").read_text())
    assert [s["label"] for s in summary["sets"]] == ["tricks=1", "tricks=3"]
    folder = tmp_path / "rep"
    result = runner.invoke(app, ["report", str(out), "--out", str(folder)], terminal_width=160)
    assert result.exit_code == 0, result.output
    md = (folder / "summary.md").read_text()
    assert "| | tricks=1 | tricks=3 |" in md and "| actions per game | 4.0 | 8.0 |" in md
    assert "| ismcts:5 win rate |" in md and "| exact bids per game |" in md
    for name in ("compare_win_rate.png", "compare_length.png", "comparison.json"):
        assert (folder / name).stat().st_size > 0
    assert (folder / "set1_tricks_1" / "summary.md").exists()
    assert (folder / "set2_tricks_3" / "scores.png").exists()


def test_cli_report_compares_several_files(tmp_path: Path) -> None:
    paths = []
    for tricks in (2, 3):
        path = tmp_path / f"t{tricks}.csv"
        write_results(path, run_games(
            batch_tasks("toy", {"players": 2, "tricks": tricks}, 1, 4, BOTS), workers=1
        ))
        paths.append(str(path))
    result = runner.invoke(app, ["report", *paths], terminal_width=160)
    assert result.exit_code == 0, result.output
    assert "tricks=2" in result.output and "tricks=3" in result.output
    md = (tmp_path / "t2_report" / "summary.md").read_text()
    assert "2 option sets compared, 8 games." in md


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--compare", "tricks=2"], "--compare needs at least two option sets"),
        (["--compare", "tricks=2", "--compare", "tricks=2"], "repeats an option set"),
        (["--compare", "tricks=2", "--compare", "colour=red"], "unknown option 'colour'"),
        (["--compare", "tricks=2", "--compare", "tricks=9"], "tricks must be a whole number"),
        (["--compare", "players=2", "--compare", "players=3"], "the same number of players"),
        (["--compare", "tricks=2", "--compare", ";"], "--compare takes NAME=VALUE"),
    ],
)
def test_cli_compare_refuses_bad_sets(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "never.jsonl"
    result = runner.invoke(
        app, ["simulate", "--game", "toy", "-n", "2", "--out", str(out), *args]
    )
    assert result.exit_code == 2, result.output
    assert message in words(result.output)
    assert not out.exists()
