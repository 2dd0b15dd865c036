"""Turn a results file into a folder of PNG plots and a short Markdown summary.

Plots: win rate per bot and per seat with 95% intervals, score distributions per bot, game
length in actions, and one plot per figure the game declares (``GameInfo.tallies``): a
histogram of each ``mean`` tally (turns per game...), the most common names of each ``count``
tally (the traits survivors and winners carried...).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from evolutio.core.game import JSON, Tally
from evolutio.sim.stats import (
    Counted,
    Rate,
    finished,
    game_labels,
    mean,
    rates_by_bot,
    rates_by_seat,
    scores_by_bot,
    summarize,
    tallies_of,
    tally_counts,
    tally_values,
)

#: how many names the plot and table of a ``count`` tally show.
TOP_COUNTS = 20


def _rate_plot(path: Path, labels: Sequence[str], rates: Sequence[Rate], title: str) -> None:
    fig, ax = plt.subplots(figsize=(max(4.0, 1.1 * len(labels) + 2), 3.6))
    values = [r.rate for r in rates]
    errors = [[r.rate - r.interval[0] for r in rates], [r.interval[1] - r.rate for r in rates]]
    ax.bar(range(len(labels)), values, yerr=errors, capsize=5, color="#4c72b0")
    ax.set_xticks(range(len(labels)), labels, rotation=20, ha="right")
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(title)
    for i, value in enumerate(values):
        inside = value >= 0.12
        ax.text(
            i,
            value / 2 if inside else value + 0.02,
            f"{value:.0%}",
            ha="center",
            va="center" if inside else "bottom",
            fontsize=8,
            color="white" if inside else "black",
        )
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _scores_plot(path: Path, scores: dict[str, list[int]]) -> None:
    fig, ax = plt.subplots(figsize=(6, 3.6))
    low = min(min(v) for v in scores.values())
    high = max(max(v) for v in scores.values())
    step = max(1, (high - low) // 25)
    bins = list(range(low, high + step + 1, step))
    for bot, values in scores.items():
        ax.hist(values, bins=bins, histtype="step", linewidth=1.6, label=bot, density=True)
    ax.set_xlabel("final score")
    ax.set_ylabel("share of seats")
    ax.set_title("Score distribution by bot")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _length_plot(path: Path, rows: Sequence[JSON]) -> None:
    actions = [r["actions"] for r in rows]
    fig, ax = plt.subplots(figsize=(4.5, 3.4))
    ax.hist(actions, bins=30, color="#55a868")
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _mean_plot(path: Path, tally: Tally, values: Sequence[float]) -> None:
    """A histogram of a ``mean`` tally; whole numbers get one bar each."""
    fig, ax = plt.subplots(figsize=(4.5, 3.4))
    if all(v.is_integer() for v in values) and max(values) - min(values) <= 60:
        low, high = int(min(values)), int(max(values))
        ax.hist(values, bins=[t - 0.5 for t in range(low, high + 2)], color="#c44e52")
    else:
        ax.hist(values, bins=30, color="#c44e52")
    ax.set_xlabel(f"{tally.text().lower()} per game")
    ax.set_ylabel("games")
    ax.set_title(f"{tally.text()} (mean {mean(values):.2f})")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def count_table(rows: Sequence[JSON], name: str) -> tuple[Counted, list[tuple[str, float, float]]]:
    """A ``count`` tally: ``(name, per seat or game, per winning seat)``, most common first."""
    counted = tally_counts(rows, name)
    return counted, counted.top(TOP_COUNTS)


def _count_plot(
    path: Path, tally: Tally, counted: Counted, table: Sequence[tuple[str, str, float, float]]
) -> None:
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(table) + 1.5))
    ys = range(len(table))
    unit = "seat" if counted.per_seat else "game"
    if counted.per_seat:
        ax.barh([y + 0.2 for y in ys], [t[2] for t in table], height=0.4, label="every seat")
        ax.barh([y - 0.2 for y in ys], [t[3] for t in table], height=0.4, label="winners")
        ax.legend(fontsize=8)
    else:
        ax.barh(list(ys), [t[2] for t in table], height=0.6)
    ax.set_yticks(list(ys), [t[1] for t in table], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel(f"per {unit} per game")
    ax.set_title(tally.text())
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _tally_sections(rows: Sequence[JSON], out_dir: Path, written: list[Path]) -> list[str]:
    """Plots and Markdown of every tally the rows' game declares."""
    lines: list[str] = []
    labels = game_labels(rows)
    for tally in tallies_of(rows):
        path = out_dir / f"{tally.name}.png"
        if tally.kind == "mean":
            values = tally_values(rows, tally.name)
            if not values:
                continue
            _mean_plot(path, tally, values)
            lines += [
                f"## {tally.text()}",
                "",
                f"Mean {mean(values):.2f} per game over {len(values)} games "
                f"(from {min(values):g} to {max(values):g}).",
                "",
                f"![{tally.text()}]({path.name})",
                "",
            ]
        else:
            counted, top = count_table(rows, tally.name)
            if not top:
                continue
            named = [(n, labels.get(n, n), a, w) for n, a, w in top]
            _count_plot(path, tally, counted, named)
            if counted.per_seat:
                lines += [
                    f"## {tally.text()}",
                    "",
                    "Mean count per seat per game, over every seat and over winning seats.",
                    "",
                    "| name | every seat | winners |",
                    "|---|---|---|",
                ]
                lines += [f"| {label} | {a:.2f} | {w:.2f} |" for _, label, a, w in named]
            else:
                lines += [
                    f"## {tally.text()}",
                    "",
                    "Mean count per game.",
                    "",
                    "| name | per game |",
                    "|---|---|",
                ]
                lines += [f"| {label} | {a:.2f} |" for _, label, a, _ in named]
            lines += ["", f"![{tally.text()}]({path.name})", ""]
        written.append(path)
    return lines


