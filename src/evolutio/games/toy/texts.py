"""Trick's words in English, Russian, Italian and German: option labels, sentences, the
decision kinds' and the score's names (the card reference and the rules overview are in
reference.py)."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import Action, Event
from evolutio.core.scoring import SHARED
from evolutio.core.words import words
from evolutio.games.toy.actions import Bid, Play
from evolutio.games.toy.events import BidMade, BidsRevealed, Played, TrickTaken

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


def describe_action(action: Action, language: str = "en") -> str:
    """An action in words."""
    if isinstance(action, Bid):
        return say("bid_action", language, n=action.tricks)
    if isinstance(action, Play):
        return say("play_action", language, n=action.card)
    return action.notation()


def describe_event(event: Event, language: str = "en", seats: list[str] | None = None) -> str:
    """An event in words, seats by their names in ``seats`` (else ``#n``)."""
    def name(seat: int) -> str:
        return seats[seat] if seats and seat < len(seats) else f"#{seat + 1}"

    if isinstance(event, BidMade):
        return say("bid", language, name=name(event.seat))
    if isinstance(event, BidsRevealed):
        bids = ", ".join(f"{name(s)} {b}" for s, b in enumerate(event.bids))
        return say("bids_revealed", language, bids=bids)
    if isinstance(event, Played):
        return say("played", language, name=name(event.seat), card=event.card)
    if isinstance(event, TrickTaken):
        return say("trick_taken", language, name=name(event.seat), points=event.points)
    return ""
