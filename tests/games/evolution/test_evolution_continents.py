"""Continents: set-up, options, bad input and the terminal view (rules: scenarios under
tests/games/evolution/scenarios/continents)."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from evolutio.cli.render import render_view
from evolutio.core.game import IllegalAction
from evolutio.core.registry import get_game
from evolutio.core.scenario import ScenarioError
from evolutio.games.evolution.cards import build_cards
from evolutio.games.evolution.game import base_copies
from evolutio.games.evolution.trait import TRAIT_SETS

GAME = get_game("evolution")
SCENARIOS = Path(__file__).parent / "scenarios" / "continents"


def test_ten_card_hands_and_three_empty_banks() -> None:
    state = GAME.new({"players": 3, "expansions": ["continents"]}, 7)
    view = GAME.view(state, 0)
    assert [p["hand_size"] for p in view["players"]] == [10, 10, 10]
    assert view["food_banks"] == {"laurasia": 0, "gondwana": 0, "ocean": 0}
    actions = {a.notation() for a in GAME.legal_actions(state, state.current)}
    assert any(n.endswith(" laurasia") for n in actions)
    assert any(n.endswith(" gondwana") for n in actions)
    assert not any(n.endswith(" ocean") for n in actions)


def test_base_game_keeps_six_cards_and_one_bank() -> None:
    state = GAME.new({"players": 3}, 7)
    view = GAME.view(state, 0)
    assert [p["hand_size"] for p in view["players"]] == [6, 6, 6]
    assert "food_banks" not in view
    legal = GAME.legal_actions(state, state.current)
    assert all(a.to_json().get("location") is None for a in legal)


def test_bad_locations_are_refused_and_change_nothing() -> None:
    state = GAME.new({"players": 2, "expansions": ["continents"]}, 3)
    card = state.players[state.current].hand[0]
    before = GAME.snapshot(state)
    for location in ("ocean", "atlantis", ""):
        action = GAME.action_from_json({"type": "animal", "card": card, "location": location})
        with pytest.raises(IllegalAction) as refused:
            GAME.apply(state, state.current, action)
        assert "continent" in refused.value.reason
    with pytest.raises(IllegalAction):
        GAME.action_from_json({"type": "animal", "card": card, "location": 3})
    with pytest.raises(IllegalAction):
        GAME.action_from_json({"type": "migrate", "animal": 1})
    assert GAME.snapshot(state) == before


def test_eight_players_with_every_set_use_one_deck() -> None:
    every = ["base", "time_to_fly", "continents", "gift"]
    assert base_copies(8, every) == 1
    assert base_copies(8, ["base", "continents"]) == 2
    assert len(build_cards(["base", "continents"])) == 84 + 42
    state = GAME.new({"players": 8, "expansions": every}, 1)
    assert state.num_players == 8


def test_scenario_positions_refuse_bad_locations() -> None:
    options = {"players": 2, "expansions": ["continents"]}
    with pytest.raises(ScenarioError, match="location"):
        GAME.from_position(options, {"players": [{"animals": [{"location": "moon"}]}]}, 0)
    with pytest.raises(ScenarioError, match="food_banks"):
        GAME.from_position({"players": 2}, {"food_banks": {"ocean": 2}}, 0)


def test_every_continents_trait_has_three_scenarios() -> None:
    names = [p.stem for p in SCENARIOS.glob("*.yaml")]
    for trait in (t for t, s in TRAIT_SETS.items() if s == "continents"):
        count = sum(1 for name in names if name.startswith(trait))
        assert count >= 3, f"{trait}: only {count} scenario files"


def test_terminal_view_shows_the_three_locations() -> None:
    position = {
        "phase": "feeding",
        "food_banks": {"laurasia": 2, "gondwana": 5, "ocean": 3},
        "players": [
            {"animals": [{"location": "laurasia"}, {"location": "ocean", "traits": ["running"]}]},
            {"animals": [{"location": "gondwana"}]},
        ],
    }
    options = {"players": 2, "expansions": ["continents"]}
    state = GAME.from_position(options, position, 0)
    console = Console(width=120, record=True)
    console.print(render_view(GAME, GAME.view(state, 0), ["Ann", "Bob"]))
    text = console.export_text()
    for label in ("Laurasia 2", "Gondwana 5", "Ocean 3", "Laurasia (food 2)", "Ocean (food 3)"):
        assert label in text
