"""Game options on the command line, generated from the game's declared options.

Typer cannot declare flags that depend on ``--game``, so the commands that start games
(``play``, ``simulate``, ``tournament``) accept unknown options and parse them here against
the chosen game's :class:`~evolutio.core.options.OptionSpec` list:

- ``--NAME VALUE`` or ``--NAME=VALUE`` (``-`` and ``_`` alike: ``--half-deck``);
- ``--FLAG`` and ``--no-FLAG`` for yes/no options;
- ``-o NAME=VALUE`` (repeatable), which always reaches the game;
- ``-p N`` for the option that is the number of players.

Unknown flags are refused naming the game's options; ``--help`` lists every game's options
(:class:`GameCommand` builds the text when help is asked for).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.markup import escape
from typer.core import TyperCommand

from evolutio.bots.levels import allowed_specs
from evolutio.core.game import Game, OptionError
from evolutio.core.options import OptionSpec, find, parse_assignment, seat_option
from evolutio.core.registry import available_games, default_game, get_game

#: Typer settings of a command that takes game options as extra arguments.
GAME_OPTIONS = {"allow_extra_args": True, "ignore_unknown_options": True}
#: the short flag of the number-of-players option.
SEATS_SHORT = "-p"
ASSIGN_FLAGS = ("-o", "--option")
GAME_HELP = (
    "Which game (see 'evolutio games'; default: $EVOLUTIO_GAME or the first game listed). "
    "Its options follow as flags, listed at the end of this help."
)
#: what a --bots option accepts (the text of an unknown spec's error too), for its help.
BOTS_HELP = f"Specs: {allowed_specs()}."


def choose_game(name: str | None) -> Game[Any]:
    """The game called ``name``, or the default game; unknown names raise ``OptionError``."""
    return get_game(name.strip() if name else default_game())


def flag(spec: OptionSpec) -> str:
    """The long flag of an option: ``half_deck`` -> ``--half-deck``."""
    return "--" + spec.name.replace("_", "-")


def flags_of(specs: Sequence[OptionSpec], skip: Sequence[str] = ()) -> str:
    """The game's flags in words, for error messages."""
    names = []
    for spec in specs:
        if spec.name in skip:
            continue
        name = flag(spec)
        if spec.seats:
            name += f" ({SEATS_SHORT})"
        names.append(name)
    return ", ".join(names) or "none"


def _unknown(game: Game[Any], token: str, specs: Sequence[OptionSpec], skip: Sequence[str]) -> str:
    return (
        f"unknown option '{token}' for {game.name}; its options: {flags_of(specs, skip)} "
        "(or -o NAME=VALUE)"
    )


def _long_flag(
    specs: Sequence[OptionSpec], name: str, has_value: bool
) -> tuple[OptionSpec | None, bool]:
    """The option a ``--NAME`` flag names and whether it is ``--no-NAME`` of a yes/no one."""
    try:
        return find(specs, name), False
    except OptionError:
        pass
    if name.startswith("no-") and not has_value:
        try:
            spec = find(specs, name[3:])
        except OptionError:
            return None, False
        if spec.kind == "bool":
            return spec, True
    return None, False


