"""Train a masked linear policy against random bots on a CPU, plot its learning curve, then
rate it against the random and greedy bots with ``evolutio tournament``.

The learner is REINFORCE with a running baseline and Adam on
:class:`evolutio.rl.policy.LinearPolicy` (a preference per action index plus a linear
function of the observation per action block), in numpy only. It plays every seat in turn
against ``--opponent`` bots through :class:`evolutio.rl.SingleAgentEnv` and is rewarded
+1/0/-1 by rank at the end.

    .venv/bin/python examples/train_policy.py                       # Evolution, 3 minutes
    .venv/bin/python examples/train_policy.py --game northstar --minutes 5
    .venv/bin/python examples/train_policy.py --minutes 1 --no-tournament

Writes ``policy.npz``, ``learning_curve.png`` and ``learning_curve.json`` into ``--out``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from evolutio.rl import SingleAgentEnv
from evolutio.rl.policy import LinearPolicy


def play_episode(env: SingleAgentEnv, policy: LinearPolicy, rng: np.random.Generator,
                 seed: int) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game; returns the final reward and the learner's (observation, legal, choice)."""
    observation, _ = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    while True:
        legal = observation["action_mask"].view(np.bool_).nonzero()[0]
        probabilities = policy.probabilities(observation["observation"], legal)
        choice = int(rng.choice(len(legal), p=probabilities))
        steps.append((observation["observation"], legal, choice))
        observation, reward, done, _, _ = env.step(int(legal[choice]))
        if done:
            return float(reward), steps


class Adam:
    """Adam steps (Kingma & Ba) for the policy's two arrays: the step size adapts to each
    parameter's gradient scale, which keeps long and short games alike stable."""

    def __init__(self, policy: LinearPolicy, rate: float, theta_rate: float) -> None:
        self.policy, self.rates, self.t = policy, (rate, theta_rate), 0
        self.moments = [(np.zeros_like(p), np.zeros_like(p)) for p in (policy.bias,
                                                                      policy.theta)]

    def step(self, gradients: tuple[np.ndarray, np.ndarray]) -> None:
        self.t += 1
        for param, grad, (m, v), rate in zip((self.policy.bias, self.policy.theta), gradients,
                                             self.moments, self.rates, strict=True):
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad * grad
            correction = np.sqrt(1 - 0.999 ** self.t) / (1 - 0.9 ** self.t)
            param += rate * correction * m / (np.sqrt(v) + 1e-8)


def gradient(policy: LinearPolicy, steps: list[tuple[np.ndarray, np.ndarray, int]],
             advantage: float) -> tuple[np.ndarray, np.ndarray]:
    """The policy gradient of one game: per decision, the one-hot of the choice minus the
    probabilities (the softmax's gradient), times the advantage, averaged over decisions."""
    bias = np.zeros_like(policy.bias)
    theta = np.zeros_like(policy.theta)
    for observation, legal, choice in steps:
        weights = -policy.probabilities(observation, legal)
        weights[choice] += 1.0
        np.add.at(bias, legal, weights)
        per_block = np.bincount(policy.blocks[legal], weights, minlength=len(theta))
        touched = per_block.nonzero()[0]
        theta[touched] += np.outer(per_block[touched], observation)
    scale = advantage / len(steps)
    return bias * scale, theta * scale


def plot(curve: list[dict[str, float]], title: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axis = plt.subplots(figsize=(7, 4))
    axis.plot([p["games"] for p in curve], [p["win_rate"] for p in curve], label="win rate")
    axis.plot([p["games"] for p in curve], [p["reward"] for p in curve], label="mean reward")
    axis.axhline(0.5, color="grey", linewidth=0.8, linestyle=":")
    axis.set_xlabel("training games")
    axis.set_ylabel("last 200 games")
    axis.set_title(title)
    axis.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="evolution")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="random", help="bot spec of the other seats")
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--rate", type=float, default=0.01,
                        help="Adam's step size for the preferences per action")
    parser.add_argument("--theta-rate", type=float, default=0.0003,
                        help="Adam's step size for the observation weights (small: thousands "
                        "of them add up in one logit)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("rl-example"))
    parser.add_argument("--tournament-games", type=int, default=200)
    parser.add_argument("--no-tournament", action="store_true")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)

    envs = [SingleAgentEnv(args.game, opponents=args.opponent, seat=seat, players=args.players)
            for seat in range(args.players)]
    policy = LinearPolicy(envs[0].codec)
    optimizer = Adam(policy, args.rate, args.theta_rate)
    rng = np.random.default_rng(args.seed)
    baseline = 0.0
    rewards: list[float] = []
    curve: list[dict[str, float]] = []
    start = time.monotonic()
    games = 0
    while time.monotonic() - start < args.minutes * 60:
        env = envs[games % len(envs)]
        reward, steps = play_episode(env, policy, rng, args.seed * 1_000_003 + games)
        optimizer.step(gradient(policy, steps, reward - baseline))
        baseline += 0.02 * (reward - baseline)
        rewards.append(reward)
        games += 1
        if games % 50 == 0:
            window = rewards[-200:]
            point = {"games": games, "seconds": round(time.monotonic() - start, 1),
                     "win_rate": sum(r > 0 for r in window) / len(window),
                     "reward": sum(window) / len(window)}
            curve.append(point)
            print(f"{games:6d} games {point['seconds']:7.1f}s  win rate {point['win_rate']:.2f}"
                  f"  mean reward {point['reward']:+.2f}", flush=True)

    policy_path = args.out / "policy.npz"
    policy.save(policy_path)
    check = [play_episode(envs[k % len(envs)], policy, rng, 10**9 + k)[0] for k in range(100)]
    print(f"after training: win rate {sum(r > 0 for r in check) / 100:.2f} in 100 new games",
          flush=True)
    (args.out / "learning_curve.json").write_text(json.dumps(curve, indent=1))
    title = (f"{args.game}, {args.players} players: masked linear policy vs {args.opponent}")
    plot(curve, title, args.out / "learning_curve.png")
    print(f"saved {policy_path} and {args.out / 'learning_curve.png'} after {games} games")
    if args.no_tournament:
        return
    runner = Path(sys.executable).with_name("evolutio")
    command = [str(runner) if runner.exists() else "evolutio", "tournament", "--game", args.game,
               "--bots", f"policy:{policy_path},random,greedy", "--players",
               str(args.players), "--games", str(args.tournament_games),
               "--plot", str(args.out / "tournament.png")]
    print("$ evolutio", " ".join(command[1:]), flush=True)
    subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
