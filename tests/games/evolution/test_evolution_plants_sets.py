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


def appeared(expansions: list[str], seed: int) -> list[Any]:
    """The plants laid out in the growth phases of a random game with ``expansions``."""
    import random

    rng = random.Random(seed)
    state = GAME.new({"players": 2, "expansions": expansions}, seed)
    found = []
    for _ in range(3000):
        decision = GAME.decision(state)
        if decision is None:
            break
        seat = decision.seats[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        found += [e for e in GAME.apply(state, seat, action) if e.type == "plant_appeared"]
    return found


def test_a_new_plant_is_said_with_its_location_with_continents() -> None:
    events = appeared(["base", "continents", "plants"], 5)
    assert events and {e.location for e in events} <= {"laurasia", "gondwana"}
    said = GAME.describe_event(events[0], "en")
    place = events[0].location.capitalize()
    assert f", {place}) appears with" in said, said
    assert f", {place})" in GAME.describe_event(events[0], "de")
    plain = appeared(["base", "plants"], 5)
    assert plain and {e.location for e in plain} == {""}
    assert ") appears with" in GAME.describe_event(plain[0], "en")
    assert ", " not in GAME.describe_event(plain[0], "en").split("(")[1].split(")")[0]


def test_a_plants_tokens_are_counted_in_each_language() -> None:
    from evolutio.games.evolution.flora import PlantGrew

    def said(food: int, language: str) -> str:
        return str(GAME.describe_event(PlantGrew(3, food), language))

    assert said(1, "en").endswith("grows to 1 token") and said(2, "en").endswith("2 tokens")
    assert [said(n, "ru").split()[-1] for n in (1, 2, 5, 21)] == ["фишки", "фишек", "фишек",
                                                                  "фишки"]
    assert said(1, "it").endswith("1 segnalino") and said(3, "it").endswith("3 segnalini")
