"""Every lesson step of every game: the position loads with the learner's seat deciding, the
move asked is legal there and, made, passes the step's ``after`` checks; the next step then
stands ready; every text is there in every language; a refused move and another legal move
are answered and change nothing (docs/lessons.md)."""

from __future__ import annotations

import pytest

from evolutio.core import lessons
from evolutio.core.lessons import LANGUAGES, LessonError, Table, parse_lesson
from evolutio.core.registry import get_game

#: the kinds of decision each game's lessons must teach (the action types asked for)
TAUGHT = {
    "evolution": {"animal", "trait", "pair", "eat", "attack", "tail_loss"},
    "northstar": {"food", "species", "trait", "grow", "eat", "attack"},
    "darwin": {"draw", "exchange", "create", "add", "done", "mutate", "migrate", "pass"},
}
GAMES = sorted(TAUGHT)


def steps_of(game: str) -> list[tuple[str, str, int]]:
    return [(game, lesson.id, i) for lesson in lessons.lessons(game)
            for i in range(len(lesson.steps))]


ALL_STEPS = [s for game in GAMES for s in steps_of(game)]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_lesson_with_its_texts(game: str) -> None:
    found = lessons.lessons(game)
    assert found, f"{game} has no lesson"
    for lesson in found:
        for lang in LANGUAGES:
            assert lesson.title[lang] and lesson.summary[lang]
            for step in lesson.steps:
                assert step.text[lang].strip(), f"{lesson.id}.{step.id}: no {lang} text"


@pytest.mark.parametrize("game", GAMES)
def test_the_real_game_after_a_lesson_is_short_and_valid(game: str) -> None:
    for lesson in lessons.lessons(game):
        options = get_game(game).normalize_options(dict(lesson.play["options"]))
        short = {"evolution": ("half_deck", True), "northstar": ("two_player_deck", "reduced"),
                 "darwin": ("variant", "beginner")}[game]
        assert options[short[0]] == short[1] and options["players"] == 2


def test_the_demo_game_has_no_lesson() -> None:
    assert lessons.lessons("toy") == ()


@pytest.mark.parametrize(("game", "lesson_id", "index"), ALL_STEPS,
                         ids=[f"{g}-{lid}-{i}" for g, lid, i in ALL_STEPS])
def test_a_step_asks_a_legal_move_and_leads_on(game: str, lesson_id: str, index: int) -> None:
    lesson = lessons.find(game, lesson_id)
    assert lesson is not None
    table = Table(lesson, index)
    step = table.step
    decision = table.game.decision(table.state)
    assert decision is not None and step.seat in decision.seats, f"{step.id}: seat not deciding"
    action = table.asked_action()  # raises when no legal move is the one asked
    verdict = table.judge(action, "ru")
    assert verdict.kind == "right"
    if step.done:
        assert verdict.text == step.done["ru"]
    table.check_after()
    assert table.legal() == []  # the step is made: no second move
    if table.next():  # the next step stands ready for its learner
        following = table.game.decision(table.state)
        assert following is not None and table.step.seat in following.seats


@pytest.mark.parametrize("game", GAMES)
def test_the_lessons_teach_every_kind_of_decision(game: str) -> None:
    asked = set()
    for lesson in lessons.lessons(game):
        for i in range(len(lesson.steps)):
            asked.add(Table(lesson, i).asked_action().to_json()["type"])
    assert TAUGHT[game] <= asked, f"{game}: not taught {sorted(TAUGHT[game] - asked)}"


@pytest.mark.parametrize("game", GAMES)
def test_another_legal_move_gets_the_hint_and_a_second_chance(game: str) -> None:
    lesson = lessons.lessons(game)[0]
    for i, step in enumerate(lesson.steps):
        table = Table(lesson, i)
        others = [a for a in table.legal() if not table.taught(a)]
        if not others:
            continue
        before = table.game.snapshot(table.state)
        for lang in LANGUAGES:
            verdict = table.judge(others[0], lang)
            hint = step.hint or lessons.OTHER_MOVE
            assert (verdict.kind, verdict.text) == ("other", hint[lang])
        assert table.game.snapshot(table.state) == before
        assert table.judge(table.asked_action(), "en").kind == "right"
        return
    pytest.fail(f"{game}: no step offers another legal move")


def test_a_refused_move_is_answered_in_the_learners_language() -> None:
    lesson = lessons.lessons("evolution")[0]
    table = Table(lesson, 4)  # the attack: the swimming animal cannot be caught
    wolf, fish = table.runner.labels["Wolf"], table.runner.labels["Fish"]
    attack = table.game.action_from_json({"type": "attack", "animal": wolf, "target": fish})
    english, russian = table.judge(attack, "en"), table.judge(attack, "ru")
    assert english.kind == russian.kind == "refused"
    assert "swimming" in english.text.lower()
    assert english.text != russian.text and any("а" <= c <= "я" for c in russian.text)
    assert table.judge(table.asked_action(), "en").kind == "right"


def test_a_lesson_without_every_language_is_refused() -> None:
    step = {"seat": 0, "ask": "pass", "position": {}, "text": {"en": "Pass.", "ru": "Пас."}}
    data = {"id": "x", "title": dict.fromkeys(LANGUAGES, "T"),
            "summary": dict.fromkeys(LANGUAGES, "S"), "steps": [step]}
    with pytest.raises(LessonError, match="no text in it, de"):
        parse_lesson(data, "evolution", "x.yaml")
    with pytest.raises(LessonError, match="continue: true after a step"):
        parse_lesson({**data, "steps": [{**step, "continue": True,
                                         "text": dict.fromkeys(LANGUAGES, "t")}]},
                     "evolution", "x.yaml")
