"""The trick game's refusals in every language: a sentence per key, with ``{fields}``; the
rules raise :func:`refused` and the game's ``describe_refusal`` says it again in the player's
language."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import IllegalAction

SENTENCES: dict[str, dict[str, str]] = {
    "over": {
        "en": "The game is over.",
        "ru": "Игра окончена.",
        "it": "La partita è finita.",
        "de": "Das Spiel ist vorbei.",
    },
    "bid_made": {
        "en": "You have already bid; waiting for the others.",
        "ru": "Вы уже сделали ставку; ждём остальных.",
        "it": "Hai già dichiarato; si aspettano gli altri.",
        "de": "Du hast schon geboten; es wird auf die anderen gewartet.",
    },
    "not_your_turn": {
        "en": "It is not your turn.",
        "ru": "Сейчас не ваш ход.",
        "it": "Non è il tuo turno.",
        "de": "Du bist nicht am Zug.",
    },
    "bid_first": {
        "en": "Everyone bids first: how many tricks will you take?",
        "ru": "Сначала все делают ставки: сколько взяток вы возьмёте?",
        "it": "Prima dichiarano tutti: quante prese farai?",
        "de": "Zuerst bieten alle: wie viele Stiche wirst du machen?",
    },
    "bid_range": {
        "en": "Bid from 0 to {most} tricks.",
        "ru": "Ставка — от 0 до {most} взяток.",
        "it": "Dichiara da 0 a {most} prese.",
        "de": "Biete 0 bis {most} Stiche.",
    },
    "play_card": {
        "en": "Play a card from your hand.",
        "ru": "Сыграйте карту с руки.",
        "it": "Gioca una carta dalla tua mano.",
        "de": "Spiele eine Karte aus deiner Hand.",
    },
    "not_in_hand": {
        "en": "Card {card} is not in your hand.",
        "ru": "Карты {card} нет у вас на руке.",
        "it": "La carta {card} non è nella tua mano.",
        "de": "Die Karte {card} ist nicht auf deiner Hand.",
    },
}


def say(key: str, fields: dict[str, Any], language: str = "en") -> str:
    """The sentence ``key`` with ``fields`` in ``language`` (English when unknown)."""
    texts = SENTENCES[key]
    return (texts.get(language) or texts["en"]).format(**fields)


def refused(key: str, **fields: Any) -> IllegalAction:
    """The refusal ``key``: its English sentence, with its key and fields."""
    return IllegalAction(say(key, fields), key, fields)


def describe(error: IllegalAction, language: str = "en") -> str:
    """A refusal in ``language`` (its English reason when it has no key here)."""
    if error.key not in SENTENCES:
        return error.reason
    return say(error.key, error.fields, language)
