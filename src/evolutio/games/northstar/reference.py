"""North Star's card reference and rules overview for people (tooltips, the rules page).

Trait cards take their texts from ``data/cards.toml`` (the card list in use), the other
terms (body size, population, watering hole, food value, bag) from
``data/reference.toml``; the rules overview from ``data/rules.toml``.
"""

from __future__ import annotations

import functools

from evolutio.core.reference import load_names, load_rules, load_texts
from evolutio.games.northstar.cards import LANGUAGES, CardList

DATA = "evolutio.games.northstar.data"


@functools.cache
def _terms() -> dict[str, dict[str, str]]:
    return load_texts(DATA, LANGUAGES)


@functools.cache
def _names() -> dict[str, dict[str, str]]:
    return load_names(DATA, LANGUAGES)


@functools.cache
def _rules() -> dict[str, str]:
    return load_rules(DATA, LANGUAGES)


def _lang(language: str) -> str:
    return language if language in LANGUAGES else "en"


def reference(cards: CardList, language: str = "en") -> dict[str, str]:
    """``{id: text}``: every trait of ``cards``, then the terms."""
    lang = _lang(language)
    out = {k.trait: k.texts.get(lang) or k.texts["en"] for k in cards.kinds.values()}
    out.update(_terms()[lang])
    return out


_GROUPS = {
    "traits": {"en": "Trait cards", "ru": "Карты свойств", "it": "Carte tratto",
               "de": "Eigenschaftskarten"},
    "terms": {"en": "Terms", "ru": "Понятия", "it": "Termini", "de": "Begriffe"},
}


def groups(cards: CardList, language: str = "en") -> list[tuple[str, list[str]]]:
    """The reference in two sections: the trait cards, then the terms."""
    lang = _lang(language)
    return [
        (_GROUPS["traits"][lang], [k.trait for k in cards.kinds.values()]),
        (_GROUPS["terms"][lang], list(_terms()[lang])),
    ]


def term_names(language: str = "en") -> dict[str, str]:
    """Display names of the terms (added to the game's labels)."""
    return dict(_names()[_lang(language)])


def overview(language: str = "en") -> str:
    """The rules overview (a small Markdown subset, see ``evolutio.core.reference``)."""
    return _rules()[_lang(language)]
