"""Bots on Knorre & Machin's Evolution: legal choices, determinism, views only."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from evolutio.bots import InformationSet, make_bot
from evolutio.bots.greedy import GreedyBot
from evolutio.core import get_game
from evolutio.core.game import JSON, Action, Decision, OptionError
from evolutio.games.evolution.cards import card_sets
from evolutio.games.evolution.heuristic import (
    HEURISTIC,
    ROLLOUT_DEPTH,
    estimate_scores,
    evaluate,
)
from evolutio.sim.runner import GameTask, batch_tasks, play_game, run_games

GAME = get_game("evolution")


def expansion_sets() -> list[list[str]]:
    """Base alone, base with each expansion the engine accepts, and everything together."""
    known = []
    for name in card_sets():
        try:
            GAME.normalize_options({"expansions": ["base", name]})
        except OptionError:
            continue
        if name != "base":
            known.append(name)
    return [["base"], *[["base", name] for name in known], ["base", *known]]


def positions(expansions: list[str], players: int, seed: int, per_kind: int) -> list[Any]:
    """Positions from random games, up to ``per_kind`` of every decision kind met."""
    rng = random.Random(seed)
    found: dict[str, list[Any]] = {}
    for _ in range(6):
        state = GAME.new({"players": players, "expansions": expansions}, rng.randrange(10**6))
        while (decision := GAME.decision(state)) is not None:
            bucket = found.setdefault(decision.kind, [])
            if len(bucket) < per_kind and rng.random() < 0.3:
                bucket.append(state.clone())
            seat = decision.seats[0]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    return [s for bucket in found.values() for s in bucket]


def ask(bot: Any, state: Any) -> tuple[Action, list[Action]]:
    decision = GAME.decision(state)
    assert decision is not None
    seat = decision.seats[0]
    legal = GAME.legal_actions(state, seat)
    info = InformationSet.of(GAME, state, seat)
    return bot.choose(GAME.view(state, seat), legal, decision, info), legal


@pytest.mark.parametrize("expansions", expansion_sets(), ids=lambda e: "+".join(e))
@pytest.mark.parametrize("players", [2, 4])
def test_bots_choose_legal_actions(expansions: list[str], players: int) -> None:
    states = positions(expansions, players, seed=players, per_kind=12)
    kinds = {GAME.decision(s).kind for s in states}  # type: ignore[union-attr]
    assert {"develop", "feed"} <= kinds
    for i, state in enumerate(states):
        for spec in ("random", "greedy", "easy"):
            action, legal = ask(make_bot(spec, i, "evolution"), state)
            assert action in legal, (spec, action)
        if i % 4 == 0:
            action, legal = ask(make_bot("ismcts:4", i, "evolution"), state)
            assert action in legal


def test_games_are_deterministic_for_a_seed() -> None:
    task = GameTask(0, "evolution", {"players": 2}, 11, ("greedy", "ismcts:2"), record=True)
    first = play_game(task)
    again = play_game(task)
    assert first.result["error"] is None
    assert first.record is not None and again.record is not None
    assert first.record.actions == again.record.actions
    assert first.result["scores"] == again.result["scores"]


def test_same_results_for_one_and_two_workers() -> None:
    tasks = batch_tasks(
        "evolution", {"players": 3}, 4, 4, ["greedy", "random", "easy"], rotate=True
    )
    strip = {"think_seconds", "seconds"}
    one = [{k: v for k, v in r.items() if k not in strip} for r in run_games(tasks, 1)]
    two = [{k: v for k, v in r.items() if k not in strip} for r in run_games(tasks, 2)]
    assert one == two
    assert all(r["error"] is None and r["survivor_traits"] is not None for r in one)


def test_greedy_sees_nothing_beyond_its_view() -> None:
    # Resampling what the seat cannot see leaves its view, and so its choice, unchanged.
    for i, state in enumerate(positions(["base"], 3, seed=9, per_kind=8)):
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.seats[0]
        other = GAME.determinize(state, seat, random.Random(i))
        assert GAME.view(other, seat) == GAME.view(state, seat)
        first, _ = ask(GreedyBot(HEURISTIC, i), state)
        second, _ = ask(GreedyBot(HEURISTIC, i), other)
        assert first == second


def test_greedy_takes_bank_food_with_plants() -> None:
    # With Plants a bank holds only what another set put there (the Ocean's tokens here); the
    # greedy bot takes it rather than end the step (2nd edition: nothing makes it feed).
    position = {
        "phase": "feeding",
        "first_player": 0,
        "food_banks": {"laurasia": 0, "gondwana": 0, "ocean": 2},
        "flora": {"plants": [{"name": "Bush", "kind": "perennial", "food": 2,
                              "location": "gondwana"}]},
        "players": [{"animals": [{"name": "Fish", "location": "ocean"}]},
                    {"animals": [{"name": "Mole", "location": "gondwana"}]}],
    }
    options = {"players": 2, "edition": 2, "expansions": ["base", "continents", "plants"]}
    for seed in range(3):
        state = GAME.from_position(options, position, seed)
        chosen, legal = ask(GreedyBot(HEURISTIC, seed), state)
        assert sorted(a.type for a in legal) == ["eat", "end"]
        assert chosen.type == "eat"


class SpyBot:
    """Checks each view it is given hides other seats' hands and discards, then plays greedy."""

    name = "spy"
    views: ClassVar[int] = 0

    def __init__(self, seed: int) -> None:
        self.inner = GreedyBot(HEURISTIC, seed)

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        assert (view["seat"],) == decision.seats
        for player in view["players"]:
            hidden = player["seat"] != view["seat"]
            assert (player["hand"] is None) == hidden
            assert (player["discard"] is None) == hidden
        assert "deck" not in view
        assert isinstance(info, InformationSet)
        SpyBot.views += 1
        return self.inner.choose(view, legal_actions, decision)


