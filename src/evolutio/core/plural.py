"""Plural forms of the four client languages, by CLDR's cardinal plural rules as Babel gives
them: English, German and Italian have ``one`` and ``other``; Russian has ``one`` (1, 21,
31, ... but not 11), ``few`` (2-4, 22-24, ... but not 12-14) and ``many`` (the rest).

A sentence table gives a word's forms as a list in that order: ``["card", "cards"]``,
``["карту", "карты", "карт"]``; :func:`plural` picks the one for a count.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from babel import Locale


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(language)


def category(count: int, language: str) -> str:
    """CLDR's plural category of a whole ``count`` in ``language``: one, few, many, other."""
    return str(_locale(language).plural_form(abs(int(count))))


#: the order of a sentence table's forms per language (others: one, other)
ORDER = {"ru": ("one", "few", "many")}


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
