"""``evolutio replay``: step through a game record."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.rule import Rule

from evolutio.cli.app import app, console, fail
from evolutio.cli.render import render_view
from evolutio.core.match import replay as replay_record
from evolutio.core.plural import counted
from evolutio.core.record import Record, RecordError, RulesChanged, rules_changes
from evolutio.core.registry import get_game
from evolutio.core.words import Viewer, words

#: the replay's own words, in the language of its sentences (``--language``)
WORDS = {
    "head": words("{title} · seed {seed} · {actions}", ru="{title} · зерно {seed} · {actions}",
                  it="{title} · seme {seed} · {actions}", de="{title} · Seed {seed} · {actions}"),
    "actions": words("action|actions", ru="действие|действия|действий", it="azione|azioni",
                     de="Aktion|Aktionen"),
    "points": words("point|points", ru="очко|очка|очков", it="punto|punti", de="Punkt|Punkte"),
    "unfinished": words("The record ends before the game is over.",
                        ru="Запись кончается до конца игры.",
                        it="La registrazione finisce prima della fine della partita.",
                        de="Die Aufzeichnung endet vor dem Spielende."),
}


def _say(key: str, language: str, **fields: object) -> str:
    texts = WORDS[key]
    return (texts.get(language) or texts["en"]).format(**fields)


def _count(n: int, noun: str, language: str) -> str:
    return counted(n, language, _say(noun, language).split("|"))


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A record saved by play, simulate or the server."),
    seat: int | None = typer.Option(
        None, "--seat", help="Show the table as this seat saw it and tell its moves in the "
        "second person (default: spectator view)."
    ),
    pause: bool = typer.Option(
        False, "--pause/--no-pause", help="Wait for Enter after every action."
    ),
    table: bool = typer.Option(
        False, "--table/--no-table", help="Draw the table after every action, not only at the end."
    ),
    events: bool = typer.Option(
        False, "--events/--no-events", help="Say what every action did (tokens, kills, dice)."
    ),
    language: str = typer.Option(
        "en", "--language", "-l", help="Language of the event sentences and the table's labels."
    ),
) -> None:
    """Step through a record: every action, what it did, and the final table.

    A record played under older rules of its game is announced with the changes since and
    replayed as far as the current rules allow; one from newer rules is refused."""
    state = None
    try:
        record = Record.load(file)
        game = get_game(record.game)
        names = list(record.players)
        title = game.info.titles.get(language) or game.title
        console.print(Rule(_say("head", language, title=title, seed=record.seed,
                                actions=_count(len(record.actions), "actions", language))))
        if record.rules < game.info.rules:
            console.print(
                f"[yellow]Notice:[/] this record was played under {record.game} rules "
                f"{record.rules}; this program plays rules {game.info.rules}. The rules changed "
                "since:", highlight=False,
            )
            for version, lines in rules_changes(game.info, record.rules, language):
                for line in lines:
                    console.print(f"  v{version}: {line}", highlight=False)
        for match, step in replay_record(record, str(file)):
            state = match.state
            if not names:
                names = [f"seat {s + 1}" for s in range(state.num_players)]
            if seat is not None and 0 <= seat < len(names):
                names[seat] = Viewer(names[seat])  # its moves said as "You draw 2 cards"
            if step is None:
                continue
            who = names[step.seat] if step.seat < len(names) else f"seat {step.seat}"
            console.print(
                f"[dim]{step.index + 1:4d}[/] [bold]{who}[/]: {step.action.notation()}",
                highlight=False,
            )
            if events:
                for event in step.events:
                    text = game.describe_event(
                        event, language, names, options=match.state.options
                    )
                    if text:
                        console.print(f"       [dim]· {text}[/]", highlight=False)
            if table:
                console.print(render_view(game, game.view(state, seat), names, language))
            if pause:
                typer.prompt("", default="", show_default=False, prompt_suffix="")
    except RulesChanged as exc:
        if state is not None:  # the table where the current rules refused the record
            console.print(render_view(game, game.view(state, seat), names, language))
        raise fail(str(exc)) from None
    except RecordError as exc:
        raise fail(str(exc)) from None
    if state is None:
        raise fail(f"{file}: the record holds no game")
    console.print(render_view(game, game.view(state, seat), names, language))
    result = game.outcome(state)
    if result is None:
        console.print(f"[yellow]{_say('unfinished', language)}[/]")
        return
    for s in sorted(range(len(result.scores)), key=lambda s: result.ranks[s]):
        points = _count(result.scores[s], "points", language)
        console.print(f"{result.ranks[s]}. {names[s]}: {points}")
    if record.outcome is not None and record.outcome.get("scores") != list(result.scores):
        older = (f" (it was played under {record.game} rules {record.rules}: see the notice "
                 "above)" if record.rules < game.info.rules else "")
        raise fail(f"{file}: replayed scores {list(result.scores)} differ from the record's"
                   f"{older}")
