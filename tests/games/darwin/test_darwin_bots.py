"""The greedy bot (the game's heuristic) beats random play in 2-player games."""

from __future__ import annotations

import random

import pytest

from evolutio.bots.greedy import GreedyBot
from evolutio.core.match import Match
from evolutio.core.registry import get_game

GAME = get_game("darwin")


def play(seed: int, greedy_seat: int) -> bool:
    match = Match.new(GAME, {"players": 2}, seed, keep=False)
    bot = GreedyBot(GAME.heuristic, seed=seed)
    rng = random.Random(seed)
    while seats := match.pending():
        seat = seats[0]
        legal = match.legal(seat)
        if seat == greedy_seat:
            decision = match.decision
            assert decision is not None
            action = bot.choose(match.view(seat), legal, decision)
        else:
            action = rng.choice(legal)
        match.act(seat, action)
    outcome = match.outcome()
    assert outcome is not None
    return outcome.ranks[greedy_seat] == 1


@pytest.mark.slow
def test_greedy_beats_random_in_nine_games_of_ten() -> None:
    wins = sum(play(seed, seed % 2) for seed in range(200))
    assert wins >= 180, wins


def test_greedy_finishes_games() -> None:
    assert sum(play(seed, seed % 2) for seed in range(6)) >= 4
