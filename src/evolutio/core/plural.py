"""Plural forms of the four client languages, by CLDR's cardinal plural rules: English, German
and Italian have ``one`` and ``other``; Russian has ``one`` (1, 21, 31, ... but not 11),
``few`` (2-4, 22-24, ... but not 12-14) and ``many`` (the rest).

The rules are a small table taken from Babel (CLDR) once, so that the engines need no
third-party package; ``tests/games/test_games_plural.py`` rebuilds the table from Babel and
fails when the two differ (Babel is a development dependency for that check only).

A sentence table gives a word's forms as a list in the order of :data:`ORDER`:
``["card", "cards"]``, ``["карту", "карты", "карт"]``; :func:`plural` picks the one for a count.
"""

from __future__ import annotations

from collections.abc import Sequence

#: a letter per category in the table below
LETTERS = {"o": "one", "f": "few", "m": "many", "t": "other"}

_ONE_OTHER = "to" + "t" * 198
_RU_TENS = "mofffmmmmm"
_RU_HUNDRED = _RU_TENS + "m" * 10 + _RU_TENS * 8

#: CLDR's category of each whole number 0..199 per language, one letter each (``LETTERS``);
#: a number from 200 up has the category of ``100 + n % 100`` (every rule of these languages
#: reads only ``n == 1``, ``n % 10`` and ``n % 100`` of a whole number), except ``MILLIONS``
TABLE: dict[str, str] = {
    "en": _ONE_OTHER,
    "de": _ONE_OTHER,
    "it": _ONE_OTHER,
    "ru": _RU_HUNDRED * 2,
}

#: the category of a whole, non-zero number of millions where it is not the table's
MILLIONS = {"it": "many"}

#: the order of a sentence table's forms per language (others: one, other)
ORDER = {"ru": ("one", "few", "many")}


def category(count: int, language: str) -> str:
    """CLDR's plural category of a whole ``count`` in ``language``: one, few, many, other
    (a language outside the table follows English)."""
    n = abs(int(count))
    if n and n % 1_000_000 == 0 and language in MILLIONS:
        return MILLIONS[language]
    table = TABLE.get(language, TABLE["en"])
    return LETTERS[table[n if n < 200 else 100 + n % 100]]


def plural(count: int, language: str, forms: Sequence[str]) -> str:
    """The form of a word for ``count``: ``forms`` in the order of ``ORDER`` (one, other;
    Russian one, few, many); a shorter list, or a category the table has no form for (such
    as Italian's ``many`` of a million), takes the last form."""
    if not forms:
        return ""
    order = ORDER.get(language, ("one", "other"))
    kind = category(count, language)
    at = order.index(kind) if kind in order else len(order) - 1
    return forms[min(at, len(forms) - 1)]


def counted(count: int, language: str, forms: Sequence[str]) -> str:
    """``count`` and the word's form for it: "1 карту", "5 карт", "2 cards"."""
    return f"{count} {plural(count, language, forms)}"
