"""Every game declares the version of its rules and a changelog to it: one sentence per change
of every version above 1, in every language the game has; a game's own records carry its
version, and one from newer rules is refused before anything is replayed."""

from __future__ import annotations

import pytest

from evolutio.core.match import Match, replay
from evolutio.core.record import RulesTooNew
from evolutio.core.registry import available_games, get_game

GAMES = available_games()
#: the rules version each game is at (raised with its changelog when a rule changes)
EXPECTED = {"evolution": 2, "darwin": 3, "northstar": 2, "toy": 1}


@pytest.mark.parametrize("name", GAMES)
def test_a_game_declares_its_rules_and_a_sentence_per_change(name: str) -> None:
    info = get_game(name).info
    assert info.rules == EXPECTED[name]
    assert info.to_json()["rules"] == info.rules
    assert sorted(info.changelog) == list(range(2, info.rules + 1))
    for version, changes in info.changelog.items():
        assert changes, f"{name} rules {version} names no change"
        for change in changes:
            assert set(change) == set(info.languages), (name, version, change)
            assert all(text.strip() and text == " ".join(text.split())
                       for text in change.values())


@pytest.mark.parametrize("name", GAMES)
def test_a_games_record_carries_its_rules_and_newer_ones_are_refused(name: str) -> None:
    game = get_game(name)
    match = Match.new(game, game.normalize_options({}), 5)
    seat = match.pending()[0]
    match.act(seat, match.legal(seat)[0])
    record = match.finish_record()
    assert record.rules == game.info.rules == record.to_json()["rules"]
    assert Match.from_record(record).version == 1
    record.rules = game.info.rules + 1
    with pytest.raises(RulesTooNew, match=f"{name} rules {game.info.rules + 1}, newer"):
        next(replay(record))
