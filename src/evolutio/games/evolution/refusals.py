"""Why the rules refuse an action, in every language: each refusal is a sentence of
data/refusals.toml or data/refusals_traits.toml, made with :func:`refusal` where the rules
decide and said again in the player's language by :func:`say` (the game's
``describe_refusal``).

Fields are kept as identifiers and named in the language when said: a field whose name
starts with ``trait`` holds a trait id (named in the game's ``edition``), ``traits`` a list of
them (joined by "or"), ``place`` a location, ``change`` a natural change (Ice Age); other
fields are shown as they are (animal numbers, counts).
"""

from __future__ import annotations

import string
import tomllib
from functools import cache, lru_cache
from importlib import resources
from typing import Any

from evolutio.core.game import Refusal
from evolutio.games.evolution.cards import trait_name


@cache
def table() -> dict[str, dict[str, str]]:
    """key -> {language: template}, from data/refusals.toml (the rules) and
    data/refusals_traits.toml (the traits); a key is defined once."""
    folder = resources.files("evolutio.games.evolution.data")
    out: dict[str, dict[str, str]] = {}
    for name in ("refusals.toml", "refusals_traits.toml", "refusals_plants.toml"):
        data = tomllib.loads(folder.joinpath(name).read_text(encoding="utf-8"))
        for key, value in data.items():
            if key in out:
                raise ValueError(f"{name}: the refusal [{key}] is defined twice")
            out[key] = dict(value)
    return out


def _named(name: str, value: Any, language: str, edition: int) -> Any:
    if name.startswith("traits") and isinstance(value, (list, tuple)):
        joiner = say("or", {}, language)
        return joiner.join(trait_name(str(v), language, edition) for v in value)
    if name.startswith("trait") and isinstance(value, str):
        return trait_name(value, language, edition)
    if name.startswith("place") and isinstance(value, str):
        return say(f"place_{value}", {}, language) if f"place_{value}" in table() else value
    if name.startswith("change") and isinstance(value, str):
        from evolutio.games.evolution.nature import active_set

        change = active_set().by_id(value)
        return change.name(language) if change is not None else value
    return value


def say(key: str, fields: dict[str, Any], language: str = "en") -> str:
    """The refusal ``key`` with ``fields`` in ``language`` (English when it has no text)."""
    texts = table()[key]
    template = texts.get(language) or texts["en"]
    edition = int(fields.get("edition", 3))
    values = {name: _named(name, value, language, edition) for name, value in fields.items()}
    return template.format(**values)


@cache
def _plan(key: str) -> tuple[str, tuple[str, ...]]:
    """The English template of ``key`` and its fields that are named when said (traits,
    places, changes): asked once per key, as refusals are made while legal actions are
    listed."""
    template = table()[key]["en"]
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    named = tuple(sorted(f for f in fields if f.startswith(("trait", "place", "change"))))
    return template, named


def refusal(key: str, edition: int = 3, **fields: Any) -> Refusal:
    """The refusal ``key`` as an English sentence that remembers its key and fields."""
    if not fields:
        return _plain(key)
    try:
        return _made(key, edition, tuple(fields.items()))
    except TypeError:  # a field that cannot be hashed (a list of traits)
        return _make(key, edition, fields)


@lru_cache(maxsize=4096)
def _made(key: str, edition: int, items: tuple[tuple[str, Any], ...]) -> Refusal:
    """Refusals asked for again and again while the rules list legal actions, made once."""
    return _make(key, edition, dict(items))


def _make(key: str, edition: int, fields: dict[str, Any]) -> Refusal:
    """The refusal ``key`` in English, its fields named in ``edition``."""
    template, named = _plan(key)
    if named:
        values = dict(fields)
        for name in named:
            value = fields[name]
            values[name] = (
                trait_name(value, "en", edition)
                if name.startswith("trait") and isinstance(value, str)
                else _named(name, value, "en", edition)
            )
        text = template.format(**values)
    else:
        text = template.format(**fields) if fields else template
    if edition != 3:
        fields["edition"] = edition
    return Refusal(text, key, fields)


@cache
def _plain(key: str) -> Refusal:
    """A refusal without fields, made once (the rules ask for them while listing actions)."""
    return Refusal(table()[key]["en"], key, {})
