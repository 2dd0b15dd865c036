"""The plots of an option-set comparison (:mod:`evolutio.sim.compare`): win rate per bot with
one bar per option set, and game length (actions, and each figure the game declares as a
``mean`` tally, such as turns) as box plots per option set."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from evolutio.core.game import JSON
from evolutio.sim.stats import finished, tallies_of, tally_values


class LabelledRows(Protocol):
    """What a plot reads of a compared option set (``compare.OptionSet``): its label and its
    rows (typed here, so that the plots do not import the comparison that calls them)."""

    @property
    def label(self) -> str: ...

    @property
    def rows(self) -> list[JSON]: ...


#: at most this many declared figures get a panel beside the actions.
MAX_PANELS = 2


def win_rate_plot(path: Path, table: JSON) -> None:
    """Grouped bars: for each bot, its win rate under each option set, with 95% intervals."""
    bots: list[str] = table["bots"]
    sets: list[JSON] = table["sets"]
    width = 0.8 / max(1, len(sets))
    fig, ax = plt.subplots(figsize=(max(5.0, 1.4 * len(bots) * max(1, len(sets)) ** 0.5), 3.8))
    for index, option_set in enumerate(sets):
        xs, rates, low, high = [], [], [], []
        for b, bot in enumerate(bots):
            rate = option_set["bots"][bot]["win_rate"]
            if rate is None:
                continue
            xs.append(b - 0.4 + width * (index + 0.5))
            rates.append(rate["rate"])
            low.append(rate["rate"] - rate["ci95"][0])
            high.append(rate["ci95"][1] - rate["rate"])
        ax.bar(xs, rates, width, yerr=[low, high], capsize=3, label=option_set["label"])
    ax.set_xticks(range(len(bots)), bots)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate")
    ax.set_title("Win rate by bot and option set")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def length_plot(path: Path, sets: Sequence[LabelledRows]) -> None:
    """Box plots of actions per game, and of each declared ``mean`` figure, per option set."""
    done = [finished(s.rows) for s in sets]
    tallies = [t for t in tallies_of([r for rows in done for r in rows]) if t.kind == "mean"]
    panels: list[tuple[str, list[list[float]]]] = [
        ("actions per game", [[float(r["actions"]) for r in rows] for rows in done])
    ]
    for tally in tallies[:MAX_PANELS]:
        panels.append(
            (f"{tally.text().lower()} per game", [tally_values(rows, tally.name) for rows in done])
        )
    labels = [s.label for s in sets]
    fig, axes = plt.subplots(
        1, len(panels), figsize=(max(4.5, 1.2 * len(sets)) * len(panels), 3.8), squeeze=False
    )
    for ax, (title, values) in zip(axes[0], panels, strict=True):
        shown = [(label, v) for label, v in zip(labels, values, strict=True) if v]
        if shown:
            ax.boxplot([v for _, v in shown], showmeans=True)
            ax.set_xticks(range(1, len(shown) + 1), [label for label, _ in shown], fontsize=8)
        ax.set_title(title)
    fig.suptitle("Game length by option set")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
