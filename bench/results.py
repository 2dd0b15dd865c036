"""Read and summarise the results files of ``python -m bench.bots --results FILE``.

A long match (``hard`` against an older revision's ``hard``, about 150 CPU seconds a game) runs
over several sittings into one JSON lines file, a row per game under the key of its run
(match, game, players, seed, clock, trees, paired). This module is the one reader of those
files: ``bench.bots`` resumes from them with :func:`load_results`, and run on its own it
prints what a file holds, so a figure quoted in docs/benchmarks.md can be read again from
the file rather than from a log:

- A's win rate with its 95% Wilson interval (a shared first place is half a win);
- with ``--paired`` runs, the seeds A won at every seat, lost at every seat and split, and a
  two-sided sign test on the unsplit seeds (the deal's luck cancels within a seed, so the
  unsplit ones carry the evidence);
- A's iterations against the others' per game, and A's CPU seconds of thinking per game;
- with ``--every N``, the win rate after every N games in the order they were played, to
  see whether a lead holds or drifts;
- with ``--together``, the files read as one: the parts of a match split between runs with
  ``bench.bots --first-game``.

    .venv/bin/python -m bench.results bench/data/hard-ucb-118-199.jsonl
    .venv/bin/python -m bench.results hard.jsonl screens.jsonl --every 25
    .venv/bin/python -m bench.results first-half.jsonl second-half.jsonl --together
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evolutio.sim.stats import Rate, win_share

Row = dict[str, Any]


def read_rows(path: Path) -> list[Row]:
    """Every row of ``path`` in file order; a line that is not JSON stops with its number."""
    rows: list[Row] = []
    if not path.exists():
        return rows
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as error:
            raise SystemExit(f"{path}:{number}: not a JSON line ({error.msg})") from error
    return rows


def load_results(path: Path, key: dict[str, Any]) -> dict[int, Row]:
    """Games already in ``path`` for this ``key`` (match, game, players, seed, clock, trees),
    by index; rows of other runs in the same file are left alone."""
    return {int(row["index"]): row for row in read_rows(path) if row.get("key") == key}


def sign_test(wins: int, losses: int) -> float:
    """Two-sided exact sign test: the chance of a split at least this uneven if each
    unsplit seed were a fair coin."""
    n = wins + losses
    if n == 0:
        return 1.0
    low = min(wins, losses)
    tail = sum(math.comb(n, k) for k in range(low + 1)) / 2**n
    return float(min(1.0, 2 * tail))


@dataclass(frozen=True)
class Summary:
    """What one run's rows say about bot A (the first of ``A,B``)."""

    key: dict[str, Any]
    rate: Rate
    #: paired seeds A won at every seat, lost at every seat, and the rest.
    won_both: int
    lost_both: int
    split: int
    #: A's iterations per game, and over the other seats' (0 when nobody searched).
    iterations: float
    iterations_ratio: float
    #: A's CPU (or wall) seconds of thinking per game.
    thinking: float
    #: (games, rate) after every ``every`` games, in the order they were played.
    progress: tuple[tuple[int, float], ...]

    @property
    def sign_p(self) -> float:
        return sign_test(self.won_both, self.lost_both)

    @property
    def speed(self) -> float:
        """A's iterations per second of thinking (0 when it did not search)."""
        return self.iterations / self.thinking if self.iterations and self.thinking else 0.0


def summarise(rows: Sequence[Row], every: int = 0, key: dict[str, Any] | None = None) -> Summary:
    """The summary of one run's rows (all under the same ``key``, by default the first
    row's)."""
    key = key if key is not None else rows[0]["key"]
    players = int(key.get("players", 2))
    wins = 0.0
    seeds: dict[int, list[float]] = {}
    mine = others = 0
    thinking = 0.0
    progress = []
    for count, row in enumerate(rows, 1):
        seat = int(row["index"]) % players
        won = win_share(row, seat)
        wins += won
        seeds.setdefault(int(row["seed"]), []).append(won)
        iterations = row["iterations"]
        mine += iterations[seat]
        others += sum(iterations) - iterations[seat]
        thinking += row["thinking"][seat]
        if every and count % every == 0:
            progress.append((count, wins / count))
    both = lost = split = 0
    if key.get("paired"):
        for results in seeds.values():
            if len(results) < players:
                continue  # a seed not yet dealt at every seat
            if all(r == 1.0 for r in results):
                both += 1
            elif all(r == 0.0 for r in results):
                lost += 1
            else:
                split += 1
    per_other = others / (players - 1) if players > 1 else 0
    games = max(len(rows), 1)
    return Summary(
        key=key,
        rate=Rate(wins, len(rows)),
        won_both=both,
        lost_both=lost,
        split=split,
        iterations=mine / games,
        iterations_ratio=mine / per_other if per_other else 0.0,
        thinking=thinking / games,
        progress=tuple(progress),
    )


def runs(rows: Iterable[Row]) -> list[list[Row]]:
    """Rows grouped by their run's key, in the order the keys first appear."""
    groups: dict[str, list[Row]] = {}
    for row in rows:
        groups.setdefault(json.dumps(row["key"], sort_keys=True), []).append(row)
    return list(groups.values())


def describe(summary: Summary) -> list[str]:
    """Readable lines for one run."""
    key = summary.key
    low, high = summary.rate.interval
    trees = key.get("trees") or {}
    where = ", ".join(f"{label} {tree}" for label, tree in trees.items()) or "this tree"
    lines = [
        f"{key['match']}  ({key['game']}, {key['players']} players, seed {key['seed']}, "
        f"{key['clock']} clock{', paired' if key.get('paired') else ''}; {where})",
        f"  A won {summary.rate.wins:g} of {summary.rate.games}: {summary.rate.rate:.1%} "
        f"(95% interval {low:.1%} - {high:.1%})",
    ]
    if key.get("paired"):
        lines.append(
            f"  seeds: won at every seat {summary.won_both}, lost at every seat "
            f"{summary.lost_both}, split {summary.split}; sign test p = {summary.sign_p:.2f}"
        )
    if summary.iterations_ratio:
        lines.append(
            f"  A's iterations {summary.iterations_ratio:.2f} times the others' per game; "
            f"A thought {summary.thinking:.0f} s per game"
        )
    if summary.progress:
        steps = ", ".join(f"{games}: {rate:.1%}" for games, rate in summary.progress)
        lines.append(f"  after games {steps}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path, metavar="FILE")
    parser.add_argument(
        "--every", type=int, default=0, metavar="N", help="the win rate after every N games"
    )
    parser.add_argument(
        "--together",
        action="store_true",
        help="read the files as one (a match split between runs with bench.bots --first-game)",
    )
    args = parser.parse_args(argv)
    if args.every < 0:
        parser.error("--every takes a number of games, 1 or more")
    for path in args.files:
        if not path.exists():
            parser.error(f"no such file: {path}")
    parts = [args.files] if args.together else [[path] for path in args.files]
    for paths in parts:
        groups = runs(row for path in paths for row in read_rows(path))
        names = " + ".join(str(path) for path in paths)
        print(f"# {names}: {sum(len(g) for g in groups)} games in {len(groups)} runs")
        for group in groups:
            print("\n".join(describe(summarise(group, args.every))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
