"""``evolutio stats``: balance figures of one game and option set from bot games.

Plays a batch (local processes or ``--cluster``), then prints and writes the figures of
:mod:`evolutio.sim.balance`: win rate by seat order, game length, and each per-seat figure's
names with their rate and win-rate uplift, and the names played with their play rate and
survival, all with 95% intervals; as Rich tables, a JSON dataset (``stats.json``) and plots.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.table import Table

from evolutio.bots.base import BotError
from evolutio.cli.app import app, console, fail
from evolutio.cli.options import (
    BOTS_HELP,
    GAME_HELP,
    GAME_OPTIONS,
    GameCommand,
    choose_game,
    game_options,
    seat_count,
)
from evolutio.cli.sim import CLUSTER_HELP, _bot_specs, _executor, _run
from evolutio.core.game import JSON, OptionError
from evolutio.sim.balance import balance
from evolutio.sim.runner import batch_tasks

#: rows of each figure's table printed (the JSON holds them all).
SHOWN = 8


def _interval(bounds: list[float], percent: bool = True) -> str:
    low, high = bounds
    return f"[{low:+.1%}, {high:+.1%}]" if percent else f"[{low:.1f}, {high:.1f}]"


def _share(bounds: list[float]) -> str:
    return f"[{bounds[0]:.1%}, {bounds[1]:.1%}]"


def print_balance(data: JSON) -> None:
    """The dataset as Rich tables: seats, length, and each figure's extreme uplifts."""
    seats = Table(title="Win rate by seat (turn order)", title_justify="left")
    for column in ("seat", "win rate", "95% interval", "games"):
        seats.add_column(column, justify="right")
    for s in data["seats"]:
        seats.add_row(str(s["seat"] + 1), f"{s['rate']:.1%}",
                      f"[{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]", str(s["games"]))
    console.print(seats)
    length = Table(title="Game length", title_justify="left")
    for column in ("figure", "mean", "95% interval", "median"):
        length.add_column(column, justify="right")
    for figure in data["length"].values():
        if figure["mean"] is None:
            continue
        length.add_row(figure["label"], f"{figure['mean']:.1f}",
                       _interval(figure["ci95"], percent=False), f"{figure['median']:g}")
    console.print(length)
    for feature in data["features"].values():
        items = feature["items"]
        shown = items if len(items) <= 2 * SHOWN else items[:SHOWN] + items[-SHOWN:]
        if items and "plays" in items[0]:
            console.print(played_table(feature["label"], shown))
            continue
        table = Table(title=f"{feature['label']}: win-rate uplift", title_justify="left")
        for column in ("name", "seats with it", "uplift", "95% interval", "win with", "without"):
            table.add_column(column, justify="left" if column == "name" else "right")
        for item in shown:
            table.add_row(item["label"], f"{item['rate']:.1%}", f"{item['uplift']:+.1%}",
                          _interval(item["uplift_ci95"]), f"{item['win_with']['rate']:.1%}",
                          f"{item['win_without']['rate']:.1%}")
        console.print(table)


def played_table(label: str, items: list[JSON]) -> Table:
    """The names played: play rate, plays per game, survival and the uplift of playing."""
    table = Table(title=f"{label}: play rate, survival and win-rate uplift", title_justify="left")
    for column in ("name", "seats played", "plays/game", "survival", "95% interval", "uplift",
                   "95% interval"):
        table.add_column(column, justify="left" if column == "name" else "right")
    for item in items:
        survival = item.get("survival")
        table.add_row(item["label"], f"{item['rate']:.1%}", f"{item['per_game']:.2f}",
                      "-" if survival is None else f"{survival:.1%}",
                      "-" if survival is None else _share(item["survival_ci95"]),
                      f"{item['uplift']:+.1%}", _interval(item["uplift_ci95"]))
    return table


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def stats(
    ctx: typer.Context,
    games: int = typer.Option(300, "--games", "-n", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game i gets its own seed."),
    bots: str | None = typer.Option(
        None, "--bots", "-b",
        help="Bot per seat, comma separated (one bot fills every seat; default: greedy, or "
        "random for a game without a heuristic). " + BOTS_HELP,
    ),
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, help="Local processes (default: all cores)."
    ),
    cluster: str | None = typer.Option(None, "--cluster", metavar="ADDRESS", help=CLUSTER_HELP),
    rotate: bool = typer.Option(
        True, "--rotate/--no-rotate",
        help="Shift the bots one seat further each game (so seat order is not a bot's).",
    ),
    out: Path = typer.Option(
        Path("stats"), "--out", metavar="DIR",
        help="Folder for stats.json, results.jsonl and the plots.",
    ),
    plot_format: str = typer.Option(
        "png", "--plots", metavar="FORMAT", help="The plots' format: png, svg, or none."
    ),
    game_name: str | None = typer.Option(None, "--game", help=GAME_HELP),
) -> None:
    """Balance figures of a game from bot games: seat order, length, and the win-rate
    uplift, play rate and survival of every trait, card or part the game reports per seat
    (95% intervals).

    Game options follow as flags (--players 4, -p 4, or -o players=4), listed below.
    """
    if plot_format not in ("png", "svg", "none"):
        raise fail(f"--plots takes png, svg or none, not '{plot_format}'")
    try:
        game = choose_game(game_name)
        options = game_options(game, ctx.args)
        players = seat_count(game, options)
        if bots is None:
            try:
                specs = _bot_specs("greedy", players, game)
            except BotError:  # the game has no heuristic for greedy to play
                specs = _bot_specs("random", players, game)
        else:
            specs = _bot_specs(bots, players, game)
    except (OptionError, BotError) as exc:
        raise fail(str(exc)) from None
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise fail(f"cannot make the folder {out}: {exc}") from None
    tasks = batch_tasks(game.name, options, seed, games, specs, rotate=rotate)
    executor = _executor(cluster, workers)
    label = f"{game.name} {players}p {','.join(dict.fromkeys(specs))}"
    try:
        rows = _run(tasks, executor, out / "results.jsonl", label)
    except OSError as exc:
        raise fail(f"cannot write results: {exc}") from None
    meta = {"game": game.name, "options": options, "bots": specs, "rotate": rotate,
            "seed": seed}
    data = balance(rows, meta)
    print_balance(data)
    (out / "stats.json").write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                                    encoding="utf-8")
    written = [out / "stats.json"]
    if plot_format != "none":
        from evolutio.sim.balance_plots import write_plots

        written += write_plots(out, data, rows, plot_format)
    console.print("written: " + ", ".join(str(p) for p in written), highlight=False)
