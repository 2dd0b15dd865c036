"""Research API speed: environment steps per second beside the engine's actions per second.

For each game (default options unless given) the engine plays random games through the
contract alone (``decision``, ``legal_actions``, a uniform choice, ``apply``); the AEC
environment plays random games the way a learner does (``observe`` the agent to act for
its observation vector and action mask, pick a random index under the mask, ``step``).
Both draw with ``random.Random``, so that neither pays for a slower generator.
``wrapped`` is ``evolutio.rl.env`` (the checks of PettingZoo's usual wrappers built in),
``raw`` the bare ``raw_env``; ``readme`` is the README's loop as a researcher copies it
(``rl.env``, ``agent_iter``, ``last()``, ``action_space(agent).sample(mask)``), printed beside
the raw rate as ``readme/raw``. The aims: a raw rate at least half the engine's, and a
README rate at least 0.9 of the raw one. Rates are per CPU second of this process
(``time.process_time``), so other load on the machine does not skew the ratio.

The engine's games are ``bench.playout``'s loop. With ``--compare REF`` the same
measurements (this checkout's bench code) run in fresh processes on this tree's engine and
on REF's (a revision checked out in a temporary worktree, or a checkout's path: ``bench.trees``),
in alternating order over ``--rounds`` rounds, and the best round of each is printed with
the ratio new/old.

    .venv/bin/python -m bench.rl                    # every game, 5 s per measurement
    .venv/bin/python -m bench.rl --game evolution --seconds 10 -o players=4
    .venv/bin/python -m bench.rl --compare main --seconds 3 --rounds 3
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import time
from typing import Any

import numpy as np

import evolutio.rl as rl
from bench import trees
from bench.playout import game_of, play_for
from evolutio.core.options import parse_assignment
from evolutio.core.registry import available_games, get_game

#: run in another tree's fresh process: this file's measurements on that tree's engine.
PROBE = """
import json, sys
from bench.rl import measure
print(json.dumps(measure(sys.argv[1], json.loads(sys.argv[2]), float(sys.argv[3]))))
"""


def engine_rate(game: str, options: dict[str, Any], seconds: float) -> float:
    """Actions per second of random games through the contract alone."""
    return play_for(game_of(game), options, seconds).actions_per_s


def env_rate(game: str, options: dict[str, Any], seconds: float, wrapped: bool) -> float:
    """Steps per second of the AEC environment with random actions under the mask."""
    env: Any = rl.env(game, **options) if wrapped else rl.raw_env(game, **options)
    rng = random.Random(1)
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
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def readme_rate(game: str, options: dict[str, Any], seconds: float) -> float:
    """Steps per second of the README's loop: ``last()`` for each agent of ``agent_iter``
    and a masked ``sample`` from the agent's action space."""
    env: Any = rl.env(game, **options)
    steps, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            env.step(None if done or truncated
                     else env.action_space(agent).sample(obs["action_mask"]))
            steps += 1
    return steps / (time.process_time() - start)


def measure(game: str, options: dict[str, Any], seconds: float) -> dict[str, float]:
    """The engine's rate and the raw and wrapped environments' rates, per CPU second."""
    return {
        "engine": engine_rate(game, options, seconds),
        "raw": env_rate(game, options, seconds, wrapped=False),
        "wrapped": env_rate(game, options, seconds, wrapped=True),
    }


def game_options(game: str, items: list[str]) -> dict[str, Any]:
    rules = get_game(game)
    options: dict[str, Any] = {}
    for item in items:
        name, value = parse_assignment(rules.options_spec(), item)
        options[name] = value
    return options


def compare(games: list[str], items: list[str], seconds: float, ref: str, count: int) -> None:
    """Old and new engine and environment rates, the best of ``count`` rounds each."""
    with trees.checkout(ref) as old_tree:
        sides = {"old": old_tree, "new": trees.HERE}
        print(f"old = {ref} ({trees.describe(old_tree)}), new = this tree "
              f"({trees.describe(trees.HERE)}); best of {count} rounds, per CPU second")
        print(f"{'game':<10} {'engine old':>11} {'engine new':>11} {'ratio':>6} "
              f"{'steps old':>10} {'steps new':>10} {'ratio':>6} {'env/engine old':>15} "
              f"{'new':>5}")
        for game in games:
            options = game_options(game, items)
            args = (game, json.dumps(options), str(seconds))
            runs = trees.rounds(sides, count, functools.partial(trees.probe, code=PROBE, args=args),
                                quiet=True)
            best = {side: {key: max(run[key] for run in runs[side])
                           for key in ("engine", "raw")} for side in sides}
            old, new = best["old"], best["new"]
            print(f"{game:<10} {old['engine']:>11,.0f} {new['engine']:>11,.0f} "
                  f"{trees.ratio(new['engine'], old['engine']):>6} {old['raw']:>10,.0f} "
                  f"{new['raw']:>10,.0f} {trees.ratio(new['raw'], old['raw']):>6} "
                  f"{old['raw'] / old['engine']:>15.2f} {new['raw'] / new['engine']:>5.2f}",
                  flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a registered game (repeatable)")
    parser.add_argument("--seconds", type=float, default=5.0, help="per measurement")
    parser.add_argument("-o", "--option", action="append", default=[],
                        help="a game option as name=value (with one --game)")
    parser.add_argument("--compare", metavar="REF",
                        help="also measure REF (a revision or a checkout) and print the ratio")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per tree with --compare")
    args = parser.parse_args()
    games = args.game or available_games()
    if trees.wanted(args.compare):
        compare(games, args.option, args.seconds, args.compare, args.rounds)
        return
    print(f"{'game':<10} {'options':<22} {'engine act/s':>13} {'raw steps/s':>12} "
          f"{'ratio':>6} {'wrapped':>9} {'readme':>9} {'readme/raw':>11} {'actions':>8} "
          f"{'obs':>6}")
    for game in games:
        options = game_options(game, args.option)
        codec = rl.Codec(game, options)
        rates = measure(game, options, args.seconds)
        engine, raw, wrapped = rates["engine"], rates["raw"], rates["wrapped"]
        readme = readme_rate(game, options, args.seconds)
        shown = ",".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(f"{game:<10} {shown:<22} {engine:>13,.0f} {raw:>12,.0f} {raw / engine:>6.2f} "
              f"{wrapped:>9,.0f} {readme:>9,.0f} {readme / raw:>11.2f} "
              f"{codec.action_size:>8} {codec.observation_size:>6}", flush=True)


if __name__ == "__main__":
    main()
