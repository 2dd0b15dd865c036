"""A timeout plays the safest legal move (docs/rules/northstar.md, "Timeouts"), checked at
every decision of seeded random games."""

from __future__ import annotations

import random

import pytest

from evolutio.core.match import Match
from evolutio.core.registry import get_game

GAME = get_game("northstar")


def lacks(match: Match, sid: int) -> int:
    found = match.state.find(sid)
    assert found is not None
    return max(0, found[2].pop - found[2].food)


def owner(match: Match, sid: int) -> int:
    found = match.state.find(sid)
    assert found is not None
    return int(found[0])


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_timeouts_feed_the_hungriest_and_attack_only_when_they_must(seed: int) -> None:
    match = Match.new(GAME, {"players": 3}, seed, keep=False)
    rng = random.Random(seed)
    fed = attacked = 0
    for _ in range(1500):
        if match.over:
            break
        seat = match.pending()[0]
        legal = match.legal(seat)
        chosen = match.default_action(seat)
        assert chosen in legal
        kinds = {a.type for a in legal}
        if "eat" in kinds:
            # plant food for the species that lacks most (R-N10: hungry species must eat)
            assert chosen.type == "eat"
            best = max(lacks(match, a.species) for a in legal if a.type == "eat")  # type: ignore[attr-defined]
            assert lacks(match, chosen.species) == best  # type: ignore[attr-defined]
            fed += 1
        if chosen.type == "attack":
            # only when feeding is compulsory, and another player's species first
            assert not kinds & {"eat", "pass", "done"}
            if owner(match, chosen.target) == seat:  # type: ignore[attr-defined]
                assert all(owner(match, a.target) == seat  # type: ignore[attr-defined]
                           for a in legal if a.type == "attack")
            attacked += 1
        if match.decision is not None and match.decision.kind == "play":
            # the hand is kept from round to round: ending the play phase loses no card
            assert chosen.type == "done"
        match.act(seat, chosen if rng.random() < 0.3 else rng.choice(legal))
    assert fed > 0
