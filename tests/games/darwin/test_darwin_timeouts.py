"""A timeout never passes away the era while the hand makes a species that stands
(docs/rules/darwin.md, "Timeouts"; passing is final for the era, R-D50)."""

from __future__ import annotations

import random

import pytest

from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.games.darwin.timeout import creations

GAME = get_game("darwin")


def could_create(match: Match, seat: int) -> bool:
    """A ``create`` is legal where the seat has no species and a creation stands."""
    state = match.state
    mine = {sp.pos for sp in state.owned(seat)}
    return any(
        a.type == "create" and a.habitat not in mine  # type: ignore[attr-defined]
        and next(creations(state, seat, a.habitat, state.hands[seat]), None)  # type: ignore[attr-defined]
        for a in match.legal(seat)
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_timeouts_create_a_species_instead_of_passing(seed: int) -> None:
    match = Match.new(GAME, {"players": 3}, seed, keep=False)
    rng = random.Random(seed)
    created = 0
    for _ in range(1500):
        if match.over:
            break
        seat = match.pending()[0]
        legal = match.legal(seat)
        chosen = match.default_action(seat)
        assert chosen in legal
        decision = match.decision
        assert decision is not None
        if decision.kind == "turn" and not match.state.passed[seat] and could_create(
            match, seat
        ):
            assert chosen.type == "create"
            before = len(match.state.owned(seat))
            # the seat times out on every step of the build: it ends with the new species
            match.act(seat, chosen)
            while match.state.build is not None:
                step = match.default_action(seat)
                assert step.type in ("add", "done")
                match.act(seat, step)
            assert len(match.state.owned(seat)) == before + 1
            assert not match.state.passed[seat]
            created += 1
            continue
        if decision.kind == "turn" and chosen.type == "pass":
            assert not could_create(match, seat)
        match.act(seat, chosen if rng.random() < 0.2 else rng.choice(legal))
    assert created > 0
