"""``evolutio games``: every installed game, what it is, and the options it takes."""

from __future__ import annotations

import typer
from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evolutio.cli.app import app, console, fail
from evolutio.cli.options import describe_option
from evolutio.core.game import Game, OptionError
from evolutio.core.registry import available_games, default_game, get_game


def game_panel(game: Game[object], language: str, default: bool) -> Panel:
    """A game's title, seats, summary and a table of its options."""
    info = game.info
    head = Text()
    head.append(info.describe(language) or game.title)
    seats = (
        f"{info.min_players} players"
        if info.min_players == info.max_players
        else f"{info.min_players}-{info.max_players} players"
    )
    facts = [seats]
    if info.simultaneous:
        facts.append("simultaneous choices")
    if not info.chance:
        facts.append("no chance")
    facts.append("languages " + ", ".join(info.languages))
    if game.heuristic is not None:
        facts.append("greedy bots")
    head.append("\n" + " · ".join(facts), style="dim")
    table = Table(box=None, header_style="bold", pad_edge=False, expand=False)
    for column in ("option", "kind", "default", "allowed", "label", "flag"):
        table.add_column(column)
    for spec in game.options_spec():
        flags, _ = describe_option(spec, language)
        table.add_row(
            Text(spec.name, style="cyan"),
            spec.kind,
            spec.format(spec.default),
            spec.allowed(),
            spec.text(language),
            flags,
        )
    body = Group(head, Text(""), table) if game.options_spec() else Group(head)
    title = Text(f"{game.name}", style="bold")
    title.append(f" · {game.title}")
    if default:
        title.append("  (default)", style="green")
    if info.demo:
        title.append("  (demo)", style="yellow")
    return Panel(body, title=title, title_align="left")


@app.command()
def games(
    language: str = typer.Option("en", "--language", "-l", help="Language of labels."),
) -> None:
    """List every installed game: title, players, summary and a table of its options."""
    try:
        names = available_games()
        chosen = default_game() if names else None
    except OptionError as exc:
        raise fail(str(exc)) from None
    if not names:
        raise fail("no game is installed")
    for name in names:
        console.print(game_panel(get_game(name), language, name == chosen))
    console.print(
        "Play one with [bold]evolutio play --game NAME[/] and its options as flags "
        "(--NAME VALUE or -o NAME=VALUE).",
        highlight=False,
    )
