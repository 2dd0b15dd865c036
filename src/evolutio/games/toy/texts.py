"""Trick's words in English, Russian, Italian and German: option labels, sentences, the
decision kinds' and the score's names, and the card reference's files (``reference.toml``,
``rules.toml`` beside this module)."""

from __future__ import annotations

import functools
from typing import Any

from evolutio.core.reference import load_names, load_rules, load_texts
from evolutio.core.scoring import SHARED
from evolutio.core.words import words

LANGUAGES = ("en", "ru", "it", "de")


#: the parts of the score and the tie-break, by language (the breakdown and the live score)
SCORE_LABELS = {
    "score.tricks": {"en": "Cards in tricks taken", "ru": "Карты во взятках",
                     "it": "Carte nelle prese", "de": "Karten in gewonnenen Stichen"},
    "score.bid": {"en": "Exact bid bonus", "ru": "Бонус за точную заявку",
                  "it": "Bonus per la puntata esatta", "de": "Bonus für die genaue Ansage"},
    "score.tiebreak.taken": {
        "en": "Tie broken by the most tricks taken", "ru": "Ничья решена по числу взяток",
        "it": "Pareggio risolto dal maggior numero di prese",
        "de": "Gleichstand durch die meisten Stiche entschieden"},
    SHARED: {"en": "Tied on every count: the victory is shared",
             "ru": "Полное равенство: победа разделена",
             "it": "Pari in tutto: la vittoria è condivisa",
             "de": "In allem gleich: der Sieg wird geteilt"},
}


SENTENCES = {
    "bid": words("{name} bids.",
                 ru="{name} делает ставку.",
                 it="{name} punta.",
                 de="{name} bietet."),
    "bids_revealed": words("Bids revealed: {bids}.",
                           ru="Ставки открыты: {bids}.",
                           it="Puntate rivelate: {bids}.",
                           de="Gebote aufgedeckt: {bids}."),
    "played": words("{name} plays {card}.",
                    ru="{name} играет {card}.",
                    it="{name} gioca {card}.",
                    de="{name} spielt {card}."),
    "trick_taken": words("{name} takes the trick: {points} points.",
                         ru="{name} берёт взятку: {points} очк.",
                         it="{name} prende la presa: {points} punti.",
                         de="{name} nimmt den Stich: {points} Punkte."),
    "bid_action": words("Bid {n} tricks.",
                        ru="Ставка: {n} взяток.",
                        it="Punta {n} prese.",
                        de="Biete {n} Stiche."),
    "play_action": words("Play card {n}.",
                         ru="Сыграть карту {n}.",
                         it="Gioca la carta {n}.",
                         de="Karte {n} spielen."),
    "prompt_bid": words("Bid how many tricks you will take.",
                        ru="Сколько взяток вы возьмёте? Сделайте ставку.",
                        it="Punta quante prese farai.",
                        de="Biete, wie viele Stiche du machst."),
    "prompt_play": words("Play a card.",
                         ru="Сыграйте карту.",
                         it="Gioca una carta.",
                         de="Spiel eine Karte."),
}
#: the decision kinds' names, for "waiting for Ann (bid)" (``labels``: ``kind:<kind>``)
KINDS = {
    "bid": words("bid", ru="ставка", it="puntata", de="Gebot"),
    "play": words("playing a card", ru="ход картой", it="giocata", de="Ausspielen"),
}


def say(key: str, language: str, **values: Any) -> str:
    """The sentence ``key`` in ``language`` (English when missing), filled with ``values``."""
    texts = SENTENCES[key]
    return (texts.get(language) or texts["en"]).format(**values)


def lang_of(language: str) -> str:
    """``language`` if the game speaks it, else English."""
    return language if language in LANGUAGES else "en"


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
