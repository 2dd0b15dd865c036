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
