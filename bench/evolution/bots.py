"""Bot benchmark: decision time per bot and level, ISMCTS iterations per second, and strength.

Strength is a win rate over a fixed number of games with seats rotated, with its 95% Wilson
interval: greedy against random and ISMCTS against greedy, at 2 and 4 players (at 4 players
one bot of the first kind sits with three of the second). Aims: greedy wins at least 80% of
2-player games against random; ISMCTS at 1 s per decision at least 60% against greedy.

    .venv/bin/python -m bench.evolution.bots             # the recorded run (about 25 minutes)
    .venv/bin/python -m bench.evolution.bots --quick     # a minute's smoke run

Positions and decision times come from ``bench.playout`` (as ``bench.bots --speed`` takes
them), timed here on the wall clock.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.playout import choice_positions, decision_times, game_of
from evolutio.bots.levels import LEVELS
from evolutio.sim.runner import batch_tasks, default_workers, run_games
from evolutio.sim.stats import Rate, finished, win_share

GAME = game_of("evolution")


def timings(specs: list[str], positions: list[Any]) -> list[tuple[str, float, float, str]]:
    """Per bot: mean and max milliseconds per decision (wall clock), and ISMCTS iterations
    per second."""
    rows = []
    for spec, got in decision_times(GAME, specs, positions, time.perf_counter).items():
        rate = f"{got['iterations'] / got['cpu']:,.0f}" if got["iterations"] else "-"
        rows.append((spec, got["ms"], got["max_ms"], rate))
    return rows


def strength(
    first: str, second: str, players: int, games: int, seed: int, workers: int
) -> tuple[Rate, float, int, str]:
    """Win rate of ``first`` against ``players - 1`` copies of ``second``, seats rotated,
    with the seconds taken, the games that failed and the search rate ``first`` reached
    (ISMCTS iterations/s, formatted)."""
    bots = [first] + [second] * (players - 1)
    start = time.perf_counter()
    rows = run_games(
        batch_tasks("evolution", {"players": players}, seed, games, bots, rotate=True), workers
    )
    done = finished(rows)
    wins = 0.0
    iterations = 0
    thinking = 0.0
    for row in done:
        for seat, bot in enumerate(row["bots"]):
            if bot == first:
                wins += win_share(row, seat)
                iterations += row["iterations"][seat]
                thinking += row["think_seconds"][seat]
    rate = f"{iterations / thinking:,.0f}" if iterations and thinking else "-"
    return Rate(wins, len(done)), time.perf_counter() - start, len(rows) - len(done), rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400, help="greedy vs random games")
    parser.add_argument("--ismcts-games", type=int, default=24, help="ismcts vs greedy, 2p")
    parser.add_argument("--ismcts-games-4p", type=int, default=12, help="ismcts vs greedy, 4p")
    parser.add_argument("--budget", default="1s", help="ISMCTS budget for strength games")
    parser.add_argument("--positions", type=int, default=40, help="positions for timing")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--quick", action="store_true", help="tiny counts, a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.games, args.ismcts_games, args.ismcts_games_4p = 40, 2, 2
        args.budget, args.positions = "100ms", 10

    positions = choice_positions(GAME, {"players": 2}, args.positions, args.seed)
    print(f"# decision time ({len(positions)} positions from 2-player greedy games)")
    print(f"{'bot':<22}{'mean ms':>10}{'max ms':>10}{'iterations/s':>15}")
    specs = ["random", "greedy", *LEVELS, "ismcts:200", "ismcts:100ms"]
    for spec, mean_ms, max_ms, speed in timings(specs, positions):
        label = f"{spec} ({LEVELS[spec]})" if spec in LEVELS else spec
        print(f"{label:<22}{mean_ms:>10.2f}{max_ms:>10.1f}{speed:>15}")

    print(f"\n# strength (seats rotated, 95% Wilson interval, {args.workers} workers)")
    ismcts = f"ismcts:{args.budget}"
    matches = [
        ("greedy", "random", 2, args.games),
        ("greedy", "random", 4, args.games),
        (ismcts, "greedy", 2, args.ismcts_games),
        (ismcts, "greedy", 4, args.ismcts_games_4p),
    ]
    print(
        f"{'match':<32}{'games':>6}{'win rate':>10}{'95% interval':>18}{'seconds':>9}"
        f"{'iterations/s':>14}"
    )
    for first, second, players, games in matches:
        if games <= 0:
            continue
        rate, seconds, errors, speed = strength(
            first, second, players, games, args.seed, args.workers
        )
        low, high = rate.interval
        label = f"{first} vs {second} ({players}p)"
        note = f"  ({errors} failed)" if errors else ""
        print(
            f"{label:<32}{rate.games:>6}{rate.rate:>10.1%}{f'{low:.1%} - {high:.1%}':>18}"
            f"{seconds:>9.0f}{speed:>14}{note}",
            flush=True,
        )


if __name__ == "__main__":
    main()
