"""The greedy bot (the game's heuristic) beats random play in 2-player games; the search's
shortlist and evaluation."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import yaml

from evolutio.bots.greedy import GreedyBot
from evolutio.bots.levels import make_bot
from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.games.darwin.heuristic import SHORTLIST, action_value, projected

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


def test_the_search_weighs_the_greedy_bots_shortlist() -> None:
    """A turn offers dozens of exchanges; the search weighs the greedy bot's best few, its
    own choice among them, each legal, never ``cancel`` or ``unexchange`` while something else
    is legal."""
    heuristic = GAME.heuristic
    assert heuristic.rollout_depth > 0
    rng = random.Random(3)
    state = GAME.new({"players": 3}, 3)
    seen = 0
    while (now := GAME.decision(state)) is not None and seen < 40:
        seat = now.seats[0]
        legal = GAME.legal_actions(state, seat)
        short = heuristic.shortlist(GAME, state, seat, legal)
        assert short and set(short) <= set(legal)
        others = [a for a in legal if a.type not in ("cancel", "unexchange")] or legal
        assert len(short) == min(len(others), SHORTLIST)
        assert len(legal) == 1 or all(a.type not in ("cancel", "unexchange") for a in short)
        if len(others) > SHORTLIST:
            seen += 1
            view = GAME.view(state, seat)
            best = max(action_value(view, a, now) for a in others)
            assert any(action_value(view, a, now) == best for a in short)
        GAME.apply(state, seat, rng.choice(legal))
    assert seen == 40
    bot = make_bot("ismcts:20", 1, GAME)
    assert getattr(bot, "shortlist", None) is not None


def test_projected_points_follow_the_evaluation() -> None:
    """The evaluator's projection on the seed's worked example (scenario
    evaluation/worked_example.yaml): every species fed (the Orca-tortoise counting the prey
    it may devour), the Coast to the Puffin-tuna, the High mountains to the Orca-tortoise,
    strength 3/2/1 to Orca-tortoise, Winged bongo, Puffin-tuna."""
    path = Path(__file__).parent / "scenarios" / "evaluation" / "worked_example.yaml"
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    state = GAME.from_position(data["options"], data["position"], 0)
    assert projected(state) == [5.0, 4.0, 7.0]
    values = GAME.heuristic.evaluate(GAME, state)
    assert values[2] > values[0] > values[1]
    assert all(0.0 <= v <= 1.0 for v in values)
