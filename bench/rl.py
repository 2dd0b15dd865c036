"""Research API speed: environment steps per second beside the engine's actions per second.

For each game (default options unless given) the engine plays random games through the
contract alone (``decision``, ``legal_actions``, a uniform choice, ``apply``); the AEC
environment plays random games the way a learner does (``observe`` the agent to act for
its observation vector and action mask, pick a random index under the mask, ``step``).
``wrapped`` is ``evolutio.rl.env`` with PettingZoo's usual wrappers, ``raw`` the bare
``raw_env``. The issue's aim is a raw rate at least half the engine's. Rates are per CPU
second of this process (``time.process_time``), so other load on the machine does not skew
the ratio.

    .venv/bin/python bench/rl.py                    # every game, 5 s per measurement
    .venv/bin/python bench/rl.py --game evolution --seconds 10 -o players=4
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

import evolutio.rl as rl
from evolutio.core.options import parse_assignment
from evolutio.core.registry import available_games, get_game


def engine_rate(game: str, options: dict[str, Any], seconds: float) -> float:
    """Actions per second of random games through the contract alone."""
    rules = get_game(game)
    normal = rules.normalize_options(options)
    rng = random.Random(1)
    actions, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = rules.new(normal, seed)
        seed += 1
        while (decision := rules.decision(state)) is not None:
            seat = decision.seats[0]
            rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))
            actions += 1
    return actions / (time.process_time() - start)


def env_rate(game: str, options: dict[str, Any], seconds: float, wrapped: bool) -> float:
    """Steps per second of the AEC environment with random actions under the mask."""
    env: Any = rl.env(game, **options) if wrapped else rl.raw_env(game, **options)
    rng = np.random.default_rng(1)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        while True:
            agent = env.agent_selection
            if env.terminations[agent]:
                break
            mask = env.observe(agent)["action_mask"]
            legal = mask.view(np.bool_).nonzero()[0]
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a registered game (repeatable)")
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a game option as name=value (with one --game)")
    args = parser.parse_args()
    games = args.game or available_games()
    print(f"{'game':<10} {'options':<22} {'engine act/s':>13} {'raw steps/s':>12} "
          f"{'ratio':>6} {'wrapped':>9} {'actions':>8} {'obs':>6}")
    for game in games:
        rules = get_game(game)
        options: dict[str, Any] = {}
        for item in args.option:
            name, value = parse_assignment(rules.options_spec(), item)
            options[name] = value
        codec = rl.Codec(game, options)
        engine = engine_rate(game, options, args.seconds)
        raw = env_rate(game, options, args.seconds, wrapped=False)
        wrapped = env_rate(game, options, args.seconds, wrapped=True)
        shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(f"{game:<10} {shown:<22} {engine:>13,.0f} {raw:>12,.0f} {raw / engine:>6.2f} "
              f"{wrapped:>9,.0f} {codec.action_size:>8} {codec.observation_size:>6}",
              flush=True)


if __name__ == "__main__":
    main()
