"""``simulate --records`` keeps replayable records, and ``evolutio analyse`` writes each
record's JSON and chart, prints its tables and refuses bad input with a clear message."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from evolutio.cli import _load_commands
from evolutio.cli.app import app, console
from evolutio.core.match import Match
from evolutio.core.record import Record

_load_commands()
runner = CliRunner()


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables print one row per line, whatever terminal runs the tests."""
    monkeypatch.setattr(console, "_width", 160)


def said(result: Result) -> str:
    """The command's output with the error console's line breaks undone."""
    return " ".join(result.output.split())


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Three toy games' records from ``simulate --records``, and the results file."""
    folder = tmp_path_factory.mktemp("sim")
    out = folder / "rows.jsonl"
    result = runner.invoke(app, [
        "simulate", "--game", "toy", "-n", "3", "-b", "ismcts:20,random", "-w", "1",
        "--seed", "4", "--records", str(folder / "records"), "--out", str(out),
    ])
    assert result.exit_code == 0, result.output
    return folder / "records", out


def test_simulate_records_keeps_every_game_replayable(records: tuple[Path, Path]) -> None:
    folder, out = records
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [
        f"toy-{row['index']:05d}-{row['seed']}.json" for row in rows
    ]
    assert all("record" not in row for row in rows)
    for row, path in zip(rows, files, strict=True):
        record = Record.load(path)
        assert record.players == ["ismcts:20", "random"] and record.seed == row["seed"]
        assert record.rules == 1 and record.outcome is not None
        outcome = Match.from_record(record, str(path)).outcome()
        assert outcome is not None and list(outcome.scores) == row["scores"]
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 0, result.output
        assert "points" in result.output


def test_analyse_writes_json_and_chart_and_prints_the_tables(
    records: tuple[Path, Path], tmp_path: Path
) -> None:
    folder, _ = records
    paths = sorted(folder.iterdir())[:2]
    result = runner.invoke(app, ["analyse", *map(str, paths), "-b", "20", "-j", "1",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for path in paths:
        stem = path.name.removesuffix(".json")
        data = json.loads((tmp_path / f"{stem}.analysis.json").read_text())
        assert data["format"] == "evolutio-analysis" and data["budget"] == "20"
        assert data["players"] == ["ismcts:20", "random"]
        assert [s["seat"] for s in data["summary"]] == [0, 1]
        decision = data["decisions"][0]
        assert {"index", "seat", "kind", "played", "best", "loss", "label", "accuracy",
                "line", "iterations"} <= set(decision)
        assert decision["played"]["text"] and decision["best"]["text"]
        chart = (tmp_path / f"{stem}.analysis.png").read_bytes()
        assert chart.startswith(b"\x89PNG") and len(chart) > 5000
        assert path.name in result.output
    assert "accuracy" in result.output and "??" in result.output
    again = runner.invoke(app, ["analyse", str(paths[0]), "-b", "20", "-j", "2",
                                "--out", str(tmp_path / "again")])
    assert again.exit_code == 0, again.output
    stem = paths[0].name.removesuffix(".json")
    assert (tmp_path / "again" / f"{stem}.analysis.json").read_text() == (
        tmp_path / f"{stem}.analysis.json").read_text()


def test_analyse_refuses_bad_input_clearly(records: tuple[Path, Path], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere.json"
    result = runner.invoke(app, ["analyse", str(missing)])
    assert result.exit_code == 2
    assert "nowhere.json: cannot read" in said(result)
    assert "Traceback" not in said(result)
    garbled = tmp_path / "garbled.json"
    garbled.write_text("{not json")
    result = runner.invoke(app, ["analyse", str(garbled)])
    assert result.exit_code == 2 and "garbled.json: not valid JSON" in said(result)
    good = sorted(records[0].iterdir())[0]
    data = json.loads(good.read_text())
    data["actions"][1]["action"] = {"type": "bid", "tricks": 99}
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps(data))
    result = runner.invoke(app, ["analyse", str(broken), "-j", "1"])
    assert result.exit_code == 2 and "broken.json: actions[1]" in said(result)
    data["game"] = "chess"
    strange = tmp_path / "strange.json"
    strange.write_text(json.dumps(data))
    result = runner.invoke(app, ["analyse", str(strange), "-j", "1"])
    assert result.exit_code == 2 and "unknown game 'chess'" in said(result)
    result = runner.invoke(app, ["analyse", str(good), "-b", "lots"])
    assert result.exit_code == 2 and "bad budget 'lots'" in said(result)
    result = runner.invoke(app, ["analyse", str(good), "-j", "2", "--cluster",
                                 "tcp://127.0.0.1:1"])
    assert result.exit_code == 2 and "--processes sets local processes" in said(result)
    # nothing was written for a refused record, and a good one after a bad one never starts
    result = runner.invoke(app, ["analyse", str(good), str(missing), "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert not list(tmp_path.glob("*.analysis.*"))
