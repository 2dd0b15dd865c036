"""``evolutio play``: a game in the terminal against bots."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import typer
from rich.rule import Rule

from evolutio.bots import make_bot
from evolutio.bots.base import BotError, InformationSet
from evolutio.cli.app import app, console, fail
from evolutio.cli.render import render_actions, render_view
from evolutio.core.game import Event, Game, IllegalAction, OptionError
from evolutio.core.record import Record
from evolutio.core.registry import available_games, get_game


def parse_expansions(text: str) -> list[str]:
    return [part.strip() for part in text.replace(" ", ",").split(",") if part.strip()]


def game_and_options(
    game_name: str, players: int, edition: int, expansions: str, half_deck: bool = False
) -> tuple[Game[Any], dict[str, Any]]:
    """The game and its checked options; bad values raise ``typer.Exit`` with the reason."""
    raw: dict[str, Any] = {
        "players": players,
        "edition": edition,
        "expansions": parse_expansions(expansions),
    }
    if half_deck:
        raw["half_deck"] = True
    try:
        game = get_game(game_name)
        options = game.normalize_options(raw)
    except OptionError as exc:
        raise fail(str(exc)) from None
    return game, options


def _log(game: Game[Any], events: list[Event], names: list[str]) -> None:
    for event in events:
        text = game.describe_event(event, "en", names)
        if text:
            console.print(f"  [dim]·[/] {text}", highlight=False)


@app.command()
def play(
    players: int = typer.Option(2, "--players", "-p", help="Number of seats, you included."),
    seat: int = typer.Option(0, "--seat", help="Your seat (0 = first in the list)."),
    bots: str = typer.Option("random", "--bots", help="Bot for the other seats: a name or level."),
    seed: int | None = typer.Option(None, "--seed", help="Game seed (default: random)."),
    edition: int = typer.Option(3, "--edition", help="Rules edition: 3 (default) or 2."),
    expansions: str = typer.Option(
        "base", "--expansions", help="Comma-separated card sets: base, time_to_fly, gift."
    ),
    half_deck: bool = typer.Option(
        False, "--half-deck", help="Remove half of each card kind (advised for 2-3 players)."
    ),
    game_name: str = typer.Option("evolution", "--game", help=f"One of {available_games()}."),
    record: Path | None = typer.Option(None, "--record", help="Where to save the game record."),
    name: str = typer.Option("you", "--name", help="Your name in the record."),
) -> None:
    """Play a game in the terminal against bots; the record is saved at the end."""
    game, options = game_and_options(game_name, players, edition, expansions, half_deck)
    if not 0 <= seat < players:
        raise fail(f"--seat must be 0 to {players - 1}")
    seed = seed if seed is not None else random.randrange(2**31)
    try:
        controllers = {
            s: make_bot(bots, seed * 31 + s, game_name) for s in range(players) if s != seat
        }
    except BotError as exc:
        raise fail(str(exc)) from None
    names = [name if s == seat else f"{bots} {s}" for s in range(players)]
    state = game.new(options, seed)
    rec = Record(game_name, options, seed, players=names)
    console.print(Rule(f"{game.title} · seed {seed} · {players} players"))
    try:
        while (decision := game.decision(state)) is not None:
            actions = game.legal_actions(state)
            if decision.seat == seat:
                console.print(render_view(game, game.view(state, seat), names))
                console.print(f"[bold]{decision.prompt}[/]")
                console.print(render_actions(game, state, actions))
                action = None
                while action is None:
                    text = typer.prompt("Your move (number or notation, 'quit' to stop)")
                    if text.strip().lower() in ("quit", "exit", "q"):
                        raise KeyboardInterrupt
                    try:
                        action = game.parse_action(state, text)
                        game.check(state, action)
                    except IllegalAction as exc:
                        console.print(f"[red]{exc.reason}[/]")
                        action = None
            else:
                bot = controllers[decision.seat]
                info = InformationSet.of(game, state, decision.seat)
                action = bot.choose(game.view(state, decision.seat), actions, decision, info)
                console.print(
                    f"[bold]{names[decision.seat]}[/]: {game.describe_action(state, action)}",
                    highlight=False,
                )
            rec.add(decision.seat, action)
            _log(game, game.apply(state, action), names)
    except (KeyboardInterrupt, EOFError):
        console.print("\n[yellow]Game stopped.[/]")
    result = game.outcome(state)
    if result is not None:
        rec.outcome = result.to_json()
        console.print(render_view(game, game.view(state, seat), names))
        console.print(Rule("Final scores"))
        for s in sorted(range(players), key=lambda s: result.ranks[s]):
            console.print(f"{result.ranks[s]}. {names[s]}: {result.scores[s]} points")
    path = record or Path("records") / f"{game_name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.json"
    rec.save(path)
    console.print(f"Record saved to [bold]{path}[/] (replay: evolutio replay {path})")
