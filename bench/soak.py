"""Soak: many games in one process, its resident memory sampled as they go.

A long-lived process (a simulation worker, a server) plays game after game; any cache that
gains keys per game and is never cleared shows here as resident memory that keeps growing.
For every registered game (Evolution once per deck configuration) one probe process plays
``--games`` random games in a row and samples its RSS (``/proc/self/statm``) ``--samples``
times. It reports the RSS after the warm-up (``--warmup``, a share of the games), at the
end, and the growth between them in MB and in KiB per thousand games. With ``--compare REF``
the same probe runs on REF's engine (``bench.trees``) beside this tree's.

    .venv/bin/python -m bench.soak                        # 20,000 games per row, vs main
    .venv/bin/python -m bench.soak --games 2000 --compare none
    .venv/bin/python -m bench.soak --game northstar --games 5000

Prints figures only; docs/benchmarks.md records a run.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bench import trees

#: Evolution's deck configurations played, base first and every expansion last.
EVOLUTION_DECKS = (
    ["base"],
    ["base", "time_to_fly", "gift", "continents"],
)
#: the order of the games; a game registered later follows them.
ORDER = ("evolution", "northstar", "darwin", "toy")
#: run inside the tree measured (argv[1] the JSON plan): prints one JSON document.
PROBE = "from bench.soak import probe; probe()"


def rss_mb() -> float:
    """This process's resident set size in MB (Linux, ``/proc/self/statm``)."""
    import os

    with open("/proc/self/statm", encoding="ascii") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def probe() -> None:
    """Play the plan's row (``sys.argv[1]``) and print its RSS samples as JSON."""
    import gc
    import random

    from bench.playout import game_of, playout

    plan = json.loads(sys.argv[1])
    game = game_of(plan["game"])
    options = game.normalize_options(plan["options"])
    games, every = plan["games"], max(1, plan["games"] // plan["samples"])
    rng = random.Random(plan["seed"])
    samples: list[tuple[int, float]] = [(0, rss_mb())]
    actions = 0
    for index in range(games):
        state = game.new(options, seed=plan["seed"] + index)
        actions += playout(game, state, rng)
        if (index + 1) % every == 0 or index + 1 == games:
            gc.collect()
            samples.append((index + 1, rss_mb()))
    print(json.dumps({"samples": samples, "actions": actions}))


def plan(games: int, only: list[str] | None, samples: int, seed: int) -> list[dict[str, Any]]:
    """One row per game (Evolution per deck configuration) at 4 players (toy at 2)."""
    from evolutio.core.registry import available_games

    names = [name for name in ORDER if name in available_games()]
    names += sorted(set(available_games()) - set(names))
    rows: list[dict[str, Any]] = []
    for name in names:
        if only and name not in only:
            continue
        players = 2 if name == "toy" else 4
        decks = EVOLUTION_DECKS if name == "evolution" else (None,)
        for deck in decks:
            options: dict[str, Any] = {"players": players}
            label = name
            if deck is not None:
                options["expansions"] = deck
                label = f"{name} {'+'.join(deck)}"
            rows.append({"label": label, "game": name, "options": options, "games": games,
                         "samples": samples, "seed": seed})
    return rows


def growth(samples: list[list[float]], warmup: float) -> tuple[float, float, float]:
    """The RSS after the warm-up, at the end, and the growth per thousand games in KiB."""
    total = samples[-1][0]
    after = next(s for s in samples if s[0] >= warmup * total)
    end = samples[-1]
    played = end[0] - after[0]
    per_thousand = (end[1] - after[1]) * 1e3 / 1.024 / played * 1e3 if played else 0.0
    return after[1], end[1], per_thousand


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", default="main", help="revision or checkout (none: alone)")
    parser.add_argument("--games", type=int, default=20_000, help="games per row")
    parser.add_argument("--game", action="append", help="play only this game (repeatable)")
    parser.add_argument("--samples", type=int, default=20, help="RSS samples per row")
    parser.add_argument("--warmup", type=float, default=0.1,
                        help="the share of the games before the first sample that counts")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--trace", action="store_true", help="also print every RSS sample")
    args = parser.parse_args()
    if args.games < 1 or args.samples < 1 or not 0 <= args.warmup < 1:
        raise SystemExit("--games and --samples must be at least 1, --warmup in [0, 1)")
    rows = plan(args.games, args.game, args.samples, args.seed)
    if not rows:
        raise SystemExit("nothing to play")
    with trees.sides(args.compare) as named:
        results = {side: [trees.probe(tree, PROBE, [json.dumps(row)]) for row in rows]
                   for side, tree in named.items()}
        old = f"{args.compare} ({trees.describe(named['old'])})" if "old" in named else None
    report(rows, results, old, args)


def report(rows: list[dict[str, Any]], results: dict[str, list[Any]], old: str | None,
           args: argparse.Namespace) -> None:
    """Print one line per row and tree: RSS after warm-up, at the end, the growth."""
    print(f"soak: {args.games} random games per row in one process, RSS in MB after "
          f"{args.warmup:.0%} of the games (warm) and at the end")
    print(f"new: this tree ({trees.describe(trees.HERE)})" + (f"; old: {old}" if old else ""))
    width = 2 + max(len(row["label"]) for row in rows)
    print(f"{'row':<{width}}{'tree':>5}{'start':>8}{'warm':>8}{'end':>8}{'growth MB':>11}"
          f"{'KiB/1000 games':>16}{'actions':>11}")
    for index, row in enumerate(rows):
        for side in ("old", "new"):
            if side not in results:
                continue
            result = results[side][index]
            samples = result["samples"]
            warm, end, per_thousand = growth(samples, args.warmup)
            print(f"{row['label']:<{width}}{side:>5}{samples[0][1]:>8.1f}{warm:>8.1f}"
                  f"{end:>8.1f}{end - warm:>11.1f}{per_thousand:>16.1f}"
                  f"{result['actions']:>11}")
            if args.trace:
                print(" " * width + "  games:MB " + " ".join(f"{g}:{mb:.1f}" for g, mb in samples))


if __name__ == "__main__":
    main()
