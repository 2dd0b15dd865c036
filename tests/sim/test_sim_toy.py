"""Runner, statistics, report, tournament and CLI on the platform's reference game Trick
(``games/toy``: a simultaneous hidden bid, then tricks; it declares one ``mean`` tally)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import evolutio.cli.sim  # noqa: F401  (registers the commands)
from evolutio.cli.app import app
from evolutio.core import registry
from evolutio.core.game import JSON, Outcome, Tally
from evolutio.games.toy.actions import Bid
from evolutio.games.toy.game import Trick
from evolutio.games.toy.state import TrickState
from evolutio.sim.report import make_report
from evolutio.sim.runner import batch_tasks, game_seed, run_games
from evolutio.sim.stats import (
    ResultsError,
    rates_by_bot,
    rates_by_seat,
    read_results,
    summarize,
    tallies_of,
    wilson,
    write_results,
)
from evolutio.sim.tournament import plot_ratings, rate, tournament_tasks

TIMING = {"think_seconds", "seconds"}


def strip_timing(rows: list[JSON]) -> list[JSON]:
    return [{k: v for k, v in row.items() if k not in TIMING} for row in rows]


def toy_rows(games: int = 12, seed: int = 5) -> list[JSON]:
    tasks = batch_tasks("toy", {"players": 2}, seed, games, ["ismcts:10", "random"], rotate=True)
    return run_games(tasks, workers=1)


def test_same_results_for_one_and_two_workers() -> None:
    tasks = batch_tasks("toy", {"players": 3}, 9, 10, ["ismcts:6", "random", "random"])
    one = run_games(tasks, workers=1)
    two = run_games(tasks, workers=2)
    assert strip_timing(one) == strip_timing(two)
    assert [r["index"] for r in two] == list(range(10))
    assert all(r["error"] is None for r in one)


def test_game_seeds_are_stable_and_distinct() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, i) for i in range(1000)}) == 1000
    assert game_seed(1, 0) != game_seed(2, 0)


def test_rotation_moves_each_bot_through_every_seat() -> None:
    tasks = batch_tasks("toy", {"players": 3}, 0, 3, ["a", "b", "c"], rotate=True)
    assert [t.bots for t in tasks] == [("a", "b", "c"), ("c", "a", "b"), ("b", "c", "a")]


def test_win_rates_add_up_and_intervals_hold_them() -> None:
    rows = toy_rows()
    by_seat = rates_by_seat(rows)
    assert sum(r.wins for r in by_seat) == pytest.approx(len(rows))
    by_bot = rates_by_bot(rows)
    assert set(by_bot) == {"ismcts:10", "random"}
    for item in [*by_seat, *by_bot.values()]:
        low, high = item.interval
        assert low <= item.rate <= high
    summary = summarize(rows)
    assert summary["finished"] == 12 and summary["errors"] == 0
    assert summary["mean_actions"] == 8  # two bids and six cards
    exact = [r["exact_bids"] for r in rows]
    assert all(isinstance(n, int) and 0 <= n <= 2 for n in exact)
    assert summary["tallies"] == {
        "exact_bids": {
            "kind": "mean",
            "label": "Exact bids",
            "games": 12,
            "mean": round(sum(exact) / 12, 3),
        }
    }


def test_wilson_interval() -> None:
    low, high = wilson(80, 100)
    assert low == pytest.approx(0.7112, abs=1e-3) and high == pytest.approx(0.8666, abs=1e-3)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("suffix", [".jsonl", ".csv"])
def test_results_files_round_trip(tmp_path: Path, suffix: str) -> None:
    rows = toy_rows(4)
    path = tmp_path / f"results{suffix}"
    write_results(path, rows)
    assert read_results(path) == rows


def test_bad_results_files_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ResultsError, match=r"use a name ending in \.jsonl or \.csv"):
        read_results(tmp_path / "results.txt")
    with pytest.raises(ResultsError, match="cannot read"):
        read_results(tmp_path / "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"bots": ["random"], "scores": [1], "winners": [0]}\nnot json\n')
    with pytest.raises(ResultsError, match="line 2: not valid JSON"):
        read_results(bad)
    bad.write_text('{"bots": "random"}\n')
    with pytest.raises(ResultsError, match="'bots' must be a list"):
        read_results(bad)


class CountedTrick(Trick):
    """Trick that also reports, per game, the bids made: a ``count`` tally of one list per
    game (Evolution's survivor traits are one list per seat; tests/games/evolution)."""

    name = "counted_toy"
    info = dataclasses.replace(
        Trick.info, tallies=(*Trick.info.tallies, Tally("bids", "count", {"en": "Bids made"}))
    )

    def outcome(self, state: TrickState) -> Outcome | None:
        result = super().outcome(state)
        if result is None:
            return None
        bids = [f"bid {b}" for b in state.bids]
        return dataclasses.replace(result, stats={**result.stats, "bids": bids})


COUNTED = CountedTrick()


@pytest.fixture
def counted_game() -> Any:
    registry.register("counted_toy", f"{__name__}:COUNTED")
    yield COUNTED
    registry._registered.pop("counted_toy", None)
    registry._loaded.pop("counted_toy", None)


def test_report_writes_pictures_and_summary(tmp_path: Path, counted_game: Any) -> None:
    tasks = batch_tasks("counted_toy", {"players": 2}, 5, 12, ["ismcts:10", "random"], rotate=True)
    rows = run_games(tasks, workers=1)
    assert [t.name for t in tallies_of(rows)] == ["exact_bids", "bids"]
    assert all(len(r["bids"]) == 2 for r in rows)
    written = make_report(rows, tmp_path / "report", "toy.jsonl")
    names = {p.name for p in written}
    assert names == {
        "win_rate_by_bot.png",
        "win_rate_by_seat.png",
        "scores.png",
        "game_length.png",
        "exact_bids.png",
        "bids.png",
        "summary.md",
    }
    for path in written:
        assert path.stat().st_size > 0
        if path.suffix == ".png":
            assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = (tmp_path / "report" / "summary.md").read_text()
    assert "| ismcts:10 | 12 |" in summary
    exact = sum(r["exact_bids"] for r in rows) / 12
    assert f"## Exact bids\n\nMean {exact:.2f} per game over 12 games" in summary
    # every game has two bids: the shares per game of the names add up to 2
    section = summary.split("## Bids made")[1]
    lines = [line for line in section.splitlines() if line.startswith("| bid")]
    shares = [float(line.split("|")[2]) for line in lines]
    assert shares and sum(shares) == pytest.approx(2.0, abs=0.02)
    assert summarize(rows)["tallies"]["bids"]["per"] == "game"


def test_tournament_schedule_and_ratings(tmp_path: Path) -> None:
    options = {"2": {"players": 2}, "3": {"players": 3}}
    tasks = tournament_tasks("toy", options, ["random", "ismcts:30", "ismcts:3"], [2, 3], 24, 1)
    again = tournament_tasks("toy", options, ["random", "ismcts:30", "ismcts:3"], [2, 3], 24, 1)
    assert tasks == again
    assert {len(t.bots) for t in tasks} == {2, 3}
    assert all(len(set(t.bots)) == len(t.bots) for t in tasks)
    rows = run_games(tasks, workers=2)
    ratings = rate(rows, ["random", "ismcts:30", "ismcts:3"])
    assert sum(r.games for r in ratings) == sum(len(t.bots) for t in tasks)
    assert ratings == sorted(ratings, key=lambda r: -r.ordinal)
    assert plot_ratings(ratings, tmp_path / "r.png").stat().st_size > 0


runner = CliRunner()


def test_cli_simulate_writes_results_and_summary(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = runner.invoke(
        app,
        [
            "simulate",
            "--game",
            "toy",
            "--games",
            "6",
            "--players",
            "2",
            "--seed",
            "3",
            "--bots",
            "ismcts:5,random",
            "--rotate",
            "--workers",
            "2",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Win rate by seat" in result.output and "Win rate by bot" in result.output
    assert "actions/game 8" in result.output and "exact bids/game" in result.output
    lines = out.read_text().splitlines()
    assert len(lines) == 6
    summary = json.loads((tmp_path / "games.summary.json").read_text())
    assert summary["games"] == 6 and summary["bots"] == ["ismcts:5", "random"]
    report_dir = tmp_path / "rep"
    result = runner.invoke(app, ["report", str(out), "--out", str(report_dir)])
    assert result.exit_code == 0, result.output
    assert (report_dir / "summary.md").exists() and (report_dir / "scores.png").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "wizard"], "unknown bot 'wizard'; allowed: bots random, greedy, ismcts"),
        (["--bots", "random,random,random"], "3 bots given for 2 players"),
        (["--bots", "ismcts:soon"], "bad budget 'soon'"),
        (["--players", "9"], "players must be a whole number from 2 to 4, not 9"),
        (["-p", "1"], "players must be a whole number from 2 to 4, not 1"),
        (["--tricks", "many"], "tricks must be a whole number from 1 to 3, not 'many'"),
        (["--edition", "2"], "unknown option '--edition' for toy; its options: --players (-p)"),
        (["-o", "colour=red"], "unknown option 'colour'; allowed: players, tricks"),
        (["--out", "x.xlsx"], "use a name ending in .jsonl or .csv"),
    ],
)
def test_cli_simulate_refuses_bad_input(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "--game", "toy", "--games", "2", *args])
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert "Traceback" not in result.output


