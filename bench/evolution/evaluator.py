"""How well Evolution's search evaluator predicts the end of a game, and its refit.

ISMCTS stops each playout 20 actions below the root and asks the game's ``evaluate`` for a
reward per seat; the search is only as strong as that guess. This bench plays self-play
games (``greedy:0.1`` at 2, 3 and 4 players, and ``ismcts:20`` at 2), samples positions at
every stage, keeps each seat's features (``rollout.seat_features``) and the game's final
scores and winners, and measures on held-out games (every fifth game):

- the winner: log-loss and Brier score of the win probabilities, and how often the favourite
  won;
- the margin: Spearman's rank correlation of each seat's predicted score minus the seats'
  mean with its final score minus the mean;

by rounds left (known afterwards), for the old evaluator (``playbook.estimate_scores``
through a softmax at the old temperature), the old one with a refitted temperature, and the
fitted one (``rollout.evaluate`` with ``evalweights``).

``--write`` refits the weights on the training games (ridge regression of each seat's final
score on its features, then the softmax temperature that minimises the winner's log-loss)
and writes ``src/evolutio/games/evolution/evalweights.py``. Positions are cached in
``--cache`` so a refit need not replay the games.

    .venv/bin/python -m bench.evolution.evaluator                   # report
    .venv/bin/python -m bench.evolution.evaluator --write           # refit, write, report
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

from bench.playout import game_of, playout
from evolutio.bots import InformationSet, make_bot
from evolutio.games.evolution import evalweights, rollout
from evolutio.games.evolution.scoring import scores

ROOT = Path(__file__).resolve().parents[2]
WEIGHTS = ROOT / "src/evolutio/games/evolution/evalweights.py"
#: (bot, players, games) of the self-play set.
PLAN = (
    ("greedy:0.1", 2, 2000),
    ("greedy:0.1", 3, 400),
    ("greedy:0.1", 4, 400),
    ("ismcts:20", 2, 150),
)
#: the share of decisions sampled as positions.
SAMPLE = 0.12
#: the old evaluator's temperature (before the fit).
OLD_TEMPERATURE = 2.5


def play(task: tuple[str, int, int, int]) -> list[dict[str, Any]]:
    """One self-play game; its sampled positions with the final scores and winners."""
    spec, players, seed, index = task
    game = game_of("evolution")
    state = game.new(game.normalize_options({"players": players}), seed)
    rng = random.Random(seed)
    bots = [make_bot(spec, seed + seat, game) for seat in range(players)]
    rows: list[dict[str, Any]] = []

    def choose(state: Any, seat: int, decision: Any, legal: Sequence[Any]) -> Any:
        if rng.random() < SAMPLE:
            rows.append(
                {
                    "features": rollout.seat_features(state),
                    "old": rollout.estimate_scores(state),
                    "turn": state.turn,
                }
            )
        info = InformationSet.of(game, state, seat, seed ^ 0x5EED)
        return bots[seat].choose(game.view(state, seat), legal, decision, info)

    playout(game, state, rng, choose)
    outcome = game.outcome(state)
    assert outcome is not None
    final = scores(state)
    for row in rows:
        row.update(
            game=f"{spec}/{players}/{index}",
            test=index % 5 == 0,
            final=final,
            winners=list(outcome.winners),
            left=state.turn - row["turn"],
        )
    return rows


def collect(path: Path, workers: int) -> list[dict[str, Any]]:
    """The cached positions, or new ones (written to ``path``)."""
    if path.exists():
        return [json.loads(line) for line in path.read_text().splitlines() if line]
    tasks = [
        (spec, players, 7919 * index + 17 * players + len(spec), index)
        for spec, players, count in PLAN
        for index in range(count)
    ]
    rows: list[dict[str, Any]] = []
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for done, got in enumerate(pool.map(play, tasks, chunksize=4), 1):
            rows.extend(got)
            if done % 50 == 0:
                print(f"  {done} of {len(tasks)} games", file=sys.stderr, flush=True)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return rows


class Set:
    """Positions of one player count as arrays: features (n, seats, k), the old estimates,
    final scores and winner shares (n, seats), and rounds left (n)."""

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.features = np.array([r["features"] for r in rows], dtype=float)
        self.old = np.array([r["old"] for r in rows], dtype=float)
        self.final = np.array([r["final"] for r in rows], dtype=float)
        seats = self.final.shape[1]
        truth = np.zeros_like(self.final)
        for i, row in enumerate(rows):
            for seat in row["winners"]:
                truth[i, seat] = 1.0 / len(row["winners"])
        self.truth = truth
        self.left = np.array([r["left"] for r in rows])
        self.seats = seats

    def subset(self, keep: np.ndarray) -> Set:
        other = Set.__new__(Set)
        for name in ("features", "old", "final", "truth", "left"):
            setattr(other, name, getattr(self, name)[keep])
        other.seats = self.seats
        return other


def softmax(values: np.ndarray, temperature: float | np.ndarray) -> np.ndarray:
    """Win probabilities per row; ``temperature`` is one number or one per row."""
    if isinstance(temperature, np.ndarray):
        temperature = temperature[:, None]
    shifted = (values - values.max(axis=1, keepdims=True)) / temperature
    weights = np.exp(shifted)
    shares: np.ndarray = weights / weights.sum(axis=1, keepdims=True)
    return shares


def ranks(values: np.ndarray) -> np.ndarray:
    """Ranks with ties averaged."""
    order = np.argsort(values, kind="mergesort")
    ranked = np.empty(len(values))
    ranked[order] = np.arange(len(values))
    _, inverse, counts = np.unique(values, return_inverse=True, return_counts=True)
    if (counts > 1).any():
        sums = np.bincount(inverse, weights=ranked)
        ranked = (sums / counts)[inverse]
    return ranked


def quality(data: Set, estimate: np.ndarray, odds: np.ndarray) -> dict[str, float]:
    """Log-loss, Brier, favourite's hit rate and the margin's rank correlation."""
    n = len(estimate)
    loss = -(data.truth * np.log(np.maximum(odds, 1e-12))).sum(axis=1).mean()
    brier = ((odds - data.truth) ** 2).sum(axis=1).mean()
    hit = data.truth[np.arange(n), odds.argmax(axis=1)].mean()
    guessed = (estimate - estimate.mean(axis=1, keepdims=True)).ravel()
    actual = (data.final - data.final.mean(axis=1, keepdims=True)).ravel()
    rank = float(np.corrcoef(ranks(guessed), ranks(actual))[0, 1]) if n > 2 else float("nan")
    return {
        "n": float(n),
        "logloss": float(loss),
        "brier": float(brier),
        "hit": float(hit),
        "rank": rank,
    }


TEMPERATURES = [0.5 + 0.25 * i for i in range(40)]
#: where the deck's share left sits among the features.
DECK = rollout.FEATURES.index("one*deck")


def deck_left(data: Set) -> np.ndarray:
    return data.features[:, 0, DECK]


def loss(sets: list[Set], estimates: list[np.ndarray], base: float, deck: float) -> float:
    """The winner's log-loss with temperature ``base + deck * share of the deck left``."""
    total = 0.0
    for data, estimate in zip(sets, estimates, strict=True):
        odds = softmax(estimate, base + deck * deck_left(data))
        total -= float((data.truth * np.log(np.maximum(odds, 1e-12))).sum())
    return total