def test_runner_hands_bots_views_only(monkeypatch: pytest.MonkeyPatch) -> None:
    import evolutio.sim.runner as runner

    monkeypatch.setattr(runner, "make_bot", lambda spec, seed, game: SpyBot(seed))
    SpyBot.views = 0
    played = play_game(GameTask(0, "evolution", {"players": 3}, 5, ("spy",) * 3))
    assert played.result["error"] is None
    assert SpyBot.views == played.result["actions"]


def test_score_estimate_and_evaluation() -> None:
    state = GAME.new({"players": 3}, 2)
    bots = [GreedyBot(HEURISTIC, s) for s in range(3)]
    while (decision := GAME.decision(state)) is not None and state.turn < 3:
        seat = decision.seats[0]
        legal = GAME.legal_actions(state, seat)
        GAME.apply(state, seat, bots[seat].choose(GAME.view(state, seat), legal, decision))
    rewards = evaluate(GAME, state)
    assert len(rewards) == 3 and all(0.0 <= r <= 1.0 for r in rewards)
    estimates = estimate_scores(GAME.view(state, None))
    assert max(estimates) > 0


def test_greedy_beats_random_in_a_few_games() -> None:
    rows = run_games(
        batch_tasks("evolution", {"players": 2}, 1, 10, ["greedy", "random"], rotate=True), 1
    )
    wins = sum(1 for r in rows if r["bots"][r["winners"][0]] == "greedy")
    assert wins >= 7


def test_the_game_carries_its_heuristic_and_the_bots_use_it() -> None:
    from evolutio.bots.ismcts import IsmctsBot
    from evolutio.core.protocols import Heuristic

    heuristic = GAME.heuristic  # type: ignore[attr-defined]
    assert isinstance(heuristic, Heuristic) and heuristic is HEURISTIC
    assert heuristic.rollout_depth == ROLLOUT_DEPTH == 20
    greedy = make_bot("normal", 1, "evolution")
    assert isinstance(greedy, GreedyBot) and greedy.heuristic is HEURISTIC and greedy.noise == 0
    easy = make_bot("easy", 1, GAME)
    assert isinstance(easy, GreedyBot) and easy.noise == pytest.approx(0.33)
    search = make_bot("ismcts:10", 1, "evolution")
    assert isinstance(search, IsmctsBot)
    assert search.rollout_depth == ROLLOUT_DEPTH and search.evaluator is not None
