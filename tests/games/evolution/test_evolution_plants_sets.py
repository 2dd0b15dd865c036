"""Plants with the other sets in the terminal table: each plant's location with Continents,
and a food bank only when another set put food in it (docs/rules/evolution.md, "Plants",
"With the other sets")."""

from __future__ import annotations

from typing import Any

from rich.console import Console

from evolutio.core import get_game

GAME: Any = get_game("evolution")


def table(state: Any) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(GAME.terminal.render(GAME.view(state, 0), GAME.labels("en"), ["Ann", "Bob"]))
    return console.export_text()


def position(bank: int) -> dict[str, Any]:
    return {
        "phase": "feeding",
        "food_bank": bank,
        "flora": {"plants": [{"name": "Bush", "kind": "perennial", "food": 2}]},
        "players": [{"animals": [{"name": "Hare"}]}, {"animals": [{"name": "Mole"}]}],
        "deck": ["running"] * 4,
    }


def test_with_continents_each_plant_shows_its_location() -> None:
    state = GAME.new({"players": 2, "expansions": ["base", "continents", "plants"]}, 3)
    out = table(state)
    line = next(row for row in out.splitlines() if "P1 " in row)
    assert "P1" in line and "@Laurasia" in line and "P2" in line and "@Gondwana" in line
    plain = table(GAME.new({"players": 2, "expansions": ["base", "plants"]}, 3))
    assert "@" not in plain


def test_a_bank_is_shown_only_when_another_set_put_food_in_it() -> None:
    options = {"players": 2, "expansions": ["base", "ice_age", "plants"]}
    empty = table(GAME.from_position(options, position(0), 0))
    filled = table(GAME.from_position(options, position(2), 0))
    header = empty.splitlines()[0]
    assert header.startswith("Turn 1") and "food bank" not in header
    assert "food bank: 2" in filled
