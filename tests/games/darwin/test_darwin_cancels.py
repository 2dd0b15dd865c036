"""Taking a species build back is bounded per turn (docs/rules/darwin.md, "Taking a build
back"): after three cancels, creating and mutating are no longer offered that turn, so that
every turn ends, and the bound resets with the next turn."""

from __future__ import annotations

import random

from evolutio.core.game import IllegalAction
from evolutio.core.match import Match
from evolutio.games.darwin.actions import Cancel, Create, Mutate
from evolutio.games.darwin.rules import MAX_CANCELS


def a_turn_with_a_creation(seed: int) -> Match:
    """A 3-player game played at random until a turn offers a creation."""
    rng = random.Random(seed)
    match = Match.new("darwin", {"players": 3}, seed, ["A", "B", "C"])
    while True:
        decision = match.decision
        assert decision is not None
        seat = decision.seats[0]
        legal = match.legal(seat)
        if decision.kind == "turn" and any(isinstance(a, Create) for a in legal):
            return match
        match.act(seat, rng.choice([a for a in legal if not isinstance(a, Create)] or legal))


def test_three_cancels_end_building_for_the_turn() -> None:
    match = a_turn_with_a_creation(5)
    assert match.decision is not None
    seat = match.decision.seats[0]
    create = next(a for a in match.legal(seat) if isinstance(a, Create))
    for _ in range(MAX_CANCELS):
        match.act(seat, create)
        assert Cancel() in match.legal(seat)
        match.act(seat, Cancel())
    legal = match.legal(seat)
    assert legal and not any(isinstance(a, (Create, Mutate)) for a in legal)
    try:
        match.act(seat, create)
    except IllegalAction as refused:
        assert f"at most {MAX_CANCELS} times a turn" in refused.reason
    else:
        raise AssertionError("a fourth build was allowed")
    # the next turn may build again
    match.act(seat, next(a for a in legal if a.type == "pass"))
    state = match.state
    assert state.cancelled == 0
