"""Sentences in every client language (data/sentences.toml): every action and event of random
games with every card set reads as text in en/ru/it/de, every action type and event
template has all four languages, and a few Russian and German sentences read exactly; an
unknown language falls back to English."""

from __future__ import annotations

import random

from evolutio.core.registry import get_game
from evolutio.games.evolution.actions import ACTION_TYPES, Attack, Eat, Pass, PlayTrait, UseFat
from evolutio.games.evolution.texts import describe_action, describe_event, sentences

GAME = get_game("evolution")
EVERY_SET = ["base", "time_to_fly", "gift", "continents"]
LANGUAGES = ("en", "ru", "it", "de")


def test_every_action_and_event_reads_in_every_language() -> None:
    actions: set[str] = set()
    for seed in range(4):
        options = GAME.normalize_options({"players": 2 + seed % 3, "expansions": EVERY_SET})
        state = GAME.new(options, 100 + seed)
        rng = random.Random(seed)
        while (decision := GAME.decision(state)) is not None:
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            for action in legal:
                actions.add(action.type)
                for lang in LANGUAGES:
                    text = GAME.describe_action(state, action, lang)
                    assert text.strip() and "{" not in text, (lang, action, text)
            for event in GAME.apply(state, seat, rng.choice(legal)):
                for lang in LANGUAGES:
                    text = GAME.describe_event(event, lang, ["p0", "p1", "p2", "p3"])
                    assert "{" not in text, (lang, event, text)
                    assert text or event.type == "step_ended"
    assert {"animal", "trait", "eat", "pass", "end"} <= actions


def test_every_action_type_has_a_sentence_in_every_language() -> None:
    table = sentences()
    for kind in [*ACTION_TYPES, "animal_at"]:
        assert set(table["actions"][kind]) == set(LANGUAGES), kind
    for kind, entry in table["events"].items():
        assert set(entry) == set(LANGUAGES), kind


def test_russian_and_german_sentences() -> None:
    state = GAME.new(GAME.normalize_options({"players": 2}), 7)
    assert describe_action(state, Eat(3), "ru") == "Взять красную фишку из кормовой базы для A3"
    assert describe_action(state, Eat(3), "de") == (
        "Ein rotes Futterplättchen aus der Futterbank für A3 nehmen"
    )
    assert describe_action(state, Pass(), "ru") == "Пас: больше не выкладывать карт в этом ходу"
    assert describe_action(state, UseFat(2, 1), "de") == "A2: 1 Fett in Futter umwandeln"
    assert describe_action(state, PlayTrait(81, "mimicry", 2), "ru") == (
        "Сыграть свойство «Мимикрия» на A2"
    )
    # the player choosing it reads which card it spends (changed with the picks)
    assert describe_action(state, PlayTrait(81, "mimicry", 2), "ru", private=True) == (
        "Сыграть свойство «Мимикрия» (карта «Камуфляж / Жировой запас») на A2"
    )
    assert describe_action(state, Attack(1, 9), "de") == "Fleischfresser A1 greift A9 an"
    seats = ["Vanya", "Kolya"]
    assert describe_event({"type": "food_bank_set", "dice": [4], "bonus": 2, "food": 6}, "ru") == (
        "Кормовая база, красных фишек: 4+2 = 6"
    )
    taken = {"type": "food_taken", "animal": 3, "source": "supply", "trait": "cooperation"}
    assert describe_event({**taken, "to_fat": True}, "de") == (
        "A3 erhält ein blaues Futterplättchen als Fett (Kooperation)"
    )
    died = {"type": "animal_died", "animal": 5, "owner": 1, "cause": "starved"}
    assert describe_event(died, "ru", seats) == "A5 (Kolya) погибает: от голода"
    assert describe_event(died, "de") == "A5 von Spieler 2 stirbt (verhungert)"
    phase = {"type": "phase_started", "turn": 2, "phase": "feeding", "first_player": 0}
    assert describe_event(phase, "ru") == "Ход 2: фаза питания"
    assert describe_event(phase, "de") == "Runde 2: Fütterungsphase"


def test_unknown_language_reads_in_english() -> None:
    state = GAME.new(GAME.normalize_options({"players": 2}), 7)
    assert describe_action(state, Eat(3), "xx") == "Take a red token from the food bank for A3"
    assert describe_event({"type": "passed", "seat": 0}, "xx") == "seat 1 passes"
