"""Why the rules refuse an action, in every language: each refusal is a sentence of
data/refusals.toml, made with :func:`refusal` where the rules decide and said again in the
player's language by :func:`say` (the game's ``describe_refusal``). A field whose name
starts with ``trait`` holds a trait id, named in the language when said; a template's
``{trait_<id>}`` is the name of trait ``<id>``."""

from __future__ import annotations

import tomllib
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from evolutio.core.game import IllegalAction, Refusal
from evolutio.games.northstar.cards import trait_name


@cache
def table() -> dict[str, dict[str, str]]:
    """key -> {language: template}, from data/refusals.toml."""
    text = (
        resources.files("evolutio.games.northstar.data")
        .joinpath("refusals.toml")
        .read_text(encoding="utf-8")
    )
    return {key: dict(value) for key, value in tomllib.loads(text).items()}


def say(key: str, fields: dict[str, Any], language: str = "en") -> str:
    """The refusal ``key`` with ``fields`` in ``language`` (English when it has no text)."""
    texts = table()[key]
    template = texts.get(language) or texts["en"]
    values = _Fields(language)
    for name, value in fields.items():
        named = name.startswith("trait") and isinstance(value, str)
        values[name] = trait_name(value, language) if named else value
    return template.format_map(values)


class _Fields(dict[str, Any]):
    """Template fields; ``{trait_<id>}`` reads as the name of trait ``<id>``."""

    def __init__(self, language: str) -> None:
        super().__init__()
        self.language = language

    def __missing__(self, key: str) -> str:
        if key.startswith("trait_"):
            return trait_name(key.removeprefix("trait_"), self.language)
        raise KeyError(key)


def refusal(key: str, **fields: Any) -> Refusal:
    """The refusal ``key`` as an English sentence that remembers its key and fields."""
    if not fields:
        return _plain(key)
    try:
        return _made(key, tuple(fields.items()))
    except TypeError:  # a field that cannot be hashed
        return Refusal(say(key, fields), key, fields)


@lru_cache(maxsize=4096)
def _made(key: str, items: tuple[tuple[str, Any], ...]) -> Refusal:
    """Refusals asked for again and again while the rules list legal actions, made once."""
    fields = dict(items)
    return Refusal(say(key, fields), key, fields)


@cache
def _plain(key: str) -> Refusal:
    """A refusal without fields, made once (the rules ask for them while listing actions)."""
    return Refusal(say(key, {}), key, {})


def describe(error: IllegalAction, language: str = "en") -> str:
    """A refusal of the rules in ``language`` (its English reason when it has no key)."""
    if error.key is None or error.key not in table():
        return error.reason
    return say(error.key, error.fields, language)
