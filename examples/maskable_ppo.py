"""MaskablePPO (sb3-contrib) on evolutio's single-seat environment, rated against bots.

Needs the ``train`` extra (``pip install -e ".[rl,train]"``: sb3-contrib, which brings
stable-baselines3 and torch); without it the script says so and stops. The environment is
:class:`evolutio.rl.SingleAgentEnv` with the flat action space, its observation reduced to
the observation vector (:class:`VectorObservation`: the action mask, tens of thousands of
entries in the larger games, is no network input), and the legal actions given to the
learner by :func:`mask_fn`, the function sb3-contrib's ``ActionMasker`` calls.

    .venv/bin/python examples/maskable_ppo.py                    # North Star, 30,000 steps
    .venv/bin/python examples/maskable_ppo.py --game evolution --steps 20000 --eval-games 100

After training it plays ``--eval-games`` new games against random and against greedy bots
(Trick, which has no greedy bot: ``hard``) with the trained policy and with a uniform masked
random policy, and prints the results.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from evolutio.rl import SingleAgentEnv

MISSING = ("examples/maskable_ppo.py needs the 'train' extra (sb3-contrib and torch): "
           "pip install -e \".[rl,train]\"")


class VectorObservation(gym.ObservationWrapper[Any, Any, Any]):
    """The observation vector alone (the mask reaches the learner through ``mask_fn``)."""

    def __init__(self, env: SingleAgentEnv) -> None:
        super().__init__(env)
        space = env.observation_space
        assert isinstance(space, gym.spaces.Dict)
        self.observation_space = space["observation"]

    def observation(self, observation: dict[str, Any]) -> Any:
        return observation["observation"]


def make_env(game: str, opponents: str, seat: int = 0, **options: Any) -> VectorObservation:
    """One seat of ``game`` against ``opponents`` bots, its observation the vector alone."""
    return VectorObservation(SingleAgentEnv(game, opponents=opponents, seat=seat, **options))


def mask_fn(env: gym.Env[Any, Any]) -> npt.NDArray[np.bool_]:
    """The legal actions now, as ``ActionMasker`` wants them (a bool array of the action
    space's size; index 0 alone once the episode has ended)."""
    single = env.unwrapped
    assert isinstance(single, SingleAgentEnv)
    return single.action_masks()


def play(env: gym.Env[Any, Any], choose: Any, games: int, seed: int) -> dict[str, int]:
    """Wins, draws and losses of ``choose(observation, mask)`` over ``games`` games."""
    results = {"wins": 0, "draws": 0, "losses": 0}
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action = choose(observation, mask_fn(env))
            observation, step_reward, done, _, _ = env.step(action)
            reward = float(step_reward)
        key = "wins" if reward > 0 else "losses" if reward < 0 else "draws"
        results[key] += 1
    return results


def main(argv: list[str] | None = None) -> dict[str, dict[str, int]]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="northstar")
    parser.add_argument("--opponents", default="random", help="the bots trained against")
    parser.add_argument("--steps", type=int, default=30_000, help="the learner's decisions")
    parser.add_argument("--eval-games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        from sb3_contrib import MaskablePPO
        from sb3_contrib.common.wrappers import ActionMasker
    except ImportError:
        print(MISSING, file=sys.stderr)
        raise SystemExit(2) from None

    env = ActionMasker(make_env(args.game, args.opponents), mask_fn)
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, n_steps=1024,
                        batch_size=256, learning_rate=3e-4, gamma=1.0)
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    print(f"trained {args.steps} steps on {args.game} against {args.opponents} "
          f"in {time.perf_counter() - start:.0f} s")

    rng = np.random.default_rng(args.seed)

    def trained(observation: Any, mask: npt.NDArray[np.bool_]) -> int:
        action, _ = model.predict(observation, action_masks=mask, deterministic=True)
        return int(action)

    def uniform(observation: Any, mask: npt.NDArray[np.bool_]) -> int:
        return int(rng.choice(np.flatnonzero(mask)))

    out: dict[str, dict[str, int]] = {}
    raters = ("random", "greedy") if args.game != "toy" else ("random", "hard")
    for opponents in raters:
        rating = make_env(args.game, opponents)
        for name, choose in (("trained", trained), ("uniform", uniform)):
            results = play(rating, choose, args.eval_games, seed=10_000)
            out[f"{name} vs {opponents}"] = results
            print(f"{name} vs {opponents}: {results['wins']} won, {results['draws']} drawn, "
                  f"{results['losses']} lost of {args.eval_games}")
    return out


if __name__ == "__main__":
    main()
