"""The plural forms the games' sentences use (core.plural, CLDR's rules through Babel)."""

from __future__ import annotations

from evolutio.core.plural import category, plural

RU = ["карту", "карты", "карт"]


def test_russian_one_few_many() -> None:
    assert [plural(n, "ru", RU) for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)] == [
        "карту", "карты", "карты", "карт", "карт", "карт", "карт", "карту", "карты", "карт",
        "карту", "карт"]


def test_one_and_other_in_english_german_italian() -> None:
    for lang in ("en", "de", "it"):
        assert category(1, lang) == "one" and category(0, lang) == "other"
    assert plural(1, "en", ["card", "cards"]) == "card"
    assert plural(3, "de", ["Karte", "Karten"]) == "Karten"
    # a category the table has no form for takes the last form (Italian's "many" of a million)
    assert plural(1_000_000, "it", ["carta", "carte"]) == "carte"
    assert plural(2, "en", ["card"]) == "card" and plural(2, "en", []) == ""


def test_the_table_is_babels() -> None:
    """core.plural's table is CLDR's rules as Babel gives them, for every whole number up to
    ten thousand and for large and round ones (Italian's millions)."""
    from babel import Locale

    from evolutio.core.plural import LETTERS, TABLE

    letter = {name: code for code, name in LETTERS.items()}
    numbers = [*range(10_000), 100_011, 123_456, 1_000_000, 2_000_000, 1_000_001, 21_000_000]
    for lang in ("en", "ru", "it", "de"):
        rule = Locale.parse(lang).plural_form
        assert TABLE[lang] == "".join(letter[rule(n)] for n in range(200)), lang
        wrong = [n for n in numbers if category(n, lang) != rule(n)]
        assert not wrong, f"{lang}: {wrong[:10]}"


def test_one_few_many_for_the_counts_players_meet() -> None:
    forms = {"ru": ["карту", "карты", "карт"], "en": ["card", "cards"],
             "it": ["carta", "carte"], "de": ["Karte", "Karten"]}
    said = {lang: [plural(n, lang, words) for n in (1, 2, 5, 21, 22)]
            for lang, words in forms.items()}
    assert said == {"ru": ["карту", "карты", "карт", "карту", "карты"],
                    "en": ["card", "cards", "cards", "cards", "cards"],
                    "it": ["carta", "carte", "carte", "carte", "carte"],
                    "de": ["Karte", "Karten", "Karten", "Karten", "Karten"]}
