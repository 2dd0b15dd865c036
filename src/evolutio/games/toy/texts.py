"""Trick's words in English, Russian, Italian and German: option labels, sentences, the
decision kinds' and the score's names, and the card reference's files (``reference.toml``,
``rules.toml`` beside this module)."""

from __future__ import annotations

import functools
from typing import Any

from evolutio.core.reference import load_names, load_rules, load_texts
from evolutio.core.scoring import SHARED

LANGUAGES = ("en", "ru", "it", "de")


def words(en: str, ru: str, it: str, de: str) -> dict[str, str]:
    """One text in each language, in the order of ``LANGUAGES``."""
    return dict(zip(LANGUAGES, (en, ru, it, de), strict=True))


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
    "bid": words("{name} bids.", "{name} делает ставку.", "{name} punta.", "{name} bietet."),
    "bids_revealed": words("Bids revealed: {bids}.", "Ставки открыты: {bids}.",
                            "Puntate rivelate: {bids}.", "Gebote aufgedeckt: {bids}."),
    "played": words("{name} plays {card}.", "{name} играет {card}.", "{name} gioca {card}.",
                     "{name} spielt {card}."),
    "trick_taken": words("{name} takes the trick: {points} points.",
                          "{name} берёт взятку: {points} очк.",
                          "{name} prende la presa: {points} punti.",
                          "{name} nimmt den Stich: {points} Punkte."),
    "bid_action": words("Bid {n} tricks.", "Ставка: {n} взяток.", "Punta {n} prese.",
                         "Biete {n} Stiche."),
    "play_action": words("Play card {n}.", "Сыграть карту {n}.", "Gioca la carta {n}.",
                          "Karte {n} spielen."),
    "prompt_bid": words("Bid how many tricks you will take.",
                         "Сколько взяток вы возьмёте? Сделайте ставку.",
                         "Punta quante prese farai.", "Biete, wie viele Stiche du machst."),
    "prompt_play": words("Play a card.", "Сыграйте карту.", "Gioca una carta.",
                          "Spiel eine Karte."),
}
#: the decision kinds' names, for "waiting for Ann (bid)" (``labels``: ``kind:<kind>``)
KINDS = {
    "bid": words("bid", "ставка", "puntata", "Gebot"),
    "play": words("playing a card", "ход картой", "giocata", "Ausspielen"),
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
