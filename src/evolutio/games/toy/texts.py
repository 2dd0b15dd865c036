"""Trick's words in English, Russian, Italian and German: option labels, sentences, the
decision kinds' and the score's names (the card reference and the rules overview are in
reference.py)."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import Action, Event
from evolutio.core.plural import counted
from evolutio.core.scoring import SHARED
from evolutio.core.words import addressed, words
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
    "trick_taken": words("{name} takes the trick: {points}.",
                         ru="{name} берёт взятку: {points}.",
                         it="{name} prende la presa: {points}.",
                         de="{name} nimmt den Stich: {points}."),
    "you_bid": words("You bid.", ru="Вы делаете ставку.", it="Punti.", de="Du bietest."),
    "you_played": words("You play {card}.", ru="Вы играете {card}.", it="Giochi {card}.",
                        de="Du spielst {card}."),
    "you_trick_taken": words("You take the trick: {points}.", ru="Вы берёте взятку: {points}.",
                             it="Prendi la presa: {points}.",
                             de="Du nimmst den Stich: {points}."),
    "bid_action": words("Bid {n}.",
                        ru="Ставка: {n}.",
                        it="Punta {n}.",
                        de="Biete {n}."),
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
#: nouns with their plural forms (one|other; Russian one|few|many), for counts
NOUNS = {
    "points": words("point|points", ru="очко|очка|очков", it="punto|punti", de="Punkt|Punkte"),
    "tricks": words("trick|tricks", ru="взятку|взятки|взяток", it="presa|prese",
                    de="Stich|Stiche"),
}
#: the names of the view's fields, for the terminal's table of the view
VIEW = {
    "seat": words("Seat", ru="Место", it="Posto", de="Platz"),
    "total_tricks": words("Tricks in all", ru="Всего взяток", it="Prese in tutto",
                          de="Stiche insgesamt"),
    "table": words("On the table", ru="На столе", it="Sul tavolo", de="Auf dem Tisch"),
    "deck_size": words("Cards in the deck", ru="Карт в колоде", it="Carte nel mazzo",
                       de="Karten im Stapel"),
    "bids_revealed": words("Bids shown", ru="Ставки открыты", it="Puntate scoperte",
                           de="Gebote offen"),
    "players": words("Players", ru="Игроки", it="Giocatori", de="Spieler"),
    "hand_size": words("Cards in hand", ru="Карт в руке", it="Carte in mano",
                       de="Karten auf der Hand"),
    "hand": words("Hand", ru="Рука", it="Mano", de="Kartenhand"),
    "bid": words("Bid", ru="Ставка", it="Puntata", de="Gebot"),
    "has_bid": words("Has bid", ru="Ставка сделана", it="Ha puntato", de="Hat geboten"),
    "taken": words("Taken", ru="Взято", it="Prese fatte", de="Gewonnen"),
    "score": words("Score", ru="Очки", it="Punti", de="Punkte"),
}
#: the decision kinds' names, for "waiting for Ann (bid)" (``labels``: ``kind:<kind>``)
KINDS = {
    "bid": words("bid", ru="ставка", it="puntata", de="Gebot"),
    "play": words("playing a card", ru="ход картой", it="giocata", de="Ausspielen"),
}


def say(key: str, language: str, **values: Any) -> str:
    """The sentence ``key`` in ``language`` (English when missing), filled with ``values``;
    in the second person when its subject is the reader (``core.words.addressed``)."""
    texts = SENTENCES[addressed(key, values, SENTENCES)]
    return (texts.get(language) or texts["en"]).format(**values)


def forms(noun: str, language: str) -> list[str]:
    """The forms of ``noun`` (:data:`NOUNS`) in ``language``."""
    texts = NOUNS[noun]
    return (texts.get(language) or texts["en"]).split("|")


def lang_of(language: str) -> str:
    """``language`` if the game speaks it, else English."""
    return language if language in LANGUAGES else "en"


def describe_action(action: Action, language: str = "en") -> str:
    """An action in words."""
    if isinstance(action, Bid):
        return say("bid_action", language,
                   n=counted(action.tricks, language, forms("tricks", language)))
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
        return say("trick_taken", language, name=name(event.seat),
                   points=counted(event.points, language, forms("points", language)))
    return ""
