"""What the engine keeps between decisions is invisible: the index of the links by animal
(``State.link_index``), the development tables (``State.stopped``) and the action objects
kept across the games of the process (``State.rows``, ``State.made``: kept.py) must give
exactly what a state without them gives, on the game itself, on its clones after they went
their own way, and on its determinized copies."""

from __future__ import annotations

import random

import pytest

from evolutio.core.registry import get_game
from evolutio.games.evolution import kept
from evolutio.games.evolution.development import _TABLES
from evolutio.games.evolution.linkindex import link_index
from evolutio.games.evolution.state import State

GAME = get_game("evolution")
DECKS = (
    ["base"],
    ["base", "time_to_fly", "gift"],
    ["base", "continents"],
    ["base", "time_to_fly", "gift", "continents"],
    ["base", "time_to_fly", "gift", "continents", "ice_age"],
)
CONFIGS = [(deck, players, edition) for deck in DECKS for players in (2, 4) for edition in (2, 3)]


def bare(state: State) -> State:
    """A copy of ``state`` with nothing kept: the index and the tables start empty."""
    copy = state.clone()
    copy.link_index = None
    copy.stopped = {}
    copy.rows = {}
    copy.made = {}
    return copy


def assert_same(state: State, seat: int) -> bool:
    """The kept index matches the links, and the listing matches a bare copy's; says
    whether there was an index to compare."""
    index = state.link_index
    assert GAME.legal_actions(state, seat) == GAME.legal_actions(bare(state), seat)
    if index is not None:
        assert index.same(link_index(bare(state)))
    return index is not None


@pytest.mark.parametrize(("deck", "players", "edition"), CONFIGS)
def test_kept_tables_match_fresh_ones(deck: list[str], players: int, edition: int) -> None:
    """At every decision of two random games, and on clones played on a few moves at random
    points (the parent checked again afterwards), and on determinized copies."""
    rng = random.Random(players * 10 + edition + len(deck))
    options = {"players": players, "expansions": deck, "edition": edition}
    compared = 0
    for seed in (1, 2):
        state = GAME.new(options, seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            compared += assert_same(state, seat)
            if rng.random() < 0.05:
                side = state.clone() if rng.random() < 0.5 else GAME.determinize(state, seat, rng)
                for _ in range(6):
                    now = GAME.decision(side)
                    if now is None:
                        break
                    assert_same(side, now.seats[0])
                    choice = rng.choice(GAME.legal_actions(side, now.seats[0]))
                    GAME.apply(side, now.seats[0], choice)
                assert_same(state, seat)
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert compared > 0  # the games made paired traits, and an index was kept


def test_new_games_share_action_objects_until_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two new games of a process list the very same action objects for the same card on
    the same animal; past ``kept.LIMIT`` a new game starts with fresh tables, and listings
    stay those of a bare copy either way."""
    options = {"players": 2, "expansions": ["base"]}
    first, second = GAME.new(options, 5), GAME.new(options, 6)
    assert first.made is second.made and first.rows is second.rows
    monkeypatch.setattr(kept, "LIMIT", 0)
    kept.made_rows[0] = 1
    third = GAME.new(options, 7)
    assert third.made is not first.made and third.rows is not first.rows
    rng = random.Random(3)
    for state in (first, third):
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            assert_same(state, seat)
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_stopped_faces_by_name_match_the_faces_each_trait_is_stopped_by() -> None:
    """The faces a tuple of trait names stops, found as the union of what each name stops,
    are those whose stopping names meet the tuple (the table's definition)."""
    tables = _TABLES.ready()
    names = sorted(tables.stops)
    rng = random.Random(11)
    for size in range(5):
        for _ in range(40):
            held = tuple(rng.choice(names) for _ in range(size))
            union = frozenset().union(*[tables.stopped_by[name] for name in held])
            assert union == {face for face, stops in tables.stops.items() if set(held) & stops}
