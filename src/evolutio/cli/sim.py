"""``evolutio simulate``, ``evolutio report`` and ``evolutio tournament``: bot games in bulk.

Without ``--out``, ``simulate`` keeps its results in a run folder of its own,
``runs/GAME-YYYYmmdd-HHMMSS/`` (:func:`run_folder`), and ``report`` without a file reads the
latest one (:func:`latest_run`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import replace
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
from evolutio.bots.guard import DEFAULT_DECISION_LIMIT
from evolutio.bots.levels import allowed_specs, check_spec
from evolutio.cli.app import app, console, fail
from evolutio.cli.options import (
    BOTS_HELP,
    GAME_HELP,
    GAME_OPTIONS,
    GameCommand,
    choose_game,
    game_options,
    parse_game_args,
    seat_count,
)
from evolutio.core.game import JSON, Game, OptionError
from evolutio.core.options import parse_assignment, seat_option
from evolutio.core.record import Record
from evolutio.sim.compare import OptionSet, compare, comparison_lines, group_rows
from evolutio.sim.runner import Executor, GameTask, LocalPool, batch_tasks, iter_games
from evolutio.sim.runs import RUN_RECORDS, RUN_RESULTS, RUNS, latest_run, run_folder
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
#: ``--decision-limit``'s help, shared by ``simulate`` and ``tournament``.
LIMIT_HELP = (
    "Seconds a bot by import path (package.module:Class, path/to/bot.py:Class) may take per "
    "decision; a decision over it, or one that raises, is replaced by the game's default "
    "move and counted (0: no limit)."
)


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


def record_name(row: JSON) -> str:
    """The file name of a simulated game's record: the game, its index and its seed."""
    return f"{row['game']}-{row['index']:05d}-{row['seed']}.json"


#: ``--cluster``'s help, shared by ``simulate`` and ``tournament``.
CLUSTER_HELP = (
    "Play the games on the Dask cluster whose scheduler is at ADDRESS (like "
    "tcp://10.0.0.5:8786; start it with 'dask scheduler' and 'dask worker ADDRESS') "
    "instead of local processes; same results for the same seed."
)


def _executor(cluster: str | None, workers: int | None) -> Executor:
    """Local processes, or the Dask cluster at ``cluster`` (connected now, so an unreachable
    address is refused before any file is written)."""
    if cluster is None:
        return LocalPool(workers)
    if workers is not None:
        raise fail("--workers sets local processes; with --cluster the cluster's workers play")
    from evolutio.sim.cluster import ClusterError, DaskCluster

    try:
        executor = DaskCluster(cluster)
    except ClusterError as exc:
        raise fail(str(exc)) from None
    count, threads = executor.threads()
    console.print(f"cluster {cluster}: {count} workers, {threads} threads", highlight=False)
    return executor


def _run(tasks: Sequence[GameTask], executor: Executor, out: Path | None, label: str,
         records: Path | None = None) -> list[JSON]:
    """Play ``tasks`` on ``executor`` under a progress bar, writing rows to ``out`` as they
    come (and each game's record into the folder ``records``, when given); the rows written
    stay when the run is interrupted."""
    from evolutio.sim.cluster import ClusterError

    rows: list[JSON] = []
    writer: ResultsWriter | None = None
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    try:
        writer = ResultsWriter(out) if out is not None else None
        with Progress(*columns, console=console, transient=False) as progress:
            bar = progress.add_task(label, total=len(tasks))
            for row in iter_games(tasks, executor=executor):
                record = row.pop("record", None)
                if records is not None and record is not None:
                    Record.from_json(record).save(records / record_name(row))
                rows.append(row)
                if writer is not None:
                    writer.write(row)
                progress.advance(bar)
    except ClusterError as exc:
        raise fail(f"{exc} ({len(rows)} games finished)") from None
    finally:
        if writer is not None:
            writer.close()
        executor.close()
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
    _warn_fallbacks(rows)
    return summary


def _warn_fallbacks(rows: Sequence[JSON]) -> None:
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


def _print_comparison(sets: Sequence[OptionSet]) -> JSON:
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


