"""A scenario's start from ``new`` with chosen hands (core.hands) in every game that offers it:
every card is kept once, a malformed hand is a clear error."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from evolutio.core.registry import get_game
from evolutio.core.scenario import ScenarioError, run_file
from evolutio.games.darwin.cards import load_catalog


def _new(name: str, options: dict[str, Any], setup: dict[str, Any], seed: int) -> Any:
    """The game's state started from ``new`` with ``setup`` (which every game here offers)."""
    state = get_game(name).setup_new(options, setup, seed)
    assert state is not None
    return state


def _northstar_cards(state: Any) -> Counter[int]:
    return Counter([c for p in state.players for c in p.hand] + list(state.deck))


def test_northstar_keeps_every_card_once() -> None:
    game = get_game("northstar")
    dealt = game.new({"players": 3}, 11)
    chosen = _new(
        "northstar", {"players": 3}, {"hands": [["carnivore", "climbing"], None, ["horns"] * 6]},
        11,
    )
    assert _northstar_cards(chosen) == _northstar_cards(dealt)
    assert [chosen.cards[c][0] for c in chosen.players[0].hand] == ["carnivore", "climbing"]
    assert [chosen.cards[c][0] for c in chosen.players[2].hand] == ["horns"] * 6
    assert chosen.players[1].hand == dealt.players[1].hand


def test_darwin_keeps_every_card_once_and_skips_the_chosen_seats_draws() -> None:
    game = get_game("darwin")
    dealt = game.new({"players": 2}, 3)
    chosen = _new("darwin", {"players": 2}, {"hands": [None, ["yak_head", "yak_legs"]]}, 3)
    every = Counter(dealt.small + dealt.large + dealt.market)
    assert Counter(chosen.small + chosen.large + chosen.market + chosen.hands[1]) == every
    assert chosen.draws == [0] * 10
    both = _new("darwin", {"players": 2}, {"hands": [["bear_head"], ["yak_head"]]}, 3)
    assert both.draws == [] and both.phase == "action"


def test_toy_keeps_every_card_once() -> None:
    chosen = _new("toy", {"players": 2, "tricks": 2}, {"hands": [[1, 2], [3, 4]]}, 5)
    assert chosen.hands == [[1, 2], [3, 4]]
    assert sorted([*chosen.deck, 1, 2, 3, 4]) == list(range(1, 14))


@pytest.mark.parametrize(
    ("name", "options", "setup", "message"),
    [
        ("northstar", {"players": 2}, {"hands": [["wings"]]}, "new.hands[0][0]: unknown trait"),
        ("northstar", {"players": 2}, {"first_player": 2}, "new.first_player: seats are 0 to 1"),
        ("northstar", {"players": 2}, {"dice": [3]}, "new: unknown field dice"),
        ("darwin", {"players": 2}, {"hands": [["bear_head", "bear_head"]]},
         "new.hands[0][1]: no card bear_head is left"),
        ("darwin", {"players": 2}, {"hands": [["griffin"]]}, "new.hands[0][0]: unknown card"),
        ("toy", {"players": 2, "tricks": 2}, {"hands": [[14]]}, "a number from 1 to 13"),
        ("toy", {"players": 2, "tricks": 2}, {"hands": [[1], [2], [3]]}, "3 hands for 2 players"),
    ],
)
def test_malformed_new(name: str, options: dict[str, Any], setup: dict[str, Any],
                       message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        get_game(name).setup_new(options, setup, 1)
    assert message in str(caught.value)


def test_darwin_refuses_a_card_of_the_market(tmp_path: Path) -> None:
    state = get_game("darwin").new({"players": 2}, 7)
    name = load_catalog().cards[state.market[0]].key
    path = tmp_path / "market.yaml"
    path.write_text(
        "name: x\nrule: x\ngame: darwin\nseed: 7\n"
        f"new: {{hands: [[{name}]]}}\n", encoding="utf-8",
    )
    [result] = run_file(path)
    assert not result.passed
    assert f"malformed: new.hands[0][0]: '{name}' lies in the market" in result.message
