"""Darwin's Choice: random games per second with the feasibility search before and after it
was made cheaper, measured in the same run.

The two versions take turns (before, after, before, after...) on the same seeds, each with
an empty memo, so that a machine whose load changes during the run slows both alike; the
figures are the median round of each, in games per second of wall time and of the process's
CPU time (the latter is what one core does, whatever else runs). Both versions must play the
very same games: the actions per game are compared and any difference stops the run.

Run: ``.venv/bin/python bench/darwin/feasibility.py [--games 40] [--rounds 5] [--players 4]``.
Prints figures only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import feasibility_before as before

from evolutio.core.registry import get_game
from evolutio.games.darwin import feasibility as after
from evolutio.games.darwin import rules

GAME = get_game("darwin")
NAMES = ("can_create", "creation_viable", "probe", "viable")


def use(module: ModuleType) -> None:
    """Make the rules call this version of the search, with an empty memo."""
    for name in NAMES:
        setattr(rules, name, getattr(module, name))
    module._CREATE_CACHE.clear()


def play(players: int, games: int, seed: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, actions) of ``games`` random games."""
    options = GAME.normalize_options({"players": players})
    rng = random.Random(seed)
    actions = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        state: Any = GAME.new(options, seed + i)
        while (now := GAME.decision(state)) is not None:
            seat = now.seats[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            actions += 1
    return time.perf_counter() - wall, time.process_time() - cpu, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, nargs="*", default=[4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.players:
        figures: dict[str, list[tuple[float, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            counts = {}
            for label, module in (("before", before), ("after", after)):
                use(module)
                wall, cpu, actions = play(players, args.games, args.seed)
                figures[label].append((args.games / wall, args.games / cpu))
                counts[label] = actions
            if counts["before"] != counts["after"]:
                raise SystemExit(f"the two versions played different games: {counts}")
        use(after)
        for label, rows in figures.items():
            wall = statistics.median(r[0] for r in rows)
            cpu = statistics.median(r[1] for r in rows)
            print(f"{players}p random, {label:6}: {wall:6.1f} games/s wall, "
                  f"{cpu:6.1f} games/s CPU (median of {args.rounds} rounds "
                  f"of {args.games} games)")
        ratio = statistics.median(a[1] / b[1] for a, b in
                                  zip(figures["after"], figures["before"], strict=True))
        print(f"{players}p random: after / before = {ratio:.2f}x (CPU, median of the rounds)")


if __name__ == "__main__":
    main()
