"""The Climate edition's sentences for people (data/climate_sentences.toml): what the Modify
Environment phase does, in English, German, Russian and Italian."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from evolutio.core.game import Event
from evolutio.core.reference import load_names, load_rules, load_texts
from evolutio.games.northstar.cards import LANGUAGES
from evolutio.games.northstar.climate import ClimateEvent, ClimateFood, ClimateMoved, EventReplaced
from evolutio.games.northstar.climate_cards import climate_name, shipped_climate
from evolutio.games.northstar.events import SetAsideDealt

DATA = "evolutio.games.northstar.data"


@cache
def sentences() -> dict[str, dict[str, str]]:
    text = (resources.files("evolutio.games.northstar.data")
            .joinpath("climate_sentences.toml").read_text(encoding="utf-8"))
    return {k: dict(v) for k, v in tomllib.loads(text).items()}


def say(key: str, language: str, **values: object) -> str:
    texts = sentences()[key]
    return (texts.get(language) or texts["en"]).format(**values)


def _name(key: str, language: str) -> str:
    return climate_name(key, language) or key


def describe(event: Event, language: str = "en") -> str | None:
    """The sentence of a Climate event, or None for an event of the base game."""
    if isinstance(event, ClimateMoved):
        return say("climate_moved", language, suns=event.suns, snowflakes=event.snowflakes,
                   zone=_name(event.zone, language))
    if isinstance(event, ClimateEvent):
        kind = shipped_climate().events.get(event.kind)
        text = "" if kind is None else kind.texts.get(language) or kind.texts["en"]
        return say("climate_event", language, name=_name(event.kind, language), text=text)
    if isinstance(event, ClimateFood):
        return say("climate_food", language, zone=_name(event.zone, language),
                   plant=f"{event.plant:+d}")
    if isinstance(event, SetAsideDealt):
        return say("set_aside_dealt", language, cards=event.cards, last_round=event.last_round)
    if isinstance(event, EventReplaced):
        return say(f"event_replaced_{event.side}", language, name=_name(event.kind, language),
                   zone=_name(event.zone, language))
    return None


@cache
def _terms() -> dict[str, dict[str, str]]:
    return load_texts(DATA, LANGUAGES, "climate_reference.toml")


@cache
def _term_names() -> dict[str, dict[str, str]]:
    return load_names(DATA, LANGUAGES, "climate_reference.toml")


def reference(language: str = "en") -> dict[str, str]:
    """The Climate edition's reference: its new traits, event kinds and terms."""
    lang = language if language in LANGUAGES else "en"
    data = shipped_climate()
    out = {t.trait: t.texts.get(lang) or t.texts["en"] for t in data.traits.values() if t.texts}
    out.update({e.id: e.texts.get(lang) or e.texts["en"] for e in data.events.values()})
    out.update(_terms()[lang])
    return out


def names(language: str = "en") -> dict[str, str]:
    """Display names of the Climate edition's traits, event kinds and terms (labels)."""
    lang = language if language in LANGUAGES else "en"
    data = shipped_climate()
    out = {t.trait: t.names.get(lang) or t.names["en"] for t in data.traits.values() if t.names}
    out.update({e.id: e.names.get(lang) or e.names["en"] for e in data.events.values()})
    out.update(_term_names()[lang])
    return out


GROUP = {"en": "Climate edition", "ru": "Издание «Климат»", "it": "Edizione Clima",
         "de": "Ausgabe Klima"}


@cache
def _overview() -> dict[str, str]:
    return load_rules(DATA, LANGUAGES, "climate_rules.toml")


def overview(language: str = "en") -> str:
    """The Climate edition's section of the rules overview (data/climate_rules.toml)."""
    return _overview()[language if language in LANGUAGES else "en"]
