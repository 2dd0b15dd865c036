"""Every game's puzzles: well formed, and each answer the search's clear best move.

The check (``evolutio.bots.puzzles``) searches each puzzle's position at a fixed budget and
seed, so it is deterministic; the answer must be the most visited action and beat the second
best by ``MARGIN`` in mean reward. The whole check runs in well under a minute.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from evolutio.bots.puzzles import ITERATIONS, MARGIN, check
from evolutio.core.puzzle import Puzzle, PuzzleError, parse_puzzles, puzzles_of, theme_names
from evolutio.core.registry import get_game

GAMES = ("evolution", "northstar", "darwin")
THEMES = {
    "evolution": {"feeding", "attack_defence", "paired_traits", "continents", "ice_age"},
    "northstar": {"food", "intelligence", "attack"},
    "darwin": {"habitats", "events"},
}
ALL = [p for name in GAMES for p in puzzles_of(name)]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_at_least_twenty_puzzles_over_its_themes(name: str) -> None:
    puzzles = puzzles_of(name)
    assert len(puzzles) >= 20
    assert {p.theme for p in puzzles} == THEMES[name]
    for puzzle in puzzles:
        assert puzzle.rule.strip() and puzzle.title["en"] and puzzle.explanation["de"]


@pytest.mark.heavy  # a search of 1,500 iterations per puzzle: CI runs it compiled
@pytest.mark.parametrize("puzzle", ALL, ids=[p.id for p in ALL])
def test_the_answer_is_the_searchs_clear_best_move(puzzle: Puzzle) -> None:
    verdict = check(puzzle, ITERATIONS)
    best = verdict.best
    assert best.action == verdict.answer, (
        f"{verdict.puzzle.id}: the search prefers {best.action} ({best.value:.3f})"
    )
    assert verdict.margin >= MARGIN, f"{verdict.puzzle.id}: margin {verdict.margin:.3f}"


def test_the_check_is_deterministic() -> None:
    puzzle = puzzles_of("evolution")[0]
    first, second = check(puzzle, 200, seed=3), check(puzzle, 200, seed=3)
    assert [(v.visits, v.value) for v in first.values] == [
        (v.visits, v.value) for v in second.values
    ]


def test_a_wrong_answer_fails_the_check() -> None:
    puzzle = next(p for p in puzzles_of("evolution") if p.id == "evo-attack-undefended")
    wrong = replace(puzzle, answer="end")
    assert not check(wrong, ITERATIONS).holds


def test_a_malformed_puzzle_is_refused_with_its_id() -> None:
    game = get_game("evolution")
    raw: dict[str, Any] = {
        "id": "broken", "theme": "feeding", "answer": "eat $Nobody", "rule": "Seed 004",
        "position": {"phase": "feeding", "food_bank": 2, "players": [
            {"animals": [{"name": "A"}, {"name": "B"}]}, {"animals": [{"name": "C"}]}]},
        "title": {lang: "t" for lang in ("en", "ru", "it", "de")},
        "explanation": {lang: "e" for lang in ("en", "ru", "it")},
    }
    with pytest.raises(PuzzleError, match=r"broken.*no 'de' text"):
        parse_puzzles({"puzzles": [raw]}, game, "test")
    raw["explanation"] = dict(raw["title"])
    with pytest.raises(PuzzleError, match="broken"):
        parse_puzzles({"puzzles": [raw]}, game, "test")
    raw["answer"] = "eat $A"
    assert parse_puzzles({"puzzles": [raw]}, game, "test")[0].labels["A"] == 1


@pytest.mark.parametrize("name", GAMES)
def test_each_game_names_its_themes_in_every_language(name: str) -> None:
    """The themes' names are the game's words (its puzzles file), never the pages'."""
    used = {p.theme for p in puzzles_of(name)}
    for lang in ("en", "ru", "it", "de"):
        names = theme_names(name, lang)
        assert set(names) == used and all(names[t] != t for t in used), (lang, names)
    assert theme_names(name, "xx") == theme_names(name, "en")
    assert theme_names(name, "ru") != theme_names(name, "en")


def test_a_theme_the_file_does_not_name_is_refused() -> None:
    game = get_game("evolution")
    data = {"themes": {"feeding": {lang: "F" for lang in ("en", "ru", "it", "de")}},
            "puzzles": [dict(raw) for raw in _raw_puzzles("evolution")[:1]]}
    data["puzzles"][0]["theme"] = "juggling"
    with pytest.raises(PuzzleError, match="juggling"):
        parse_puzzles(data, game, "test")
    data["themes"] = {"juggling": {"en": "Juggling"}}
    with pytest.raises(PuzzleError, match=r"juggling.*each of"):
        parse_puzzles(data, game, "test")


def _raw_puzzles(name: str) -> list[dict[str, Any]]:
    """The puzzles file of ``name`` as written."""
    from evolutio.core.puzzle import _data

    data = _data(name)
    assert isinstance(data, dict)
    return list(data["puzzles"])
