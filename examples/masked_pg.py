"""Masked policy gradient in numpy alone, on Gymnasium vector environments of evolutio.

A low-rank masked softmax policy, ``logit(a) = bias[a] + U[a] · (V @ observation)`` over the
legal indices only, trained by REINFORCE with a running baseline and Adam against the
platform's bots. It shows the research API's plug-in points that outside libraries use:

- ``gymnasium.vector.SyncVectorEnv`` over :class:`evolutio.rl.SingleAgentEnv` (one
  environment per seat, so the policy learns every seat), with the default autoreset: the
  step after an episode's end resets that environment and ignores its action, and the ended
  observation's mask is never all zeros, so the sampler needs no special case;
- ``envs.call("action_masks")``, the bool masks sb3-contrib's ``MaskablePPO`` reads;
- the legal indices taken from the mask once per decision (never a scan per draw).

Unlike :class:`evolutio.rl.policy.LinearPolicy` (one weight vector per action block), the
low-rank term lets every action weigh the observation its own way (which bid for which
hand), at ``rank × (actions + observation)`` parameters.

    .venv/bin/python examples/masked_pg.py                     # Trick, 20,000 episodes
    .venv/bin/python examples/masked_pg.py --game evolution --episodes 5000 \
        --rate 0.01 --v-rate 0.0003 --eval-games 200          # smaller steps for big tables
    .venv/bin/python examples/masked_pg.py --short             # the CI check, about 10 s

``--short`` trains on 4,000 toy games and prints the trained and an untrained policy's
results against random bots over the same 600 evaluation games (the whole run is seeded, so
the figures repeat); tests/rl checks that the trained policy beats random.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field
from functools import partial

import gymnasium as gym
import numpy as np
import numpy.typing as npt

from evolutio.rl import SingleAgentEnv

Array = npt.NDArray[np.float64]
#: training episodes of ``--short``.
SHORT_EPISODES = 4000


class LowRankPolicy:
    """``logit(a) = bias[a] + U[a] · (V @ obs)``; a softmax over the legal indices."""

    def __init__(self, actions: int, features: int, rank: int, rng: np.random.Generator) -> None:
        self.bias = np.zeros(actions)
        self.u = rng.normal(0.0, 0.1, (actions, rank))
        self.v = rng.normal(0.0, 0.1 / np.sqrt(features), (rank, features))

    def probabilities(self, obs: Array, legal: npt.NDArray[np.intp]) -> tuple[Array, Array]:
        """The probabilities of the ``legal`` indices, and the hidden vector ``V @ obs``."""
        hidden = self.v @ obs
        logits = self.bias[legal] + self.u[legal] @ hidden
        logits -= logits.max()
        weights = np.exp(logits)
        return weights / weights.sum(), hidden

    def gradient(self, steps: list[Step], advantage: float) -> list[Array]:
        """REINFORCE's gradient of one episode (ascent direction), averaged over its steps:
        per step, (one-hot of the choice minus the probabilities) through the logits."""
        grads = [np.zeros_like(self.bias), np.zeros_like(self.u), np.zeros_like(self.v)]
        for step in steps:
            probs, hidden = self.probabilities(step.obs, step.legal)
            g = -probs
            g[step.choice] += 1.0
            grads[0][step.legal] += g
            grads[1][step.legal] += np.outer(g, hidden)
            grads[2] += np.outer(self.u[step.legal].T @ g, step.obs)
        scale = advantage / max(1, len(steps))
        return [grad * scale for grad in grads]

    @property
    def params(self) -> list[Array]:
        return [self.bias, self.u, self.v]


class Adam:
    """Adam (Kingma & Ba) ascent on a list of arrays, a step size for each."""

    def __init__(self, params: list[Array], rates: list[float]) -> None:
        self.params, self.rates, self.t = params, rates, 0
        self.m = [np.zeros_like(p) for p in params]
        self.s = [np.zeros_like(p) for p in params]

    def step(self, grads: list[Array]) -> None:
        self.t += 1
        correction = np.sqrt(1 - 0.999 ** self.t) / (1 - 0.9 ** self.t)
        for p, g, m, s, rate in zip(self.params, grads, self.m, self.s, self.rates,
                                    strict=True):
            m *= 0.9
            m += 0.1 * g
            s *= 0.999
            s += 0.001 * g * g
            p += rate * correction * m / (np.sqrt(s) + 1e-8)


@dataclass(slots=True)
class Step:
    obs: Array
    legal: npt.NDArray[np.intp]
    choice: int


@dataclass(slots=True)
class Episodes:
    """The steps of each environment's episode in progress, and the finished ones."""

    running: list[list[Step]]
    finished: list[tuple[float, list[Step]]] = field(default_factory=list)


def make_envs(game: str, players: int, opponent: str, copies: int) -> gym.vector.SyncVectorEnv:
    """``copies`` environments per seat, each a :class:`SingleAgentEnv` against bots."""
    makers = [partial(SingleAgentEnv, game, opponents=opponent, seat=seat, players=players)
              for seat in range(players) for _ in range(copies)]
    return gym.vector.SyncVectorEnv(makers)


def act(policy: LowRankPolicy, obs: Array, mask: npt.NDArray[np.bool_],
        rng: np.random.Generator, greedy: bool = False) -> tuple[int, Step]:
    """An index drawn from the policy under ``mask`` (the most likely with ``greedy``)."""
    legal = mask.nonzero()[0]
    probs, _ = policy.probabilities(obs, legal)
    choice = int(probs.argmax()) if greedy else int(rng.choice(len(legal), p=probs))
    return int(legal[choice]), Step(obs, legal, choice)


