"""The plots of a balance dataset (:mod:`evolutio.sim.balance`): win rate by seat order,
game length, the win-rate uplift of each per-seat figure's names, and the play rate and
survival of the names played, all with their 95% intervals. PNG for ``evolutio stats``, SVG
for the datasets the server shows."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from evolutio.core.game import JSON
from evolutio.sim.stats import finished

#: names shown in an uplift plot: this many at each end of the ordering.
UPLIFT_SHOWN = 10

#: names shown in a play-rate plot: the most often played.
PLAYED_SHOWN = 20

#: a name held by fewer seats than this is left out of the uplift plot (its interval is
#: too wide to read); the JSON keeps it.
MIN_SEATS = 10

# text stays text in SVG files (smaller, searchable), drawn with the page's fonts; a fixed
# salt for the SVG's ids, so that the same figures make the same file
plt.rcParams["svg.fonttype"] = "none"
plt.rcParams["svg.hashsalt"] = "evolutio"


def seat_plot(path: Path, data: JSON) -> None:
    """Bars: each seat's win rate in turn order, with 95% intervals and the fair share."""
    seats: list[JSON] = data["seats"]
    fig, ax = plt.subplots(figsize=(max(3.6, 0.9 * len(seats) + 1.5), 3.2))
    xs = list(range(len(seats)))
    rates = [s["rate"] for s in seats]
    errors = [[r - s["ci95"][0] for r, s in zip(rates, seats, strict=True)],
              [s["ci95"][1] - r for r, s in zip(rates, seats, strict=True)]]
    ax.bar(xs, rates, 0.6, yerr=errors, capsize=4, color="#4c78a8")
    if seats:
        ax.axhline(1 / len(seats), color="#888", linestyle="--", linewidth=1)
    ax.set_xticks(xs, [str(x + 1) for x in xs])
    ax.set_xlabel("seat (turn order)")
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title("Win rate by seat")
    _save(fig, path)


def length_plot(path: Path, rows: Sequence[JSON]) -> None:
    """A histogram of actions per finished game, its mean marked."""
    actions = [float(r["actions"]) for r in finished(rows)]
    fig, ax = plt.subplots(figsize=(4.6, 3.2))
    if actions:
        ax.hist(actions, bins=min(30, max(5, len(actions) // 5)), color="#72b7b2")
        ax.axvline(sum(actions) / len(actions), color="#333", linewidth=1)
    ax.set_xlabel("actions per game")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    _save(fig, path)


def uplift_plot(path: Path, feature: JSON, min_seats: int = MIN_SEATS) -> None:
    """Horizontal bars: the largest and smallest win-rate uplifts of a figure's names."""
    items = [i for i in feature["items"] if i["seats"] >= min_seats] or feature["items"]
    if len(items) > 2 * UPLIFT_SHOWN:
        items = items[:UPLIFT_SHOWN] + items[-UPLIFT_SHOWN:]
    items = list(reversed(items))  # largest at the top
    fig, ax = plt.subplots(figsize=(6.0, 0.28 * len(items) + 1.3))
    ys = list(range(len(items)))
    ups = [i["uplift"] for i in items]
    errors = [[u - i["uplift_ci95"][0] for u, i in zip(ups, items, strict=True)],
              [i["uplift_ci95"][1] - u for u, i in zip(ups, items, strict=True)]]
    colors = ["#54a24b" if u >= 0 else "#e45756" for u in ups]
    ax.barh(ys, ups, 0.6, xerr=errors, capsize=2, color=colors)
    ax.axvline(0, color="#333", linewidth=0.8)
    ax.set_yticks(ys, [i["label"] for i in items], fontsize=8)
    ax.set_xlabel("win rate with it less without it")
    ax.set_title(feature["label"], fontsize=10)
    _save(fig, path)


def played_plot(path: Path, feature: JSON, min_seats: int = MIN_SEATS) -> None:
    """Two panels of horizontal bars, the most played names at the top: the share of seats
    that played each name, and the share of its plays still in play at the end."""
    items = [i for i in feature["items"] if i["seats"] >= min_seats] or feature["items"]
    items = sorted(items, key=lambda i: (-i["rate"], i["name"]))[:PLAYED_SHOWN]
    items.reverse()  # most played at the top
    ys = list(range(len(items)))
    fig, (played, kept) = plt.subplots(1, 2, sharey=True,
                                       figsize=(7.0, 0.28 * len(items) + 1.4))
    for ax, key, bounds, color, title in (
        (played, "rate", "rate_ci95", "#4c78a8", "seats that played it"),
        (kept, "survival", "survival_ci95", "#f58518", "plays in play at the end"),
    ):
        values = [i[key] or 0.0 for i in items]
        errors = [[v - (i[bounds] or [v, v])[0] for v, i in zip(values, items, strict=True)],
                  [(i[bounds] or [v, v])[1] - v for v, i in zip(values, items, strict=True)]]
        ax.barh(ys, values, 0.6, xerr=errors, capsize=2, color=color)
        ax.set_xlim(0, 1)
        ax.set_xlabel(title, fontsize=9)
    played.set_yticks(ys, [i["label"] for i in items], fontsize=8)
    fig.suptitle(f"{feature['label']}: play rate and survival", fontsize=10)
    _save(fig, path)


def write_plots(folder: Path, data: JSON, rows: Sequence[JSON], fmt: str = "png") -> list[Path]:
    """Every plot of ``data`` into ``folder`` (``seats``, ``length``, ``uplift-NAME``, and
    ``played-NAME`` for a figure of names played)."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = [folder / f"seats.{fmt}", folder / f"length.{fmt}"]
    seat_plot(paths[0], data)
    length_plot(paths[1], rows)
    for name, feature in data["features"].items():
        path = folder / f"uplift-{name}.{fmt}"
        uplift_plot(path, feature)
        paths.append(path)
        if feature["items"] and "survival" in feature["items"][0]:
            path = folder / f"played-{name}.{fmt}"
            played_plot(path, feature)
            paths.append(path)
    return paths


def _save(fig: Figure, path: Path) -> None:
    fig.tight_layout()
    # no date in SVG files, so that a regenerated dataset differs only where figures do
    fig.savefig(path, dpi=110, metadata={"Date": None} if path.suffix == ".svg" else None)
    plt.close(fig)
