"""Display names of a game's cards and traits in en/ru/it/de, for the browser client.

Read from the game's data file ``evolutio/games/<game>/data/names.toml`` (pure data, no
rules): ``[trait_id] en = "..." ru = "..."``. Unknown games or missing files give no names,
and the client then shows identifiers.
"""

from __future__ import annotations

import functools
import tomllib
from importlib import resources
from typing import Any

LANGUAGES = ("en", "ru", "it", "de")


@functools.cache
def names(game: str) -> dict[str, dict[str, str]]:
    """``{lang: {id: name}}`` for every language the client offers."""
    out: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    if not game.isidentifier():
        return out
    try:
        path = resources.files(f"evolutio.games.{game}").joinpath("data").joinpath("names.toml")
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (ModuleNotFoundError, FileNotFoundError, OSError, tomllib.TOMLDecodeError):
        return out
    for ident, entry in data.items():
        if not isinstance(entry, dict):
            continue
        for lang in LANGUAGES:
            value = entry.get(lang)
            if isinstance(value, str):
                out[lang][ident] = value
    return out