def test_cli_report_refuses_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text("a,b\n1,2\n")
    result = runner.invoke(app, ["report", str(bad)])
    assert result.exit_code == 2
    assert "not a results file" in " ".join(result.output.split())


def test_cli_tournament(tmp_path: Path) -> None:
    plot = tmp_path / "t.png"
    result = runner.invoke(
        app,
        [
            "tournament",
            "--game",
            "toy",
            "--bots",
            "random,ismcts:5",
            "--players",
            "2",
            "--games",
            "6",
            "--workers",
            "1",
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "Ratings" in result.output and plot.exists()
    result = runner.invoke(
        app,
        [
            "tournament",
            "--game",
            "toy",
            "--bots",
            "random,ismcts:5",
            "--players",
            "3",
            "--games",
            "2",
        ],
    )
    assert result.exit_code == 2
    assert "tables of 3 need at least 3 different bots" in " ".join(result.output.split())


def test_a_failing_game_is_reported_not_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    import evolutio.sim.runner as sim_runner
    from evolutio.bots.random import RandomBot

    class Cheat(RandomBot):
        def choose(self, view, legal_actions, decision, info=None):  # type: ignore[no-untyped-def]
            return Bid(9)

    real = sim_runner.make_bot
    monkeypatch.setattr(
        sim_runner,
        "make_bot",
        lambda spec, seed, game: Cheat(seed) if spec == "cheat" else real(spec, seed, game),
    )
    tasks = batch_tasks("toy", {"players": 2}, 1, 2, ["cheat", "random"])
    rows = run_games(tasks, workers=1)
    assert [r["error"] for r in rows] == [
        "bot cheat at seat 0 chose bid 9, which is not legal"
    ] * 2
    summary = summarize(rows)
    assert summary["errors"] == 2 and summary["finished"] == 0


def test_ratings_follow_results() -> None:
    rows = [
        {
            "index": i,
            "bots": ["strong", "weak"] if i % 2 else ["weak", "strong"],
            "ranks": [1, 2] if i % 2 else [2, 1],
            "winners": [0] if i % 2 else [1],
            "error": None,
        }
        for i in range(20)
    ]
    ratings = rate(rows, ["weak", "strong"])
    assert [r.bot for r in ratings] == ["strong", "weak"]
    assert ratings[0].wins == 20 and ratings[1].wins == 0
