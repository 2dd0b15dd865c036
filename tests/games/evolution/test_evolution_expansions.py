"""Evolution with Time to Fly and the gift cards: deck options, player limits, and the
Anglerfish as hidden information (views, determinization)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from evolutio.core.game import OptionError
from evolutio.core.registry import get_game
from evolutio.games.evolution.cards import build_cards

GAME = get_game("evolution")
EVERY = ["base", "time_to_fly", "gift"]


def test_expansions_are_normalized_with_base_first() -> None:
    options = GAME.normalize_options({"players": 3, "expansions": ["gift", "time_to_fly"]})
    assert options["expansions"] == EVERY
    # every option is in the normalised options, at its default when not given
    assert options["half_deck"] is False and options["edition"] == 3
    assert GAME.normalize_options({"expansions": "time_to_fly"})["expansions"] == [
        "base",
        "time_to_fly",
    ]


@pytest.mark.parametrize(
    "options, message",
    [
        ({"expansions": ["continents2"]}, "unknown expansion"),
        ({"half_deck": "yes"}, "half_deck must be true or false"),
        ({"players": 9, "expansions": EVERY}, "from 2 to 8"),
    ],
)
def test_bad_options_are_refused_with_a_reason(options: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        GAME.normalize_options(options)


@pytest.mark.parametrize(
    "players, expansions, size",
    [
        (4, ["base"], 84),
        (5, ["base"], 168),
        (6, ["base", "time_to_fly"], 126),  # Time to Fly serves up to 6 with one base set
        (7, ["base", "time_to_fly"], 210),
        (4, ["base", "gift"], 102),
        (5, ["base", "gift"], 186),
        (8, EVERY, 228),
    ],
)
def test_deck_size_by_players_and_sets(players: int, expansions: list[str], size: int) -> None:
    state = GAME.new({"players": players, "expansions": expansions}, 1)
    assert len(state.card_faces) == size


def test_half_deck_keeps_half_of_each_kind_rounded_up() -> None:
    full = Counter(build_cards(EVERY))
    half = Counter(build_cards(EVERY, half=True))
    assert set(half) == set(full)
    assert all(half[kind] == (full[kind] + 1) // 2 for kind in full)
    state = GAME.new({"players": 2, "expansions": EVERY, "half_deck": True}, 3)
    assert len(state.card_faces) == sum(half.values()) == 74
    assert state.options["half_deck"] is True


def test_time_to_fly_and_gift_decks_match_the_rules() -> None:
    cards = Counter(build_cards(["time_to_fly", "gift"]))
    assert sum(cards.values()) == 60
    assert cards[("anglerfish",)] == 4 and cards[("r_strategy",)] == 6
    assert cards[("trematode", "cooperation")] == 4 and cards[("shy", "carnivore")] == 3


def _midgame(seed: int) -> Any:
    """A Time to Fly game played at random until some seat has face-down animals."""
    state = GAME.new({"players": 3, "expansions": EVERY}, seed)
    rng = random.Random(seed)
    while (decision := GAME.decision(state)) is not None and len(state.animals) < 6:
        seat = decision.seats[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_views_show_animal_faces_only_to_their_owner() -> None:
    state = _midgame(5)
    for seat in range(3):
        view = GAME.view(state, seat)
        for player in view["players"]:
            for animal in player["animals"]:
                if player["seat"] == seat:
                    assert animal["faces"] == list(state.card_faces[animal["card"]])
                else:
                    assert animal["faces"] is None or "carnivore" in [
                        t["trait"] for t in animal["traits"] if t["card"] == animal["card"]
                    ]


def test_card_ids_do_not_tell_where_the_anglerfish_is() -> None:
    positions = set()
    for seed in range(6):
        state = GAME.new({"players": 2, "expansions": ["base", "time_to_fly"]}, seed)
        positions.add(tuple(i for i, f in enumerate(state.card_faces) if f == ("anglerfish",)))
    assert len(positions) > 1


def test_determinize_resamples_the_faces_of_others_face_down_animals() -> None:
    state = _midgame(8)
    seat = 0
    others = [a for a in state.animals.values() if a.owner != seat]
    own = [a for a in state.animals.values() if a.owner == seat]
    assert others
    changed = False
    for i in range(20):
        other = GAME.determinize(state, seat, random.Random(i))
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert Counter(other.card_faces) == Counter(state.card_faces)
        for animal in own:
            assert other.card_faces[animal.card] == state.card_faces[animal.card]
        changed |= any(other.card_faces[a.card] != state.card_faces[a.card] for a in others)
    assert changed
