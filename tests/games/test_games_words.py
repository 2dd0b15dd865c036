"""Texts in several languages are keyed by language code: ``core.words.words`` refuses a
key that is not a language code, and every game's option labels, help lines, choice labels,
tallies, summary, titles and notes hold English and only the languages the game declares."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import pytest

from evolutio.core.registry import available_games, get_game
from evolutio.core.words import words


def test_words_keys_each_text_by_its_language() -> None:
    assert words("Players", ru="Игроки", it="Giocatori", de="Spieler") == {
        "en": "Players", "ru": "Игроки", "it": "Giocatori", "de": "Spieler"}
    assert words("Only English") == {"en": "Only English"}


@pytest.mark.parametrize("code", ["russian", "RU", "r1", "e"])
def test_words_refuses_what_is_not_a_language_code(code: str) -> None:
    with pytest.raises(ValueError, match="language code"):
        words("Players", **{code: "Игроки"})


def labels_of(game: object) -> Iterator[tuple[str, Mapping[str, str]]]:
    """Every text-by-language a game declares, with where it is."""
    info = game.info  # type: ignore[attr-defined]
    for where, texts in (("summary", info.summary), ("titles", info.titles),
                         ("notes", info.notes)):
        if texts:
            yield where, texts
    for tally in info.tallies:
        yield f"tally {tally.name}", tally.label
    for spec in game.options_spec():  # type: ignore[attr-defined]
        yield f"option {spec.name}", spec.label
        if spec.help:
            yield f"option {spec.name} help", spec.help
        for choice, texts in spec.choice_labels.items():
            yield f"option {spec.name} choice {choice}", texts


@pytest.mark.parametrize("name", available_games())
def test_every_label_is_in_the_games_languages(name: str) -> None:
    game = get_game(name)
    languages = set(game.info.languages)
    for where, texts in labels_of(game):
        assert texts.get("en"), f"{name} {where}: no English text"
        assert set(texts) <= languages, f"{name} {where}: {sorted(set(texts) - languages)}"
        assert all(isinstance(text, str) and text for text in texts.values()), (name, where)
