"""Texts in several languages, keyed by language name.

``words("Players", ru="Игроки", it="Giocatori", de="Spieler")`` is a label a game gives an
option, a tally, a summary or a sentence: English first (every text has one, the fallback of
every face), then each other language by its code, so no text can land in another
language's place, as a positional order could let it.
"""

from __future__ import annotations


def words(en: str, /, **others: str) -> dict[str, str]:
    """One text per language code: ``en`` first, then the others by keyword (``ru=``...)."""
    for code, text in others.items():
        if len(code) != 2 or not code.isalpha() or not code.islower():
            raise ValueError(f"'{code}' is not a two-letter language code")
        if not isinstance(text, str):
            raise TypeError(f"the {code} text must be a string, not {type(text).__name__}")
    return {"en": en, **others}
