"""Plural forms of the four client languages, after CLDR's cardinal plural rules for whole
numbers: English, German and Italian have ``one`` (1) and ``other``; Russian has ``one``
(1, 21, 31, ... but not 11), ``few`` (2-4, 22-24, ... but not 12-14) and ``many`` (the rest).

A sentence table gives a word's forms as a list in that order: ``["card", "cards"]``,
``["карту", "карты", "карт"]``; :func:`plural` picks the one for a count.
"""

from __future__ import annotations

from collections.abc import Sequence


def category(count: int, language: str) -> str:
    """CLDR's plural category of a whole ``count`` in ``language``: one, few, many, other."""
    n = abs(int(count))
    if language == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


ORDER = {"ru": ("one", "few", "many")}


def plural(count: int, language: str, forms: Sequence[str]) -> str:
    """The form of a word for ``count``: ``forms`` in the order of ``ORDER`` (one, other;
    Russian one, few, many); a shorter list repeats its last form."""
    if not forms:
        return ""
    order = ORDER.get(language, ("one", "other"))
    at = order.index(category(count, language))
    return forms[min(at, len(forms) - 1)]