def _option_sets(game: Game[Any], args: Sequence[str], compare_args: Sequence[str]) -> list[JSON]:
    """The normalized options of each ``--compare`` set: the command's game options with the
    set's ``NAME=VALUE`` assignments (space or ';' separated) on top."""
    given = parse_game_args(game, args)
    specs = list(game.options_spec())
    sets: list[JSON] = []
    for text in compare_args:
        changes = dict(parse_assignment(specs, part) for part in text.replace(";", " ").split())
        if not changes:
            raise OptionError("--compare takes NAME=VALUE assignments, like players=3")
        normal = game.normalize_options({**given, **changes})
        if normal in sets:
            raise OptionError(f"--compare '{text}' repeats an option set already given")
        sets.append(normal)
    return sets


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def simulate(
    ctx: typer.Context,
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game i gets its own seed."),
    bots: str = typer.Option(
        "random",
        "--bots",
        "-b",
        help="Bot per seat, comma separated (one bot fills every seat). " + BOTS_HELP,
    ),
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, help="Local processes (default: all cores)."
    ),
    cluster: str | None = typer.Option(None, "--cluster", metavar="ADDRESS", help=CLUSTER_HELP),
    rotate: bool = typer.Option(
        False, "--rotate/--no-rotate", help="Shift the bots one seat further each game."
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        help="Per-game results (.jsonl or .csv); a summary goes beside it as NAME.summary.json. "
        "Default: results.jsonl in a new run folder, runs/GAME-YYYYmmdd-HHMMSS/.",
    ),
    records: Path | None = typer.Option(
        None,
        "--records",
        metavar="DIR",
        help="Keep every game's record in DIR (GAME-INDEX-SEED.json, the server's record "
        "format: evolutio replay and evolutio analyse read them).",
    ),
    keep_records: bool = typer.Option(
        False,
        "--keep-records",
        help="Keep every game's record in the run folder's records/ (with --out: in "
        "NAME_records/ beside it).",
    ),
    decision_limit: float = typer.Option(
        DEFAULT_DECISION_LIMIT, "--decision-limit", min=0, metavar="SECONDS", help=LIMIT_HELP
    ),
    compare_sets: list[str] = typer.Option(
        [],
        "--compare",
        help="An option set to compare (NAME=VALUE, several separated by ';'); repeat it: "
        "each set plays the same seeds, and win rates and game length show side by side.",
    ),
    game_name: str | None = typer.Option(None, "--game", help=GAME_HELP),
) -> None:
    """Play bot games in parallel and print win rates, scores and the game's own figures.

    Game options follow as flags (--players 4, -p 4, or -o players=4), listed below.
    With --compare (twice or more), the games are played under each option set.
    """
    try:
        if out is not None:
            results_format(out)
        game = choose_game(game_name)
        option_sets = _option_sets(game, ctx.args, compare_sets)
        if len(option_sets) == 1:
            raise OptionError("--compare needs at least two option sets")
        options = option_sets[0] if option_sets else game_options(game, ctx.args)
        players = seat_count(game, options)
        if any(seat_count(game, o) != players for o in option_sets):
            raise OptionError("the option sets compared must have the same number of players")
        specs = _bot_specs(bots, players, game)
    except (OptionError, BotError, ResultsError) as exc:
        raise fail(str(exc)) from None
    limit = decision_limit or None
    if keep_records and records is not None:
        raise fail("give --records DIR or --keep-records, not both")
    tasks = [
        replace(task, index=number * games + task.index,
                record=records is not None or keep_records, decision_limit=limit)
        for number, opts in enumerate(option_sets or [options])
        for task in batch_tasks(game.name, opts, seed, games, specs, rotate=rotate)
    ]
    records_dir = records
    try:
        if out is None:
            folder = run_folder(game.name)
            console.print(f"run folder: {folder}/", highlight=False)
            out = folder / RUN_RESULTS
        if keep_records:
            records_dir = out.with_name(
                RUN_RECORDS if out.name == RUN_RESULTS else f"{out.stem}_{RUN_RECORDS}")
        if records_dir is not None:
            records_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(f"cannot make the run's folders: {exc}") from None
    executor = _executor(cluster, workers)
    started = time.perf_counter()
    label = f"{game.name} {players}p {','.join(dict.fromkeys(specs))}"
    try:
        rows = _run(tasks, executor, out, label, records_dir)
    except OSError as exc:
        raise fail(f"cannot write results: {exc}") from None
    elapsed = time.perf_counter() - started
    if option_sets:
        summary = _print_comparison(group_rows([(label, rows)]))
        console.print(f"{len(rows) / elapsed:.1f} games/s")
        _warn_fallbacks(rows)
    else:
        summary = _print_summary(rows, elapsed)
    summary_path = out.with_suffix(".summary.json")
    summary["options"] = option_sets or options
    summary["seed"] = seed
    summary["bots"] = specs
    summary["rotate"] = rotate
    summary_path.write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    console.print(f"results: {out} · summary: {summary_path}", highlight=False)
    if records_dir is not None:
        console.print(f"records: {records_dir}/", highlight=False)