def best_temperature(sets: list[Set], estimates: list[np.ndarray]) -> float:
    """The one softmax temperature with the lowest log-loss over every position of ``sets``."""
    return min(TEMPERATURES, key=lambda t: loss(sets, estimates, t, 0.0))


def fit(sets: list[Set], ridge: float) -> tuple[list[float], float]:
    """Ridge weights for final scores, then the temperature that minimises the winner's
    log-loss."""
    x = np.concatenate([d.features.reshape(-1, d.features.shape[2]) for d in sets])
    y = np.concatenate([d.final.ravel() for d in sets])
    scale = np.maximum(np.abs(x).max(axis=0), 1e-9)
    xs = x / scale
    penalty = ridge * np.eye(xs.shape[1])
    penalty[0, 0] = 0.0
    solved = np.linalg.solve(xs.T @ xs + penalty, xs.T @ y) / scale
    weights = [float(w) for w in solved]
    return weights, best_temperature(sets, [predicted(d, weights) for d in sets])


def stage_temperature(sets: list[Set], weights: Sequence[float]) -> tuple[float, float]:
    """The temperature ``base + deck * share of the deck left`` with the lowest log-loss
    (the end is surer than the start); measured, not used by the search."""
    estimates = [predicted(d, weights) for d in sets]
    grid = [(1.0 + 0.25 * i, 1.0 * j) for i in range(24) for j in range(21)]
    return min(grid, key=lambda bd: loss(sets, estimates, bd[0], bd[1]))


