"""Move-by-move analysis (``evolutio.analysis``) on every game through the contract: a strong
seat (an ISMCTS budget) is judged more accurate than a random one, with fewer blunders; the
analysis is the same for the same record and budget on any number of processes; its JSON
form reads back; the searches report what they found."""

from __future__ import annotations

import random
from itertools import pairwise
from typing import Any

import pytest

from evolutio.analysis import Analysis, analyse, local_mapper
from evolutio.analysis.review import THRESHOLDS, accuracy_of, label_of
from evolutio.bots.base import InformationSet
from evolutio.bots.ismcts import Budget
from evolutio.bots.levels import make_ismcts
from evolutio.bots.report import played_visits
from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.sim.runner import GameTask, play_game

#: the searching bot of the games analysed, and the analysis's budget per decision: the
#: smallest that keep the verdicts clear (docs/benchmarks.md, "Analysis").
STRONG = "ismcts:30"
BUDGET = "20"


def played(game: str, options: dict[str, Any], seed: int, bots: tuple[str, ...]) -> Record:
    """The record of a game between ``bots``."""
    record = play_game(GameTask(0, game, options, seed, bots, record=True)).record
    assert record is not None and record.outcome is not None
    return record


def verdicts(analyses: list[tuple[Analysis, dict[int, str]]]) -> dict[str, tuple[float, int]]:
    """Per bot over the analyses (each with the bot of every seat): mean accuracy of its
    decisions and its blunders."""
    accuracy: dict[str, list[float]] = {}
    blunders: dict[str, int] = {}
    for analysis, bots in analyses:
        for review in analysis.decisions:
            bot = bots[review.seat]
            accuracy.setdefault(bot, []).append(review.accuracy)
            blunders[bot] = blunders.get(bot, 0) + (review.label == "blunder")
    return {bot: (sum(values) / len(values), blunders[bot]) for bot, values in accuracy.items()}


#: (game, options, seeds): a game per seed, the strong seat first and second by turns; one
#: game of Evolution and Darwin's Choice, two of North Star (where random's moves cost less:
#: 1 blunder against none in the first, 6 in the second), six of the toy game's three tricks.
#: Found (accuracy, blunders) strong against random: toy 97.8, 0 / 84.6, 3; Evolution
#: 93.4, 0 / 82.8, 4; North Star 97.7, 0 / 89.8, 7; Darwin's Choice 96.8, 0 / 88.3, 3.
GAMES = [
    ("toy", {"players": 2}, (1, 2, 3, 4, 5, 6)),
    ("evolution", {"players": 2, "half_deck": True}, (1000,)),
    ("northstar", {"players": 2}, (1000, 1001)),
    ("darwin", {"players": 2, "eras": 3}, (1000,)),
]


@pytest.mark.parametrize(("game", "options", "seeds"), GAMES, ids=[g[0] for g in GAMES])
def test_the_searching_seat_is_more_accurate_and_blunders_less(
    game: str, options: dict[str, Any], seeds: tuple[int, ...]
) -> None:
    analyses = []
    for turn, seed in enumerate(seeds):
        bots = (STRONG, "random") if turn % 2 == 0 else ("random", STRONG)
        analysis = analyse(played(game, options, seed, bots), BUDGET)
        assert {d.seat for d in analysis.decisions} == {0, 1}
        analyses.append((analysis, dict(enumerate(bots))))
    found = verdicts(analyses)
    strong, weak = found[STRONG], found["random"]
    assert weak[0] < strong[0], found
    assert weak[1] > strong[1], found


