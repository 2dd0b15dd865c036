"""Every game's card reference and rules overview: complete in every language, translated,
and refused with a clear message when a data file has a gap."""

from __future__ import annotations

import re

import pytest

from evolutio.core.reference import (
    ReferenceDataError,
    load_names,
    load_rules,
    load_texts,
    missing,
    parse_texts,
)
from evolutio.core.registry import get_game
from evolutio.games.darwin import reference as darwin_reference
from evolutio.games.evolution import reference as evolution_reference

LANGUAGES = ("en", "ru", "it", "de")
GAMES = ("evolution", "northstar", "darwin", "toy")
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def cards_and_terms(name: str) -> set[str]:
    """The ids a game labels, less the score's part names (``score.*``), the decision kinds'
    names (``kind:*``) and the view's fields (``view:*``), which are no cards."""
    return {k for k in get_game(name).labels("en")
            if not k.startswith(("score.", "kind:", "view:"))}


def wanted(name: str) -> list[str]:
    """The ids a player meets in each game, which must all have a text."""
    if name == "evolution":
        ids = evolution_reference.reference_ids()
        # every trait the game names (both editions' labels) is among them
        traits = {k.split("@")[0] for k in cards_and_terms(name) if not k.startswith("nature")}
        assert traits <= set(ids)
        return ids
    if name == "darwin":
        ids = darwin_reference.reference_ids()
        assert cards_and_terms(name) - set(ids) == {"own_cards"}
        return ids
    # North Star and the toy game: every label is a card or a term
    return sorted(cards_and_terms(name))


@pytest.mark.parametrize("name", GAMES)
def test_every_id_has_a_text_in_every_language(name: str) -> None:
    game = get_game(name)
    ids = wanted(name)
    assert len(ids) >= 5
    texts = {lang: game.reference(lang) for lang in LANGUAGES}
    assert missing(texts, ids) == []
    for lang in LANGUAGES:
        assert all(len(texts[lang][i]) >= 20 for i in ids), lang


@pytest.mark.parametrize("name", GAMES)
def test_texts_are_translated(name: str) -> None:
    game = get_game(name)
    en, ru, it, de = (game.reference(lang) for lang in LANGUAGES)
    for ident, text in en.items():
        assert CYRILLIC.search(ru[ident]), (ident, ru[ident])
        assert not CYRILLIC.search(text) and not CYRILLIC.search(it[ident])
    # Italian and German differ from English (symbols-only texts aside)
    assert sum(it[i] != en[i] for i in en) == len(en)
    assert sum(de[i] != en[i] for i in en) == len(en)


@pytest.mark.parametrize("name", GAMES)
def test_rules_overview_in_every_language(name: str) -> None:
    game = get_game(name)
    texts = {lang: game.overview(lang) for lang in LANGUAGES}
    for lang, text in texts.items():
        assert text.startswith("## "), lang
        assert text.count("\n## ") >= 2, lang
        assert "<" not in text, "the overview is text, not HTML"
    assert CYRILLIC.search(texts["ru"]) and len(set(texts.values())) == 4
    # an unknown language falls back to English
    assert game.overview("xx") == texts["en"]
    assert game.reference("xx") == game.reference("en")


def test_the_project_own_cards_say_so() -> None:
    evolution = get_game("evolution").reference("en")
    assert "project's own" in evolution["insulation"]
    assert "project's own" in evolution["immunity"]
    assert get_game("northstar").reference("en")["food_value"].count("project's own") == 1
    darwin = get_game("darwin").reference("en")
    assert "project's own" in darwin["savanna"] and "project's own" in darwin["lion"]


def test_natural_changes_and_locations() -> None:
    game = get_game("evolution")
    ru = game.reference("ru")
    labels = game.labels("ru")
    assert ru["nature.frost"] == labels["nature.frost.text"]
    assert labels["laurasia"] == "Лавразия" and "Океан" in ru["swimming"]
    assert get_game("darwin").reference("de")["flood"].startswith("Sofort: ")


def test_a_missing_language_is_refused() -> None:
    with pytest.raises(ReferenceDataError, match=r"\[carnivore\] has no 'de' text"):
        parse_texts({"carnivore": {"en": "a", "ru": "б", "it": "c"}}, LANGUAGES, "x.toml")
    with pytest.raises(ReferenceDataError, match="unknown language"):
        parse_texts({"a": {lang: "t" for lang in (*LANGUAGES, "fr")}}, LANGUAGES, "x.toml")
    with pytest.raises(ReferenceDataError, match="name needs every language"):
        parse_texts({"a": {**{lang: "t" for lang in LANGUAGES}, "name": {"en": "A"}}},
                    LANGUAGES, "x.toml")
    with pytest.raises(ReferenceDataError, match=r"\[a\] has no 'en' text"):
        parse_texts({"a": {lang: " " for lang in LANGUAGES}}, LANGUAGES, "x.toml")


def test_the_loaders_read_the_package_files() -> None:
    texts = load_texts("evolutio.games.toy", LANGUAGES)
    names = load_names("evolutio.games.toy", LANGUAGES)
    assert list(texts["en"])[:2] == ["bid", "tricks"]
    assert names["de"]["bid"] == "Gebot"
    assert set(load_rules("evolutio.games.toy", LANGUAGES)) == set(LANGUAGES)
    with pytest.raises(ReferenceDataError, match=r"\[fr\] has no 'text'"):
        load_rules("evolutio.games.toy", ("en", "fr"))


@pytest.mark.parametrize("name", ("evolution", "northstar", "darwin"))
def test_the_sections_hold_every_id_once(name: str) -> None:
    game = get_game(name)
    for lang in LANGUAGES:
        sections = game.reference_groups(lang)
        ids = [i for _, group in sections for i in group]
        assert len(ids) == len(set(ids))
        assert set(ids) == set(game.reference(lang)), lang
        assert all(title and group for title, group in sections)
    assert game.reference_groups("ru")[0][0] != game.reference_groups("en")[0][0]
