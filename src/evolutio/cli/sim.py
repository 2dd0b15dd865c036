"""``evolutio simulate``, ``evolutio report`` and ``evolutio tournament``: bot games in bulk.

Without ``--out``, ``simulate`` keeps its results in a run folder of its own,
``runs/GAME-YYYYmmdd-HHMMSS/``, and ``report`` without a file reads the latest one
(:mod:`evolutio.sim.runs`); what they print is in :mod:`evolutio.cli.sim_output`.
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
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

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
from evolutio.cli.sim_output import (
    GamesPerSecond,
    print_comparison,
    print_summary,
    warn_fallbacks,
)
from evolutio.core.game import JSON, Game, OptionError
from evolutio.core.options import parse_assignment, seat_option
from evolutio.core.record import Record
from evolutio.sim.compare import group_rows
from evolutio.sim.runner import Executor, GameTask, LocalPool, batch_tasks, iter_games
from evolutio.sim.runs import RUN_RECORDS, RUN_RESULTS, RUNS, latest_run, run_folder
from evolutio.sim.stats import (
    ResultsError,
    ResultsWriter,
    read_results,
    results_format,
)

#: help panels of their own, so that their long flags leave the main table's text wide.
RESULTS_PANEL = "Results"
OWN_BOTS_PANEL = "Bots of your own"
#: ``--bot-timeout``'s help, shared by ``simulate`` and ``tournament``.
LIMIT_HELP = (
    "Seconds a bot by import path (package.module:Class, path/to/bot.py:Class) may take per "
    "decision; a decision over it, or one that raises, is replaced by the game's default "
    "move and counted (0: no limit)."
)


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
        rich_help_panel=RESULTS_PANEL,
    ),
    records: Path | None = typer.Option(
        None,
        "--records",
        metavar="DIR",
        help="Keep every game's record in DIR (GAME-INDEX-SEED.json, the server's record "
        "format: evolutio replay and evolutio analyse read them).",
        rich_help_panel=RESULTS_PANEL,
    ),
    keep_records: bool = typer.Option(
        False,
        "--keep-records",
        help="Keep every game's record in the run folder's records/ (with --out: in "
        "NAME_records/ beside it).",
        rich_help_panel=RESULTS_PANEL,
    ),
    decision_limit: float = typer.Option(
        DEFAULT_DECISION_LIMIT, "--bot-timeout", min=0, metavar="SECONDS", help=LIMIT_HELP,
        rich_help_panel=OWN_BOTS_PANEL,
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
        summary = print_comparison(group_rows([(label, rows)]))
        console.print(f"{len(rows) / elapsed:.1f} games/s")
        warn_fallbacks(rows)
    else:
        summary = print_summary(rows, elapsed)
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
            print_comparison(sets)
            written = make_comparison(sets, folder, name)
        else:
            rows = [row for _, rows in sources for row in rows]
            print_summary(rows)
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
        DEFAULT_DECISION_LIMIT, "--bot-timeout", min=0, metavar="SECONDS", help=LIMIT_HELP,
        rich_help_panel=OWN_BOTS_PANEL,
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
    warn_fallbacks(rows)
    try:
        plot_ratings(ratings, plot)
    except OSError as exc:
        raise fail(f"cannot write the plot: {exc}") from None
    console.print(f"plot: {plot}")
