"""What ``simulate``, ``report`` and ``tournament`` print: the progress bar's speed, the
win-rate tables, the summary line, the comparison of option sets and the warning for bot
decisions replaced by the game's default move."""

from __future__ import annotations

from collections.abc import Sequence

from rich.progress import ProgressColumn, Task
from rich.table import Table
from rich.text import Text

from evolutio.cli.app import console
from evolutio.core.game import JSON
from evolutio.sim.compare import OptionSet, compare, comparison_lines
from evolutio.sim.stats import (
    Rate,
    finished,
    game_labels,
    rates_by_bot,
    rates_by_seat,
    scores_by_bot,
    summarize,
)

#: how many names of a ``count`` tally the summary line lists.
TOP_COUNTS = 6


class GamesPerSecond(ProgressColumn):
    """Finished games per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        speed = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{speed:.1f} games/s", style="cyan")


def rate_table(title: str, first: str, items: Sequence[tuple[str, Rate, float]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(first)
    table.add_column("games", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("95% interval", justify="right")
    table.add_column("mean score", justify="right")
    for name, rate, score in items:
        low, high = rate.interval
        table.add_row(
            name, str(rate.games), f"{rate.rate:.1%}", f"{low:.1%} - {high:.1%}", f"{score:.2f}"
        )
    return table


def print_summary(rows: Sequence[JSON], elapsed: float | None = None) -> JSON:
    summary = summarize(rows)
    done = finished(rows)
    seat_scores = summary["mean_score_by_seat"]
    console.print(
        rate_table(
            "Win rate by seat",
            "seat",
            [(str(seat), rate, seat_scores[seat]) for seat, rate in enumerate(rates_by_seat(done))],
        )
    )
    by_bot = rates_by_bot(done)
    if len(by_bot) > 1:
        scores = scores_by_bot(done)
        console.print(
            rate_table(
                "Win rate by bot",
                "bot",
                [(bot, rate, sum(scores[bot]) / len(scores[bot])) for bot, rate in by_bot.items()],
            )
        )
    parts = [
        f"games {summary['finished']}/{summary['games']}",
        f"mean score {summary['mean_score']}",
    ]
    tallies: JSON = summary["tallies"]
    for entry in tallies.values():
        if entry["kind"] == "mean" and entry["mean"] is not None:
            parts.append(f"{entry['label'].lower()}/game {entry['mean']}")
    parts.append(f"actions/game {summary['mean_actions']}")
    if summary["mean_decision_ms"] is not None:
        parts.append(f"decision {summary['mean_decision_ms']} ms")
    if elapsed:
        parts.append(f"{len(rows) / elapsed:.1f} games/s")
    console.print(" · ".join(parts))
    labels = game_labels(rows)
    for entry in tallies.values():
        if entry["kind"] == "count" and entry["top"]:
            top = ", ".join(
                f"{labels.get(name, name)} {share:.2f}"
                for name, share, _ in entry["top"][:TOP_COUNTS]
            )
            console.print(f"{entry['label']} (per {entry['per']}): {top}", highlight=False)
    if summary["errors"]:
        console.print(
            f"[bold red]{summary['errors']} games failed[/]; first error: {summary['first_error']}",
            highlight=False,
        )
    warn_fallbacks(rows)
    return summary


def warn_fallbacks(rows: Sequence[JSON]) -> None:
    """The warning line for decisions of bots by import path replaced by the safe move."""
    count = sum(sum(row.get("fallbacks") or []) for row in rows)
    if not count:
        return
    games = sum(1 for row in rows if any(row.get("fallbacks") or []))
    first = next((row["fallback_reason"] for row in rows if row.get("fallback_reason")), None)
    console.print(
        f"[bold yellow]warning:[/] {count} bot decisions in {games} games were replaced by the "
        f"game's default move; first: {first}",
        highlight=False,
    )


def print_comparison(sets: Sequence[OptionSet]) -> JSON:
    """The option sets side by side: one column per set (see ``evolutio.sim.compare``)."""
    data = compare(sets)
    table = Table(title="Option sets compared", title_justify="left")
    table.add_column("")
    for option_set in data["sets"]:
        table.add_column(option_set["label"], justify="right")
    for line in comparison_lines(data)[2:]:
        table.add_row(*[cell.strip() for cell in line.strip("|").split(" | ")])
    console.print(table)
    return data
