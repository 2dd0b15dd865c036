"""The CLI knows no game: options come from the game's declared specs, ``evolutio games``
lists them, and play / replay / scenario run work on the toy game with its simultaneous bid."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evolutio.bots.levels import allowed_specs
from evolutio.cli import _load_commands
from evolutio.cli.app import app, console
from evolutio.cli.options import choose_game, game_options, parse_game_args
from evolutio.core import get_game
from evolutio.core.game import OptionError
from evolutio.core.record import Record
from evolutio.core.registry import available_games

_load_commands()
runner = CliRunner()
SCENARIOS = Path(__file__).resolve().parent.parent / "games" / "toy" / "scenarios"


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables print one row per line, whatever terminal runs the tests."""
    monkeypatch.setattr(console, "_width", 160)


def words(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], {}),
        (["--players", "4"], {"players": 4}),
        (["--players=4"], {"players": 4}),
        (["-p", "4"], {"players": 4}),
        (["-p3"], {"players": 3}),
        (["-o", "players=4"], {"players": 4}),
        (["--option", "players=4", "--half_deck"], {"players": 4, "half_deck": True}),
        (["--edition", "2"], {"edition": 2}),
        (["--half-deck"], {"half_deck": True}),
        (["--half-deck=false"], {"half_deck": False}),
        (["--half-deck", "--no-half-deck"], {"half_deck": False}),
        (["--expansions", "time_to_fly,continents,gift"],
         {"expansions": ["base", "time_to_fly", "gift", "continents"]}),
        (["-o", "expansions=gift", "-p", "5", "-o", "edition=2"],
         {"expansions": ["base", "gift"], "players": 5, "edition": 2}),
    ],
)
def test_option_flags_come_from_the_game_specs(
    args: list[str], expected: dict[str, object]
) -> None:
    game = get_game("evolution")
    assert parse_game_args(game, args) == expected
    assert game_options(game, args) == game.normalize_options(expected)


@pytest.mark.parametrize(
    ("game", "args", "message"),
    [
        ("evolution", ["--players", "9"], "players must be a whole number from 2 to 8, not 9"),
        ("evolution", ["--edition", "4"], "edition must be one of 2, 3, not '4'"),
        ("evolution", ["--half-deck=maybe"], "half_deck must be true or false, not 'maybe'"),
        ("evolution", ["--players"], "--players needs a value"),
        ("evolution", ["--colour", "red"],
         "unknown option '--colour' for evolution; its options: --players (-p), --edition, "
         "--expansions, --half-deck (or -o NAME=VALUE)"),
        ("evolution", ["--no-players"], "unknown option '--no-players'"),
        ("evolution", ["-o", "players"], "-o takes NAME=VALUE, not 'players'"),
        ("evolution", ["-o", "colour=red"], "unknown option 'colour'; allowed: players"),
        ("evolution", ["stray"], "unexpected argument 'stray'"),
        ("toy", ["--tricks", "0"], "tricks must be a whole number from 1 to 3, not 0"),
        ("toy", ["--half-deck"], "unknown option '--half-deck' for toy; its options: "
                                 "--players (-p), --tricks"),
    ],
)
def test_bad_option_flags_are_refused(game: str, args: list[str], message: str) -> None:
    with pytest.raises(OptionError) as info:
        game_options(get_game(game), args)
    assert message in str(info.value)


