"""bench.results: the reader of ``python -m bench.bots --results`` files that
docs/benchmarks.md quotes (win rate, paired seeds, sign test)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench import results

ROOT = Path(__file__).resolve().parents[2]

KEY = {
    "match": "a,b",
    "game": "evolution",
    "players": 2,
    "seed": 1,
    "clock": "cpu",
    "trees": {"new": "abc"},
    "paired": True,
}


def row(index: int, seed: int, winners: list[int], key: dict = KEY) -> dict:
    """One game's row; A (at seat ``index % 2``) searched 300 iterations in 2 s, B 100."""
    a = index % 2
    return {
        "key": key,
        "index": index,
        "seed": seed,
        "specs": ["a", "b"] if a == 0 else ["b", "a"],
        "winners": winners,
        "iterations": [300, 100] if a == 0 else [100, 300],
        "thinking": [2.0, 0.0] if a == 0 else [0.0, 2.0],
    }


def test_sign_test_matches_the_binomial() -> None:
    assert results.sign_test(0, 0) == 1.0
    assert results.sign_test(5, 5) == 1.0
    # 9 of 10 one way: 2 * (1 + 10) / 1024
    assert results.sign_test(9, 1) == pytest.approx(22 / 1024)
    assert results.sign_test(1, 9) == results.sign_test(9, 1)


def test_summary_counts_seeds_dealt_at_every_seat_only() -> None:
    rows = [
        row(0, 7, [0]),
        row(1, 7, [1]),  # A won at both seats
        row(2, 8, [1]),
        row(3, 8, [0]),  # A lost at both seats
        row(4, 9, [0]),
        row(5, 9, [0]),  # split
        row(6, 10, [0, 1]),  # a shared first place, its seed not yet dealt twice
    ]
    summary = results.summarise(rows, every=2)
    assert (summary.won_both, summary.lost_both, summary.split) == (1, 1, 1)
    assert summary.rate.wins == pytest.approx(3.5)
    assert summary.rate.games == 7
    assert summary.iterations_ratio == pytest.approx(3.0)
    assert summary.thinking == pytest.approx(2.0)
    assert summary.speed == pytest.approx(150.0)
    assert summary.progress == ((2, 1.0), (4, 0.5), (6, 0.5))


def test_runs_are_kept_apart_and_resumed_by_key(tmp_path: Path) -> None:
    other = {**KEY, "trees": {"new": "def"}}
    path = tmp_path / "games.jsonl"
    lines = [row(0, 7, [0]), row(0, 7, [1], other), row(1, 7, [0])]
    path.write_text("\n".join(json.dumps(r) for r in lines) + "\n\n")
    assert sorted(results.load_results(path, KEY)) == [0, 1]
    assert sorted(results.load_results(path, other)) == [0]
    assert [len(g) for g in results.runs(results.read_rows(path))] == [2, 1]
    assert results.load_results(tmp_path / "missing.jsonl", KEY) == {}


def test_a_broken_line_is_named(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(row(0, 7, [0])) + "\n{not json\n")
    with pytest.raises(SystemExit, match=r"games.jsonl:2: not a JSON line"):
        results.read_rows(path)


def test_the_command_prints_each_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps(row(i, 7 + i // 2, [i % 2])) for i in range(4)))
    assert results.main([str(path), "--every", "2"]) == 0
    out = capsys.readouterr().out
    assert "4 games in 1 runs" in out
    assert "A won 4 of 4: 100.0%" in out
    assert "won at every seat 2, lost at every seat 0, split 0" in out
    assert "after games 2: 100.0%, 4: 100.0%" in out


def test_a_split_match_is_read_together(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first, second = tmp_path / "first.jsonl", tmp_path / "second.jsonl"
    first.write_text("\n".join(json.dumps(row(i, 7 + i // 2, [0])) for i in range(2)))
    second.write_text("\n".join(json.dumps(row(i, 7 + i // 2, [0])) for i in range(2, 4)))
    assert results.main([str(first), str(second)]) == 0
    apart = capsys.readouterr().out
    assert apart.count("2 games in 1 runs") == 2
    assert results.main([str(first), str(second), "--together"]) == 0
    together = capsys.readouterr().out
    assert f"# {first} + {second}: 4 games in 1 runs" in together
    # seat 0 won every game: A won games 0 and 2 and lost 1 and 3, so both seeds split
    assert "A won 2 of 4: 50.0%" in together
    assert "won at every seat 0, lost at every seat 0, split 2" in together


def test_the_kept_match_file_reads() -> None:
    """The match file docs/benchmarks.md quotes is where it says, and holds what it says."""
    rows = results.read_rows(ROOT / "bench" / "data" / "hard-ucb-118-199.jsonl")
    summary = results.summarise(rows)
    assert summary.key["match"] == "hard,ref:hard"
    assert (summary.rate.games, summary.rate.wins) == (82, 47)
