"""``evolutio dataset``: ``(observation, mask, action, reward)`` rows of bot games for
offline reinforcement learning (:mod:`evolutio.rl.dataset`, docs/rl.md)."""

from __future__ import annotations

from pathlib import Path

import typer

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
from evolutio.cli.sim import _bot_specs
from evolutio.core.game import OptionError
from evolutio.sim.runner import batch_tasks, default_workers


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def dataset(
    ctx: typer.Context,
    out: Path = typer.Argument(..., help="The dataset file: NAME.jsonl, or NAME.parquet "
                               "(needs pyarrow)."),
    games: int = typer.Option(20, "--games", "-n", min=1, help="Number of games."),
    seed: int = typer.Option(0, "--seed", "-s", help="Master seed; game i gets its own seed."),
    bots: str = typer.Option(
        "random", "--bots", "-b",
        help="Bot per seat, comma separated (one bot fills every seat). " + BOTS_HELP,
    ),
    reward: str = typer.Option(
        "rank", "--reward", help="The final reward: rank (+1 first ... -1 last) or score "
        "(the score less the best other score), as the environments give it."
    ),
    rotate: bool = typer.Option(
        False, "--rotate/--no-rotate", help="Shift the bots one seat further each game."
    ),
    workers: int | None = typer.Option(
        None, "--workers", "-w", min=1, help="Local processes (default: all cores)."
    ),
    game_name: str | None = typer.Option(None, "--game", help=GAME_HELP),
) -> None:
    """Write one row per bot decision: the seat's observation, its legal indices (the
    mask), the chosen action's index and the reward (the final one on the seat's last row).

    Game options follow as flags (--players 4, -p 4, or -o players=4), listed below.
    """
    try:
        from evolutio.rl.codec import NoEncodingError
        from evolutio.rl.dataset import DatasetError, dataset_format, iter_rows, write_dataset
    except ImportError as exc:
        raise fail(f"evolutio dataset needs the rl extra: pip install 'evolutio[rl]' "
                   f"({exc})") from None
    try:
        dataset_format(out)
        game = choose_game(game_name)
        options = game_options(game, ctx.args)
        specs = _bot_specs(bots, seat_count(game, options), game)
        if reward not in ("rank", "score"):
            raise OptionError(f"--reward takes rank or score, not '{reward}'")
        if game.encoding is None:
            raise NoEncodingError(f"the game '{game.name}' has no encoding for learning agents")
    except (OptionError, BotError, DatasetError, NoEncodingError) as exc:
        raise fail(str(exc)) from None
    tasks = batch_tasks(game.name, options, seed, games, specs, rotate=rotate)
    try:
        count = write_dataset(out, iter_rows(tasks, reward, workers or default_workers()))
    except OSError as exc:
        raise fail(f"cannot write {out}: {exc}") from None
    console.print(f"{count} rows from {games} games: {out}", highlight=False)
