"""Game-agnostic bot behaviour, on the platform's reference game Trick (``games/toy``): a
simultaneous hidden bid, then tricks. It has no heuristic, so it also tests the fallbacks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from evolutio.bots import BotError, Budget, InformationSet, IsmctsBot, RandomBot, make_bot
from evolutio.core import get_game
from evolutio.core.game import JSON, Action, Decision
from evolutio.games.toy.actions import Bid, Play
from evolutio.games.toy.state import TrickState
from evolutio.sim.runner import GameTask, play_game

GAME = get_game("toy")


def random_positions(count: int, seed: int, players: int = 2) -> list[TrickState]:
    """States reached by random play, at every depth (bids made one seat at a time)."""
    rng = random.Random(seed)
    positions: list[TrickState] = []
    while len(positions) < count:
        state = GAME.new({"players": players}, rng.randrange(10**6))
        while (decision := GAME.decision(state)) is not None:
            positions.append(state.clone())
            seat = decision.seats[rng.randrange(len(decision.seats))]
            legal = GAME.legal_actions(state, seat)
            GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    return positions[:count]


def ask(bot: Any, state: TrickState, seat: int) -> Action:
    decision = GAME.decision(state)
    assert decision is not None and seat in decision.seats
    legal = GAME.legal_actions(state, seat)
    info = InformationSet.of(GAME, state, seat)
    action: Action = bot.choose(GAME.view(state, seat), legal, decision, info)
    return action


@pytest.mark.parametrize("spec", ["random", "ismcts:8", "ismcts:5ms"])
def test_bots_choose_legal_actions(spec: str) -> None:
    for i, state in enumerate(random_positions(40, 3, players=3)):
        decision = GAME.decision(state)
        assert decision is not None
        for seat in decision.seats:  # every seat of a simultaneous bid may be asked
            action = ask(make_bot(spec, i, "toy"), state, seat)
            assert action in GAME.legal_actions(state, seat)


def test_ismcts_is_deterministic_for_a_seed() -> None:
    for state in random_positions(15, 8):
        decision = GAME.decision(state)
        assert decision is not None
        seat = decision.seats[-1]
        choices = {ask(IsmctsBot(42, Budget(iterations=30)), state, seat) for _ in range(3)}
        assert len(choices) == 1


def test_random_bot_is_deterministic_for_a_seed() -> None:
    legal: list[Action] = [Play(card) for card in range(1, 14)]
    decision = Decision.one(0, "play")
    first = [RandomBot(5).choose({}, legal, decision) for _ in range(5)]
    bot = RandomBot(5)
    again = [bot.choose({}, legal, decision) for _ in range(5)]
    assert first == [first[0]] * 5
    assert again[0] == first[0]
    assert len(set(again)) > 1


def test_ismcts_takes_the_trick_worth_most() -> None:
    # Seat 1 answers an 11 holding 2 and 12: taking the trick with 12 scores 23 and meets
    # its bid of one trick.
    state = GAME.from_position(
        {"players": 2}, {"hands": [[5, 6], [2, 12]], "bids": [2, 1], "leader": 0}, 1
    )
    state.table = [(0, 11)]
    state.tricks, state.taken, state.scores = 1, [1, 0], [9, 0]
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == (1,)
    bot = IsmctsBot(0, Budget(iterations=200))
    assert ask(bot, state, 1) == Play(12)
    assert bot.last_iterations == 200


def bid_position() -> TrickState:
    """One trick; seat 0 holds the 1 (surely loses it), seat 2 the 13 (surely takes it), and
    seat 1 is far ahead, so each of the others scores most by bidding what it will take."""
    state = GAME.from_position({"players": 3, "tricks": 1}, {"hands": [[1], [7], [13]]}, 4)
    state.deck = [card for card in range(2, 13) if card != 7]
    state.scores = [0, 100, 0]
    return state


def test_ismcts_bids_for_its_own_seat_in_a_simultaneous_bid() -> None:
    # All three bid at once: each search must plan its own seat's bid, not the first one's.
    state = bid_position()
    decision = GAME.decision(state)
    assert decision is not None and decision.seats == (0, 1, 2) and decision.kind == "bid"
    assert ask(IsmctsBot(3, Budget(iterations=300)), state, 2) == Bid(1)
    assert ask(IsmctsBot(3, Budget(iterations=300)), state, 0) == Bid(0)
    # after seat 0 bid, seat 2 still bids on its own cards and cannot see seat 0's bid
    GAME.apply(state, 0, Bid(1))
    view = GAME.view(state, 2)
    assert view["players"][0]["bid"] is None and view["players"][0]["has_bid"]
    assert ask(IsmctsBot(3, Budget(iterations=300)), state, 2) == Bid(1)


def test_ismcts_needs_an_information_set() -> None:
    state = GAME.new({"players": 2}, 1)
    decision = GAME.decision(state)
    assert decision is not None
    with pytest.raises(ValueError, match="information set"):
        IsmctsBot(0).choose(GAME.view(state, 0), GAME.legal_actions(state, 0), decision)


def test_ismcts_without_a_heuristic_plays_out_at_random() -> None:
    assert GAME.heuristic is None
    for spec, budget in (("ismcts:10", Budget(iterations=10)), ("hard", Budget(seconds=1.0))):
        bot = make_bot(spec, 0, "toy")
        assert isinstance(bot, IsmctsBot) and bot.budget == budget
        assert bot.evaluator is None and bot.rollout_depth is None


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
        sample_view = GAME.view(info.sample(random.Random(1)), info.seat)
        SpyBot.calls.append((view, list(legal_actions), decision, info, sample_view))
        return legal_actions[-1]


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
    bidders = []
    for (view, legal, decision, info, sample_view), (seat, action) in zip(
        SpyBot.calls, played.record.actions, strict=True
    ):
        assert seat in decision.seats and info.seat == seat and view["seat"] == seat
        assert view == GAME.view(state, seat)
        assert legal == GAME.legal_actions(state, seat)
        for player in view["players"]:
            assert (player["hand"] is None) == (player["seat"] != seat)
        if decision.kind == "bid":
            bidders.append(seat)
            # the bids already made are never shown to another seat before they are revealed
            assert not view["bids_revealed"]
            for player in view["players"]:
                if player["seat"] != seat:
                    assert player["bid"] is None
            assert sum(p["has_bid"] for p in view["players"]) == len(bidders) - 1
        # The information set offers samples, never the true state or its RNG.
        assert isinstance(info, InformationSet)
        assert not hasattr(info, "__dict__")
        assert {n for n in dir(info) if not n.startswith("_")} == {
            "game",
            "moves",
            "of",
            "sample",
            "seat",
        }
        assert sample_view == view
        GAME.apply(state, seat, GAME.action_from_json(action))
    # every seat was asked for its bid once, each while its bid was pending
    assert sorted(bidders) == [0, 1, 2]
    assert GAME.outcome(state) is not None


def test_samples_resample_hidden_cards_and_bids() -> None:
    state = GAME.new({"players": 2}, 3)
    GAME.apply(state, 1, Bid(2))
    info = InformationSet.of(GAME, state, 0)
    hands = {tuple(info.sample(random.Random(s)).hands[1]) for s in range(20)}
    assert len(hands) > 1
    bids = {info.sample(random.Random(s)).bids[1] for s in range(20)}
    assert len(bids) > 1  # seat 1's real bid cannot be read from the samples
    own = InformationSet.of(GAME, state, 1)
    assert {own.sample(random.Random(s)).bids[1] for s in range(10)} == {2}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "unknown bot 'wizard'; allowed: bots random, greedy, ismcts; levels easy"),
        ("ismcts:fast", "bad budget 'fast'; use an iteration count"),
        ("ismcts:0", "at least 1"),
        ("ismcts:2.5", "whole number"),
        ("ismcts:0s", "more than 0"),
        ("random:3", "takes no budget"),
        ("greedy", "the greedy bot plays a game's own heuristic and 'toy' has none"),
        ("easy", "the easy level plays a game's own heuristic and 'toy' has none"),
        ("normal", "the normal level plays a game's own heuristic"),
    ],
)
def test_unknown_bots_and_budgets_are_refused(spec: str, message: str) -> None:
    with pytest.raises(BotError) as info:
        make_bot(spec, 0, "toy")
    assert message in str(info.value)


def test_an_unknown_game_is_refused() -> None:
    with pytest.raises(BotError, match="unknown game 'chess'; available: "):
        make_bot("random", 0, "chess")


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
