"""``evolutio simulate``, ``evolutio report`` and ``evolutio tournament``: bot games in bulk."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from evolutio.bots.base import BotError
from evolutio.bots.levels import allowed_specs, check_spec
from evolutio.cli.app import app, console, fail
from evolutio.cli.options import (
    GAME_HELP,
    GAME_OPTIONS,
    GameCommand,
    choose_game,
    game_options,
    seat_count,
)
from evolutio.core.game import JSON, Game, OptionError
from evolutio.core.options import seat_option
from evolutio.sim.runner import GameTask, batch_tasks, default_workers, iter_games
from evolutio.sim.stats import (
    Rate,
    ResultsError,
    ResultsWriter,
    finished,
    game_labels,
    rates_by_bot,
    rates_by_seat,
    read_results,
    results_format,
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


def _split(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _table_options(game: Game[Any], args: Sequence[str], counts: Sequence[int]) -> JSON:
    """Normalized options per player count (``options[str(n)]``) for a tournament."""
    seats = seat_option(game.options_spec())
    if seats is None:
        options = game_options(game, args)
        fixed = seat_count(game, options)
        if list(counts) != [fixed]:
            raise OptionError(f"{game.name} is played by {fixed} players; use --players {fixed}")
        return {str(fixed): options}
    return {str(n): game_options(game, args, {seats.name: n}, skip=(seats.name,)) for n in counts}


def _bot_specs(text: str, players: int, game: Game[Any]) -> list[str]:
    specs = _split(text)
    if not specs:
        raise BotError(f"no bots given; allowed: {allowed_specs()}")
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise BotError(
            f"{len(specs)} bots given for {players} players; give one bot for every seat "
            "or a single bot for all"
        )
    return [check_spec(spec, game) for spec in specs]


def _run(tasks: Sequence[GameTask], workers: int, out: Path | None, label: str) -> list[JSON]:
    rows: list[JSON] = []
    writer = ResultsWriter(out) if out is not None else None
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    try:
        with Progress(*columns, console=console, transient=False) as progress:
            bar = progress.add_task(label, total=len(tasks))
            for row in iter_games(tasks, workers):
                rows.append(row)
                if writer is not None:
                    writer.write(row)
                progress.advance(bar)
    finally:
        if writer is not None:
            writer.close()
    return rows


def _rate_table(title: str, first: str, items: Sequence[tuple[str, Rate, float]]) -> Table:
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


def _print_summary(rows: Sequence[JSON], elapsed: float | None = None) -> JSON:
    summary = summarize(rows)
    done = finished(rows)
    seat_scores = summary["mean_score_by_seat"]
    console.print(
        _rate_table(
            "Win rate by seat",
            "seat",
            [(str(seat), rate, seat_scores[seat]) for seat, rate in enumerate(rates_by_seat(done))],
        )
    )
    by_bot = rates_by_bot(done)
    if len(by_bot) > 1:
        scores = scores_by_bot(done)
        console.print(
            _rate_table(
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
    return summary


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def simulate(
    ctx: typer.Context,
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game i gets its own seed."),
    bots: str = typer.Option(
        "random",
        "--bots",
        "-b",
        help="Bot per seat, comma separated (one bot fills every seat): "
        "random, greedy, ismcts[:200|:1s], easy, normal, hard.",
    ),
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, help="Worker processes (default: all cores)."
    ),
    rotate: bool = typer.Option(
        False, "--rotate/--no-rotate", help="Shift the bots one seat further each game."
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Per-game results (.jsonl or .csv); a summary goes beside it as NAME.summary.json.",
    ),
    game_name: str | None = typer.Option(None, "--game", help=GAME_HELP),
) -> None:
    """Play bot games in parallel and print win rates, scores and the game's own figures.

    Game options follow as flags (--players 4, -p 4, or -o players=4), listed below.
    """
    try:
        if out is not None:
            results_format(out)
        game = choose_game(game_name)
        options = game_options(game, ctx.args)
        players = seat_count(game, options)
        specs = _bot_specs(bots, players, game)
    except (OptionError, BotError, ResultsError) as exc:
        raise fail(str(exc)) from None
    tasks = batch_tasks(game.name, options, seed, games, specs, rotate=rotate)
    workers = workers or default_workers()
    started = time.perf_counter()
    label = f"{game.name} {players}p {','.join(dict.fromkeys(specs))}"
    try:
        rows = _run(tasks, workers, out, label)
    except OSError as exc:
        raise fail(f"cannot write results: {exc}") from None
    summary = _print_summary(rows, time.perf_counter() - started)
    if out is not None:
        summary_path = out.with_suffix(".summary.json")
        summary["options"] = options
        summary["seed"] = seed
        summary["bots"] = specs
        summary["rotate"] = rotate
        summary_path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
        console.print(f"results: {out} · summary: {summary_path}")


@app.command()
def report(
    results: Path = typer.Argument(..., help="A results file from simulate (.jsonl or .csv)."),
    out: Path | None = typer.Option(
        None,
        "--out",
        "-o",
        help="Folder for the plots and summary.md (default: RESULTS name + _report).",
    ),
) -> None:
    """Print statistics of a results file and write PNG plots and a Markdown summary."""
    from evolutio.sim.report import make_report

    try:
        rows = read_results(results)
    except ResultsError as exc:
        raise fail(str(exc)) from None
    _print_summary(rows)
    folder = out if out is not None else results.with_name(results.stem + "_report")
    try:
        written = make_report(rows, folder, results.name)
    except OSError as exc:
        raise fail(f"cannot write the report: {exc}") from None
    console.print(f"wrote {len(written)} files to {folder}/: " + ", ".join(p.name for p in written))


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def tournament(
    ctx: typer.Context,
    bots: str = typer.Option(
        "random,easy,normal,ismcts:50",
        "--bots",
        "-b",
        help="Bots to rate, comma separated (at least two).",
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games."),
    players: str = typer.Option(
        "2,3,4", "--players", "-p", help="Player counts to draw tables from, comma separated."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed."),
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, help="Worker processes (default: all cores)."
    ),
    plot: Path = typer.Option(Path("tournament.png"), "--plot", help="Where to save the plot."),
    out: Path | None = typer.Option(None, "--out", help="Per-game results (.jsonl or .csv)."),
    game_name: str | None = typer.Option(None, "--game", help=GAME_HELP),
) -> None:
    """Play mixed tables of bots and rate them with openskill.

    Game options other than the number of players follow as flags, listed below.
    """
    from evolutio.sim.tournament import plot_ratings, rate, tournament_tasks

    try:
        if out is not None:
            results_format(out)
        game = choose_game(game_name)
        specs = list(dict.fromkeys(check_spec(s, game) for s in _split(bots)))
        if len(specs) < 2:
            raise BotError(
                f"a tournament needs at least two different bots; allowed: {allowed_specs()}"
            )
        try:
            counts = sorted({int(p) for p in _split(players)})
        except ValueError:
            raise OptionError(f"bad player counts '{players}'; use numbers like 2,3,4") from None
        if not counts:
            raise OptionError("give at least one player count, like 2,3,4")
        too_many = [n for n in counts if n > len(specs)]
        if too_many:
            raise OptionError(
                f"tables of {too_many[0]} need at least {too_many[0]} different "
                f"bots; {len(specs)} given"
            )
        options = _table_options(game, ctx.args, counts)
    except (OptionError, BotError, ResultsError) as exc:
        raise fail(str(exc)) from None
    tasks = tournament_tasks(game.name, options, specs, counts, games, seed)
    try:
        rows = _run(tasks, workers or default_workers(), out, f"tournament {game.name}")
    except OSError as exc:
        raise fail(f"cannot write results: {exc}") from None
    ratings = rate(rows, specs)
    table = Table(title="Ratings (openskill Plackett-Luce)", title_justify="left")
    for column in ("rank", "bot", "ordinal", "mu", "sigma", "games", "wins"):
        table.add_column(column, justify="left" if column == "bot" else "right")
    for place, r in enumerate(ratings, 1):
        table.add_row(
            str(place),
            r.bot,
            f"{r.ordinal:.2f}",
            f"{r.mu:.2f}",
            f"{r.sigma:.2f}",
            str(r.games),
            f"{r.wins:g}",
        )
    console.print(table)
    errors = sum(1 for r in rows if r.get("error") is not None)
    if errors:
        console.print(f"[bold red]{errors} games failed[/] and were not rated.")
    try:
        plot_ratings(ratings, plot)
    except OSError as exc:
        raise fail(f"cannot write the plot: {exc}") from None
    console.print(f"plot: {plot}")
