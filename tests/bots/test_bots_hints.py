"""Hints from the search: the same advice for the same decision, figures that fit the
search's choice, and a seat that plays its hints to the end of a game."""

from __future__ import annotations

from evolutio.bots.base import InformationSet
from evolutio.bots.hints import HINT_BUDGET, Advice, HintBot, advise
from evolutio.bots.ismcts import Budget
from evolutio.bots.levels import make_bot
from evolutio.core.match import Match
from evolutio.core.registry import get_game


def _first_choice(name: str, seed: int, bot: str = "normal") -> Match:
    """A game of ``name`` played by ``bot`` up to seat 0's first decision with a choice."""
    game = get_game(name)
    match = Match.new(game, {}, seed, [bot, bot])
    bots = [make_bot(bot, s, game) for s in range(2)]
    while (decision := match.decision) is not None:
        seat = decision.seats[0]
        legal = match.legal(seat)
        if seat == 0 and len(legal) > 1:
            return match
        match.act(seat, bots[seat].choose(match.view(seat), legal, decision))
    raise AssertionError("no choice for seat 0")


def test_advice_is_the_searchs_choice_and_repeats_for_the_same_decision() -> None:
    match = _first_choice("evolution", 11)
    decision = match.decision
    assert decision is not None
    legal = match.legal(0)
    budget = Budget(iterations=40)

    def ask(seed: int) -> Advice:
        info = InformationSet.of(match.game, match.state.clone(), 0, 5)
        return advise(match.game, info, match.view(0), legal, decision, seed, budget)

    first = ask(3)
    assert first == ask(3)
    assert first.trials == 40 and 0 <= first.index < len(legal)
    assert 0.0 <= first.share <= 1.0
    runner = first.runner_up
    assert runner is None or (runner != first.index and 0 <= runner < len(legal))
    assert HINT_BUDGET.iterations is not None  # deterministic: never a time budget


def test_one_legal_move_needs_no_search() -> None:
    match = _first_choice("toy", 2, "random")
    decision = match.decision
    assert decision is not None
    only = match.legal(0)[:1]
    info = InformationSet.of(match.game, match.state.clone(), 0, 5)
    advice = advise(match.game, info, match.view(0), only, decision, 1)
    assert (advice.index, advice.trials, advice.runner_up) == (0, 0, None)


def test_a_seat_that_follows_its_hints_plays_a_game_to_the_end() -> None:
    game = get_game("toy")  # no heuristic: the search plays out at random
    match = Match.new(game, {}, 4, ["hints", "random"])
    bots = [HintBot(game, 1, Budget(iterations=20)), make_bot("random", 2, game)]
    while (decision := match.decision) is not None:
        seat = decision.seats[0]
        info = InformationSet.of(game, match.state, seat, 9, moves=match.version)
        match.act(seat, bots[seat].choose(match.view(seat), match.legal(seat), decision, info))
    assert match.outcome() is not None
