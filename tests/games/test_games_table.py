"""Every game's optional table methods: the score in parts adds up to the outcome, its labels
exist in every language, undoable actions never follow chance or another seat's secret,
and the actions asking for a confirm are the ones that end a phase."""

from __future__ import annotations

import random

import pytest

from evolutio.core.base import GameBase
from evolutio.core.match import Match
from evolutio.core.registry import get_game
from evolutio.core.scoring import SHARED, deciding

GAMES = ("toy", "evolution", "northstar", "darwin")
LANGUAGES = ("en", "ru", "it", "de")


def random_game(name: str, seed: int) -> list[tuple[Match, int, str, bool, list[str]]]:
    """Play ``name`` randomly; per action: the match (at the end), the seat, the action's type,
    whether the game called it undoable, and its events' types."""
    match = Match.new(name, {}, seed)
    rng = random.Random(seed)
    steps = []
    while not match.over:
        seat = match.pending()[0]
        action = rng.choice(match.legal(seat))
        before = match.state.clone()
        events = match.act(seat, action)
        ok = match.game.undoable(before, seat, action, events)
        steps.append((match, seat, action.type, ok, [e.type for e in events]))
    return steps


@pytest.mark.parametrize("name", GAMES)
def test_scoreboard_adds_up_to_the_outcome(name: str) -> None:
    game = get_game(name)
    for seed in range(4):
        match = random_game(name, seed)[-1][0]
        board = game.scoreboard(match.state)  # type: ignore[attr-defined]
        outcome = match.outcome()
        assert outcome is not None
        assert board.totals == outcome.scores
        winners = outcome.winners
        if board.tiebreak is None:
            assert sorted(outcome.scores)[-1] > sorted(outcome.scores)[-2]
        elif board.tiebreak == SHARED:
            assert len(winners) > 1
        else:
            assert len(winners) == 1
        for lang in LANGUAGES:
            labels = game.labels(lang)
            ids = {label for seat in board.parts for label, _ in seat}
            ids |= {board.tiebreak or SHARED, SHARED}
            assert all(labels.get(i) for i in ids), (lang, ids - set(labels))


def test_deciding_names_the_tiebreak_that_separated_the_leaders() -> None:
    assert deciding([(5, 0), (3, 9)], ["t"]) is None
    assert deciding([(5, 1), (5, 2), (1, 9)], ["t"]) == "t"
    assert deciding([(5, 1, 0), (5, 1, 4)], ["a", "b"]) == "b"
    assert deciding([(5, 1, 4), (5, 1, 4)], ["a", "b"]) == SHARED
    assert deciding([(2,), (2,)], []) == SHARED


CHANCE = {"die_rolled", "food_bank_set", "cards_drawn", "drew", "dealt", "round",
          "phase_started", "food_revealed", "traits_revealed", "era_begins", "redrew"}


@pytest.mark.parametrize("name", ("evolution", "northstar", "darwin"))
def test_undoable_actions_use_no_chance(name: str) -> None:
    undone = 0
    refused_after_chance = 0
    for seed in range(4):
        for _, _, kind, ok, events in random_game(name, seed):
            if ok:
                undone += 1
                assert not CHANCE & set(events), (kind, events)
            elif CHANCE & set(events):
                refused_after_chance += 1
    assert undone > 0 and refused_after_chance > 0


def test_toy_takes_nothing_back() -> None:
    """The toy game keeps the base's ``undoable``: no action of a random game is undoable."""
    assert type(get_game("toy")).undoable is GameBase.undoable
    assert random_game("toy", 3) and not any(step[3] for step in random_game("toy", 3))


def test_rewind_puts_the_match_back() -> None:
    match = Match.new("evolution", {}, 5)
    seat = match.pending()[0]
    before = match.state.clone()
    view, legal = match.view(seat), match.legal(seat)
    action = next(a for a in legal if a.type == "animal")
    match.act(seat, action)
    assert match.version == 1 and match.view(seat) != view
    match.rewind(before)
    assert match.version == 0 and match.record.actions == [] and match.log == []
    assert match.view(seat) == view and match.legal(seat) == legal
    with pytest.raises(ValueError):
        match.rewind(before)


@pytest.mark.parametrize(("name", "kinds"), [
    ("evolution", {"pass", "end"}), ("northstar", {"done", "pass"}), ("darwin", {"pass"})])
def test_confirms_the_actions_that_end_a_phase(name: str, kinds: set[str]) -> None:
    game = get_game(name)
    seen = set()
    match, rng = Match.new(name, {}, 1), random.Random(1)
    while not match.over:
        seat = match.pending()[0]
        for action in match.legal(seat):
            asks = game.confirms(match.state, action)  # type: ignore[attr-defined]
            assert asks == (action.type in kinds)
            seen.add((action.type, asks))
        match.act(seat, rng.choice(match.legal(seat)))
    assert any(asks for _, asks in seen) and any(not asks for _, asks in seen)
