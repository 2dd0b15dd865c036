"""Darwin's Choice's card reference and rules overview for people (tooltips, rules page).

Symbols, diets, card parts and terms have texts in ``data/reference.toml``; habitats,
events and animals get theirs from their own data (requirements, food and Darwin points of
``habitats.toml``, the effects of ``events.toml``, the parts of ``cards.toml``: the card and
habitat values are the project's own, and their texts say so). ``reference_ids`` is what a
player meets; the test checks each has a text in every language.
"""

from __future__ import annotations

import functools

from evolutio.core.reference import load_rules, load_texts
from evolutio.games.darwin.cards import LANGUAGES, CardDef, HabitatDef, load_catalog
from evolutio.games.darwin.texts import LABELS, PARTS, pick

DATA = "evolutio.games.darwin.data"

_HABITAT = {
    "en": "{plants} plants and {meat} meat each era; worth {dp} Darwin points. Adaptation: "
    "{adaptation}. Requirements: {requires}.{forbidden} (The project's own values.)",
    "ru": "{plants} растений и {meat} мяса за эру; стоит {dp} очков Дарвина. Приспособление: "
    "{adaptation}. Требования: {requires}.{forbidden} (Собственные значения проекта.)",
    "it": "{plants} piante e {meat} carne per era; vale {dp} Punti Darwin. Adattamento: "
    "{adaptation}. Requisiti: {requires}.{forbidden} (Valori ideati dal progetto.)",
    "de": "{plants} Pflanzen und {meat} Fleisch je Zeitalter; {dp} Darwinpunkte wert. "
    "Anpassung: {adaptation}. Anforderungen: {requires}.{forbidden} (Eigene Werte des Projekts.)",
}
_FORBIDDEN = {"en": " Forbidden: {}.", "ru": " Запрещено: {}.", "it": " Vietati: {}.",
              "de": " Verboten: {}."}
_OR = {"en": " or ", "ru": " или ", "it": " o ", "de": " oder "}
_NONE = {"en": "none", "ru": "нет", "it": "nessuno", "de": "keine"}
_EVENT_KIND = {
    "instant": {"en": "Instant", "ru": "Мгновенное", "it": "Istantaneo", "de": "Sofort"},
    "permanent": {"en": "Permanent", "ru": "Постоянное", "it": "Permanente", "de": "Dauerhaft"},
}
_ANIMAL = {"en": "The project's own cards of this animal: {}.",
           "ru": "Собственные карты проекта с этим животным: {}.",
           "it": "Carte di questo animale ideate dal progetto: {}.",
           "de": "Eigene Karten des Projekts mit diesem Tier: {}."}


def _word(key: str, lang: str) -> str:
    return pick(LABELS[key], lang) if key in LABELS else key


def _symbols(pairs: tuple[tuple[str, int], ...], lang: str) -> str:
    return " + ".join(f"{_word(s, lang)}{f' ×{n}' if n > 1 else ''}" for s, n in pairs)


def _habitat(hab: HabitatDef, lang: str) -> str:
    requires = _OR[lang].join(_symbols(alt, lang) for alt in hab.requires) or _NONE[lang]
    forbidden = ", ".join(_word(s, lang) for s in hab.forbidden)
    return _HABITAT[lang].format(
        plants=hab.plants,
        meat=hab.meat,
        dp=hab.dp,
        adaptation=", ".join(_word(s, lang) for s in hab.adaptation) or _NONE[lang],
        requires=requires,
        forbidden=_FORBIDDEN[lang].format(forbidden) if forbidden else "",
    )


def _card(card: CardDef, lang: str) -> str:
    part = "leg" if card.part == "legs" and not card.pair else card.part
    bits = [f"♥{card.hearts}", f"⚔{card.cs}"]
    if card.diet:
        bits.append(_word(card.diet, lang))
    if card.symbols:
        bits.append(_symbols(card.symbols, lang))
    if card.special:
        bits.append(_word(card.special, lang))
    return f"{pick(PARTS[part], lang)} ({', '.join(bits)})"


@functools.cache
def _all() -> dict[str, dict[str, str]]:
    catalog = load_catalog()
    terms = load_texts(DATA, LANGUAGES)
    out: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        table = dict(terms[lang])
        for hab in catalog.habitats:
            table[hab.key] = _habitat(hab, lang)
        for event in catalog.events:
            kind = _EVENT_KIND.get(event.kind, {}).get(lang, "")
            text = pick(dict(event.effect), lang)
            table[event.key] = f"{kind}: {text}" if kind else text
        for animal in catalog.animals:
            cards = [c for c in catalog.cards if c.animal == animal]
            table[animal] = _ANIMAL[lang].format("; ".join(_card(c, lang) for c in cards))
        out[lang] = table
    return out


def reference_ids() -> list[str]:
    """Every id a player meets: terms, parts, habitats, events and animals."""
    catalog = load_catalog()
    return [
        *(k for k in LABELS if k != "own_cards"),
        *PARTS,
        *(h.key for h in catalog.habitats),
        *(e.key for e in catalog.events),
        *catalog.animals,
    ]


_GROUPS = {
    "symbols": {"en": "Symbols and abilities", "ru": "Символы и особые свойства",
                "it": "Simboli e abilità", "de": "Symbole und Fähigkeiten"},
    "cards": {"en": "Diets and card parts", "ru": "Рацион и части карт",
              "it": "Diete e parti delle carte", "de": "Ernährung und Kartenteile"},
    "terms": {"en": "Terms", "ru": "Понятия", "it": "Termini", "de": "Begriffe"},
    "habitats": {"en": "Habitats", "ru": "Среды", "it": "Habitat", "de": "Habitate"},
    "events": {"en": "Events", "ru": "События", "it": "Eventi", "de": "Ereignisse"},
    "animals": {"en": "Animals", "ru": "Животные", "it": "Animali", "de": "Tiere"},
}
_SYMBOLS = ("run", "swim", "fly", "climb", "cold", "heat", "dig", "poison")
_CARDS = ("herbivore", "carnivore", "omnivore", *PARTS)


def groups(language: str = "en") -> list[tuple[str, list[str]]]:
    """The reference in sections, for the rules page."""
    lang = language if language in LANGUAGES else "en"
    catalog = load_catalog()
    listed = {*_SYMBOLS, *_CARDS}
    terms = [k for k in reference_ids() if k in LABELS and k not in listed]
    return [
        (_GROUPS["symbols"][lang], list(_SYMBOLS)),
        (_GROUPS["cards"][lang], list(_CARDS)),
        (_GROUPS["terms"][lang], terms),
        (_GROUPS["habitats"][lang], [h.key for h in catalog.habitats]),
        (_GROUPS["events"][lang], [e.key for e in catalog.events]),
        (_GROUPS["animals"][lang], list(catalog.animals)),
    ]


def reference(language: str = "en") -> dict[str, str]:
    """``{id: text}`` in ``language`` (English for a language the game does not speak)."""
    return dict(_all().get(language) or _all()["en"])


@functools.cache
def _rules() -> dict[str, str]:
    return load_rules(DATA, LANGUAGES)


def overview(language: str = "en") -> str:
    """The rules overview (a small Markdown subset, see ``evolutio.core.reference``)."""
    return _rules().get(language) or _rules()["en"]