def predicted(data: Set, weights: Sequence[float]) -> np.ndarray:
    scores: np.ndarray = data.features @ np.asarray(weights)
    return scores


def write(weights: Sequence[float], temperature: float, positions: int, games: int) -> None:
    lines = [
        '"""Fitted weights of Evolution\'s search evaluator (``rollout.evaluate``): generated.',
        "",
        "Made by ``python -m bench.evolution.evaluator --write``: a ridge regression of each",
        f"seat's final score on its features (``rollout.FEATURES``) over {positions} positions",
        f"sampled from {games} self-play games (greedy:0.1 at 2-4 players, ismcts:20 at 2),",
        "then the softmax temperature that best predicts the winner. Run it again to refit.",
        '"""',
        "",
        "#: one weight per ``rollout.FEATURES`` entry: a seat's expected final score.",
        "WEIGHTS: tuple[float, ...] = (",
        *[f"    {w!r},  # {name}" for w, name in zip(weights, rollout.FEATURES, strict=True)],
        ")",
        "#: softness (points) of the win estimate from the expected scores.",
        f"TEMPERATURE = {temperature!r}",
        "",
    ]
    WEIGHTS.write_text("\n".join(lines))


BUCKETS = ((0, 99, "all"), (0, 0, "0"), (1, 1, "1"), (2, 2, "2"), (3, 4, "3-4"), (5, 99, "5+"))


def report(label: str, data: Set, estimate: np.ndarray, odds: np.ndarray) -> None:
    for lo, hi, name in BUCKETS:
        keep = (data.left >= lo) & (data.left <= hi)
        if not keep.any():
            continue
        q = quality(data.subset(keep), estimate[keep], odds[keep])
        print(
            f"{label:<26}{name:>6}{int(q['n']):>7}{q['logloss']:>9.3f}{q['brier']:>8.3f}"
            f"{q['hit']:>8.1%}{q['rank']:>8.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/evolution-positions.jsonl"))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ridge", type=float, default=1.0)
    parser.add_argument("--write", action="store_true", help="refit and write evalweights.py")
    args = parser.parse_args()
    rows = collect(args.cache, args.workers)
    counts = sorted({len(r["final"]) for r in rows})
    train = [Set([r for r in rows if not r["test"] and len(r["final"]) == c]) for c in counts]
    test = [Set([r for r in rows if r["test"] and len(r["final"]) == c]) for c in counts]
    weights, temperature = list(evalweights.WEIGHTS), evalweights.TEMPERATURE
    if args.write:
        games = len({r["game"] for r in rows if not r["test"]})
        weights, temperature = fit(train, args.ridge)
        write(weights, temperature, sum(len(d.left) for d in train), games)
        print(f"wrote {WEIGHTS.relative_to(ROOT)} (temperature {temperature})")
    refit = best_temperature(train, [d.old for d in train])
    stage = stage_temperature(train, weights)
    print(
        f"# {sum(len(d.left) for d in train)} training and {sum(len(d.left) for d in test)} "
        "held-out positions; held-out figures by rounds left"
    )
    print(
        f"{'evaluator':<26}{'left':>6}{'n':>7}{'logloss':>9}{'brier':>8}{'fav won':>8}"
        f"{'rank':>8}"
    )
    for players, data in zip(counts, test, strict=True):
        print(f"## {players} players")
        report(f"old (T {OLD_TEMPERATURE})", data, data.old, softmax(data.old, OLD_TEMPERATURE))
        report(f"old (T {refit})", data, data.old, softmax(data.old, refit))
        fitted = predicted(data, weights)
        report(f"fitted (T {temperature})", data, fitted, softmax(fitted, temperature))
        odds = softmax(fitted, stage[0] + stage[1] * deck_left(data))
        report(f"fitted (T {stage[0]}+{stage[1]}d)", data, fitted, odds)


if __name__ == "__main__":
    main()
