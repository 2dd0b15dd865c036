"""The card draw in another player's turn (seed 003, "Pesca di Carte"): the turn's decision
lists the seat whose turn it is first, then every seat that may still make the draw; it is
an open decision, not a simultaneous one, so the faces tell every action and may take a
turn's build step back, and a clock keeps the hand of a seat aside."""

from __future__ import annotations

from evolutio.core.match import Match
from evolutio.games.darwin.actions import Create, DrawSplit, Keep, Redraw
from evolutio.games.darwin.game import GAME
from evolutio.server import history


def era_start(seed: int = 7) -> Match:
    """A 3-player game after the opening hands, at seat 0's first turn."""
    match = Match.new(GAME, {"players": 3}, seed, ["A", "B", "C"])
    while (decision := match.decision) is not None and decision.kind == "draw":
        seat = decision.seats[0]
        match.act(seat, DrawSplit(5, 5))
    return match


def test_the_turn_is_open_to_the_card_draw_of_the_others() -> None:
    match = era_start()
    decision = match.decision
    assert decision is not None and decision.kind == "turn"
    assert decision.seats == (0, 1, 2) and decision.open and not decision.simultaneous
    assert not history.hidden(decision)
    assert match.refusal(1) is None
    hand = match.state.hands[1]
    assert match.legal(1) == [Keep(), *(Redraw(c) for c in hand)]
    assert GAME.default_action(match.state, 1) == Keep()
    match.act(2, Keep())
    after = match.decision
    assert after is not None and after.seats == (0, 1)
    match.act(1, Redraw(hand[0]))
    drawing = match.decision
    assert drawing is not None and drawing.seats == (1,) and drawing.kind == "draw"
    match.act(1, DrawSplit(5, 4))
    assert len(match.state.hands[1]) == 10
    back = match.decision
    assert back is not None and back.seats == (0,) and not back.open


def test_a_build_step_in_an_open_turn_may_be_taken_back() -> None:
    """The server offers an undo only outside hidden choices: an open turn is not one."""
    for seed in range(20):
        match = era_start(seed)
        decision = match.decision
        assert decision is not None and decision.open
        create = next((a for a in match.legal(0) if isinstance(a, Create)), None)
        if create is None:
            continue
        before = match.state.clone()
        events = match.act(0, create)
        assert GAME.undoable(before, 0, create, events)
        match.rewind(before)
        assert match.decision == decision
        return
    raise AssertionError("no seed offered a creation at the first turn")
