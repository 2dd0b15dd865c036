"""Sentences for people: every action and event of random games with every card set reads as
text (no template fails), and a few read exactly as the log shows them."""

from __future__ import annotations

import random

from evolutio.core.registry import get_game
from evolutio.games.evolution.texts import describe_event

GAME = get_game("evolution")
EVERY_SET = ["base", "time_to_fly", "gift", "continents"]


def test_every_action_and_event_of_random_games_reads_as_text() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        options = GAME.normalize_options({"players": 2 + seed % 4, "expansions": EVERY_SET})
        state = GAME.new(options, seed)
        rng = random.Random(seed)
        names = [f"p{s}" for s in range(state.num_players)]
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                assert GAME.describe_action(state, action).strip()
            for event in GAME.apply(state, seat, rng.choice(legal)):
                text = GAME.describe_event(event, "en", names)
                kinds.add(event.type)
                assert isinstance(text, str)
                assert text or event.type == "step_ended"
                assert "{" not in text
    assert {"food_taken", "animal_died", "cards_drawn", "location_food_set"} <= kinds


def test_event_sentences() -> None:
    seats = ["Vanya", "Kolya"]
    assert describe_event({"type": "food_bank_set", "dice": [4], "bonus": 2, "food": 6}) == (
        "Food bank: 4+2 = 6 red tokens"
    )
    assert (
        describe_event(
            {
                "type": "food_taken",
                "animal": 3,
                "source": "supply",
                "trait": "cooperation",
                "to_fat": True,
            }
        )
        == "A3 gets a blue token into fat (Cooperation)"
    )
    assert describe_event({"type": "cards_drawn", "seat": 1, "count": 2}, seats=seats) == (
        "Kolya draws 2 new cards"
    )
    assert describe_event({"type": "step_ended", "seat": 0}) == ""
    assert (
        describe_event(
            {
                "type": "trait_played",
                "seat": 0,
                "card": 9,
                "trait": "communication",
                "animals": [1, 2],
            },
            "ru",
            seats,
        )
        == "Vanya кладёт Взаимодействие на A1 и A2"
    )
