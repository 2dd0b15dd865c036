"""North Star's Climate edition beyond the scenarios: the validated loader of its data, the
setup by player count, the hidden information, the RL encoding, and the base game untouched
with the option off."""

from __future__ import annotations

import random
from array import array
from importlib import resources

import pytest

from evolutio.games.northstar import GAME, NorthStar
from evolutio.games.northstar.cards import CardListError
from evolutio.games.northstar.climate import cards_of
from evolutio.games.northstar.climate_cards import (
    CLIMATE_TRAITS,
    ZONES,
    load_climate,
    shipped_climate,
)
from evolutio.games.northstar.encoding import ENCODING
from evolutio.games.northstar.state import State

TEXT = (resources.files("evolutio.games.northstar.data").joinpath("climate.toml")
        .read_text(encoding="utf-8"))


def play(state: State, seed: int) -> State:
    rng = random.Random(seed)
    while GAME.outcome(state) is None:
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.seats[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_the_shipped_data_is_labelled_provisional_and_complete() -> None:
    data = shipped_climate()
    assert data.provisional and "project's own" in data.source
    assert len(data.deck()) == 177
    assert len(data.event_cards("cold")) == len(data.event_cards("hot")) == 15
    assert [z.id for z in data.zones] == list(ZONES)
    assert {t for t, _, _ in data.deck()} == set(CLIMATE_TRAITS)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("climate = [0, 1, -1, 0, 2, -2, 0]", "climate = [0, 1, -1, 0, 2, -2, 9]",
     r"card ambush: climate\[6\]: expected a whole number from -3 to 3"),
    ('id = "heavy_fur"\ncopies = 12', 'id = "heavy_fur"\ncopies = 11',
     "card heavy_fur: food: expected 11 values"),
    ('side = "cold"\nzones = ["cool", "cold"', 'side = "cold"\nzones = ["hot", "cold"',
     "event blizzard: zones: one per copy, each of freezing, cold, cool"),
    ('id = "scorching"', 'id = "boiling"', "zone: expected the zones"),
    ("provisional = true", "provisional = 1", "provisional: expected true or false"),
])
def test_the_loader_names_the_card_and_the_field(old: str, new: str, message: str) -> None:
    assert old in TEXT
    with pytest.raises(CardListError, match=message):
        load_climate(TEXT.replace(old, new, 1))


def test_the_loader_checks_the_deck_size() -> None:
    text = TEXT.replace('id = "nocturnal"\ncopies = 12\nfood = [2, 3, 4, 5, 1, 2, 3, 4, 0, 6, 3, 2]'
                        '\nclimate = [1, 0, 1, 2, -1, 1, 0, 1, 1, -2, 1, 0]',
                        'id = "nocturnal"\ncopies = 11\nfood = [2, 3, 4, 5, 1, 2, 3, 4, 0, 6, 3]'
                        '\nclimate = [1, 0, 1, 2, -1, 1, 0, 1, 1, -2, 1]')
    with pytest.raises(CardListError, match="climate: 176 cards with 17 carnivores"):
        load_climate(text)


def test_a_game_object_uses_another_climate_list() -> None:
    old = "plant = 2\nlose = 1\nbodies = [5, 6]"
    text = TEXT.replace(old, old.replace("plant = 2", "plant = 5"))
    game = NorthStar(climate_cards=load_climate(text))
    state = game.new({"players": 2, "edition": "climate"}, 1)
    assert cards_of(state).zones[ZONES.index("hot")].plant == 5
    assert cards_of(GAME.new({"players": 2, "edition": "climate"}, 1)).zones[5].plant == 2


@pytest.mark.parametrize(("players", "aside"), [(2, 88), (3, 60), (4, 30), (5, 0), (6, 0)])
def test_the_deck_is_trimmed_by_player_count(players: int, aside: int) -> None:
    state = GAME.new({"players": players, "edition": "climate"}, 7)
    assert len(state.cards) == 177
    assert len(state.climate.set_aside) == aside
    assert all(len(p.hand) == 5 for p in state.players)  # 4 + 1 for the one species
    assert len(state.deck) == 177 - aside - 5 * players
    assert ZONES[state.climate.zone] == "temperate"
    assert state.climate.cold is not None and state.climate.hot is not None


def test_the_option_off_has_no_climate_and_six_players_need_a_deck_only_off() -> None:
    assert GAME.new({"players": 2}, 3).climate is None
    assert GAME.normalize_options({"players": 6, "edition": "climate"})["players"] == 6
    assert "climate" not in GAME.view(GAME.new({"players": 2}, 3), 0)


def test_whole_games_end_and_the_view_shows_the_track() -> None:
    for players in (2, 3, 6):
        state = play(GAME.new({"players": players, "edition": "climate"}, players), players)
        view = GAME.view(state, 0)
        assert view["climate"]["zone"] in ZONES
        assert state.round >= 2


def test_determinize_hides_the_event_decks_order_and_keeps_the_track() -> None:
    state = GAME.new({"players": 3, "edition": "climate"}, 11)
    other = GAME.determinize(state, 0, random.Random(5))
    assert other.climate is not state.climate
    assert other.climate.zone == state.climate.zone
    assert sorted(other.climate.cold_deck) == sorted(state.climate.cold_deck)
    assert (other.climate.cold, other.climate.hot) == (state.climate.cold, state.climate.hot)


def test_the_encoding_indexes_every_legal_action_and_fills_the_climate_segment() -> None:
    options = GAME.normalize_options({"players": 3, "edition": "climate"})
    actions, observation = ENCODING.action_layout(options), ENCODING.observation_layout(options)
    assert ENCODING.action_layout(GAME.normalize_options({"players": 3})).size < actions.size
    for seed in range(3):
        state = GAME.new(options, seed)
        rng = random.Random(seed)
        while GAME.outcome(state) is None:
            decision = GAME.decision(state)
            assert decision is not None
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            indices = ENCODING.action_indices(state, seat, legal)
            assert all(i is not None and 0 <= i < actions.size for i in indices)
            out = array("f", bytes(4 * observation.size))
            ENCODING.observe(state, seat, out)
            zone = observation.offsets["climate"]
            assert sum(out[zone:zone + len(ZONES)]) == 1.0
            GAME.apply(state, seat, rng.choice(legal))


def test_climate_is_played_with_flight() -> None:
    """docs/rules/northstar.md, "Climate with Flight": the two combine; only the Climate's
    cards are set aside (test_northstar_climate_flight.py has the rest)."""
    state = GAME.new({"players": 3, "edition": "climate", "expansions": ["flight"]}, 1)
    assert state.climate is not None and state.flight is not None
    assert len(state.climate.set_aside) == 60 and state.flight.reserve == []
