"""Simulation of Evolution: its options as CLI flags, its declared figures (turns, the traits
of survivors) in summaries and reports, and results files written before tallies existed."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import evolutio.cli.sim  # noqa: F401  (registers the commands)
from evolutio.cli.app import app
from evolutio.sim.report import make_report
from evolutio.sim.runner import batch_tasks, run_games
from evolutio.sim.stats import read_results, summarize, tallies_of

runner = CliRunner()


def words(text: str) -> str:
    return " ".join(text.split())


def test_cli_simulate_evolution_with_its_option_flags(tmp_path: Path) -> None:
    out = tmp_path / "evo.csv"
    result = runner.invoke(
        app,
        [
            "simulate", "--games", "3", "--players", "3", "--bots", "greedy,random,easy",
            "--expansions", "time_to_fly,continents,gift", "--edition", "2", "--half-deck",
            "--workers", "1", "--out", str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "turns/game" in result.output and "Traits of survivors (per seat):" in result.output
    rows = read_results(out)
    assert len(rows) == 3 and all(r["error"] is None for r in rows)
    assert rows[0]["options"] == {
        "players": 3,
        "edition": 2,
        "expansions": ["base", "time_to_fly", "gift", "continents"],
        "half_deck": True,
    }
    assert all(isinstance(r["turns"], int) and isinstance(r["survivor_traits"], list)
               for r in rows)
    header = out.read_text().splitlines()[0].split(",")
    assert header[-4:] == ["turns", "survivor_traits", "seat_played", "seat_survived"]
    result = runner.invoke(app, ["simulate", "--games", "2", "--expansions", "base,nope"])
    assert result.exit_code == 2
    assert "unknown expansions value 'nope'; allowed: base" in words(result.output)


def test_the_same_options_by_assignment() -> None:
    result = runner.invoke(
        app,
        ["simulate", "-n", "1", "-w", "1", "-o", "players=4", "-o", "expansions=time_to_fly",
         "-o", "half_deck=yes", "--no-half-deck"],
    )
    assert result.exit_code == 0, result.output
    assert "evolution 4p random" in result.output


OLD_CSV = (
    "index,game,seed,players,bots,scores,ranks,winners,turns,actions,decisions,think_seconds,"
    "iterations,seconds,error,options,survivor_traits\n"
    '0,evolution,1,2,"[""greedy"", ""random""]","[9, 4]","[1, 2]",[0],7,120,"[30, 30]",'
    '"[0.1, 0.1]","[0, 0]",1.5,,"{""players"": 2}","[[""carnivore"", ""swimming""], '
    '[""fat_tissue""]]"\n'
    '1,evolution,2,2,"[""random"", ""greedy""]","[3, 8]","[2, 1]",[1],9,130,"[30, 30]",'
    '"[0.1, 0.1]","[0, 0]",1.5,,"{""players"": 2}","[[], [""carnivore""]]"\n'
)


def test_results_files_from_before_tallies_still_read(tmp_path: Path) -> None:
    path = tmp_path / "old.csv"
    path.write_text(OLD_CSV)
    rows = read_results(path)
    assert [r["turns"] for r in rows] == [7, 9]
    assert rows[1]["survivor_traits"] == [[], ["carnivore"]]
    tallies = summarize(rows)["tallies"]
    assert tallies["turns"] == {"kind": "mean", "label": "Turns", "games": 2, "mean": 8.0}
    # carnivore: on 2 of 4 seats' survivors, and on both winners
    assert tallies["survivor_traits"]["per"] == "seat"
    assert tallies["survivor_traits"]["top"][0] == ["carnivore", 0.5, 1.0]
    jsonl = tmp_path / "old.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert summarize(read_results(jsonl))["tallies"] == tallies


def test_report_plots_the_declared_figures(tmp_path: Path) -> None:
    rows = run_games(batch_tasks("evolution", {"players": 2}, 2, 6, ["greedy", "random"]), 1)
    assert [t.name for t in tallies_of(rows)] == [
        "turns", "survivor_traits", "seat_played", "seat_survived"]
    written = {p.name for p in make_report(rows, tmp_path, "evo.jsonl")}
    assert {"turns.png", "survivor_traits.png", "seat_played.png", "game_length.png",
            "summary.md"} <= written
    summary = (tmp_path / "summary.md").read_text()
    turns = sum(r["turns"] for r in rows) / len(rows)
    assert f"## Turns\n\nMean {turns:.2f} per game over 6 games" in summary
    assert "## Traits of survivors" in summary and "| name | every seat | winners |" in summary