def test_the_same_record_and_budget_give_the_same_analysis_on_any_processes() -> None:
    """Evolution with every expansion, the first 60 actions of a game (a game not over is
    analysed as far as it goes): each decision is seeded from the record and its index, so
    one process and two give the same JSON, and the JSON reads back."""
    options = {"players": 2, "half_deck": True,
               "expansions": ["base", "time_to_fly", "gift", "continents", "ice_age"]}
    whole = played("evolution", options, 7, ("greedy", "random"))
    record = Record(whole.game, whole.options, whole.seed, whole.actions[:60], whole.players,
                    rules=whole.rules)
    seen: list[tuple[int, int]] = []
    first = analyse(record, "4", lambda done, total: seen.append((done, total)))
    again = analyse(record, Budget(iterations=4), mapper=local_mapper(2))
    assert first.to_json() == again.to_json()
    total = len(first.decisions)
    assert total > 10
    assert seen == [(done, total) for done in range(total + 1)]
    assert Analysis.from_json(first.to_json()).to_json() == first.to_json()
    data = first.to_json()
    assert data["thresholds"] == THRESHOLDS and len(data["summary"]) == 2
    assert data["outcome"] is None
    indices = [d["index"] for d in data["decisions"]]
    replayed = Match.new(record.game, record.options, record.seed)
    for index, (seat, action) in enumerate(record.actions):
        if index in indices:  # every decision with a choice is there, none without
            review = data["decisions"][indices.index(index)]
            assert review["seat"] == seat and review["played"]["action"] == action
            assert review["legal"] == len(replayed.legal(seat)) > 1
            assert review["line"] and review["line"][0]["action"] == review["best"]["action"]
        else:
            assert len(replayed.legal(seat)) == 1
        replayed.act_json(seat, action)


def test_another_budget_or_record_gives_another_analysis() -> None:
    record = played("toy", {"players": 3}, 5, ("ismcts:20", "random", "random"))
    first = analyse(record, "30")
    assert analyse(record, "30").to_json() == first.to_json()
    assert analyse(record, "31").to_json() != first.to_json()
    other = played("toy", {"players": 3}, 6, ("ismcts:20", "random", "random"))
    assert analyse(other, "30").to_json() != first.to_json()


def test_a_search_reports_every_action_and_measures_the_played_and_best() -> None:
    """``IsmctsBot.analyse``: the played action gets its visits even when the search would
    not try it, the line starts with the best action, and ``choose`` is the same after."""
    match = Match.new("toy", {"players": 3}, 11)
    seat = match.pending()[0]
    legal = match.legal(seat)
    info = InformationSet.of(match.game, match.state, seat, 5, moves=0)
    bot = make_ismcts(3, Budget(iterations=30), "toy", score=0.0)
    worst = legal[-1]
    report = bot.analyse(info, legal, worst)
    assert [v.action for v in report.actions] == legal
    assert report.iterations >= 30
    want = played_visits(30)
    assert next(v for v in report.actions if v.action == worst).visits >= want
    assert report.actions[report.best].visits >= want
    assert report.line and report.line[0].action == report.actions[report.best].action
    assert report.line[0].seat == seat
    assert all(0.0 <= (v.value or 0.0) <= 1.0 for v in report.actions)
    chooser = make_ismcts(3, Budget(iterations=30), "toy", score=0.0)
    twin = make_ismcts(3, Budget(iterations=30), "toy", score=0.0)
    twin.analyse(info, legal, worst)
    decision = match.decision
    assert decision is not None
    fresh = InformationSet.of(match.game, match.state, seat, 5, moves=0)
    assert chooser.choose({}, legal, decision, fresh) in legal
    with pytest.raises(ValueError, match="more than one legal action"):
        bot.analyse(info, legal[:1])


def test_labels_and_accuracy_follow_the_documented_thresholds() -> None:
    assert label_of(0.0) is None and label_of(4.99) is None
    assert label_of(5.0) == "inaccuracy" and label_of(9.9) == "inaccuracy"
    assert label_of(10.0) == "mistake" and label_of(15.0) == "blunder"
    assert label_of(80.0) == "blunder"
    assert accuracy_of(0.0) == pytest.approx(100.0, abs=1e-3)
    assert accuracy_of(5.0) == pytest.approx(79.8, abs=0.1)
    assert accuracy_of(10.0) == pytest.approx(63.6, abs=0.1)
    assert accuracy_of(20.0) == pytest.approx(40.0, abs=0.1)
    assert accuracy_of(100.0) == 0.0
    rng = random.Random(1)
    losses = sorted(rng.uniform(0, 40) for _ in range(20))
    assert all(accuracy_of(a) > accuracy_of(b) for a, b in pairwise(losses))
