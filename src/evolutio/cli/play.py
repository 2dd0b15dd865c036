"""``evolutio play``: a game in the terminal against bots."""

from __future__ import annotations

import getpass
import random
import time
from functools import partial
from pathlib import Path
from typing import Any

import typer
from rich.rule import Rule

from evolutio.bots import make_bot
from evolutio.bots.base import BotError, InformationSet
from evolutio.bots.guard import DEFAULT_DECISION_LIMIT, guarded_choose
from evolutio.bots.imported import split_import
from evolutio.cli.app import app, console, fail
from evolutio.cli.choices import (
    Entry,
    Numbering,
    describe_entry,
    find_texts,
    group_actions,
    reference_names,
)
from evolutio.cli.options import (
    BOTS_HELP,
    GAME_HELP,
    GAME_OPTIONS,
    GameCommand,
    choose_game,
    game_options,
    seat_count,
)
from evolutio.cli.render import render_entries, render_view
from evolutio.core.game import (
    Action,
    Event,
    Game,
    IllegalAction,
    OptionError,
    Options,
    describe_choice,
)
from evolutio.core.match import Match
from evolutio.core.words import Viewer
from evolutio.sim.runner import derive_seed


def _log(game: Game[Any], events: list[Event], names: list[str], options: Options) -> None:
    for event in events:
        text = game.describe_event(event, "en", names, options=options)
        if text:
            console.print(f"  [dim]·[/] {text}", highlight=False)


HELP = (
    "Type a number from the list, or an action's notation. A line ending in … holds several "
    "choices: its number lists them, and NUMBER.CHOICE (e.g. 3.2) picks one at once. "
    "'help WORD' reads the text of a card or term, 'quit' stops the game."
)


def _help(game: Game[Any], words: str) -> None:
    """``help``: how to choose, and the names of the cards and terms; ``help WORD``: the
    texts of the cards and terms it names."""
    if not words:
        console.print(HELP, highlight=False)
        for title, names in reference_names(game):
            head = f"[bold]{title}:[/] " if title else "[bold]Cards and terms:[/] "
            console.print(head + ", ".join(names), highlight=False)
        return
    found = find_texts(game, words)
    if not found:
        console.print(f"[red]No card or term is named '{words}'; 'help' lists them.[/]")
    for name, text in found:
        console.print(f"[bold]{name}[/]: {text}", highlight=False)


def _pick(entry: Entry, rest: str, lines: list[tuple[str, str]]) -> Action | None:
    """The action of ``entry`` numbered ``rest`` (asked for when empty); None: back to the
    list."""
    if not rest:
        console.print(render_entries(dict(enumerate(lines, 1))))
        rest = typer.prompt("Which one (number; Enter to go back)", default="",
                            show_default=False).strip()
        if not rest:
            return None
    if rest.isdigit() and 1 <= int(rest) <= len(entry.actions):
        return entry.actions[int(rest) - 1]
    raise IllegalAction(f"Choose 1 to {len(entry.actions)} of this line.")


def _ask(
    game: Game[Any], match: Match, seat: int, numbering: Numbering
) -> list[Event]:
    """The person's action for the current decision, typed until it is legal; its events."""
    decision = match.decision
    assert decision is not None
    state = match.state
    listed = numbering.number(
        (seat, decision.kind), group_actions(match.legal(seat))
    )
    console.print(render_entries(
        {n: describe_entry(game, state, e) for n, e in listed.items()}
    ))
    while True:
        text = typer.prompt("Your move (number, notation, 'help' or 'quit')").strip()
        command, _, rest = text.partition(" ")
        if text.lower() in ("quit", "exit", "q"):
            raise KeyboardInterrupt
        if command.lower() == "help":
            _help(game, rest.strip())
            continue
        try:
            number, _, sub = text.replace(" ", ".", 1).partition(".")
            if number.isdigit():
                entry = listed.get(int(number))
                if entry is None:
                    raise IllegalAction(
                        f"There is no line {number} now; the numbers are "
                        f"{', '.join(map(str, listed))}."
                    )
                lines = [(a.notation(), describe_choice(game, state, a)) for a in entry.actions]
                action = entry.single or _pick(entry, sub.strip(), lines)
                if action is None:
                    continue
            else:
                action = match.parse(seat, text)
            return match.act(seat, action)
        except IllegalAction as exc:
            console.print(f"[red]{exc.reason}[/]")


