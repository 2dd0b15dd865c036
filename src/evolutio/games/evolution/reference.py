"""Evolution's card reference and rules overview for people (tooltips, the rules page).

Every trait of every set, the three Continents locations and the natural changes of the
Ice Age set in use have a short text in each language: traits and locations from
``data/reference.toml``, natural changes from their own data (``nature.<id>``, as in
``labels``). ``REFERENCE_IDS`` is what a player meets; the test checks that each has a
text in every language.
"""

from __future__ import annotations

import functools

from evolutio.core.reference import load_names, load_rules, load_texts, missing
from evolutio.games.evolution import traits as _traits  # noqa: F401  (registers the traits)
from evolutio.games.evolution.cards import card_sets
from evolutio.games.evolution.flora import plant_kinds
from evolutio.games.evolution.geography import LOCATIONS
from evolutio.games.evolution.nature import active_set
from evolutio.games.evolution.texts import sentence
from evolutio.games.evolution.trait import TRAIT_SETS, TRAITS

LANGUAGES = ("en", "ru", "it", "de")
DATA = "evolutio.games.evolution.data"


def reference_ids() -> list[str]:
    """Every id a player meets: traits, locations, plant kinds and the natural changes in
    use."""
    return [*TRAITS, *LOCATIONS, *plant_ids(), *(f"nature.{c.id}" for c in active_set().changes)]


def plant_ids() -> list[str]:
    """Plants: the plant kinds' ids (``plant.<kind>``, as in ``labels``)."""
    return [f"plant.{kind}" for kind in plant_kinds()]


@functools.cache
def _texts() -> dict[str, dict[str, str]]:
    texts = load_texts(DATA, LANGUAGES)
    gaps = missing(texts, [*TRAITS, *LOCATIONS, *plant_ids()])
    if gaps:
        raise ValueError(f"data/reference.toml lacks texts: {', '.join(gaps)}")
    return texts


def reference(language: str = "en") -> dict[str, str]:
    """``{id: text}`` in ``language`` (English for a language the game does not speak)."""
    lang = language if language in LANGUAGES else "en"
    out = dict(_texts()[lang])
    for change in active_set().changes:
        out[f"nature.{change.id}"] = change.describe(lang)
    return out


def groups(titles: dict[str, str], language: str = "en") -> list[tuple[str, list[str]]]:
    """The reference in sections: each card set's traits under ``titles[set]`` (the
    locations with Continents, the natural changes with Ice Age)."""
    out: list[tuple[str, list[str]]] = []
    for name in card_sets():
        ids = [t for t in TRAITS if TRAIT_SETS.get(t) == name]
        if name == "continents":
            ids += list(LOCATIONS)
        if name == "plants":
            ids += plant_ids()
        if name == "ice_age":
            ids += [f"nature.{c.id}" for c in active_set().changes]
        if ids:
            out.append((titles.get(name, name), ids))
    return out


@functools.cache
def _names() -> dict[str, dict[str, str]]:
    return load_names(DATA, LANGUAGES)


def term_names(language: str = "en") -> dict[str, str]:
    """Display names of the terms that are no trait (the Continents locations, the Plants
    plant kinds as ``plant.<kind>``)."""
    names = dict(_names().get(language) or _names()["en"])
    for kind in plant_kinds():
        names[f"plant.{kind}"] = sentence("words", f"plant_{kind}", language) or kind
    return names


@functools.cache
def _rules() -> dict[str, str]:
    return load_rules(DATA, LANGUAGES)


def overview(language: str = "en") -> str:
    """The rules overview (a small Markdown subset, see ``evolutio.core.reference``)."""
    return _rules().get(language) or _rules()["en"]
