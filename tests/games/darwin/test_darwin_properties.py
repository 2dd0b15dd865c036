"""Invariants of Darwin's Choice over random legal games (Hypothesis).

Random games with random seeds, player counts and variants always end; every card is in
exactly one place (decks, discards, market, hands, species, a build in progress); every
species is well formed; no seat's view shows another seat's hidden hand or build; a seat's
view is unchanged when what it cannot see is resampled; records replay to the same scores.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evolutio.core.game import IllegalAction
from evolutio.core.match import Match, replay
from evolutio.core.registry import get_game
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.cards import load_catalog
from evolutio.games.darwin.state import State

#: random games by the hundred: CI runs them against the compiled build (scripts/test)
pytestmark = pytest.mark.heavy

GAME = get_game("darwin")
CARDS = len(load_catalog().cards)
MAX_ACTIONS = 6000
SETTINGS = settings(max_examples=10, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
OPTIONS = st.fixed_dictionaries({
    "players": st.integers(2, 6),
    "eras": st.sampled_from([3, 4]),
    "variant": st.sampled_from(["standard", "standard", "beginner", "children",
                                "cooperative"]),
})


def census(state: State) -> Counter[int]:
    seen: Counter[int] = Counter()
    for pile in (state.small, state.large, state.small_discard, state.large_discard,
                 state.market):
        seen.update(pile)
    for hand in state.hands:
        seen.update(hand)
    for sp in state.species.values():
        seen.update(sp.cards)
    if state.build is not None:
        if state.build.kind == "create":
            seen.update(state.build.added)
        else:
            seen.update(c for c in state.build.removed if c not in seen)
    return seen


def check_invariants(state: State) -> None:
    seen = census(state)
    assert sorted(seen) == list(range(CARDS)), "a card appeared or vanished"
    assert max(seen.values()) == 1, "a card lies in two places"
    for sp in state.species.values():
        if state.build is not None and state.build.species == sp.id:
            continue
        assert bio.complete(sp.cards), f"species {sp.id} is malformed: {sp.cards}"
        assert 0 <= sp.pos < len(state.positions)
    assert sum(1 for sp in state.species.values()) == len(state.species)


def check_views(state: State) -> None:
    for seat in range(state.num_players):
        view = GAME.view(state, seat)
        for other, player in enumerate(view["players"]):
            if other != seat and not state.beginner:
                assert player["hand"] is None
            if state.coop and state.shown:
                mates = (seat, (seat + 2) % 4)
                assert isinstance(player["shown"], list) == (other in mates)
        if view["build"] is not None and seat != state.current:
            assert isinstance(view["build"]["added"], int)


def play(options: dict[str, Any], seed: int, every: int = 1) -> Match:
    if options.get("variant") == "cooperative":
        options = {**options, "players": 4}
    match = Match.new(GAME, options, seed)
    rng = random.Random(seed)
    for count in range(MAX_ACTIONS):
        seats = match.pending()
        if not seats:
            return match
        seat = seats[0]
        legal = match.legal(seat)
        assert legal, f"seat {seat} must act but has no legal action"
        match.act(seat, rng.choice(legal))
        if count % every == 0:
            check_invariants(match.state)
    raise AssertionError("the game did not end")


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 10_000))
def test_random_games_keep_their_invariants(options: dict[str, Any], seed: int) -> None:
    match = play(options, seed)
    outcome = match.outcome()
    assert outcome is not None
    own = [match.state.score(s) for s in range(len(outcome.scores))]
    if match.state.coop:
        own = [own[s] + own[(s + 2) % 4] for s in range(4)]
    assert list(outcome.scores) == own
    check_views(match.state)


@SETTINGS
@given(options=OPTIONS, seed=st.integers(0, 10_000))
def test_records_replay_to_the_same_scores(options: dict[str, Any], seed: int) -> None:
    match = play(options, seed, every=50)
    record = match.finish_record()
    *_, (last, _) = replay(record)
    assert last.outcome() == match.outcome()
    assert GAME.snapshot(last.state) == GAME.snapshot(match.state)


@SETTINGS
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), stop=st.integers(5, 300))
def test_views_hide_hands_and_survive_determinization(seed: int, players: int,
                                                      stop: int) -> None:
    match = Match.new(GAME, {"players": players}, seed)
    rng = random.Random(seed)
    for _ in range(stop):
        seats = match.pending()
        if not seats:
            break
        match.act(seats[0], rng.choice(match.legal(seats[0])))
    state = match.state
    check_views(state)
    for seat in range(players):
        other = GAME.determinize(state, seat, random.Random(seed + seat))
        check_invariants(other)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert other.market == state.market
        assert {k: v.cards for k, v in other.species.items()} == {
            k: v.cards for k, v in state.species.items()}


def test_every_listed_action_applies_and_others_are_refused_unchanged() -> None:
    match = Match.new(GAME, {"players": 3}, 11)
    rng = random.Random(11)
    for _ in range(400):
        seats = match.pending()
        if not seats:
            break
        seat = seats[0]
        legal = match.legal(seat)
        for action in GAME.legal_actions(match.state, seat):
            GAME.check(match.state, seat, action)
        before = GAME.snapshot(match.state)
        # a seat not deciding (seats aside in a turn may only make the card draw)
        for other in (s for s in range(3) if s not in seats):
            for action in legal[:3]:
                with pytest.raises(IllegalAction, match="not your turn"):
                    GAME.check(match.state, other, action)
        for aside in seats[1:]:
            for action in legal:
                if action.type not in ("keep", "redraw"):
                    with pytest.raises(IllegalAction, match="not your turn"):
                        GAME.check(match.state, aside, action)
        assert GAME.snapshot(match.state) == before
        match.act(seat, rng.choice(legal))
