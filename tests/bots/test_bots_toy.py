"""Game-agnostic bot behaviour, on the toy trick game of toygame.py."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from toygame import GAME, Play, TrickState

from evolutio.bots import BotError, Budget, InformationSet, IsmctsBot, RandomBot, make_bot
from evolutio.core.game import JSON, Action, Decision
from evolutio.sim.runner import GameTask, play_game


def random_positions(count: int, seed: int, players: int = 2) -> list[TrickState]:
    """States reached by random play, at every depth."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = GAME.new({"players": players}, rng.randrange(10**6))
        while GAME.decision(state) is not None:
            positions.append(state.clone())
            legal = GAME.legal_actions(state)
            GAME.apply(state, legal[rng.randrange(len(legal))])
    return positions[:count]


@pytest.mark.parametrize("spec", ["random", "ismcts:8", "ismcts:5ms"])
def test_bots_choose_legal_actions(spec: str) -> None:
    for i, state in enumerate(random_positions(40, 3, players=3)):
        bot = make_bot(spec, i, "toy")
        decision = GAME.decision(state)
        assert decision is not None
        legal = GAME.legal_actions(state)
        info = InformationSet.of(GAME, state, decision.seat)
        action = bot.choose(GAME.view(state, decision.seat), legal, decision, info)
        assert action in legal


def test_ismcts_is_deterministic_for_a_seed() -> None:
    for state in random_positions(15, 8):
        decision = GAME.decision(state)
        assert decision is not None
        legal = GAME.legal_actions(state)
        view = GAME.view(state, decision.seat)
        choices = {
            IsmctsBot(42, Budget(iterations=30)).choose(
                view, legal, decision, InformationSet.of(GAME, state, decision.seat)
            )
            for _ in range(3)
        }
        assert len(choices) == 1


def test_random_bot_is_deterministic_for_a_seed() -> None:
    legal: list[Action] = [Play(card) for card in range(1, 14)]
    decision = Decision(0, "play")
    first = [RandomBot(5).choose({}, legal, decision) for _ in range(5)]
    bot = RandomBot(5)
    again = [bot.choose({}, legal, decision) for _ in range(5)]
    assert first == [first[0]] * 5
    assert again[0] == first[0]
    assert len(set(again)) > 1


def test_ismcts_takes_the_trick_worth_most() -> None:
    # Seat 1 answers an 11 holding 2 and 12: taking the trick with 12 scores 23.
    state = GAME.new({"players": 2}, 1)
    state.hands = [[5, 6], [2, 12]]
    state.deck = [c for c in range(1, 14) if c not in (5, 6, 2, 12, 11)]
    state.table = [(0, 11)]
    state.tricks = 1
    decision = GAME.decision(state)
    assert decision is not None and decision.seat == 1
    bot = IsmctsBot(0, Budget(iterations=200))
    action = bot.choose(
        GAME.view(state, 1), GAME.legal_actions(state), decision, InformationSet.of(GAME, state, 1)
    )
    assert action == Play(12)
    assert bot.last_iterations == 200


def test_ismcts_needs_an_information_set() -> None:
    state = GAME.new({"players": 2}, 1)
    decision = GAME.decision(state)
    assert decision is not None
    with pytest.raises(ValueError, match="information set"):
        IsmctsBot(0).choose(GAME.view(state, 0), GAME.legal_actions(state), decision)


class SpyBot:
    """Records what the runner hands a bot and plays the first legal action."""

    name = "spy"
    calls: ClassVar[list[tuple[JSON, list[Action], Decision, Any, JSON]]] = []

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        assert info is not None
        sample_view = GAME.view(info.sample(random.Random(1)), decision.seat)
        SpyBot.calls.append((view, list(legal_actions), decision, info, sample_view))
        return legal_actions[0]


def test_a_bot_receives_only_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    import evolutio.sim.runner as runner

    SpyBot.calls.clear()
    monkeypatch.setattr(runner, "make_bot", lambda spec, seed, game: SpyBot())
    task = GameTask(0, "toy", {"players": 3}, 77, ("spy", "spy", "spy"), record=True)
    played = play_game(task)
    assert played.result["error"] is None and played.record is not None
    # Replay the record: at each decision the bot got exactly the seat's view.
    state = GAME.new({"players": 3}, 77)
    assert len(SpyBot.calls) == len(played.record.actions)
    for (view, legal, decision, info, sample_view), (seat, action) in zip(
        SpyBot.calls, played.record.actions, strict=True
    ):
        assert decision.seat == seat
        assert view == GAME.view(state, seat)
        assert legal == GAME.legal_actions(state)
        for player in view["players"]:
            assert (player["hand"] is None) == (player["seat"] != seat)
        # The information set offers samples, never the true state or its RNG.
        assert isinstance(info, InformationSet)
        assert not hasattr(info, "__dict__")
        assert {n for n in dir(info) if not n.startswith("_")} == {"game", "of", "sample", "seat"}
        assert sample_view == view
        GAME.apply(state, GAME.action_from_json(action))


def test_samples_resample_hidden_cards() -> None:
    state = GAME.new({"players": 2}, 3)
    info = InformationSet.of(GAME, state, 0)
    hands = {tuple(info.sample(random.Random(s)).hands[1]) for s in range(20)}
    assert len(hands) > 1


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown bot 'wizard'; allowed: bots random, greedy, ismcts; levels easy"),
        ("ismcts:fast", "bad budget 'fast'; use an iteration count"),
        ("ismcts:0", "at least 1"),
        ("ismcts:2.5", "whole number"),
        ("ismcts:0s", "more than 0"),
        ("random:3", "takes no budget"),
        ("greedy", "the greedy bot plays evolution, not 'toy'"),
        ("easy", "the greedy bot plays evolution"),
    ],
)
def test_unknown_bots_and_budgets_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotError) as info:
        make_bot(spec, 0, "toy")
    assert message in str(info.value)


def test_budget_forms() -> None:
    assert Budget.parse("200") == Budget(iterations=200)
    assert Budget.parse("50i") == Budget(iterations=50)
    assert Budget.parse("1s") == Budget(seconds=1.0)
    assert Budget.parse("250ms") == Budget(seconds=0.25)
    assert str(Budget.parse("250ms")) == "250ms"
    assert str(Budget.parse("2s")) == "2s"
    bot = make_bot("ISMCTS : 30", 0, "toy")
    assert isinstance(bot, IsmctsBot) and bot.budget == Budget(iterations=30)


def test_samples_depend_on_a_secret_the_bot_does_not_hold() -> None:
    # The shuffle of a determinization starts from the true order of the hidden cards; mixing
    # in the runner's secret stops a bot that knows its own RNG from undoing it.
    state = GAME.new({"players": 2}, 3)

    def hidden(secret: int) -> list[int]:
        sample = InformationSet.of(GAME, state, 0, secret).sample(random.Random(1))
        return sample.hands[1] + sample.deck

    assert hidden(7) == hidden(7)
    assert len({tuple(hidden(secret)) for secret in range(10)}) > 1
