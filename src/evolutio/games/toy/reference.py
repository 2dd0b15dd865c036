"""Trick's card reference and rules overview for people (tooltips, the rules page):
``reference.toml`` and ``rules.toml`` beside this module."""

from __future__ import annotations

import functools

from evolutio.core.reference import load_names, load_rules, load_texts
from evolutio.games.toy.texts import LANGUAGES


@functools.cache
def reference_texts() -> dict[str, dict[str, str]]:
    """The card reference (``reference.toml``): ``{lang: {id: text}}``."""
    return load_texts("evolutio.games.toy", LANGUAGES)


@functools.cache
def reference_names() -> dict[str, dict[str, str]]:
    """The names the reference gives its terms: ``{lang: {id: name}}``."""
    return load_names("evolutio.games.toy", LANGUAGES)


@functools.cache
def rules() -> dict[str, str]:
    """The rules overview (``rules.toml``) per language."""
    return load_rules("evolutio.games.toy", LANGUAGES)