def test_the_default_game_and_unknown_games() -> None:
    assert choose_game(None).name == "evolution"  # the first game that is not a demo
    assert choose_game("toy").name == "toy"
    with pytest.raises(OptionError, match="unknown game 'chess'; available: ") as info:
        choose_game("chess")
    assert "evolution" in str(info.value) and "toy" in str(info.value)
    result = runner.invoke(app, ["simulate", "--game", "chess", "-n", "1"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.output


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_help_lists_every_games_options(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    text = words(result.output)
    for name in available_games():
        game = get_game(name)
        assert f"{name}: {game.title}" in text
        for spec in game.options_spec():
            flag = "--" + spec.name.replace("_", "-")
            assert flag in text and spec.text() in text
    assert "--players N, -p N Players: a whole number from 2 to 4 (default 2)" in text
    assert "--half-deck / --no-half-deck Half deck: true or false (default false)" in text
    assert "--expansions" not in text.split("Game options")[0]  # no hard-coded game flag


@pytest.mark.parametrize("command", ["play", "simulate", "tournament"])
def test_bots_help_gives_every_spec_form(command: str) -> None:
    """--bots says what it takes: the bots, the levels, a search's budget and options."""
    result = runner.invoke(app, [command, "--help"], terminal_width=200)
    assert result.exit_code == 0, result.output
    text = words(result.output.replace("│", " "))  # the help's table, its borders dropped
    assert words(allowed_specs()) in text
    for form in ("easy, normal, hard", "ismcts:BUDGET:OPTION", "ucb", "policy:FILE"):
        assert form in text


def test_games_lists_every_game_with_its_options() -> None:
    result = runner.invoke(app, ["games"], terminal_width=160)
    assert result.exit_code == 0, result.output
    text = words(result.output)
    assert "evolution · Evolution (Knorre & Machin) (default)" in text
    assert "toy · Trick (platform demo) (demo)" in text
    assert "2-8 players" in text and "2-4 players · simultaneous choices" in text
    assert get_game("toy").info.describe() in text
    assert re.search(r"tricks\s+int\s+3\s+a whole number from 1 to 3\s+Tricks\s+--tricks N",
                     result.output)
    assert re.search(r"edition\s+choice\s+3\s+one of 2, 3\s+Edition", result.output)
    result = runner.invoke(app, ["games", "--language", "de"], terminal_width=160)
    assert "Stiche" in result.output and "Spieler" in result.output


def test_play_the_toy_game_with_its_hidden_bid(tmp_path: Path) -> None:
    record = tmp_path / "toy.json"
    # a card keeps its number from trick to trick: a number whose card is gone is refused
    moves = "9\nbid 7\n2\n1\n1\n2\n3\n"
    result = runner.invoke(
        app,
        ["play", "--game", "toy", "-p", "3", "--seed", "5", "--bots", "ismcts:10",
         "--record", str(record), "--name", "Ann"],
        input=moves,
        terminal_width=120,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Trick (platform demo) · seed 5 · 3 players" in out
    assert "Everyone chooses at once" in out
    # bad input is refused with the reason and the prompt comes back
    assert "There is no line 9 now; the numbers are 1, 2, 3, 4." in out
    assert "There is no line 1 now; the numbers are 2, 3." in out
    assert "'bid 7' is not a legal action now." in out
    # while Ann bids, no other bid is shown; then the bots' bids are told by events only
    first_table = out.split("Bid how many tricks")[0]
    assert "ismcts:10 1 (1)" in first_table and "Bids shown no" in first_table
    assert "ismcts:10 1 bids." in out and "Bids revealed:" in out
    assert not re.search(r"ismcts:10 \d: Bid", out)  # not even the last one to bid
    assert "Final scores" in out and "Record saved to" in out
    # the person's own moves are told in the second person, the others' by name
    assert "You bid." in out and "Ann bids." not in out
    saved = Record.load(record)
    assert saved.game == "toy" and saved.options == {"players": 3, "tricks": 3}
    assert saved.actions[0] == (0, {"type": "bid", "tricks": 1})
    assert len(saved.actions) == 3 + 9 and saved.outcome is not None
    # the replay reads the record and agrees with it
    result = runner.invoke(app, ["replay", str(record), "--events"], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "Ann bids." in result.output and "Bids revealed:" in result.output
    for place, score in zip(saved.outcome["ranks"], saved.outcome["scores"], strict=True):
        assert f"{place}. " in result.output and f": {score} points" in result.output
    # a replay in Russian from Ann's seat: her moves in the second person, no English word
    result = runner.invoke(app, ["replay", str(record), "--events", "--seat", "0", "-l", "ru"],
                           terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "Вы делаете ставку." in result.output and "ismcts:10 1 делает ставку." in result.output
    assert get_game("toy").info.titles["ru"] in result.output and " seed " not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "3"],
        ["--bots", "hard", "--edition", "2"],
        ["--expansions", "time_to_fly,continents,gift", "--players", "4"],
    ],
)
def test_readme_play_commands_start(tmp_path: Path, args: list[str]) -> None:
    record = tmp_path / "r.json"
    result = runner.invoke(
        app, ["play", *args, "--seed", "1", "--record", str(record)], input="quit\n",
        terminal_width=120,
    )
    assert result.exit_code == 0, result.output
    assert "Game stopped." in result.output
    options = Record.load(record).options
    players = int(args[args.index("--players") + 1]) if "--players" in args else 2
    assert options["players"] == players
    if "--edition" in args:
        assert options["edition"] == 2
    if "--expansions" in args:
        assert options["expansions"] == ["base", "time_to_fly", "gift", "continents"]


def test_play_refuses_bad_input() -> None:
    result = runner.invoke(app, ["play", "--game", "toy", "--bots", "normal"])
    assert result.exit_code == 2
    assert "the normal level plays a game's own heuristic and 'toy' has none" in words(
        result.output)
    result = runner.invoke(app, ["play", "--game", "toy", "--seat", "2"])
    assert result.exit_code == 2 and "--seat must be 0 to 1" in result.output
    result = runner.invoke(app, ["play", "--edition", "2", "--tricks", "2"])
    assert result.exit_code == 2
    assert "unknown option '--tricks' for evolution" in words(result.output)


def test_toy_scenarios_run() -> None:
    result = runner.invoke(app, ["scenario", "run", str(SCENARIOS)], terminal_width=200)
    assert result.exit_code == 0, result.output
    assert "5 passed, 0 failed" in result.output


def test_tournament_sets_the_player_count_itself(tmp_path: Path) -> None:
    base = ["tournament", "--game", "toy", "--bots", "random,ismcts:3", "--players", "2",
            "-n", "2", "-w", "1", "--plot", str(tmp_path / "t.png")]
    result = runner.invoke(app, [*base, "-o", "players=3"])
    assert result.exit_code == 2
    assert "this command sets players itself (see its --help)" in words(result.output)
    result = runner.invoke(app, [*base, "--tricks", "1", "--out", str(tmp_path / "t.jsonl")])
    assert result.exit_code == 0, result.output
    rows = (tmp_path / "t.jsonl").read_text().splitlines()
    assert len(rows) == 2 and all('"options":{"players":2,"tricks":1}' in r for r in rows)