@app.command()
def report(
    results: list[Path] = typer.Argument(
        None,
        help="Results files from simulate (.jsonl or .csv); several are compared. Default: "
        "the latest run folder's results (runs/*/results.jsonl).",
        show_default=False,
    ),
    out: Path | None = typer.Option(
        None,
        "--out",
        "-o",
        help="Folder for the plots and summary.md (default: first RESULTS name + _report).",
    ),
) -> None:
    """Print statistics of results files and write PNG plots and a Markdown summary.

    Rows played with different option sets (several files, or one 'simulate --compare'
    run) are compared side by side: win rate per bot, scores and game length per set.
    """
    from evolutio.sim.compare import group_rows, make_comparison
    from evolutio.sim.report import make_report

    if not results:
        latest = latest_run()
        if latest is None:
            raise fail(f"no results given and no run folder in {RUNS}/; run simulate first "
                       "or name a results file")
        console.print(f"reading the latest run: {latest}", highlight=False)
        results = [latest]
    try:
        sources = [(path.name, read_results(path)) for path in results]
    except ResultsError as exc:
        raise fail(str(exc)) from None
    sets = group_rows(sources)
    first = results[0]
    folder = out if out is not None else first.with_name(first.stem + "_report")
    name = ", ".join(source for source, _ in sources)
    try:
        if len(sets) > 1:
            _print_comparison(sets)
            written = make_comparison(sets, folder, name)
        else:
            rows = [row for _, rows in sources for row in rows]
            _print_summary(rows)
            written = make_report(rows, folder, name)
    except OSError as exc:
        raise fail(f"cannot write the report: {exc}") from None
    console.print(
        f"wrote {len(written)} files to {folder}/: "
        + ", ".join(str(p.relative_to(folder)) for p in written)
    )


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def tournament(
    ctx: typer.Context,
    bots: str = typer.Option(
        "random,easy,normal,ismcts:50",
        "--bots",
        "-b",
        help="Bots to rate, comma separated (at least two). " + BOTS_HELP,
    ),
    games: int = typer.Option(100, "--games", "-n", min=1, help="Number of games."),
    players: str = typer.Option(
        "2,3,4", "--players", "-p", help="Player counts to draw tables from, comma separated."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed."),
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, help="Local processes (default: all cores)."
    ),
    cluster: str | None = typer.Option(None, "--cluster", metavar="ADDRESS", help=CLUSTER_HELP),
    plot: Path = typer.Option(Path("tournament.png"), "--plot", help="Where to save the plot."),
    out: Path | None = typer.Option(None, "--out", help="Per-game results (.jsonl or .csv)."),
    decision_limit: float = typer.Option(
        DEFAULT_DECISION_LIMIT, "--decision-limit", min=0, metavar="SECONDS", help=LIMIT_HELP
    ),
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
    tasks = [replace(task, decision_limit=decision_limit or None)
             for task in tournament_tasks(game.name, options, specs, counts, games, seed)]
    executor = _executor(cluster, workers)
    try:
        rows = _run(tasks, executor, out, f"tournament {game.name}")
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
    _warn_fallbacks(rows)
    try:
        plot_ratings(ratings, plot)
    except OSError as exc:
        raise fail(f"cannot write the plot: {exc}") from None
    console.print(f"plot: {plot}")