def parse_game_args(
    game: Game[Any], args: Sequence[str], skip: Sequence[str] = ()
) -> dict[str, Any]:
    """The game options given in ``args`` (the tokens Typer did not know), parsed against the
    game's specs; ``skip`` names options the command sets itself. Anything else raises
    ``OptionError`` with the reason."""
    specs = list(game.options_spec())
    seats = seat_option(specs)
    given: dict[str, Any] = {}

    def put(spec: OptionSpec, value: Any) -> None:
        if spec.name in skip:
            raise OptionError(f"this command sets {spec.name} itself (see its --help)")
        given[spec.name] = value

    def value_after(index: int, token: str) -> str:
        if index + 1 >= len(args) or args[index + 1].startswith("--"):
            raise OptionError(f"{token} needs a value")
        return args[index + 1]

    i = 0
    while i < len(args):
        token = args[i]
        if token in ASSIGN_FLAGS or token.startswith(("--option=", "-o")):
            if token in ASSIGN_FLAGS:
                text = value_after(i, token)
                i += 1
            else:
                text = token.partition("=")[2] if token.startswith("--option=") else token[2:]
            if "=" not in text:
                raise OptionError(f"-o takes NAME=VALUE, not '{text}'; the game's options: "
                                  + ", ".join(s.name for s in specs))
            name, value = parse_assignment(specs, text)
            put(find(specs, name), value)
        elif token == SEATS_SHORT or (token.startswith(SEATS_SHORT) and token[2:].isdigit()):
            if seats is None:
                raise OptionError(f"{game.name} has no number-of-players option")
            raw = value_after(i, token) if token == SEATS_SHORT else token[2:]
            i += token == SEATS_SHORT
            put(seats, seats.parse(raw))
        elif token.startswith("--") and len(token) > 2:
            name, eq, raw = token[2:].partition("=")
            spec, negated = _long_flag(specs, name, bool(eq))
            if spec is None:
                raise OptionError(_unknown(game, token, specs, skip))
            if spec.kind == "bool" and not eq:
                put(spec, not negated)
            else:
                if not eq:
                    raw = value_after(i, token)
                    i += 1
                put(spec, spec.parse(raw))
        elif token.startswith("-"):
            raise OptionError(_unknown(game, token, specs, skip))
        else:
            raise OptionError(f"unexpected argument '{token}'")
        i += 1
    return given


def game_options(
    game: Game[Any], args: Sequence[str], fixed: Mapping[str, Any] | None = None,
    skip: Sequence[str] = (),
) -> dict[str, Any]:
    """Parsed ``args`` plus ``fixed`` values, normalized by the game (defaults filled in)."""
    given = parse_game_args(game, args, skip)
    given.update(fixed or {})
    return game.normalize_options(given)


def seat_count(game: Game[Any], options: Mapping[str, Any]) -> int:
    """How many seats a game with these (normalized) options has."""
    seats = seat_option(game.options_spec())
    if seats is not None:
        return int(options[seats.name])
    return int(game.new(options, 0).num_players)


def describe_option(spec: OptionSpec, language: str = "en") -> tuple[str, str]:
    """``(flags, text)`` of an option for help: its flags and value, its label, the allowed
    values and the default."""
    if spec.kind == "bool":
        flags = f"{flag(spec)} / --no-{flag(spec)[2:]}"
    else:
        metavar = {"int": "N", "choice": "VALUE", "multi": "A,B,..."}[spec.kind]
        flags = f"{flag(spec)} {metavar}"
        if spec.seats:
            flags += f", {SEATS_SHORT} N"
    text = f"{spec.text(language)}: {spec.allowed()} (default {spec.format(spec.default)})"
    return flags, text


def games_epilog(language: str = "en") -> str:
    """Every game's options as help text (Rich markup, escaped)."""
    blocks = [
        "[bold]Game options[/bold] (after --game; or -o NAME=VALUE for any of them):"
    ]
    for name in available_games():
        game = get_game(name)
        lines = [f"[bold]{escape(name)}[/bold]: {escape(game.title)}"]
        rows = [describe_option(spec, language) for spec in game.options_spec()]
        width = max((len(f) for f, _ in rows), default=0)
        lines += [f"  {escape(f.ljust(width))}  {escape(t)}" for f, t in rows]
        if not rows:
            lines.append("  (no options)")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


class GameCommand(TyperCommand):
    """A command whose help ends with every game's options, built when help is shown."""

    @property
    def epilog(self) -> str:
        try:
            return games_epilog()
        except OptionError as exc:  # no game installed: say so rather than fail the help
            return escape(str(exc))

    @epilog.setter
    def epilog(self, value: str | None) -> None:
        """The generated text replaces any static epilog."""
