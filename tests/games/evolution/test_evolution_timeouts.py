"""A timeout plays the safest legal move (docs/rules/evolution.md, "Timeouts"), checked at
every decision of seeded random games, base game and with expansions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.games.evolution.ops import need

GAME = get_game("evolution")


def hunger(match: Match, animal_id: int) -> int:
    animal = match.state.animals[animal_id]
    return max(0, need(match.state, animal) - animal.food)


def walk(options: dict[str, Any], seed: int, steps: int) -> dict[str, int]:
    """Random play, checking the timeout move at every decision; counts what was checked."""
    match = Match.new(GAME, options, seed, keep=False)
    rng = random.Random(seed)
    seen = {"develop": 0, "feed": 0, "defend": 0}
    for _ in range(steps):
        if match.over:
            break
        seat = match.pending()[0]
        legal = match.legal(seat)
        chosen = match.default_action(seat)
        assert chosen in legal
        kinds = {a.type for a in legal}
        kind = match.decision.kind if match.decision else ""
        if kind == "develop" and "animal" in kinds:
            # passing would end the seat's development for the phase (seed 004)
            assert chosen.type == "animal"
            seen["develop"] += 1
        if "eat" in kinds:
            # a red token for the hungriest animal before the step ends
            assert chosen.type == "eat"
            best = max(hunger(match, a.animal) for a in legal if a.type == "eat")  # type: ignore[attr-defined]
            assert hunger(match, chosen.animal) == best  # type: ignore[attr-defined]
            seen["feed"] += 1
        if kind == "defend" and kinds - {"accept"}:
            # Running, Tail loss or Mimicry before giving up the animal
            assert chosen.type != "accept"
            seen["defend"] += 1
        match.act(seat, chosen if rng.random() < 0.3 else rng.choice(legal))
    return seen


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_base_game_timeouts_never_pass_or_starve(seed: int) -> None:
    seen = walk({"players": 3}, seed, 400)
    assert seen["develop"] > 0 and seen["feed"] > 0


@pytest.mark.parametrize("edition", [2, 3])
def test_timeouts_with_every_card_set_defend_before_accepting(edition: int) -> None:
    sets = ["base", "time_to_fly", "gift", "continents", "ice_age"]
    options: dict[str, Any] = {"players": 4, "edition": edition, "expansions": sets}
    total = {"develop": 0, "feed": 0, "defend": 0}
    for seed in range(4, 10):
        for key, count in walk(options, seed, 600).items():
            total[key] += count
    assert total["develop"] > 0 and total["feed"] > 0 and total["defend"] > 0
