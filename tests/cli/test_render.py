"""The terminal shell: a game's own table when it has one, a readable tree otherwise."""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console

from evolutio.cli.choices import describe_entry, group_actions
from evolutio.cli.render import render_entries, render_tree, render_view
from evolutio.core import get_game
from evolutio.core.protocols import TerminalRenderer


def text(renderable: Any) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_a_game_without_a_terminal_renderer_gets_a_tree_of_its_view() -> None:
    game = get_game("toy")
    assert game.terminal is None
    state = game.new({"players": 3}, 5)
    game.apply(state, 1, game.legal_actions(state, 1)[2])
    out = text(render_view(game, game.view(state, 0), ["Ann", "Bob", "Cy"]))
    assert out.splitlines()[0] == game.title
    assert "Bids shown no" in out and "Tricks in all 3" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if "(" in line}
    # the players table: one row per seat, named; Bob's bid is hidden (a dash) from Ann
    assert set(rows) >= {"Ann", "Bob", "Cy"}
    assert rows["Bob"][4] == "—" and rows["Bob"][5] == "yes"
    hand = ", ".join(str(c) for c in state.hands[0])
    assert hand in out
    assert str(state.hands[1][0]) + ", " not in out.split("Bob")[1].split("\n")[0]
    assert "{" not in out  # not a JSON dump
    # in another language: the game's title and names, the tree's own words
    ru = text(render_view(game, game.view(state, 0), ["Ann", "Bob", "Cy"], "ru"))
    assert ru.splitlines()[0] == game.info.titles["ru"]
    assert "Ставки открыты нет" in ru and "Всего взяток 3" in ru


def test_the_tree_shows_nested_values_readably() -> None:
    view = {"game": "x", "round": 2, "open": True, "table": [[1, 2], [0, 5]],
            "pool": {"red": 3, "blue": None}, "players": [{"seat": 0, "score": 4}]}
    out = text(render_tree("X", view, {"round": "Round"}, ["Ann"]))
    assert "Round 2 · open yes" in out
    assert "table: [1, 2], [0, 5]" in out
    assert "red: 3" in out and "blue: —" in out
    assert "Ann (0)" in out and "game" not in out


def test_evolution_draws_its_own_table() -> None:
    game = get_game("evolution")
    terminal = game.terminal  # type: ignore[attr-defined]
    assert isinstance(terminal, TerminalRenderer)
    state = game.new({"players": 2}, 1)
    out = text(render_view(game, game.view(state, 0), ["Ann", "Bob"]))
    assert "Turn 1" in out and "Ann (seat 0)  ◀ to develop" in out
    assert "Hand: #" in out and out.count("Hand:") == 1  # Bob's hand is not shown


def test_actions_are_listed_with_numbers_and_meanings() -> None:
    game = get_game("toy")
    state = game.new({"players": 2}, 1)
    entries = group_actions(game.legal_actions(state, 0))
    out = text(render_entries(
        {n: describe_entry(game, state, e) for n, e in enumerate(entries, 1)}
    ))
    assert re.search(r"^\s*1\s+bid 0\s+Bid 0 tricks\.", out, re.M)
    assert re.search(r"^\s*4\s+bid 3\s+Bid 3 tricks\.", out, re.M)
