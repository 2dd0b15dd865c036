"""The evaluation chart of an analysis: each seat's estimated win share over the game.

One line per seat through its analysed decisions (x: the record's action number, y: the
best action's value for that seat, the position's worth to it), with its mistakes and
blunders marked. Needs matplotlib (the ``sim`` extra), imported only when a chart is drawn.
"""

from __future__ import annotations

from pathlib import Path

from evolutio.analysis.review import Analysis

#: the marker of each label drawn on the lines (inaccuracies are left unmarked).
MARKERS = {"mistake": ("o", 30), "blunder": ("X", 60)}


def write_chart(analysis: Analysis, path: str | Path, title: str | None = None) -> Path:
    """Draw ``analysis``'s evaluation chart as a PNG at ``path``; returns the path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    figure, axes = plt.subplots(figsize=(10, 4.5))
    try:
        for seat in range(analysis.seats):
            mine = [d for d in analysis.decisions if d.seat == seat]
            if not mine:
                continue
            xs = [d.index + 1 for d in mine]
            ys = [100 * d.value for d in mine]
            (line,) = axes.plot(xs, ys, linewidth=1.4, label=analysis.player(seat))
            for label, (marker, size) in MARKERS.items():
                hits = [(d.index + 1, 100 * d.value) for d in mine if d.label == label]
                if hits:
                    axes.scatter([x for x, _ in hits], [y for _, y in hits], marker=marker,
                                 s=size, color=line.get_color(), zorder=3)
        axes.set_ylim(-2, 102)
        axes.set_xlabel("action")
        axes.set_ylabel("estimated win share (%)")
        axes.axhline(100 / max(analysis.seats, 1), color="grey", linewidth=0.6, linestyle=":")
        axes.set_title(title or f"{analysis.game}: analysis at {analysis.budget} per decision "
                       "(o mistake, X blunder)")
        axes.grid(alpha=0.3)
        axes.legend(loc="best")
        figure.tight_layout()
        figure.savefig(path, dpi=110)
    finally:
        plt.close(figure)
    return path
