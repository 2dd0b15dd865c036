"""North Star's search reads a lite view built from the state: the rules give the same
values on it as on the seat's view, and the evaluator the same estimates."""

from __future__ import annotations

import random

from evolutio.core import get_game
from evolutio.games.northstar import heuristic

GAME = get_game("northstar")


def test_the_lite_view_gives_the_views_values_in_whole_games() -> None:
    checked = 0
    for seed in range(8):
        state = GAME.new(GAME.normalize_options({"players": 2 + seed % 4}), seed)
        rng = random.Random(seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            lite = heuristic.lite_view(state, seat)
            assert heuristic.action_values(lite, legal, decision, seat) == (
                heuristic.action_values(view, legal, decision, seat)
            )
            assert heuristic.estimate_scores(heuristic.lite_view(state, None)) == (
                heuristic.estimate_scores(GAME.view(state, None))
            )
            weights = heuristic.priors(GAME, state, seat, legal)
            assert len(weights) == len(legal) and abs(sum(weights) - 1) < 1e-9
            checked += 1
            if rng.random() < 0.3:
                action = legal[rng.randrange(len(legal))]
            else:
                action = heuristic.best_action(view, legal, decision, rng)
            GAME.apply(state, seat, action)
    assert checked > 500
