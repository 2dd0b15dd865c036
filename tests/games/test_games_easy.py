"""A game's easy way in (``GameInfo.easy_options``, which Play now offers) is a set of its own
options that a new game accepts, named in every language the game has."""

from __future__ import annotations

import pytest

from evolutio.core.registry import available_games, get_game

GAMES = available_games()


@pytest.mark.parametrize("name", GAMES)
def test_an_easy_way_in_is_valid_options_with_a_name_per_language(name: str) -> None:
    game = get_game(name)
    info = game.info
    assert bool(info.easy_options) == bool(info.easy_label)
    if not info.easy_options:
        return
    options = game.normalize_options(dict(info.easy_options))
    assert {k: options[k] for k in info.easy_options} == dict(info.easy_options)
    assert options != game.normalize_options({}), "the easy way in is the standard game"
    assert set(info.easy_label) == set(info.languages)
    game.new(dict(info.easy_options), 1)


def test_the_games_with_an_easy_way_in() -> None:
    easy = {name: dict(get_game(name).info.easy_options) for name in GAMES
            if get_game(name).info.easy_options}
    assert easy == {"darwin": {"variant": "beginner"},
                    "evolution": {"expansions": ["base"], "half_deck": True}}
