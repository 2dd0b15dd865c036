"""The Climate edition with the Flight expansion (``edition=climate``, ``expansions=flight``;
docs/rules/northstar.md "Climate with Flight"): the setup, random and greedy games that keep
every card and food token accounted for, the RL encoding, and the other option sets'
encodings unchanged."""

from __future__ import annotations

import random

import pytest

from evolutio.games.northstar.climate import SET_ASIDE
from evolutio.games.northstar.game import GAME
from evolutio.games.northstar.heuristic import HEURISTIC
from evolutio.games.northstar.state import State

BOTH = {"edition": "climate", "expansions": ["flight"]}
#: Climate's 177 trait cards and Flight's 34 trait and 14 event cards.
DECK = 177 + 34 + 14


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_sets_aside_by_player_count_only(players: int) -> None:
    state = GAME.new({"players": players, **BOTH}, players)
    assert state.climate is not None and state.flight is not None
    assert len(state.cards) == DECK + 12
    aside = SET_ASIDE[players]
    assert len(state.climate.set_aside) == (DECK // 2 if aside is None else aside)
    assert state.flight.reserve == [] and len(state.flight.supply) == 12
    assert len(state.climate.icons) == len(state.cards)
    flight_cards = [c for c, (card, _) in enumerate(state.cards)
                    if card in ("flight", "dive_bomb", "brood_parasite", "nesting")
                    or card.startswith("event_")]
    assert len(flight_cards) == 48 + 12
    assert all(state.climate.icons[c] == 0 for c in flight_cards)
    assert any(state.climate.icons[c] for c in range(len(state.cards)))


def accounted(state: State) -> None:
    """Every card is in exactly one place; every food token put into play is somewhere."""
    fl, climate = state.flight, state.climate
    assert fl is not None and climate is not None
    places = list(state.deck) + state.discard + fl.reserve + fl.supply + climate.set_aside
    for player in state.players:
        places += player.hand
        places += [c for s in player.species for c in s.traits]
        if player.food_card is not None:
            places.append(player.food_card)
    assert sorted(places) == list(range(len(state.cards)))
    food = state.watering_hole + fl.cliff + sum(fl.upkeep.values()) + sum(
        p.bag + sum(s.food + s.fat for s in p.species) for p in state.players)
    assert food == state.food_in - state.food_out
    for player in state.players:
        for species in player.species:
            assert len(species.traits) <= 4
            flights = [c for c in species.traits if state.cards[c][0] == "flight"]
            assert len(flights) <= 1
            assert not flights or species.body <= 3


@pytest.mark.parametrize("players", [2, 4, 6])
def test_random_and_greedy_games_keep_cards_and_food(players: int) -> None:
    seen: set[str] = set()
    events: set[str] = set()
    for seed in range(3):
        state = GAME.new({"players": players, **BOTH}, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            decision = GAME.decision(state)
            assert decision is not None
            seat = rng.choice(decision.seats)
            legal = GAME.legal_actions(state, seat)
            if seed == 2:
                action = HEURISTIC.choose(GAME.view(state, seat), legal, decision, rng)
            else:
                action = rng.choice(legal)
            seen.add(action.type)
            events.update(e.type for e in GAME.apply(state, seat, action))
            accounted(state)
        other = GAME.determinize(state, 0, random.Random(seed))
        assert other.climate is not None and other.flight is not None
    assert {"avian", "cliff"} <= seen
    assert {"climate_moved", "cliff_filled"} <= events


def test_the_view_names_the_climate_and_the_cliff() -> None:
    state = GAME.new({"players": 3, **BOTH}, 4)
    view = GAME.view(state, 0)
    assert view["climate"]["zone"] == "temperate"
    assert view["flight"] == {"cliff": 0, "reserve_size": 0, "flight_cards": 12}
    hand = view["players"][0]["hand"]
    assert hand and all("climate" in card for card in hand)


def faces(state: State, action: object) -> list[tuple[str, int]]:
    """The (trait, food value) of the cards an action discards or plays, the lower first."""
    cards = [getattr(action, key, None) for key in ("card", "extra")]
    return sorted(state.cards[c] for c in cards if isinstance(c, int))


@pytest.mark.parametrize("seed", [0, 1])
def test_the_encoding_names_every_legal_action(seed: int) -> None:
    """Every legal action has an index that maps back to it or to the same choice; the
    observation carries the climate segment."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from evolutio.rl.codec import Codec

    codec = Codec("northstar", {"players": 3, **BOTH})
    assert "climate" in codec.observation_layout.offsets
    state = codec.game.new(codec.options, seed)
    rng = random.Random(seed)
    kinds: set[str] = set()
    while (decision := codec.game.decision(state)) is not None:
        seat = rng.choice(decision.seats)
        actions = codec.game.legal_actions(state, seat)
        by_index = codec.legal(state, seat)
        for action in actions:
            index = codec.encoding.action_index(state, seat, action)
            assert index is not None and 0 <= index < codec.action_size, action
            back = by_index[index]
            if back != action:
                first, second = state.clone(), state.clone()
                codec.game.apply(first, seat, action)
                codec.game.apply(second, seat, back)
                if not np.array_equal(codec.observe(first, seat), codec.observe(second, seat)):
                    # as in the Climate layout, only a food card names its icons: two plays
                    # of cards alike in trait and food value share an index
                    assert type(back) is type(action) and faces(state, back) == faces(
                        state, action), (action, back)
            kinds.add(action.type)
        seen = codec.observe(state, seat)
        start = codec.observation_layout.offsets["climate"]
        assert seen[start:start + 7].sum() == 1.0  # the marker's zone
        codec.game.apply(state, seat, rng.choice(actions))
    assert {"avian", "cliff", "food"} <= kinds


@pytest.mark.parametrize(("options", "actions", "observation"), [
    ({"players": 2}, 38_297, 1_352),
    ({"players": 5}, 38_729, 2_345),
    ({"players": 2, "expansions": ["flight"]}, 244_849, 1_761),
    ({"players": 3, "expansions": ["flight"]}, 244_993, 2_176),
    ({"players": 3, "edition": "climate"}, 52_295, 6_931),
    ({"players": 6, "edition": "climate"}, 52_727, 8_068),
])
def test_the_other_option_sets_keep_their_layouts(options: dict[str, object], actions: int,
                                                   observation: int) -> None:
    """The combination's layout is its own: every other option set keeps its sizes."""
    pytest.importorskip("numpy")
    pytest.importorskip("gymnasium")  # evolutio.rl needs the rl extra
    from evolutio.rl.codec import Codec

    codec = Codec("northstar", options)
    assert (codec.action_size, codec.observation_size) == (actions, observation)
