"""Evolution's search half of the heuristic reads engine states: the same values as the rules
on the seat's view, the greedy choice at one iteration, and tree reuse in real games."""

from __future__ import annotations

import random

from evolutio.bots import InformationSet, IsmctsBot, make_bot
from evolutio.core import get_game
from evolutio.core.match import Match
from evolutio.games.evolution import heuristic, rollout

GAME = get_game("evolution")
MIXES = (
    ["base"],
    ["base", "time_to_fly", "continents", "ice_age"],
    ["base", "time_to_fly", "gift", "ice_age"],
)


def test_state_values_equal_the_rules_on_the_view_in_whole_games() -> None:
    checked = 0
    for seed in range(9):
        options = GAME.normalize_options(
            {"players": 2 + seed % 3, "expansions": MIXES[seed % len(MIXES)]}
        )
        state = GAME.new(options, seed)
        rng = random.Random(seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            on_view = heuristic.action_values(view, legal, decision)
            on_state = rollout.state_values(state, seat, decision.kind, legal)
            assert on_state == on_view, (decision.kind, legal)
            spectator = GAME.view(state, None)
            assert rollout.estimate_scores(state) == heuristic.estimate_scores(spectator)
            checked += 1
            if rng.random() < 0.4:
                action = legal[rng.randrange(len(legal))]
            else:
                action = heuristic.best_action(view, legal, decision, rng)
            GAME.apply(state, seat, action)
    assert checked > 1000


def test_priors_favour_the_greedy_choice_and_sum_to_one() -> None:
    state = GAME.new({"players": 3}, 5)
    decision = GAME.decision(state)
    assert decision is not None
    seat = decision.seats[0]
    legal = GAME.legal_actions(state, seat)
    weights = heuristic.HEURISTIC.priors(GAME, state, seat, legal)
    values = heuristic.action_values(GAME.view(state, seat), legal, decision)
    assert abs(sum(weights) - 1) < 1e-9
    assert values[max(range(len(legal)), key=weights.__getitem__)] == max(values)


def test_one_iteration_plays_a_greedy_choice() -> None:
    rng = random.Random(3)
    seen = 0
    for seed in range(3):
        state = GAME.new({"players": 2}, seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            view = GAME.view(state, seat)
            if len(legal) > 1 and rng.random() < 0.2:
                bot = make_bot("ismcts:1", seed, GAME)
                info = InformationSet.of(GAME, state, seat, 1)
                action = bot.choose(view, legal, decision, info)
                values = heuristic.action_values(view, legal, decision)
                assert values[legal.index(action)] == max(values)
                seen += 1
            GAME.apply(state, seat, heuristic.best_action(view, legal, decision, rng))
    assert seen > 20


def test_a_search_reuses_its_tree_after_its_own_actions_in_a_game() -> None:
    match = Match.new(GAME, {"players": 2}, 4, ["ismcts:20", "greedy"], keep=False)
    search = make_bot("ismcts:20", 1, GAME)
    greedy = make_bot("greedy", 2, GAME)
    assert isinstance(search, IsmctsBot)
    reused = fresh_after_others = 0
    last_own = -10
    while (decision := match.decision) is not None:
        seat = decision.seats[0]
        legal = match.legal(seat)
        info = InformationSet.of(GAME, match.state, seat, 9, moves=match.version)
        bot = search if seat == 0 else greedy
        action = bot.choose(match.view(seat), legal, decision, info)
        if seat == 0 and len(legal) > 1:
            if search.last_reused:
                reused += 1
                assert match.version == last_own + 1
            elif match.version != last_own + 1:
                fresh_after_others += 1
        if seat == 0:
            last_own = match.version
        match.act(seat, action)
    assert reused > 0 and fresh_after_others > 0
