"""How well an analysis's win-share estimates foretell the games' outcomes (calibration).

Plays held-out bot games of each game (two seats; by default ``normal`` = greedy against
``easy`` = greedy with a third of its decisions random, seats alternating; the toy game, which
has no heuristic, ``ismcts:30`` against ``random``), analyses each at a small budget
(``evolutio.analysis``, as the server and ``evolutio analyse`` do), and sets every analysed
decision's estimate (the best action's value for the deciding seat: its win share, 0..1)
against what the seat won at the end (1 for a win, 1/n for a win shared by n, else 0):

- the **Brier score** per game (mean squared gap, 0 perfect), beside the score of always
  saying the even share (0.25 for two seats) and the skill ``1 - Brier / even's``; also for
  the first and last thirds of the games (late estimates should be sharper);
- the label counts per 100 decisions of each bot (what the thresholds flag in these games);
- a calibration plot (``--png``, default docs/images/analysis-calibration.png): estimates in
  ten bins against the share of those decisions' seats that won, one line per game.

    .venv/bin/python -m bench.calibration                       # 24 games a game, budget 30
    .venv/bin/python -m bench.calibration --games 8 --budget 20 --games-only toy,darwin
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

from evolutio.analysis.engine import analyse
from evolutio.sim.runner import GameTask, derive_seed, play_game

ROOT = Path(__file__).resolve().parents[1]
#: the games measured and their two bots
PAIRS = {
    "evolution": ("normal", "easy"),
    "northstar": ("normal", "easy"),
    "darwin": ("normal", "easy"),
    "toy": ("ismcts:30", "random"),
}
#: the estimates' bins in the plot
BINS = 10
#: the seed the held-out games are drawn from (no test or tuning run uses it)
MASTER = 4711


def one_game(job: tuple[str, int, str, int]) -> dict[str, Any]:
    """Play game ``index`` of ``game`` and analyse it: its decisions' estimates and outcomes."""
    game, index, budget, players = job
    bots = PAIRS[game] if index % 2 == 0 else PAIRS[game][::-1]
    task = GameTask(index, game, {"players": players}, derive_seed(MASTER, game, index),
                    tuple(bots), record=True)
    played = play_game(task)
    if played.result["error"] or played.record is None:
        raise RuntimeError(f"{game} game {index}: {played.result['error']}")
    winners = played.result["winners"]
    won = [1 / len(winners) if seat in winners else 0.0 for seat in range(players)]
    started = time.process_time()
    analysis = analyse(played.record, budget)
    length = max(1, len(played.record.actions))
    return {
        "game": game, "bots": list(bots), "won": won,
        "seconds": time.process_time() - started,
        "points": [(d.seat, d.value, d.index / length, d.label) for d in analysis.decisions],
    }


def brier(points: list[tuple[float, float]]) -> float:
    return sum((p - y) ** 2 for p, y in points) / max(1, len(points))


