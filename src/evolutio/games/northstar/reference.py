"""North Star's card reference and rules overview for people (tooltips, the rules page).

Trait cards take their texts from ``data/cards.toml`` (the card list in use), the other
terms (body size, population, watering hole, food value, bag) from
``data/reference.toml``; the rules overview from ``data/rules.toml``.
"""

from __future__ import annotations

import functools

from evolutio.core.reference import load_names, load_rules, load_texts
from evolutio.games.northstar.cards import LANGUAGES, CardList
from evolutio.games.northstar.flight_cards import FlightCards

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


def reference(cards: CardList, language: str = "en",
              flight: FlightCards | None = None) -> dict[str, str]:
    """``{id: text}``: every trait of ``cards``, the Flight expansion's cards, the terms."""
    lang = _lang(language)
    out = {k.trait: k.texts.get(lang) or k.texts["en"] for k in cards.kinds.values()}
    if flight is not None:
        for kind in (flight.flight, *flight.kinds.values()):
            out[kind.id] = kind.texts.get(lang) or kind.texts["en"]
    out.update(_terms()[lang])
    return out


_GROUPS = {
    "traits": {"en": "Trait cards", "ru": "Карты свойств", "it": "Carte tratto",
               "de": "Eigenschaftskarten"},
    "terms": {"en": "Terms", "ru": "Понятия", "it": "Termini", "de": "Begriffe"},
    "flight": {"en": "Flight (expansion)", "ru": "Полёт (дополнение)",
               "it": "Volo (espansione)", "de": "Flug (Erweiterung)"},
}


def groups(cards: CardList, language: str = "en",
           flight: FlightCards | None = None) -> list[tuple[str, list[str]]]:
    """The reference in sections: the trait cards, the Flight expansion's cards, the terms."""
    lang = _lang(language)
    out = [(_GROUPS["traits"][lang], [k.trait for k in cards.kinds.values()])]
    if flight is not None:
        out.append((_GROUPS["flight"][lang],
                    [k.id for k in (flight.flight, *flight.kinds.values())]))
    out.append((_GROUPS["terms"][lang], list(_terms()[lang])))
    return out


def term_names(language: str = "en") -> dict[str, str]:
    """Display names of the terms (added to the game's labels)."""
    return dict(_names()[_lang(language)])


def overview(language: str = "en") -> str:
    """The rules overview (a small Markdown subset, see ``evolutio.core.reference``)."""
    return _rules()[_lang(language)]
