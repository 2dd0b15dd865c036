"""Invariants of North Star's Evolution over random legal games (Hypothesis).

Random games with random seeds, player counts and options always end; no card or food token
appears or vanishes; body size and population stay within 1..6; no seat's view shows another
seat's hand, unrevealed food card or face-down trait, not even during the food choice; a seat's
view is unchanged by ``determinize``; records replay to the same scores; unlisted actions are
refused and change nothing.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.core.game import IllegalAction
from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.games.northstar.actions import Attack, ChooseFood, Eat, PlayTrait
from evolutio.games.northstar.game import GAME
from evolutio.games.northstar.state import State

#: random games by the hundred: CI runs them against the compiled build (scripts/test)
pytestmark = pytest.mark.heavy

MAX_ACTIONS = 4000
SETTINGS = settings(max_examples=25, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

OPTIONS = st.one_of(
    st.builds(lambda n, b, t: {"players": n, "hard_shell_bonus": b, "two_player_deck": t},
              st.integers(2, 5), st.sampled_from([3, 4]), st.sampled_from(["reduced", "full"])),
    st.builds(lambda n: {"players": n, "deck": "northstar"}, st.integers(2, 6)),
)


def census(state: State) -> Counter[int]:
    seen: Counter[int] = Counter(state.deck)
    seen.update(state.discard)
    for player in state.players:
        seen.update(player.hand)
        if player.food_card is not None:
            seen[player.food_card] += 1
        for species in player.species:
            seen.update(species.traits)
    return seen


def food_in_play(state: State) -> int:
    return state.watering_hole + sum(
        p.bag + sum(s.food + s.fat for s in p.species) for p in state.players
    )


def hidden_ids(state: State, seat: int) -> set[int]:
    """Card ids ``seat`` may not see: others' hands, food cards and face-down traits, and
    the draw pile."""
    out = set(state.deck)
    for other, player in enumerate(state.players):
        if other == seat:
            continue
        out.update(player.hand)
        if player.food_card is not None:
            out.add(player.food_card)
        out.update(c for s in player.species for c in s.traits if c in state.face_down)
    return out


def shown_ids(view: Any) -> set[int]:
    found: set[int] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "card" in node and isinstance(node["card"], int):
                found.add(node["card"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view)
    return found


def check_invariants(state: State) -> None:
    total = len(state.cards)
    seen = census(state)
    assert all(count == 1 for count in seen.values()), "a card lies in two places"
    lost = total - sum(seen.values())
    assert lost >= 0
    if lost:  # R-N38: only when both piles ran out
        assert not state.deck and not state.discard
    assert food_in_play(state) == state.food_in - state.food_out
    for player in state.players:
        for species in player.species:
            assert 1 <= species.body <= 6 and 1 <= species.pop <= 6
            assert 0 <= species.food <= species.pop
            assert species.fat >= 0
            names = [state.cards[c][0] for c in species.traits]
            assert len(names) == len(set(names))
            assert len(names) <= (2 if len(state.players) == 2 else 3)
    for seat in range(len(state.players)):
        view = GAME.view(state, seat)
        leaked = shown_ids(view) & hidden_ids(state, seat)
        assert not leaked, f"seat {seat} sees hidden cards {leaked}"
        for other, player in enumerate(view["players"]):
            if other != seat:
                assert player["hand"] is None and player["food_card"] is None
    assert not shown_ids(GAME.view(state, None)) & hidden_ids(state, -1)


def play(options: dict[str, Any], seed: int, check: bool = True) -> Match:
    rng = random.Random(seed)
    match = Match.new(GAME, options, seed)
    for _ in range(MAX_ACTIONS):
        decision = GAME.decision(match.state)
        if decision is None:
            return match
        seat = rng.choice(decision.seats)
        legal = GAME.legal_actions(match.state, seat)
        assert legal
        if check:
            check_invariants(match.state)
        match.act(seat, rng.choice(legal))
    raise AssertionError("the game did not end")


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2**30))
def test_random_games_keep_invariants_and_end(options: dict[str, Any], seed: int) -> None:
    match = play(options, seed)
    check_invariants(match.state)
    outcome = GAME.outcome(match.state)
    assert outcome is not None and len(outcome.scores) == options["players"]


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2**30))
def test_records_replay_to_the_same_scores(options: dict[str, Any], seed: int) -> None:
    match = play(options, seed, check=False)
    record = Record.from_json(json.loads(match.record.dumps()))
    again = Match.from_record(record)
    assert GAME.outcome(again.state) == GAME.outcome(match.state)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**30), stop=st.integers(0, 300))
def test_determinize_keeps_the_seats_view(options: dict[str, Any], seed: int,
                                          stop: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for _ in range(stop):
        decision = GAME.decision(state)
        if decision is None:
            break
        seat = rng.choice(decision.seats)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for seat in range(len(state.players)):
        before = GAME.view(state, seat)
        sampled = GAME.determinize(state, seat, random.Random(seed + seat))
        assert GAME.view(sampled, seat) == before
        assert GAME.view(state, seat) == before
        assert sorted(census(sampled)) == sorted(census(state))
        decision = GAME.decision(sampled)
        if decision is not None:
            for s in decision.seats:
                for action in GAME.legal_actions(sampled, s)[:5]:
                    GAME.check(sampled, s, action)


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 2**30), stop=st.integers(0, 200))
def test_unlisted_actions_are_refused_and_change_nothing(options: dict[str, Any], seed: int,
                                                        stop: int) -> None:
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for _ in range(stop):
        decision = GAME.decision(state)
        if decision is None:
            return
        seat = rng.choice(decision.seats)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    decision = GAME.decision(state)
    if decision is None:
        return
    seat = decision.seats[0]
    legal = GAME.legal_actions(state, seat)
    ids = [s.id for p in state.players for s in p.species]
    cards = list(range(len(state.cards)))
    probes = [ChooseFood(rng.choice(cards)), Eat(rng.choice(ids)),
              Attack(rng.choice(ids), rng.choice(ids)),
              PlayTrait(rng.choice(cards), rng.choice(ids))]
    before = GAME.snapshot(state)
    for action in probes:
        if action in legal:
            continue
        try:
            GAME.check(state, seat, action)
        except IllegalAction as exc:
            assert exc.reason.strip()
        else:
            raise AssertionError(f"{action} is not listed but passes the check")
        assert GAME.snapshot(state) == before


def test_food_choice_is_hidden_from_the_other_seats() -> None:
    state = GAME.new({"players": 3}, 7)
    assert state.phase == "food"
    seat = GAME.decision(state).seats[0]  # type: ignore[union-attr]
    card = state.players[seat].hand[0]
    GAME.apply(state, seat, ChooseFood(card))
    for other in range(3):
        view = GAME.view(state, other)
        assert view["players"][seat]["food_chosen"] is True
        if other != seat:
            assert card not in shown_ids(view)
    assert card not in shown_ids(GAME.view(state, None))