def summarise(game: str, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A game's figures from its analysed games."""
    pairs: list[tuple[float, float]] = []
    early: list[tuple[float, float]] = []
    late: list[tuple[float, float]] = []
    labels: dict[str, dict[str, int]] = {}
    decisions: dict[str, int] = {}
    for row in rows:
        for seat, value, at, label in row["points"]:
            pair = (value, row["won"][seat])
            pairs.append(pair)
            (early if at < 1 / 3 else late if at >= 2 / 3 else []).append(pair)
            bot = row["bots"][seat]
            decisions[bot] = decisions.get(bot, 0) + 1
            if label is not None:
                counts = labels.setdefault(bot, {})
                counts[label] = counts.get(label, 0) + 1
    even = 0.5
    reference = brier([(even, y) for _, y in pairs])
    score = brier(pairs)
    return {
        "game": game, "games": len(rows), "decisions": len(pairs), "brier": round(score, 4),
        "even": round(reference, 4), "skill": round(1 - score / reference, 3),
        "brier_first_third": round(brier(early), 4), "brier_last_third": round(brier(late), 4),
        "per_100": {bot: {label: round(100 * n / decisions[bot], 1)
                          for label, n in sorted(labels.get(bot, {}).items())}
                    for bot in sorted(decisions)},
        "cpu_s_per_game": round(sum(r["seconds"] for r in rows) / max(1, len(rows)), 2),
        "bins": bins(pairs),
    }


def bins(pairs: list[tuple[float, float]]) -> list[tuple[float, float, int]]:
    """(mean estimate, mean outcome, count) of each non-empty tenth of the estimates."""
    out = []
    for b in range(BINS):
        inside = [(p, y) for p, y in pairs if min(int(p * BINS), BINS - 1) == b]
        if inside:
            out.append((sum(p for p, _ in inside) / len(inside),
                        sum(y for _, y in inside) / len(inside), len(inside)))
    return out


def plot(summaries: list[dict[str, Any]], path: Path, budget: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 5.6))
    axes.plot([0, 100], [0, 100], color="grey", linewidth=0.8, linestyle=":", label="calibrated")
    for summary in summaries:
        xs = [100 * p for p, _, _ in summary["bins"]]
        ys = [100 * y for _, y, _ in summary["bins"]]
        sizes = [12 + 60 * n / max(1, summary["decisions"]) * BINS for _, _, n in summary["bins"]]
        (line,) = axes.plot(xs, ys, linewidth=1.3,
                            label=f"{summary['game']} (Brier {summary['brier']:.3f})")
        axes.scatter(xs, ys, s=sizes, color=line.get_color(), zorder=3)
    axes.set_xlim(0, 100)
    axes.set_ylim(0, 100)
    axes.set_xlabel("estimated win share at the decision (%)")
    axes.set_ylabel("share of those seats that won (%)")
    axes.set_title(f"Analysis calibration: bot games, {budget} iterations per decision")
    axes.grid(alpha=0.3)
    axes.legend(loc="upper left", fontsize=8)
    figure.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, dpi=100)
    plt.close(figure)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=24, help="games per game (default 24)")
    parser.add_argument("--budget", default="30", help="iterations per decision (default 30)")
    parser.add_argument("--games-only", default=",".join(PAIRS),
                        help="which games, comma-separated (default all four)")
    parser.add_argument("--processes", "-j", type=int, default=2)
    parser.add_argument("--png", type=Path, default=ROOT / "docs/images/analysis-calibration.png")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args()
    names = [g for g in args.games_only.split(",") if g]
    jobs = [(game, index, args.budget, 2) for game in names for index in range(args.games)]
    started = time.perf_counter()
    context = multiprocessing.get_context("fork")
    with context.Pool(args.processes) as pool:
        rows = pool.map(one_game, jobs, chunksize=1)
    summaries = [summarise(game, [r for r in rows if r["game"] == game]) for game in names]
    print(f"{len(jobs)} games analysed at {args.budget} iterations per decision in "
          f"{time.perf_counter() - started:.0f} s wall ({args.processes} processes)")
    print("| game | games | decisions | Brier | even share's | skill | first third | "
          "last third | ?! / ? / ?? per 100 decisions | CPU s per game |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for s in summaries:
        flags = "; ".join(f"{bot} " + " / ".join(str(s["per_100"][bot].get(label, 0.0))
                                                  for label in ("inaccuracy", "mistake",
                                                                "blunder"))
                          for bot in s["per_100"])
        print(f"| {s['game']} | {s['games']} | {s['decisions']} | {s['brier']:.3f} | "
              f"{s['even']:.3f} | {s['skill']:.2f} | {s['brier_first_third']:.3f} | "
              f"{s['brier_last_third']:.3f} | {flags} | {s['cpu_s_per_game']} |")
    plot(summaries, args.png, args.budget)
    print(f"plot: {args.png}")
    if args.json is not None:
        args.json.write_text(json.dumps(summaries, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
