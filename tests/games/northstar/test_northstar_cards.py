"""The card list (R-N01): deck sizes, provisional label, and a loader whose errors name the
card and the field; names and sentences in four languages; options checked."""

from __future__ import annotations

import random

import pytest

from evolutio.core.game import OptionError
from evolutio.games.northstar import actions as a
from evolutio.games.northstar.cards import (
    LANGUAGES,
    TRAIT_IDS,
    CardListError,
    load_cards,
    shipped_cards,
)
from evolutio.games.northstar.game import GAME, NorthStar
from evolutio.games.northstar.texts import sentences


def shipped_text() -> str:
    from importlib import resources

    return (resources.files("evolutio.games.northstar.data") / "cards.toml").read_text("utf-8")


def test_decks_have_the_seed_counts() -> None:
    cards = shipped_cards()
    assert cards.provisional and "provisional" in cards.source
    schmidt = cards.deck("schmidt")
    assert len(schmidt) == 110
    assert sum(1 for t, _ in schmidt if t == "carnivore") == 14
    for trait in TRAIT_IDS[1:]:
        assert sum(1 for t, _ in schmidt if t == trait) == 6
    northstar = cards.deck("northstar")
    assert len(northstar) == 129 and sum(1 for t, _ in northstar if t == "carnivore") == 17
    assert all(-3 <= food <= 9 for _, food in northstar)
    assert {food for _, food in schmidt} >= {-3, 9}


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("food = [1, 2, 3, 4, 5, 6, 3]\nen = [\"Horns\"", "food = [1, 2, 12, 4, 5, 6, 3]\nen = "
         "[\"Horns\"", "card horns: food[2]: 12 is outside -3..+9"),
        ('id = "horns"', 'id = "antlers"', "card 11: id: unknown trait 'antlers'"),
        ('schmidt = 14', 'schmidt = 13', "schmidt: 109 cards with 13 carnivores"),
        ('it = ["Corna",', 'it = [', "card horns: it: expected [name, text]"),
        ('northstar = 17', 'northstar = 18', "card carnivore: northstar: 18 copies but 17 food"),
        ('source = "', 'sauce = "', "source: say where the food values come from"),
    ],
)
def test_loader_names_the_card_and_the_field(old: str, new: str, message: str) -> None:
    text = shipped_text()
    assert old in text
    with pytest.raises(CardListError) as info:
        load_cards(text.replace(old, new, 1))
    assert message in str(info.value)


def test_a_loaded_list_is_played() -> None:
    text = shipped_text().replace("food = [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3]",
                                  "food = [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9]")
    game = NorthStar(load_cards(text))
    state = game.new({"players": 3}, 1)
    assert sorted(f for t, f in state.cards if t == "carnivore") == [9] * 14


def test_options() -> None:
    assert GAME.normalize_options({})["players"] == 2
    with pytest.raises(OptionError, match="6 players need deck=northstar"):
        GAME.normalize_options({"players": 6})
    assert GAME.normalize_options({"players": 6, "deck": "northstar"})["players"] == 6
    with pytest.raises(OptionError):
        GAME.normalize_options({"players": 7, "deck": "northstar"})
    two = GAME.new({"players": 2}, 3)
    assert len(two.cards) == 70
    assert len(GAME.new({"players": 2, "two_player_deck": "full"}, 3).cards) == 110
    assert {o.name for o in GAME.options_spec()} == {
        "players", "deck", "hard_shell_bonus", "two_player_deck", "variant", "edition",
        "expansions"}


def test_names_and_sentences_in_four_languages() -> None:
    for trait in TRAIT_IDS:
        kind = shipped_cards().kinds[trait]
        assert set(kind.names) == set(LANGUAGES) and set(kind.texts) == set(LANGUAGES)
    for key, texts in sentences().items():
        assert set(texts) == set(LANGUAGES), key
    assert GAME.labels("de")["warning_call"] == "Warnruf"
    assert set(GAME.info.summary) == set(LANGUAGES)


def test_every_action_and_event_is_described_in_every_language() -> None:
    rng = random.Random(5)
    state = GAME.new({"players": 3}, 5)
    kinds: set[str] = set()
    events: set[str] = set()
    while (decision := GAME.decision(state)) is not None:
        seat = decision.seats[0]
        legal = GAME.legal_actions(state, seat)
        for action in legal:
            if action.type not in kinds:
                kinds.add(action.type)
                for language in LANGUAGES:
                    text = GAME.describe_action(state, action, language)
                    assert text and "{" not in text
        for event in GAME.apply(state, seat, rng.choice(legal)):
            for language in LANGUAGES:
                text = GAME.describe_event(event, language, ["A", "B", "C"])
                assert "{" not in text
                if text:
                    events.add(event.type)
    assert {"food", "species", "grow", "trait", "done", "eat"} <= kinds
    assert {"food_chosen", "food_revealed", "took", "banked", "game_over"} <= events


def test_a_played_trait_is_not_named_in_its_sentence() -> None:
    state = GAME.new({"players": 2}, 1)
    action = a.PlayTrait(state.players[0].hand[0], state.players[0].species[0].id)
    name = GAME.labels("en")[state.cards[action.card][0]]
    assert name not in GAME.describe_action(state, action, "en")
