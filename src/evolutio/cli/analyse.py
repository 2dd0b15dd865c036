"""``evolutio analyse``: a search at every real decision of finished games, and its verdicts."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

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

from evolutio.analysis.chart import write_chart
from evolutio.analysis.engine import DecisionTask, Mapper, local_mapper
from evolutio.analysis.engine import analyse as analyse_record
from evolutio.analysis.review import THRESHOLDS, Analysis
from evolutio.bots.base import BotError
from evolutio.bots.ismcts import BUDGET_FORMS, Budget
from evolutio.cli.app import app, console, fail
from evolutio.core.game import JSON, OptionError
from evolutio.core.record import Record, RecordError
from evolutio.sim.runner import default_workers

#: the sign of each label in the tables (chess's annotation symbols).
SIGNS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
#: how many of a game's worst decisions the command lists.
WORST = 5


def _mapper(cluster: str | None, processes: int | None) -> tuple[Mapper, Callable[[], None]]:
    """Where the decisions run (local processes or the Dask cluster at ``cluster``, connected
    now so that a bad address is refused before any search) and how to let go of it."""
    if cluster is None:
        return local_mapper(processes or default_workers()), lambda: None
    if processes is not None:
        raise fail("--processes sets local processes; with --cluster the cluster's workers search")
    from evolutio.sim.cluster import ClusterError, DaskCluster

    try:
        executor = DaskCluster(cluster)
    except ClusterError as exc:
        raise fail(str(exc)) from None
    count, threads = executor.threads()
    console.print(f"cluster {cluster}: {count} workers, {threads} threads", highlight=False)

    def run(function: Callable[[DecisionTask], JSON],
            tasks: Sequence[DecisionTask]) -> Iterator[JSON]:
        return executor.map(function, tasks, "evolutio-analyse")

    return run, executor.close


def _seat_table(analysis: Analysis, title: str) -> Table:
    table = Table(title=title, title_justify="left", caption="loss: mean points of win share "
                  "given up; " + ", ".join(f"{SIGNS[label]} {label}" for label in THRESHOLDS),
                  caption_justify="left")
    for column in ("seat", "player", "decisions", "accuracy", "loss", *SIGNS.values()):
        table.add_column(column, justify="left" if column == "player" else "right")
    for seat in analysis.summary():
        table.add_row(
            str(seat.seat + 1), seat.player, str(seat.decisions),
            "-" if seat.accuracy is None else f"{seat.accuracy:.1f}",
            "-" if seat.mean_loss is None else f"{seat.mean_loss:.1f}",
            *(str(seat.labels[label]) for label in THRESHOLDS),
        )
    return table


def _worst_table(analysis: Analysis) -> Table | None:
    worst = sorted((d for d in analysis.decisions if d.label is not None),
                   key=lambda d: (-d.loss, d.index))[:WORST]
    if not worst:
        return None
    table = Table(title="Worst decisions (win share in %)", title_justify="left")
    for column in ("action", "player", "label", "played", "value", "best", "value", "loss"):
        table.add_column(column, justify="left" if column in ("player", "label", "played",
                                                              "best") else "right")
    for d in worst:
        table.add_row(
            str(d.index + 1), analysis.player(d.seat), d.label or "", d.played.text,
            f"{100 * (d.played.value or 0.0):.0f}", d.best.text,
            f"{100 * (d.best.value or 0.0):.0f}", f"{d.loss:.1f}",
        )
    return table


def _paths(record: Path, out: Path | None) -> tuple[Path, Path]:
    """Where a record's analysis goes: NAME.analysis.json and NAME.analysis.png."""
    folder = out if out is not None else record.parent
    stem = record.name.removesuffix(".json").removesuffix(".record")
    return folder / f"{stem}.analysis.json", folder / f"{stem}.analysis.png"


@app.command()
def analyse(
    records: list[Path] = typer.Argument(
        ..., help="Records saved by play, simulate --records or the server."
    ),
    budget: str = typer.Option(
        "200", "--budget", "-b",
        help=f"The search at each decision: {BUDGET_FORMS}. An iteration budget gives the same "
        "analysis every time.",
    ),
    processes: int | None = typer.Option(
        None, "--processes", "-j", min=1, help="Local processes (default: all cores)."
    ),
    cluster: str | None = typer.Option(
        None, "--cluster", metavar="ADDRESS",
        help="Search the decisions on the Dask cluster whose scheduler is at ADDRESS (like "
        "tcp://10.0.0.5:8786; started as for simulate --cluster) instead of local processes; "
        "the same analysis for an iteration budget.",
    ),
    out: Path | None = typer.Option(
        None, "--out", help="Folder for NAME.analysis.json and NAME.analysis.png (default: "
        "beside each record)."
    ),
) -> None:
    """Analyse finished games move by move: the search from each seat's view at every
    decision with a choice, the win share each action played gave up, labels (inaccuracy,
    mistake, blunder) and each seat's accuracy; writes a JSON file and a chart per record."""
    try:
        search = Budget.parse(budget)
    except BotError as exc:
        raise fail(str(exc)) from None
    loaded: list[tuple[Path, Record]] = []
    for path in records:
        try:
            loaded.append((path, Record.load(path)))
        except RecordError as exc:
            raise fail(str(exc)) from None
    mapper, close = _mapper(cluster, processes)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn(), TimeRemainingColumn())
    try:
        for path, record in loaded:
            with Progress(*columns, console=console, transient=False) as progress:
                bar = progress.add_task(f"{path.name} at {search}", total=None)

                def tick(done: int, total: int, bar: object = bar) -> None:
                    progress.update(bar, completed=done, total=total)  # type: ignore[arg-type]

                try:
                    analysis = analyse_record(record, search, tick, mapper=mapper,
                                              source=str(path))
                except (RecordError, OptionError) as exc:
                    raise fail(str(exc)) from None
            data_path, chart_path = _paths(path, out)
            try:
                data_path.parent.mkdir(parents=True, exist_ok=True)
                data_path.write_text(json.dumps(analysis.to_json(), indent=1, ensure_ascii=False)
                                     + "\n", encoding="utf-8")
                write_chart(analysis, chart_path, f"{path.name}: {record.game}, {search} "
                            "per decision (o mistake, X blunder)")
            except OSError as exc:
                raise fail(f"cannot write the analysis: {exc}") from None
            console.print(_seat_table(analysis, f"{path.name} · {record.game}"))
            worst = _worst_table(analysis)
            if worst is not None:
                console.print(worst)
            console.print(f"analysis: {data_path} · chart: {chart_path}", highlight=False)
    finally:
        close()
