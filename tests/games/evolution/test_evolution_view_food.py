"""The view tells an animal's red food (from a food bank) from its blue food (traits and
attacks), as the rulebook's two token colours do, so that the table draws them apart.
Seed 000: "segnalini cibo: rossi – 'base dell'alimentazione', blu – 'cibo supplementare'";
"Un animale può essere nutrito con segnalini rossi e/o blu, il colore in questo caso non ha
alcun significato" (the colour never changes what the food counts for)."""

from __future__ import annotations

import random

from evolutio.core.registry import get_game

GAME = get_game("evolution")


def test_red_food_is_part_of_the_food_and_blue_food_shows() -> None:
    blue = 0
    for seed in range(10):
        state = GAME.new({"players": 3, "expansions": ["base", "time_to_fly"]}, seed)
        rng = random.Random(seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            for player in GAME.view(state, None)["players"]:
                for animal in player["animals"]:
                    assert 0 <= animal["red"] <= animal["food"], animal
                    blue += animal["red"] < animal["food"]
    assert blue > 0
