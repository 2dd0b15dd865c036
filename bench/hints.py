"""Does following the hints pay? A seat that plays every hint against ``normal`` bots, beside
a ``normal`` seat in the same games.

For each game, ``--games`` deals (seeds) are played twice: once with the hint-follower
(:class:`evolutio.bots.hints.HintBot`, the server's hint search at its budget) at the seat
under test and ``normal`` bots at the others, once with a ``normal`` bot at that seat instead
(the same deal, the same opponents' seeds); the seat under test rotates with the deal. Prints
per game the win rate of each (a tie's share of first place) with its 95% Wilson interval,
the deals where the follower did better, the same or worse than ``normal``, and the
follower's CPU seconds per searched hint (mean, 90th percentile, most), which is what a page
waits for on an idle core.

    .venv/bin/python -m bench.hints --games 20
    nice .venv/bin/python -m bench.hints --games 40 --game darwin --workers 2
    .venv/bin/python -m bench.hints --games 10 --budget 100     # a smaller hint search
"""

from __future__ import annotations

import argparse
import os
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from evolutio.bots import Bot, Budget, InformationSet, make_bot
from evolutio.bots.hints import HINT_BUDGET, HintBot
from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.sim.runner import derive_seed, game_seed
from evolutio.sim.stats import Rate

GAMES = ("evolution", "northstar", "darwin")


def play_one(task: tuple[str, int, int, int, bool, int]) -> dict[str, Any]:
    """One deal: the seat under test plays hints (``hints``) or ``normal``; its share of
    first place and the CPU seconds of each hint searched."""
    name, players, seed, seat, hints, budget = task
    game = get_game(name)
    options = {"players": players}
    match = Match.new(game, options, seed, ["normal"] * players, keep=False)
    bots: list[Bot] = [make_bot("normal", derive_seed(seed, "bot", s), game)
                       for s in range(players)]
    if hints:
        bots[seat] = HintBot(game, derive_seed(seed, "hints", seat), Budget(iterations=budget))
    times: list[float] = []
    while (decision := match.decision) is not None:
        who = decision.seats[0]
        legal = match.legal(who)
        info = InformationSet.of(game, match.state, who, derive_seed(seed, "info", match.version),
                                 moves=match.version)
        tick = time.process_time()
        action = bots[who].choose(match.view(who), legal, decision, info)
        if who == seat and hints and len(legal) > 1:
            times.append(time.process_time() - tick)
        match.act(who, action)
    outcome = match.outcome()
    assert outcome is not None
    winners = outcome.winners
    share = 1 / len(winners) if seat in winners else 0.0
    return {"game": name, "seed": seed, "hints": hints, "share": share, "times": times}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def report(name: str, rows: list[dict[str, Any]]) -> list[str]:
    """The lines printed for one game's rows."""
    follower = {r["seed"]: r["share"] for r in rows if r["hints"]}
    normal = {r["seed"]: r["share"] for r in rows if not r["hints"]}
    games = len(follower)
    better = sum(follower[s] > normal[s] for s in follower)
    worse = sum(follower[s] < normal[s] for s in follower)
    times = [t for r in rows if r["hints"] for t in r["times"]]
    mean = sum(times) / len(times) if times else 0.0
    return [
        f"{name}: hint-follower {Rate(sum(follower.values()), games)}, "
        f"normal {Rate(sum(normal.values()), games)} over {games} deals",
        f"  deals: follower better {better}, same {games - better - worse}, worse {worse}",
        f"  CPU s per hint: mean {mean:.3f}, p90 {_percentile(times, 0.9):.3f}, "
        f"max {max(times, default=0.0):.3f} ({len(times)} hints searched)",
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="deals per game (default 20)")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="a game to play (repeatable; default all three)")
    parser.add_argument("--players", type=int, default=2, help="seats per game (default 2)")
    parser.add_argument("--budget", type=int, default=HINT_BUDGET.iterations,
                        help=f"hint search iterations (default {HINT_BUDGET})")
    parser.add_argument("--seed", type=int, default=1, help="master seed (default 1)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="processes (default: one per core)")
    args = parser.parse_args()
    names = args.game or list(GAMES)
    tasks = [
        (name, args.players, game_seed(args.seed, i), i % args.players, hints, args.budget)
        for name in names
        for i in range(args.games)
        for hints in (True, False)
    ]
    start = time.perf_counter()
    print(f"hint search: {args.budget} iterations; {args.players} players", flush=True)
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(args.workers) as pool:
        for row in pool.map(play_one, tasks):  # in order: each game's lines once it is done
            rows.append(row)
            if len(rows) % (2 * args.games) == 0:
                print("\n".join(report(row["game"], rows[-2 * args.games:])), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}; {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
