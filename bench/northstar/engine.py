"""North Star engine benchmark: random games per second (one core) beside Evolution's, and
the cost of clone(), legal_actions() and determinize().

Run: ``.venv/bin/python bench/northstar/engine.py [--games N]``. Prints figures only; nothing
here asserts a time. The issue's aim: at least 100 four-player games per second on one core.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from evolutio.core.registry import get_game


def playout(game: Any, state: Any, rng: random.Random) -> int:
    """Random legal actions to the end (a simultaneous choice: its first seat acts)."""
    decision, legal, apply = game.decision, game.legal_actions, game.apply
    n = 0
    while (now := decision(state)) is not None:
        seat = now.seats[0]
        apply(state, seat, rng.choice(legal(state, seat)))
        n += 1
    return n


def throughput(name: str, options: dict[str, Any], games: int, seed: int = 1) -> dict[str, float]:
    game = get_game(name)
    options = game.normalize_options(options)
    rng = random.Random(seed)
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        actions += playout(game, game.new(options, seed + i), rng)
    elapsed = time.perf_counter() - start
    return {"games_per_s": games / elapsed, "actions_per_s": actions / elapsed,
            "actions_per_game": actions / games}


def per_call_us(name: str, players: int, count: int = 300) -> dict[str, float]:
    game = get_game(name)
    options = game.normalize_options({"players": players})
    rng = random.Random(7)
    states: list[Any] = []
    seed = 0
    while len(states) < count:
        state = game.new(options, seed)
        seed += 1
        while (decision := game.decision(state)) is not None:
            if rng.random() < 0.05:
                states.append(state.clone())
            seat = decision.seats[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    states = states[:count]

    def legal_now(state: Any) -> Any:
        """The legal actions of the first seat asked in ``state`` (every sample is undecided)."""
        decision = game.decision(state)
        assert decision is not None
        return game.legal_actions(state, decision.seats[0])

    out = {}
    probes: list[tuple[str, Callable[[Any], Any]]] = [
        ("clone", lambda s: s.clone()),
        ("legal_actions", legal_now),
        ("determinize", lambda s: game.determinize(s, 0, rng)),
    ]
    for label, func in probes:
        start = time.perf_counter()
        for state in states:
            func(state)
        out[label] = (time.perf_counter() - start) / len(states) * 1e6
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    print(f"{'game':<10} {'players':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>13}")
    rows = [("northstar", 2), ("northstar", 4), ("northstar", 5), ("evolution", 4)]
    for name, players in rows:
        r = throughput(name, {"players": players}, args.games)
        print(f"{name:<10} {players:>7} {r['games_per_s']:>9.1f} {r['actions_per_s']:>10.0f} "
              f"{r['actions_per_game']:>13.1f}")
    costs = per_call_us("northstar", 4)
    print("northstar 4p per call (us): "
          + ", ".join(f"{k} {v:.1f}" for k, v in costs.items()))


if __name__ == "__main__":
    main()
