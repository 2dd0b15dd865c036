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
from evolutio.core.match import Match
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
    match = Match.new(game, options, seed, names)
    console.print(Rule(f"{game.title} · seed {seed} · {players} players"))
    try:
        while (decision := match.decision) is not None:
            # a simultaneous choice: the person chooses first, unseen by the bots
            acting = seat if seat in decision.seats else decision.seats[0]
            actions = match.legal(acting)
            if acting == seat:
                console.print(render_view(game, match.view(seat), names))
                console.print(f"[bold]{decision.prompt}[/]")
                console.print(render_actions(game, match.state, actions))
                events = None
                while events is None:
                    text = typer.prompt("Your move (number or notation, 'quit' to stop)")
                    if text.strip().lower() in ("quit", "exit", "q"):
                        raise KeyboardInterrupt
                    try:
                        events = match.act(seat, match.parse(seat, text))
                    except IllegalAction as exc:
                        console.print(f"[red]{exc.reason}[/]")
            else:
                bot = controllers[acting]
                info = InformationSet.of(game, match.state, acting)
                action = bot.choose(match.view(acting), actions, decision, info)
                if not decision.simultaneous:  # a hidden choice is told by its events only
                    console.print(
                        f"[bold]{names[acting]}[/]: {game.describe_action(match.state, action)}",
                        highlight=False,
                    )
                events = match.act(acting, action)
            _log(game, events, names)
    except (KeyboardInterrupt, EOFError):
        console.print("\n[yellow]Game stopped.[/]")
    rec = match.finish_record()
    result = match.outcome()
    if result is not None:
        console.print(render_view(game, match.view(seat), names))
        console.print(Rule("Final scores"))
        for s in sorted(range(players), key=lambda s: result.ranks[s]):
            console.print(f"{result.ranks[s]}. {names[s]}: {result.scores[s]} points")
    path = record or Path("records") / f"{game_name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.json"
    rec.save(path)
    console.print(f"Record saved to [bold]{path}[/] (replay: evolutio replay {path})")
