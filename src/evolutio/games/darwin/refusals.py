"""Why the rules refuse an action, in every language: each refusal is a phrase of
data/refusals.toml ("that card is not in your hand"), made with :func:`refusal` where the
rules decide, and said as a sentence in the player's language by :func:`describe` (the
game's ``describe_refusal``). A ``why`` field holds another refusal (said in the same
language), a ``deck`` field the name of a deck."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any

from evolutio.core.game import IllegalAction, Refusal
from evolutio.games.darwin.texts import DECKS


@cache
def table() -> dict[str, dict[str, str]]:
    """key -> {language: phrase}, from data/refusals.toml."""
    text = (
        resources.files("evolutio.games.darwin.data")
        .joinpath("refusals.toml")
        .read_text(encoding="utf-8")
    )
    return {key: dict(value) for key, value in tomllib.loads(text).items()}


def say(key: str, fields: dict[str, Any], language: str = "en") -> str:
    """The phrase ``key`` with ``fields`` in ``language`` (English when it has no text)."""
    texts = table()[key]
    values: dict[str, Any] = {}
    for name, value in fields.items():
        if isinstance(value, Refusal):
            values[name] = value if language == "en" else say(value.key, value.fields, language)
        elif name == "deck" and value in DECKS:
            values[name] = DECKS[value].get(language, value)
        else:
            values[name] = value
    return (texts.get(language) or texts["en"]).format(**values)


#: refusals made so far, by key and fields: a handful of phrases (a deck, a count of legs,
#: another phrase), asked for again and again while the rules list the legal actions
_MADE: dict[tuple[Any, ...], Refusal] = {}


def refusal(key: str, **fields: Any) -> Refusal:
    """The refusal ``key`` as its English phrase that remembers its key and fields."""
    if not fields:
        return _plain(key)
    memo = (key, *sorted(fields.items()))
    made = _MADE.get(memo)
    if made is None:
        made = _MADE[memo] = Refusal(say(key, fields), key, fields)
    return made


@cache
def _plain(key: str) -> Refusal:
    """A refusal without fields, made once."""
    return Refusal(say(key, {}), key, {})


def sentence(phrase: str) -> str:
    """A phrase as a sentence: capitalized, with a full stop."""
    return phrase[0].upper() + phrase[1:] + "."


def illegal(why: str) -> IllegalAction:
    """The error for a refusal phrase: the English sentence, with the phrase's key."""
    if isinstance(why, Refusal):
        return IllegalAction(sentence(why), why.key, why.fields)
    return IllegalAction(sentence(why))


def describe(error: IllegalAction, language: str = "en") -> str:
    """A refusal of the rules as a sentence in ``language`` (English without a key)."""
    if error.key is None or error.key not in table():
        return error.reason
    return sentence(say(error.key, error.fields, language))