def train(policy: LowRankPolicy, envs: gym.vector.SyncVectorEnv, episodes_wanted: int,
          rates: list[float], batch: int, rng: np.random.Generator, seed: int,
          quiet: bool = False) -> int:
    """Train on ``episodes_wanted`` episodes (whole batches); returns the number played."""
    optimizer = Adam(policy.params, rates)
    observations, _ = envs.reset(seed=seed)
    episodes = Episodes([[] for _ in range(envs.num_envs)])
    resetting = np.zeros(envs.num_envs, dtype=bool)  # the next step only resets these
    baseline, played, rewards = 0.0, 0, []
    start = time.monotonic()
    while played < episodes_wanted:
        masks = envs.call("action_masks")  # MaskablePPO's contract: bool arrays
        actions = np.zeros(envs.num_envs, dtype=np.int64)
        for i in range(envs.num_envs):
            obs = observations["observation"][i].astype(np.float64)
            actions[i], step = act(policy, obs, masks[i], rng)
            if not resetting[i]:
                episodes.running[i].append(step)
        observations, reward, terminated, truncated, _ = envs.step(actions)
        done = terminated | truncated
        for i in np.flatnonzero(done & ~resetting).tolist():
            episodes.finished.append((float(reward[i]), episodes.running[i]))
            episodes.running[i] = []
        resetting = done
        if len(episodes.finished) >= batch:
            grads = [np.zeros_like(p) for p in policy.params]
            for value, steps in episodes.finished:
                for total, part in zip(grads, policy.gradient(steps, value - baseline),
                                       strict=True):
                    total += part / len(episodes.finished)
                rewards.append(value)
            optimizer.step(grads)
            baseline = 0.9 * baseline + 0.1 * float(np.mean([v for v, _ in episodes.finished]))
            played += len(episodes.finished)
            episodes.finished.clear()
            if not quiet and played % (batch * 25) < batch:
                window = rewards[-500:]
                print(f"{played:7d} episodes {time.monotonic() - start:6.1f}s  "
                      f"mean reward {np.mean(window):+.3f}", flush=True)
    return played


def evaluate(policy: LowRankPolicy, game: str, players: int, opponent: str, games: int,
             seed: int) -> dict[str, int]:
    """Wins, losses and ties of the policy (drawing from it) over ``games`` new games,
    every seat in turn; the same games for any policy given the same seed."""
    rng = np.random.default_rng(seed)
    envs = [SingleAgentEnv(game, opponents=opponent, seat=s, players=players)
            for s in range(players)]
    tally = {"wins": 0, "losses": 0, "ties": 0}
    for k in range(games):
        env = envs[k % players]
        observation, _ = env.reset(seed=seed * 1_000_003 + k)
        while True:
            index, _ = act(policy, observation["observation"].astype(np.float64),
                           env.action_masks(), rng)
            observation, reward, done, _, _ = env.step(index)
            if done:
                key = "wins" if reward > 0 else "losses" if reward < 0 else "ties"
                tally[key] += 1
                break
    return tally


def main(argv: list[str] | None = None) -> dict[str, dict[str, int]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="toy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random", help="bot spec of the other seats")
    parser.add_argument("--episodes", type=int, default=20_000, help="training episodes")
    parser.add_argument("--rank", type=int, default=8)
    parser.add_argument("--rate", type=float, default=0.1,
                        help="Adam's step size for the preferences and U")
    parser.add_argument("--v-rate", type=float, default=0.01,
                        help="Adam's step size for V (small: every feature adds up in a logit)")
    parser.add_argument("--batch", type=int, default=16, help="episodes per update")
    parser.add_argument("--copies", type=int, default=4, help="environments per seat")
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--short", action="store_true",
                        help="the CI check: 4,000 toy games of training, 600 to evaluate")
    args = parser.parse_args(argv)
    if args.short:
        args.game, args.players, args.episodes, args.eval_games = "toy", 2, SHORT_EPISODES, 600
    rng = np.random.default_rng(args.seed)
    envs = make_envs(args.game, args.players, args.opponent, args.copies)
    probe = SingleAgentEnv(args.game, players=args.players)
    size, actions = probe.codec.observation_size, probe.codec.action_size
    untrained = LowRankPolicy(actions, size, args.rank, np.random.default_rng(args.seed))
    policy = LowRankPolicy(actions, size, args.rank, np.random.default_rng(args.seed))
    started = time.monotonic()
    played = train(policy, envs, args.episodes, [args.rate, args.rate, args.v_rate], args.batch,
                   rng, args.seed, quiet=args.short)
    seconds = time.monotonic() - started
    envs.close()
    results = {
        "trained": evaluate(policy, args.game, args.players, args.opponent, args.eval_games,
                            args.seed + 1),
        "untrained": evaluate(untrained, args.game, args.players, args.opponent,
                              args.eval_games, args.seed + 1),
    }
    print(f"{played} training episodes in {seconds:.1f} s")
    for name, tally in results.items():
        print(f"{name:>9} vs {args.opponent}: {tally['wins']} won, {tally['losses']} lost, "
              f"{tally['ties']} tied of {args.eval_games}")
    return results


if __name__ == "__main__":
    main()
