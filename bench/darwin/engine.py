"""Darwin's Choice engine benchmark: random and greedy playouts per second, clone() and
legal_actions() cost.

Run: ``.venv/bin/python bench/darwin/engine.py [--games N] [--players 4]``. Prints figures
only; nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from evolutio.core.registry import get_game
from evolutio.games.darwin.heuristic import HEURISTIC

GAME = get_game("darwin")


def playout(state: Any, rng: random.Random, greedy: bool) -> int:
    """Play to the end (random legal actions, or the heuristic's choice); returns actions."""
    n = 0
    while (now := GAME.decision(state)) is not None:
        seat = now.seats[0]
        legal = GAME.legal_actions(state, seat)
        if greedy:
            action = HEURISTIC.choose(GAME.view(state, seat), legal, now, rng)
        else:
            action = rng.choice(legal)
        GAME.apply(state, seat, action)
        n += 1
    return n


def throughput(players: int, games: int, greedy: bool, seed: int = 1) -> dict[str, float]:
    options = GAME.normalize_options({"players": players})
    rng = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        actions += playout(GAME.new(options, seed + i), rng, greedy)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "actions_per_game": actions / games, "cpu_games_per_s": games / cpu}


def per_call(players: int, samples: int = 200) -> dict[str, float]:
    """Microseconds per clone() and legal_actions() on states met in random games."""
    rng = random.Random(7)
    states: list[Any] = []
    state = GAME.new({"players": players}, 7)
    while len(states) < samples:
        now = GAME.decision(state)
        if now is None:
            state = GAME.new({"players": players}, rng.randrange(1 << 20))
            continue
        states.append(state.clone())
        GAME.apply(state, now.seats[0], rng.choice(GAME.legal_actions(state, now.seats[0])))
    clone, legal = [], []
    for s in states:
        t = time.perf_counter()
        s.clone()
        clone.append(time.perf_counter() - t)
        now = GAME.decision(s)
        if now is not None:
            t = time.perf_counter()
            GAME.legal_actions(s, now.seats[0])
            legal.append(time.perf_counter() - t)
    return {"clone_us": statistics.median(clone) * 1e6,
            "legal_us": statistics.median(legal) * 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 6])
    args = parser.parse_args()
    for players in args.players:
        for greedy in (False, True):
            figures = throughput(players, args.games, greedy)
            kind = "greedy" if greedy else "random"
            print(f"{players}p {kind:6}: {figures['games_per_s']:7.1f} games/s "
                  f"({figures['cpu_games_per_s']:.1f} per CPU second) "
                  f"{figures['actions_per_s']:9.0f} actions/s "
                  f"{figures['actions_per_game']:6.1f} actions/game")
        calls = per_call(players)
        print(f"{players}p clone {calls['clone_us']:.1f} us, legal_actions "
              f"{calls['legal_us']:.1f} us (medians)")


if __name__ == "__main__":
    main()
