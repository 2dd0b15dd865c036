"""Invariants of Evolution over random legal games (Hypothesis).

Random games with random seeds, 2-8 players and every combination of card sets always end;
no card or food token appears or vanishes; every listed action applies; unlisted actions
are refused with a reason and change nothing; records replay identically; a seat's view does
not change when what it cannot see is resampled.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from evolutio.core.game import IllegalAction, OptionError
from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.core.registry import get_game
from evolutio.games.evolution.actions import ACTION_TYPES
from evolutio.games.evolution.cards import card_sets
from evolutio.games.evolution.trait import TRAIT_SETS

#: random games by the hundred: CI runs them against the compiled build (scripts/test)
pytestmark = pytest.mark.heavy

GAME = get_game("evolution")
MAX_ACTIONS = 5000

PLAYABLE_SETS = [s for s in card_sets() if s != "base" and s in TRAIT_SETS.values()]
#: every combination of the sets but Plants, then Plants alone, with each other set, and with
#: them all (Plants replaces the food base, so it meets the others there: every combination
#: of it would double the runs for little more)
OTHER_SETS = [s for s in PLAYABLE_SETS if s != "plants"]
COMBINATIONS = [
    ["base", *combo]
    for n in range(len(OTHER_SETS) + 1)
    for combo in itertools.combinations(OTHER_SETS, n)
]
if "plants" in PLAYABLE_SETS:
    COMBINATIONS += [["base", "plants"], *(["base", s, "plants"] for s in OTHER_SETS),
                     ["base", *OTHER_SETS, "plants"]]
SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def new_game(seed: int, players: int, expansions: list[str], edition: int = 3) -> Any:
    try:
        options = GAME.normalize_options(
            {"players": players, "expansions": expansions, "edition": edition}
        )
    except OptionError:
        assume(False)
    return GAME.new(options, seed)


def card_census(state: Any) -> Counter[int]:
    """Every card id where it lies: deck, hands, discards, animals, traits, links, shells."""
    snap = GAME.snapshot(state)
    seen: Counter[int] = Counter(snap["deck"])
    for player in snap["players"]:
        seen.update(player["hand"])
        seen.update(player["discard"])
    for animal in snap["animals"].values():
        if animal["card"] is not None:  # None: traits left by Regeneration, card discarded
            seen[animal["card"]] += 1
        seen.update(animal["trait_cards"])
    for link in snap["links"].values():
        seen[link["card"]] += 1
    seen.update(snap.get("table_cards", []))
    flora = state.flora  # Plants: the plant traits' cards on plants, Mycorrhiza's links
    if flora is not None:
        seen.update(card for plant in flora.plants.values() for card, _ in plant.traits)
        seen.update(card for card, _, _ in flora.links)
    return seen


def food_balance(state: Any) -> tuple[int, int]:
    snap = GAME.snapshot(state)
    on_table = snap["food_bank"] + sum(a["food"] + a["fat"] for a in snap["animals"].values())
    on_table += sum(snap.get("food_banks", {}).values()) if "food_banks" in snap else 0
    # Plants: the food base is the plants' red tokens (no food bank)
    on_table += sum(p["food"] for p in snap.get("flora", {}).get("plants", {}).values())
    return on_table, snap["food"]["created"] - snap["food"]["removed"]


def play_random(state: Any, rng: random.Random, each_step: Any = None) -> list[tuple[int, Any]]:
    actions = []
    for _ in range(MAX_ACTIONS):
        decision = GAME.decision(state)
        if decision is None:
            return actions
        (seat,) = decision.seats  # Evolution asks one seat at a time
        legal = GAME.legal_actions(state, seat)
        assert legal, f"no legal action for {decision}"
        action = rng.choice(legal)
        if each_step:
            each_step(state, seat, legal)
        GAME.apply(state, seat, action)
        actions.append((seat, action))
    raise AssertionError(f"game did not end within {MAX_ACTIONS} actions")


@pytest.mark.parametrize("expansions", COMBINATIONS, ids="+".join)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 8), edition=st.sampled_from([2, 3]))
def test_random_games_end_and_conserve_cards_and_food(
    expansions: list[str], seed: int, players: int, edition: int
) -> None:
    state = new_game(seed, players, expansions, edition)
    total = len(state.card_faces)

    def invariants(s: Any, seat: int, legal: list[Any]) -> None:
        census = card_census(s)
        assert sum(census.values()) == total, "a card appeared or vanished"
        assert all(n == 1 for n in census.values()), "a card lies in two places"
        on_table, ledger = food_balance(s)
        assert on_table == ledger, "a food token appeared or vanished"

    play_random(state, random.Random(seed), invariants)
    invariants(state, 0, [])
    result = GAME.outcome(state)
    assert result is not None and len(result.scores) == players
    assert min(result.ranks) == 1


@pytest.mark.parametrize("expansions", COMBINATIONS, ids="+".join)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 8))
def test_listed_actions_apply_and_unlisted_are_refused(
    expansions: list[str], seed: int, players: int
) -> None:
    state = new_game(seed, players, expansions)
    rng = random.Random(seed ^ 0x5EED)
    probes = 0

    def probe(s: Any, seat: int, legal: list[Any]) -> None:
        nonlocal probes
        if rng.random() > 0.15:
            return
        probes += 1
        before = GAME.snapshot(s)
        for action in legal:
            GAME.check(s, seat, action)
        legal_json = [a.to_json() for a in legal]
        for candidate in candidate_actions(s, rng):
            try:
                action = GAME.action_from_json(candidate)
            except IllegalAction as exc:
                assert exc.reason
                continue
            if action.to_json() in legal_json:
                GAME.check(s, seat, action)
                continue
            with pytest.raises(IllegalAction) as refused:
                GAME.check(s, seat, action)
            assert refused.value.reason.strip(), "a refusal must give a reason"
            try:
                GAME.apply(s, seat, action)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"apply accepted unlisted {action}")
        assert GAME.snapshot(s) == before, "a refused action changed the state"

    play_random(state, random.Random(seed), probe)


def candidate_actions(state: Any, rng: random.Random) -> list[dict[str, Any]]:
    """Well-formed JSON of every action type, with ids that exist and some that do not."""
    snap = GAME.snapshot(state)
    animals = [int(a) for a in snap["animals"]] + [999]
    cards = [c for p in snap["players"] for c in p["hand"]] + [9999]
    cards += [c for a in snap["animals"].values() for c in a["trait_cards"]]
    cards += [link["card"] for link in snap["links"].values()]
    cards += list(snap.get("table_cards", []))
    links = [int(link) for link in snap["links"]] + [777]
    traits = sorted(TRAIT_SETS)
    pools: dict[str, Any] = {
        "animal": lambda: rng.choice(animals),
        "target": lambda: rng.choice(animals),
        "card": lambda: rng.choice(cards),
        "link": lambda: rng.choice(links),
        "trait": lambda: rng.choice(traits),
        "animals": lambda: [rng.choice(animals), rng.choice(animals)],
    }
    out: list[dict[str, Any]] = []
    for kind, cls in sorted(ACTION_TYPES.items()):
        names = [f.name for f in dataclasses.fields(cls)]
        for _ in range(6 if names else 1):
            data: dict[str, Any] = {"type": kind}
            for name in names:
                data[name] = pools[name]() if name in pools else rng.randint(0, 3)
            out.append(data)
    out += [{"type": "bogus"}, {"type": "eat"}, {"type": "eat", "animal": "x"}]
    return out


@pytest.mark.parametrize("expansions", COMBINATIONS, ids="+".join)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 8))
def test_records_replay_identically(expansions: list[str], seed: int, players: int) -> None:
    state = new_game(seed, players, expansions)
    actions = play_random(state, random.Random(seed))
    record = Record("evolution", dict(state.options), seed)
    for seat, action in actions:
        record.add(seat, action)
    again = Match.from_record(Record.from_json(record.to_json())).state
    assert GAME.snapshot(again) == GAME.snapshot(state)


@pytest.mark.parametrize("expansions", COMBINATIONS, ids="+".join)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 8))
def test_views_do_not_change_when_hidden_information_is_resampled(
    expansions: list[str], seed: int, players: int
) -> None:
    state = new_game(seed, players, expansions)
    rng = random.Random(seed)

    def resample(s: Any, seat: int, legal: list[Any]) -> None:
        if rng.random() > 0.1:
            return
        for seat in range(s.num_players):
            other = GAME.determinize(s, seat, random.Random(rng.random()))
            assert GAME.view(other, seat) == GAME.view(s, seat)
            assert sorted(card_census(other).elements()) == sorted(card_census(s).elements())

    play_random(state, random.Random(seed), resample)


def test_views_hide_other_hands_and_discards() -> None:
    state = GAME.new({"players": 3}, 11)
    view = GAME.view(state, 0)
    assert view["players"][0]["hand"] is not None
    assert view["players"][1]["hand"] is None and view["players"][2]["discard"] is None
    assert "deck" not in view
    spectator = GAME.view(state, None)
    assert all(p["hand"] is None for p in spectator["players"])
