"""Darwin's Choice: random games per second of this tree's engine beside another revision's,
measured in the same run.

The feasibility search (can a hand still create a species?) is most of a random game's cost,
so this is where its changes show. With ``--compare REF`` (default ``main``; a revision checked
out in a temporary worktree, or a checkout's path: ``bench.trees``) both trees play the same
seeds in fresh processes (this checkout's ``bench.playout`` on each tree's engine), taking
turns (old, new, new, old...) so that a machine whose load changes during the run slows both
alike; the figures are the median round of each, in games per second of wall time and of the
process's CPU time (the latter is what one core does, whatever else runs). Both trees must
play the very same games: the actions per game are compared and any difference stops the run.

Run: ``.venv/bin/python -m bench.darwin.feasibility [--compare main] [--games 40]
[--rounds 5] [--players 4]``. Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import sys
import time

from bench import trees
from bench.playout import game_of, play_games

#: run in each tree's fresh process: (wall seconds, CPU seconds, actions) of random games.
PROBE = "from bench.darwin.feasibility import probe; probe()"


def probe() -> None:
    """The probe's body (argv: players, games, seed): one JSON list out."""
    players, games, seed = (int(a) for a in sys.argv[1:4])
    wall = time.perf_counter()
    run = play_games(game_of("darwin"), {"players": players}, games, seed)
    print(json.dumps([time.perf_counter() - wall, run.seconds, run.actions]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--compare", metavar="REF", default="main",
                        help="the revision (or checkout) to measure beside this tree")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="*", default=[4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with trees.checkout(args.compare) as old_tree:
        sides = {"old": old_tree, "new": trees.HERE}
        print(f"old = {args.compare} ({trees.describe(old_tree)}), new = this tree "
              f"({trees.describe(trees.HERE)})")
        for players in args.players:
            probe_args = (str(players), str(args.games), str(args.seed))
            runs = trees.rounds(sides, args.rounds,
                                functools.partial(trees.probe, code=PROBE, args=probe_args),
                                quiet=True)
            counts = {side: {run[2] for run in runs[side]} for side in sides}
            if counts["old"] != counts["new"] or len(counts["new"]) != 1:
                raise SystemExit(f"the two trees played different games: {counts}")
            for side in sides:
                wall = statistics.median(args.games / run[0] for run in runs[side])
                cpu = statistics.median(args.games / run[1] for run in runs[side])
                print(f"{players}p random, {side}: {wall:6.1f} games/s wall, {cpu:6.1f} "
                      f"games/s CPU (median of {args.rounds} rounds of {args.games} games)")
            ratio = statistics.median(old[1] / new[1] for old, new in
                                      zip(runs["old"], runs["new"], strict=True))
            print(f"{players}p random: new / old = {ratio:.2f}x (CPU, median of the rounds)",
                  flush=True)


if __name__ == "__main__":
    main()
