"""The Flight expansion (``expansions=flight``): its card list and loader, the setup, and
random and greedy games that keep every card and food token accounted for."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from evolutio.games.northstar.cards import CardListError, trait_name
from evolutio.games.northstar.flight_cards import load_flight_cards, shipped_flight_cards
from evolutio.games.northstar.game import GAME, NorthStar
from evolutio.games.northstar.heuristic import HEURISTIC
from evolutio.games.northstar.state import State

FLIGHT = {"expansions": ["flight"]}


def shipped_text() -> str:
    return (resources.files("evolutio.games.northstar.data")
            .joinpath("flight.toml").read_text(encoding="utf-8"))


def test_the_shipped_list_is_the_projects_own_and_complete() -> None:
    cards = shipped_flight_cards()
    assert cards.provisional and "own" in cards.source
    assert cards.flight.copies == 12
    deck = cards.deck()
    assert len(deck) == 48
    assert sum(1 for card, _ in deck if card.startswith("event_")) == 14
    assert trait_name("dive_bomb", "de") == "Sturzflug"
    assert trait_name("flight", "ru") == "Полёт"


@pytest.mark.parametrize(("old", "new", "error"), [
    ('id = "nesting"', 'id = "nest"', "trait 3: id: unknown trait 'nest'"),
    ("copies = 11\nfood = [2, 3", "copies = 10\nfood = [2, 3", "trait nesting: food: expected 10"),
    ("food = [2, 3, 4, 5, 6, 7, 8]", "food = [2, 3, 4, 5, 6, 7, 10]", "event event_storm: food[6]"),
    ('de = ["Nestbau"', 'fr = ["Nestbau"', "trait nesting: unknown field fr"),
    ("[flight]\ncopies = 12", "[flight]\ncopies = 11", "flight: copies"),
    ('copies = 7\nfood = [2, 3, 4, 5, 6, 7, 8]', 'copies = 6\nfood = [2, 3, 4, 5, 6, 7]',
     "event: 13 cards"),
])
def test_the_loader_names_the_card_and_the_field(old: str, new: str, error: str) -> None:
    text = shipped_text()
    assert old in text
    with pytest.raises(CardListError, match=error.replace("[", r"\[").replace("]", r"\]")):
        load_flight_cards(text.replace(old, new, 1))


def test_another_list_plays_with_its_own_values() -> None:
    text = shipped_text().replace("food = [0, 1, 2, 3, 4, 5, 6]", "food = [9, 9, 9, 9, 9, 9, 9]")
    game = NorthStar(flight_cards=load_flight_cards(text))
    state = game.new({"players": 3, **FLIGHT}, 5)
    updrafts = {food for card, food in state.cards if card == "event_updraft"}
    assert updrafts == {9}


def test_setup_sets_forty_aside_and_twelve_flight_cards_beside() -> None:
    state = GAME.new({"players": 4, **FLIGHT}, 9)
    assert state.flight is not None
    assert len(state.cards) == 110 + 48 + 12
    assert len(state.flight.reserve) == 40 and len(state.flight.supply) == 12
    assert {state.cards[c][0] for c in state.flight.supply} == {"flight"}
    assert not set(state.flight.reserve) & set(state.deck)
    assert all(state.cards[c][0] != "flight" for c in state.deck + state.flight.reserve)
    off = GAME.new({"players": 4}, 9)
    assert off.flight is None and len(off.cards) == 110


def accounted(state: State) -> None:
    """Every card is in exactly one place; every food token put into play is somewhere."""
    fl = state.flight
    assert fl is not None
    places = list(state.deck) + state.discard + fl.reserve + fl.supply
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
            flights = [c for c in species.traits if state.cards[c][0] == "flight"]
            assert len(flights) <= 1
            assert not flights or species.body <= 3


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_and_greedy_games_keep_cards_and_food(players: int) -> None:
    options = {"players": players, **FLIGHT}
    if players == 6:
        options["deck"] = "northstar"
    seen: set[str] = set()
    for seed in range(3):
        state = GAME.new(options, seed)
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
            GAME.apply(state, seat, action)
            accounted(state)
        other = GAME.determinize(state, 0, random.Random(seed))
        assert other.flight is not None
        assert len(other.flight.reserve) == len(state.flight.reserve)  # type: ignore[union-attr]
    assert {"avian", "cliff"} <= seen


def test_parse_and_describe_the_new_actions() -> None:
    state = GAME.new({"players": 2, **FLIGHT}, 3)
    avian = GAME.parse_action(state, 0, "avian #1 #2 left")
    cliff = GAME.parse_action(state, 0, "cliff A1")
    assert avian.notation() == "avian #1 #2 left" and cliff.notation() == "cliff A1"
    assert GAME.action_from_json(avian.to_json()) == avian
    assert "avian" in GAME.describe_action(state, avian, "en")
    assert "Утёсе" in GAME.describe_action(state, cliff, "ru")


@pytest.mark.parametrize("seed", [0, 1])
def test_the_encoding_names_every_legal_action_with_flight(seed: int) -> None:
    """flight_encoding: every legal action has an index that maps back to it or to the same
    choice (the acting seat's observations after both agree)."""
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from evolutio.rl.codec import Codec

    codec = Codec("northstar", {"players": 3, **FLIGHT})
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
                assert np.array_equal(codec.observe(first, seat), codec.observe(second, seat))
            kinds.add(action.type)
        assert codec.observe(state, seat).shape == (codec.observation_size,)
        codec.game.apply(state, seat, rng.choice(actions))
    assert {"avian", "cliff"} <= kinds


def test_the_prompts_name_avian_species_and_the_cliff_only_with_flight() -> None:
    """The play and feed prompts say what Flight adds (an avian species, the Cliff)."""
    from evolutio.core.game import Decision

    flying = GAME.new({"players": 2, "expansions": ["flight"]}, 3)
    plain = GAME.new({"players": 2}, 3)
    feed, play = Decision.one(0, "feed", ""), Decision.one(0, "play", "")
    assert "Cliff" in GAME.describe_decision(flying, feed)
    assert "avian" in GAME.describe_decision(flying, play)
    assert "Klippe" in GAME.describe_decision(flying, feed, "de")
    assert "Утёсе" in GAME.describe_decision(flying, feed, "ru")
    assert "Scogliera" in GAME.describe_decision(flying, feed, "it")
    assert GAME.describe_decision(plain, feed) == \
        "Feed a hungry species: eat at the watering hole or attack."
    assert "avian" not in GAME.describe_decision(plain, play)


def test_the_room_summary_names_the_decks_true_size_with_flight() -> None:
    """The renderer's words for the deck (web/strings.js) name its size with and without
    Flight's cards, in four languages; the Flight browser game reads them in the room."""
    import re
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
    from wordwalk import js_tables

    from evolutio.games.northstar.cards import shipped_cards

    web = Path(__file__).resolve().parents[3] / "src/evolutio/games/northstar/web"
    table = js_tables(web / "strings.js")[0]
    assert set(table) == {"en", "de", "ru", "it"}
    extra = len(shipped_flight_cards().deck())
    for deck in ("schmidt", "northstar"):
        size = len(shipped_cards().deck(deck))
        for lang, words in table.items():
            plain = re.findall(r"\((\d+)", words[f"deck_{deck}"])
            with_flight = re.findall(r"\((\d+)", words[f"deck_{deck}_flight"])
            assert plain == [str(size)] and with_flight == [str(size + extra)], (lang, deck)
