"""What the table draws from North Star's view besides the pieces: the food cards revealed
this round (face up on the watering hole until the next round begins or a reshuffle takes
them back into the draw pile) and the attack the
last action made (an arrow from the carnivore to its prey, gone after the next action)."""

from __future__ import annotations

import random

from evolutio.core.registry import get_game

GAME = get_game("northstar")


def test_revealed_food_cards_and_the_last_attack_are_in_every_seats_view() -> None:
    reveals = attacks = 0
    for seed in range(12):
        state = GAME.new({"players": 3}, seed)
        rng = random.Random(seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            events = GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            views = [GAME.view(state, s) for s in (None, 0, 1, 2)]
            attacked = [e for e in events if e.type == "attacked"]
            # the last reveal or new round of the action says what lies face up
            marks = [e for e in events if e.type in ("food_revealed", "round")]
            if marks and marks[-1].type == "food_revealed":
                reveals += 1
                cards, values = list(marks[-1].cards), list(marks[-1].values)
                if not set(cards) <= set(state.discard):  # reshuffled into the draw pile since
                    cards = values = []
                for view in views:
                    assert [c["card"] for c in view["food_cards"]] == cards
                    assert [c["food"] for c in view["food_cards"]] == values
            elif marks:
                assert all(view["food_cards"] == [] for view in views)
            if attacked:
                attacks += 1
                last = attacked[-1]
                assert all(view["attack"] == {"species": last.species, "target": last.target}
                           for view in views)
            else:
                assert all(view["attack"] is None for view in views)
            # a clone (what a search or a determinization starts from) keeps both
            twin = state.clone()
            assert GAME.view(twin, None) == views[0]
    assert reveals > 20 and attacks > 5, (reveals, attacks)
