"""Texts in several languages, keyed by language name.

``words("Players", ru="Игроки", it="Giocatori", de="Spieler")`` is a label a game gives an
option, a tally, a summary or a sentence: English first (every text has one, the fallback of
every face), then each other language by its code, so no text can land in another
language's place, as a positional order could let it.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any


def words(en: str, /, **others: str) -> dict[str, str]:
    """One text per language code: ``en`` first, then the others by keyword (``ru=``...)."""
    for code, text in others.items():
        if len(code) != 2 or not code.isalpha() or not code.islower():
            raise ValueError(f"'{code}' is not a two-letter language code")
        if not isinstance(text, str):
            raise TypeError(f"the {code} text must be a string, not {type(text).__name__}")
    return {"en": en, **others}


class Viewer(str):
    """The name of the seat that reads the sentence (a face marks it among the seat names it
    passes to ``describe_event``): a game then says what that seat did in the second person,
    "You create species S1", "Your species S1 scores 1", with its ``you_<key>`` sentence
    (:func:`addressed`), in each language; a sentence without one names the seat as usual."""


def addressed(key: str, values: Mapping[str, Any], known: Container[str]) -> str:
    """``you_<key>`` when a subject field of ``values`` (``name``, ``seat``, ``owner``) is the
    reader (a :class:`Viewer`) and ``known`` has that sentence, else ``key``."""
    reader = any(isinstance(values.get(field), Viewer) for field in ("name", "seat", "owner"))
    return f"you_{key}" if reader and f"you_{key}" in known else key
