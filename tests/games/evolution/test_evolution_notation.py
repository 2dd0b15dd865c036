"""Every legal action's notation reads back as the same action, in every card set."""

from __future__ import annotations

import random

import pytest

from evolutio.core.game import IllegalAction
from evolutio.core.match import Match
from evolutio.games.evolution.notation import action_from_json, from_notation

SETS = (["base"], ["base", "time_to_fly", "gift"], ["base", "continents"])


@pytest.mark.parametrize("expansions", SETS, ids=["+".join(s) for s in SETS])
def test_notation_and_json_read_back(expansions: list[str]) -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for seed in range(3):
        match = Match.new("evolution", {"players": 3, "expansions": expansions}, seed)
        while not match.over:
            seat = match.pending()[0]
            legal = match.legal(seat)
            for action in legal:
                assert from_notation(action.notation()) == action
                assert action_from_json(action.to_json()) == action
                assert match.parse(seat, action.notation()) == action
                seen.add(action.type)
            match.act(seat, rng.choice(legal))
    assert {"animal", "trait", "pass", "eat", "end"} <= seen


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("eat", "Write 'eat <animal>'."),
        ("eat X", "'X' is not a valid reference; write e.g. A3."),
        ("#12", "Write '#card trait A<animal>' or '#card trait A<a> A<b>'."),
        ("pair #4 cooperation A1", "Write 'pair <card> <trait> <a> <b>'."),
    ],
)
def test_malformed_notation_says_how_to_write_it(text: str, reason: str) -> None:
    with pytest.raises(IllegalAction) as caught:
        from_notation(text)
    assert caught.value.reason == reason