def _login_name() -> str:
    """The person's login name, the record's name for them unless ``--name`` gives one."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in this environment
        return "player"


@app.command(cls=GameCommand, context_settings=GAME_OPTIONS)
def play(
    ctx: typer.Context,
    seat: int = typer.Option(0, "--seat", help="Your seat (0 = first in the list)."),
    bots: str | None = typer.Option(
        None, "--bots",
        help="Bot for the other seats (default: normal, or random for a game without a "
        "heuristic). " + BOTS_HELP,
    ),
    seed: int | None = typer.Option(None, "--seed", help="Game seed (default: random)."),
    game_name: str | None = typer.Option(None, "--game", help=GAME_HELP),
    record: Path | None = typer.Option(None, "--record", help="Where to save the game record."),
    name: str | None = typer.Option(
        None, "--name", help="Your name in the record (default: your login name)."
    ),
) -> None:
    """Play a game in the terminal against bots; the record is saved at the end.

    Game options follow as flags (--players 3, -p 3, or -o players=3), listed below.
    """
    try:
        game = choose_game(game_name)
        options = game_options(game, ctx.args)
        players = seat_count(game, options)
    except OptionError as exc:
        raise fail(str(exc)) from None
    if not 0 <= seat < players:
        raise fail(f"--seat must be 0 to {players - 1}")
    seed = seed if seed is not None else random.randrange(2**31)
    bots = bots or ("normal" if game.heuristic is not None else "random")
    try:
        controllers = {
            s: make_bot(bots, seed * 31 + s, game) for s in range(players) if s != seat
        }
    except BotError as exc:
        raise fail(str(exc)) from None
    # the person's seat is the reader of the log: its sentences say "You draw 2 cards"
    names = [Viewer(name or _login_name()) if s == seat else f"{bots} {s}"
             for s in range(players)]
    match = Match.new(game, options, seed, [str(n) for n in names])
    console.print(Rule(f"{game.title} · seed {seed} · {players} players"))
    others = players - 1
    console.print(
        f"You are {names[seat]} (seat {seat}) against {others} bot{'s' if others > 1 else ''} "
        f"({bots}). Type 'help' for how to choose and for card texts.",
        highlight=False,
    )
    numbering = Numbering()
    # a bot by import path is someone's own code: a fault is replaced and told, not fatal
    guarded = split_import(bots) is not None
    try:
        while (decision := match.decision) is not None:
            # a simultaneous choice: the person chooses first, unseen by the bots
            acting = seat if seat in decision.seats else decision.seats[0]
            if acting == seat:
                console.print(render_view(game, match.view(seat), names))
                console.print(f"[bold]{decision.prompt}[/]")
                if decision.simultaneous:
                    console.print(
                        "[dim]Everyone chooses at once; no choice is shown until all are in.[/]"
                    )
                events = _ask(game, match, seat, numbering)
            else:
                bot = controllers[acting]
                info = InformationSet.of(
                    game, match.state, acting, derive_seed(seed, "info", match.version),
                    moves=match.version,
                )
                legal = match.legal(acting)
                if guarded:
                    action, fault = guarded_choose(
                        bot, match.view(acting), legal, decision, info, DEFAULT_DECISION_LIMIT,
                        partial(match.default_action, acting),
                    )
                    if fault is not None:
                        console.print(f"[bold yellow]warning:[/] {names[acting]} "
                                      f"{fault.text()}; the game's default move is played",
                                      highlight=False)
                else:
                    action = bot.choose(match.view(acting), legal, decision, info)
                # a simultaneous choice (the last seat's too: the decision names who has
                # chosen) stays hidden, told by its events
                if not decision.simultaneous:
                    console.print(
                        f"[bold]{names[acting]}[/]: {game.describe_action(match.state, action)}",
                        highlight=False,
                    )
                events = match.act(acting, action)
            _log(game, events, names, match.state.options)
    except (KeyboardInterrupt, EOFError):
        console.print("\n[yellow]Game stopped.[/]")
    rec = match.finish_record()
    result = match.outcome()
    if result is not None:
        console.print(render_view(game, match.view(seat), names))
        console.print(Rule("Final scores"))
        for s in sorted(range(players), key=lambda s: result.ranks[s]):
            console.print(f"{result.ranks[s]}. {names[s]}: {result.scores[s]} points")
    path = record or Path("records") / f"{game.name}-{time.strftime('%Y%m%d-%H%M%S')}-{seed}.json"
    rec.save(path)
    console.print(f"Record saved to [bold]{path}[/] (replay: evolutio replay {path})")
