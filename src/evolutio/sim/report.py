"""Turn a results file into a folder of PNG plots and a short Markdown summary.

Plots: win rate per bot and per seat with 95% intervals, score distributions per bot, game
length (turns and actions), and the traits survivors and winners carried.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from evolutio.core.game import JSON
from evolutio.sim.stats import (
    Rate,
    finished,
    mean,
    rates_by_bot,
    rates_by_seat,
    scores_by_bot,
    summarize,
    trait_counts,
)

#: how many traits the trait plot and table show.
TOP_TRAITS = 20


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
    turns = [r["turns"] for r in rows if isinstance(r.get("turns"), int)]
    actions = [r["actions"] for r in rows]
    fig, axes = plt.subplots(1, 2 if turns else 1, figsize=(8 if turns else 4.5, 3.4))
    axes_list: list[Any] = list(axes) if turns else [axes]
    axes_list[-1].hist(actions, bins=30, color="#55a868")
    axes_list[-1].set_xlabel("actions per game")
    axes_list[-1].set_ylabel("games")
    if turns:
        axes_list[0].hist(
            turns, bins=[t - 0.5 for t in range(min(turns), max(turns) + 2)], color="#c44e52"
        )
        axes_list[0].set_xlabel("turns per game")
        axes_list[0].set_ylabel("games")
    fig.suptitle("Game length")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def trait_table(rows: Sequence[JSON]) -> list[tuple[str, float, float]]:
    """``(trait, per seat, per winning seat)``: mean count on survivors, most common first."""
    everyone, winners, seats, winner_seats = trait_counts(rows)
    table = [
        (trait, count / seats, winners[trait] / winner_seats if winner_seats else 0.0)
        for trait, count in everyone.most_common(TOP_TRAITS)
    ]
    return table


def _traits_plot(path: Path, table: Sequence[tuple[str, float, float]]) -> None:
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(table) + 1.5))
    ys = range(len(table))
    ax.barh([y + 0.2 for y in ys], [t[1] for t in table], height=0.4, label="every seat")
    ax.barh([y - 0.2 for y in ys], [t[2] for t in table], height=0.4, label="winners")
    ax.set_yticks(list(ys), [t[0] for t in table], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("traits on surviving animals, per seat per game")
    ax.set_title("Traits survivors and winners carried")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


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
            f"Mean score {summary['mean_score']}; mean turns {summary['mean_turns']}; "
            f"mean actions {summary['mean_actions']}.",
            "",
            "![scores](scores.png)",
            "",
            "![game length](game_length.png)",
            "",
        ]
        table = trait_table(done)
        if table:
            path = out_dir / "traits.png"
            _traits_plot(path, table)
            written.append(path)
            lines += [
                "## Traits on survivors",
                "",
                "Mean number of each trait on a seat's surviving animals at the end, over "
                "every seat and over winning seats.",
                "",
                "| trait | every seat | winners |",
                "|---|---|---|",
            ]
            lines += [f"| {t} | {a:.2f} | {w:.2f} |" for t, a, w in table]
            lines += ["", "![traits](traits.png)", ""]
    summary_path = out_dir / "summary.md"
    summary_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(summary_path)
    return written
