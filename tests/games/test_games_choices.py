"""Buttons name what the player sees: no legal action of a random game reads with an internal
card id ("#103") or link id ("L2"), neither for the player choosing it (``describe_choice``)
nor in the public sentence of the log (``describe_action``), in English and Russian."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from evolutio.core.game import describe_choice
from evolutio.core.registry import get_game

IDS = re.compile(r"#\d|\bL\d")


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("evolution", {"players": 3, "expansions": ["base", "time_to_fly", "gift", "continents"]}),
        ("northstar", {"players": 3}),
        ("darwin", {"players": 3}),
    ],
)
def test_legal_actions_name_no_ids(name: str, options: dict[str, Any]) -> None:
    game = get_game(name)
    seen = 0
    for seed in range(2):
        state = game.new(game.normalize_options(options), seed)
        rng = random.Random(seed)
        for _ in range(300):
            decision = game.decision(state)
            if decision is None:
                break
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            for action in legal:
                for lang in ("en", "ru"):
                    for text in (describe_choice(game, state, action, lang),
                                 game.describe_action(state, action, lang)):
                        assert not IDS.search(text), (action, lang, text)
                        seen += 1
            game.apply(state, seat, rng.choice(legal))
    assert seen > 500
