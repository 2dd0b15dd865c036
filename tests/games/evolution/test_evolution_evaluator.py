"""Evolution's fitted search evaluator: its weights fit its features, its rewards are
rewards, and it ranks seats the way the final scores do."""

from __future__ import annotations

import random

from evolutio.bots import make_bot
from evolutio.core import get_game
from evolutio.games.evolution import evalweights, rollout
from evolutio.games.evolution.scoring import scores
from evolutio.games.evolution.state import State

GAME = get_game("evolution")


def played(seed: int, players: int = 2) -> tuple[list[State], list[int]]:
    """Sampled states of one greedy game and its final scores."""
    state = GAME.new(GAME.normalize_options({"players": players}), seed)
    bots = [make_bot("greedy", seat, GAME) for seat in range(players)]
    rng = random.Random(seed)
    sampled = []
    while (decision := GAME.decision(state)) is not None:
        seat = decision.seats[0]
        if rng.random() < 0.1:
            sampled.append(state.clone())
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), legal, decision))
    return sampled, scores(state)


def test_one_weight_per_feature() -> None:
    assert len(evalweights.WEIGHTS) == len(rollout.FEATURES)
    assert evalweights.TEMPERATURE > 0


def test_rewards_are_in_the_unit_interval_and_features_per_seat() -> None:
    for players in (2, 4):
        sampled, _ = played(5, players)
        assert sampled
        for state in sampled:
            rows = rollout.seat_features(state)
            assert len(rows) == players
            assert all(len(row) == len(rollout.FEATURES) for row in rows)
            rewards = rollout.evaluate(GAME, state)
            assert len(rewards) == players
            assert all(0.0 <= r <= 1.0 for r in rewards)


def test_late_estimates_rank_seats_like_the_final_scores() -> None:
    """In the last turns the fitted scores put the final leader first far more often than
    not (a fit that had lost its sign or its scale would not)."""
    agree = total = 0
    for seed in range(12):
        sampled, final = played(100 + seed)
        if final[0] == final[1]:
            continue
        late = [s for s in sampled if s.last_turn]
        for state in late:
            estimate = rollout.fitted_scores(state)
            total += 1
            agree += (estimate[0] > estimate[1]) == (final[0] > final[1])
    assert total >= 10
    assert agree / total >= 0.75
