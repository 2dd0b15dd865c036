"""Option errors carry a code and params, so that every face says them in its reader's
language (core.common.OptionError): an unknown option names the options there are, a bad
value what the option allows, and options that do not go together the game's own sentence
in every language it speaks."""

from __future__ import annotations

import pytest

from evolutio.core.game import OptionError
from evolutio.core.options import OptionSpec, find, normalize, parse_assignment
from evolutio.core.registry import get_game
from evolutio.core.words import words

SPECS = (
    OptionSpec("players", "int", 2, words("Players"), low=2, high=4, seats=True),
    OptionSpec("fast", "bool", False, words("Fast")),
    OptionSpec("deck", "choice", "small", words("Deck"), choices=("small", "large")),
    OptionSpec("sets", "multi", ["base"], words("Sets"), choices=("base", "more"),
               required=("base",)),
)


def refused(call: object, *args: object) -> OptionError:
    with pytest.raises(OptionError) as caught:
        call(*args)  # type: ignore[operator]
    return caught.value


def test_an_unknown_option_names_the_options_there_are() -> None:
    for error in (refused(normalize, SPECS, {"colour": "red"}), refused(find, SPECS, "colour")):
        assert error.code == "unknown_option"
        assert error.params == {"name": "colour", "names": ["players", "fast", "deck", "sets"]}


@pytest.mark.parametrize("options, name, value, allows", [
    ({"players": 9}, "players", 9, {"kind": "int", "low": 2, "high": 4}),
    ({"fast": "maybe"}, "fast", "maybe", {"kind": "bool"}),
    ({"deck": "huge"}, "deck", "huge", {"kind": "choice", "choices": ["small", "large"]}),
    ({"sets": ["base", "dragons"]}, "sets", "dragons",
     {"kind": "multi", "choices": ["base", "more"]}),
])
def test_a_bad_value_says_what_the_option_allows(
    options: dict[str, object], name: str, value: object, allows: dict[str, object]
) -> None:
    error = refused(normalize, SPECS, options)
    assert error.code == "bad_value"
    assert error.params == {"name": name, "value": value, **allows}


def test_typed_values_are_refused_with_the_same_code() -> None:
    assert refused(parse_assignment, SPECS, "players=lots").params["value"] == "lots"
    error = refused(parse_assignment, SPECS, "deck=")
    assert error.code == "no_value" and error.params["name"] == "deck"


@pytest.mark.parametrize("game, options", [
    ("darwin", {"variant": "cooperative", "players": 3}),
    ("northstar", {"players": 6, "deck": "schmidt"}),
])
def test_options_that_do_not_go_together_are_said_in_every_language_of_the_game(
    game: str, options: dict[str, object]
) -> None:
    played = get_game(game)
    error = refused(played.normalize_options, options)
    assert error.code == "together"
    texts = error.params["texts"]
    assert set(texts) == set(played.info.languages)
    assert len(set(texts.values())) == len(texts)  # each language its own sentence
    for language in played.info.languages:
        assert error.text(language) == texts[language]
    assert error.text("xx") == str(error)  # a language the game does not speak: English