def make_report(rows: Sequence[JSON], out_dir: Path, source: str = "results") -> list[Path]:
    """Write the PNGs and ``summary.md`` into ``out_dir``; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    done = finished(rows)
    summary = summarize(rows)
    written: list[Path] = []
    lines = [f"# Simulation report: {source}", ""]
    lines.append(
        f"{summary['games']} games, {summary['finished']} finished, "
        f"{summary['errors']} with errors."
    )
    if summary["first_error"]:
        lines.append(f"First error: `{summary['first_error']}`")
    lines.append("")
    if not done:
        lines.append("No finished games: nothing to plot.")
    else:
        by_bot = rates_by_bot(done)
        by_seat = rates_by_seat(done)
        scores = scores_by_bot(done)
        path = out_dir / "win_rate_by_bot.png"
        _rate_plot(path, list(by_bot), list(by_bot.values()), "Win rate by bot")
        written.append(path)
        path = out_dir / "win_rate_by_seat.png"
        _rate_plot(path, [f"seat {i}" for i in range(len(by_seat))], by_seat, "Win rate by seat")
        written.append(path)
        path = out_dir / "scores.png"
        _scores_plot(path, scores)
        written.append(path)
        path = out_dir / "game_length.png"
        _length_plot(path, done)
        written.append(path)
        lines += [
            "## Win rate by bot",
            "",
            "| bot | seats played | win rate | 95% interval | mean score |",
            "|---|---|---|---|---|",
        ]
        for bot, rate in by_bot.items():
            low, high = rate.interval
            lines.append(
                f"| {bot} | {rate.games} | {rate.rate:.1%} | {low:.1%} - {high:.1%} "
                f"| {mean(scores[bot]):.2f} |"
            )
        lines += [
            "",
            "![win rate by bot](win_rate_by_bot.png)",
            "",
            "## Win rate by seat",
            "",
            "| seat | win rate | 95% interval |",
            "|---|---|---|",
        ]
        for seat, rate in enumerate(by_seat):
            low, high = rate.interval
            lines.append(f"| {seat} | {rate.rate:.1%} | {low:.1%} - {high:.1%} |")
        lines += [
            "",
            "![win rate by seat](win_rate_by_seat.png)",
            "",
            "## Scores and length",
            "",
            f"Mean score {summary['mean_score']}; mean actions {summary['mean_actions']}.",
            "",
            "![scores](scores.png)",
            "",
            "![game length](game_length.png)",
            "",
        ]
        lines += _tally_sections(done, out_dir, written)
    summary_path = out_dir / "summary.md"
    summary_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(summary_path)
    return written
