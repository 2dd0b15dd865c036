"""Engine benchmark: random playouts per second, clone() and legal_actions() cost, memory.

Run: ``.venv/bin/python bench/evolution/engine.py [--games N] [--expansions base,time_to_fly]``.
Prints figures only; nothing here asserts a time. Results go to docs/benchmarks.md by hand.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import time
import tracemalloc
from typing import Any

from evolutio.core.game import OptionError
from evolutio.core.registry import get_game

GAME = get_game("evolution")


def playout(state: Any, rng: random.Random) -> int:
    """Play random legal actions to the end; returns the number of actions."""
    decision, legal, apply = GAME.decision, GAME.legal_actions, GAME.apply
    n = 0
    while (now := decision(state)) is not None:
        seat = now.seats[0]
        apply(state, seat, rng.choice(legal(state, seat)))
        n += 1
    return n


def throughput(players: int, expansions: list[str], games: int, seed: int = 1) -> dict[str, float]:
    options = GAME.normalize_options({"players": players, "expansions": expansions})
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        actions += playout(GAME.new(options, seed + i), rng)
    elapsed = time.perf_counter() - start
    return {
        "games_per_s": games / elapsed,
        "actions_per_s": actions / elapsed,
        "actions_per_game": actions / games,
    }


def midgame_states(players: int, expansions: list[str], count: int) -> list[Any]:
    """States sampled along random games, for per-call costs."""
    options = GAME.normalize_options({"players": players, "expansions": expansions})
    rng = random.Random(7)
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        state = GAME.new(options, seed)
        seed += 1
        while (decision := GAME.decision(state)) is not None:
            if rng.random() < 0.05:
                states.append(state.clone())
            seat = decision.seats[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return states[:count]


def per_call_us(func: Any, states: list[Any], repeat: int = 5) -> float:
    """The best per-state time of ``func`` over ``repeat`` passes. Each pass runs on fresh
    clones (made outside the timer): a state keeps its legal actions once listed, so a
    second call on the same state would measure only the cache."""
    best = float("inf")
    for _ in range(repeat):
        copies = [state.clone() for state in states]
        start = time.perf_counter()
        for state in copies:
            func(state)
        best = min(best, (time.perf_counter() - start) / len(copies))
    return best * 1e6


def memory_per_state(states: list[Any]) -> float:
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copies = [s.clone() for s in states]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copies
    return (after - before) / len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per configuration")
    parser.add_argument(
        "--expansions",
        default="",
        help="extra configuration to measure, e.g. base,time_to_fly,gift (default: every set)",
    )
    args = parser.parse_args()
    configs = [["base"]]
    for extra in (["time_to_fly", "gift"], ["continents"], ["time_to_fly", "gift", "continents"]):
        try:
            configs.append(GAME.normalize_options({"expansions": ["base", *extra]})["expansions"])
        except OptionError:  # a set this build does not have
            continue
    if args.expansions:
        configs.append([e for e in args.expansions.split(",") if e])
    print(f"{'deck':<24}{'players':>8}{'games/s':>10}{'actions/s':>12}{'actions/game':>14}")
    for expansions in configs:
        for players in (2, 4):
            r = throughput(players, expansions, args.games)
            print(
                f"{'+'.join(expansions):<24}{players:>8}{r['games_per_s']:>10.1f}"
                f"{r['actions_per_s']:>12.0f}{r['actions_per_game']:>14.1f}"
            )
    states = midgame_states(4, ["base"], 400)
    print()
    print(f"clone():          {per_call_us(lambda s: s.clone(), states):8.1f} µs (4 players)")

    def legal(state: Any) -> Any:
        return GAME.legal_actions(state, GAME.decision(state).seats[0])  # type: ignore[union-attr]

    print(f"legal_actions():  {per_call_us(legal, states):8.1f} µs (4 players)")
    print(f"view(seat 0):     {per_call_us(lambda s: GAME.view(s, 0), states):8.1f} µs (4 players)")
    sizes = [len(legal(s)) for s in states]
    print(f"legal actions:    {statistics.mean(sizes):8.1f} on average, {max(sizes)} at most")
    print(f"memory per state: {memory_per_state(states) / 1024:8.1f} KiB (4 players, clone)")


if __name__ == "__main__":
    main()
