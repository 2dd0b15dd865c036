"""Names and sentences in English, Italian, German and Russian; options declared; the
terminal renderer draws a view; the timeout move is mild."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from evolutio.core.game import OptionError
from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.games.darwin.texts import SENTENCES, card_name, habitat_name

GAME = get_game("darwin")


def test_every_sentence_in_four_languages() -> None:
    for texts in SENTENCES.values():
        assert set(texts) == {"en", "it", "de", "ru"}
    assert habitat_name("high_mountains", "it") == "Alta montagna"
    assert card_name(0, "it").startswith("testa")
    # the card set's note is said on the rules page, not in the lobby's summary
    assert GAME.info.notes["en"].endswith("not the publisher's.")
    assert "publisher" not in GAME.info.describe("en")


def test_actions_and_events_are_described_in_every_language() -> None:
    match = Match.new(GAME, {"players": 3}, 3)
    rng = random.Random(3)
    for _ in range(120):
        seats = match.pending()
        if not seats:
            break
        legal = match.legal(seats[0])
        action = rng.choice(legal)
        for language in ("en", "it", "de", "ru"):
            assert GAME.describe_action(match.state, action, language)
        for event in match.act(seats[0], action):
            for language in ("en", "it", "de", "ru"):
                GAME.describe_event(event, language, ["a", "b", "c"])


def test_options_offer_only_what_is_played() -> None:
    specs = {spec.name: spec for spec in GAME.options_spec()}
    assert (specs["players"].low, specs["players"].high) == (2, 6)
    assert specs["eras"].low == 3 and specs["eras"].high == 4
    assert specs["variant"].choices == ("standard", "beginner", "children", "cooperative")
    with pytest.raises(OptionError, match="played by 4 players"):
        GAME.normalize_options({"players": 3, "variant": "cooperative"})


def test_terminal_renders_a_view() -> None:
    match = Match.new(GAME, {"players": 2}, 4)
    console = Console(width=160, record=True)
    console.print(GAME.terminal.render(match.view(0), GAME.labels(), ["ann", "bob"]))
    text = console.export_text()
    assert "Market" in text and "H0" in text and "ann" in text


def test_default_action_is_mild() -> None:
    match = Match.new(GAME, {"players": 2}, 5)
    seat = match.pending()[0]
    assert GAME.default_action(match.state, seat).type in ("pass", "draw")
