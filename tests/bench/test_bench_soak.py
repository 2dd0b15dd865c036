"""bench.soak: the rows it plays, the growth it reports, and a short run on the toy game."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bench.soak import growth, plan

ROOT = Path(__file__).resolve().parents[2]


def test_every_game_is_a_row_and_evolution_one_per_deck() -> None:
    rows = plan(10, None, 5, 1)
    labels = [row["label"] for row in rows]
    assert labels[:2] == ["evolution base", "evolution base+time_to_fly+gift+continents"]
    assert {"northstar", "darwin", "toy"} <= set(labels)
    assert all(row["games"] == 10 and row["samples"] == 5 for row in rows)
    assert [row["label"] for row in plan(10, ["toy"], 5, 1)] == ["toy"]


def test_growth_counts_from_the_first_sample_after_the_warm_up() -> None:
    samples = [[0, 20.0], [100, 30.0], [200, 31.0], [400, 33.0]]
    warm, end, per_thousand = growth(samples, 0.25)  # warm from game 100 on
    assert (warm, end) == (30.0, 33.0)
    assert round(per_thousand, 1) == round(3.0 * 1e3 / 1.024 / 300 * 1e3, 1)
    assert growth(samples, 0.0)[0] == 20.0


def test_a_short_run_prints_a_row_per_tree() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.soak", "--games", "20", "--samples", "2",
         "--compare", "none", "--game", "toy", "--trace"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
    )
    lines = done.stdout.splitlines()
    row = next(line for line in lines if line.startswith("toy"))
    assert row.split()[1] == "new" and int(row.split()[-1]) > 0  # actions played
    assert any("games:MB 0:" in line and " 20:" in line for line in lines)
