"""``can_create`` (is there a creation this hand allows in this habitat?) agrees with the rule
itself, checked by brute force: every subset of the hand that is a complete species is tried
with ``creation_viable``, the same test a ``create ... done`` must pass (R-D41, R-D55)."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from evolutio.core.registry import get_game
from evolutio.games.darwin import feasibility
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.feasibility import can_create, creation_viable
from evolutio.games.darwin.state import State

GAME = get_game("darwin")


def brute_force(state: State, seat: int, pos: int) -> bool:
    """Some subset of the hand is a complete species that stands there."""
    hand = state.hands[seat]
    for size in range(2, len(hand) + 1):
        for cards in combinations(hand, size):
            if bio.complete(list(cards)) and not creation_viable(state, seat, pos, list(cards)):
                return True
    return False


def states(options: dict[str, object], seed: int, every: int) -> list[State]:
    """Every ``every``-th state met in a random game at a turn decision."""
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    found = []
    step = 0
    while (now := GAME.decision(state)) is not None:
        seat = now.seats[0]
        if now.kind == "turn" and step % every == 0:
            found.append(state.clone())
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1
    return found


@pytest.mark.parametrize(
    ("options", "seed"),
    [
        ({"players": 4}, 1),
        ({"players": 3}, 2),
        ({"players": 5, "variant": "beginner"}, 3),
        ({"players": 2, "variant": "children"}, 4),
    ],
)
def test_can_create_agrees_with_brute_force(options: dict[str, object], seed: int) -> None:
    answers = {True: 0, False: 0}
    for state in states(options, seed, 3):
        seat = GAME.decision(state).seats[0]  # type: ignore[union-attr]
        for pos in range(len(state.positions)):
            feasibility._CREATE_CACHE.clear()
            fast = can_create(state, seat, pos)
            assert fast == brute_force(state, seat, pos), (options, seed, seat, pos)
            assert can_create(state, seat, pos) == fast  # the memoized answer too
            answers[fast] += 1
    # both answers occur, so the comparison says something either way
    assert answers[True] > 0 and answers[False] > 0, answers
