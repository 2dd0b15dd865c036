"""The search's machinery on the platform's reference game Trick: priors and best-first
expansion, the playout cap counted from the root, tree reuse and root parallelism."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest

from evolutio.bots import BotError, Budget, InformationSet, IsmctsBot, make_bot
from evolutio.bots.ismcts import random_rollout
from evolutio.bots.levels import LEVELS, check_spec, level_spec
from evolutio.bots.parallel import fork_map
from evolutio.core import get_game
from evolutio.core.game import Action, Game

GAME = get_game("toy")


def opening(seed: int = 4) -> tuple[Any, int, list[Action]]:
    state = GAME.new({"players": 2}, seed)
    decision = GAME.decision(state)
    assert decision is not None
    seat = decision.seats[0]
    legal = GAME.legal_actions(state, seat)
    assert len(legal) > 2
    return state, seat, legal


def in_turn(seed: int = 4) -> tuple[Any, int]:
    """A position where one seat decides alone (a card to play, after the bids)."""
    rng = random.Random(seed)
    state = GAME.new({"players": 2}, seed)
    while (decision := GAME.decision(state)) is not None:
        seat = decision.seats[0]
        legal = GAME.legal_actions(state, seat)
        if len(decision.seats) == 1 and len(legal) > 1:
            return state, seat
        GAME.apply(state, seat, legal[rng.randrange(len(legal))])
    raise AssertionError("no position with a single decider")


def ask(bot: IsmctsBot, state: Any, seat: int, moves: int | None = None) -> Action:
    decision = GAME.decision(state)
    assert decision is not None
    legal = GAME.legal_actions(state, seat)
    info = InformationSet.of(GAME, state, seat, 7, moves=moves)
    return bot.choose(GAME.view(state, seat), legal, decision, info)


def favour(index: int) -> Any:
    """Priors that put nearly all weight on the ``index``-th legal action."""

    def priors(game: Game[Any], state: Any, seat: int, legal: Sequence[Action]) -> list[float]:
        chosen = min(index, len(legal) - 1)
        rest = 0.01 / max(len(legal) - 1, 1)
        return [0.99 if i == chosen else rest for i in range(len(legal))]

    return priors


def test_one_iteration_plays_the_top_prior() -> None:
    state, seat, legal = opening()
    for index in range(len(legal)):
        bot = IsmctsBot(3, Budget(iterations=1), priors=favour(index))
        assert ask(bot, state, seat) == legal[index]


def test_a_few_iterations_stay_near_a_strong_prior() -> None:
    # with far fewer iterations than it would take to doubt it, the favoured action keeps
    # the most visits (best-first expansion, then PUCT)
    state, seat, legal = opening()
    bot = IsmctsBot(3, Budget(iterations=5), priors=favour(1))
    assert ask(bot, state, seat) == legal[1]


def test_search_with_priors_is_deterministic_for_a_seed() -> None:
    state, seat, _ = opening(9)
    choices = {
        ask(IsmctsBot(42, Budget(iterations=40), priors=favour(0)), state, seat) for _ in range(3)
    }
    assert len(choices) == 1


def test_the_playout_cap_counts_from_the_root() -> None:
    applied: list[int] = []

    def count_steps(
        rng: random.Random, game: Game[Any], state: Any, seat: int, legal: Sequence[Action]
    ) -> Action:
        applied[-1] += 1
        return random_rollout(rng, game, state, seat, legal)

    def evaluator(game: Game[Any], state: Any) -> list[float]:
        applied.append(0)
        return [0.5] * state.num_players if hasattr(state, "num_players") else [0.5, 0.5]

    state, seat, _ = opening()
    bot = IsmctsBot(
        1, Budget(iterations=60), rollout=count_steps, rollout_depth=3, evaluator=evaluator
    )
    applied.append(0)
    ask(bot, state, seat)
    # every iteration applies at least one tree action, so a playout is at most 2 actions
    assert applied and max(applied) <= 2


def test_the_tree_is_kept_only_right_after_ones_own_action() -> None:
    state, seat = in_turn()
    bot = IsmctsBot(5, Budget(iterations=60))
    first = ask(bot, state, seat, moves=10)
    assert bot.last_reused == 0
    # the same position again, as if it came right after the bot's own action: the subtree
    # under the action just chosen, with its visits, becomes the new root
    ask(bot, state, seat, moves=11)
    assert bot.last_reused > 0
    # two actions later (someone else acted): a fresh tree
    ask(bot, state, seat, moves=13)
    assert bot.last_reused == 0
    # without a count of moves the bot cannot tell, so it never reuses
    ask(bot, state, seat)
    ask(bot, state, seat)
    assert bot.last_reused == 0
    assert first in GAME.legal_actions(state, seat)
    # nor at a simultaneous decision (the others' hidden choices may be in between)
    bid, bidder, _ = opening()
    ask(bot, bid, bidder, moves=20)
    ask(bot, bid, bidder, moves=21)
    assert bot.last_reused == 0


def test_several_processes_sum_their_visits_deterministically() -> None:
    state, seat, legal = opening()
    choices = set()
    for _ in range(2):
        bot = make_bot("ismcts:30:p2", 8, "toy")
        assert isinstance(bot, IsmctsBot) and bot.processes == 2
        choices.add(ask(bot, state, seat, moves=0))
        assert bot.last_iterations == 60  # 30 in each process
    assert len(choices) == 1 and choices <= set(legal)


def test_fork_map_returns_every_result_in_order_and_raises_a_childs_error() -> None:
    assert fork_map(3, lambda i: i * i) == [0, 1, 4]

    def fail_in_child(i: int) -> int:
        if i == 1:
            raise KeyError("boom")
        return i

    with pytest.raises(RuntimeError, match="KeyError"):
        fork_map(2, fail_in_child)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:1s:p0", "bad search processes 'p0'"),
        ("ismcts:1s:x2", "unknown search option .x2.*use ismcts:BUDGET:OPTION"),
        ("ismcts:1s:p", "bad search processes"),
        ("ismcts:p2", "bad budget 'p2'"),
    ],
)
def test_bad_process_counts_are_refused_with_the_allowed_form(spec: str, message: str) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(spec, 0, "toy")


class TickingClock:
    """A clock that moves one millisecond each time it is read, so that a timed search runs
    the same iterations on any machine."""

    def __init__(self) -> None:
        self.now = 0.0

    def perf_counter(self) -> float:
        self.now += 0.001
        return self.now


def timed_choices(monkeypatch: pytest.MonkeyPatch, settle: bool) -> list[tuple[Action, int]]:
    """Each toy opening's choice and iterations of a 1 s search (1,000 clock reads)."""
    out = []
    for seed in range(6):
        state, seat, _ = opening(seed + 20) if seed % 2 else (*in_turn(seed + 20), None)
        monkeypatch.setattr("evolutio.bots.ismcts.time", TickingClock())
        bot = IsmctsBot(seed, Budget(seconds=1.0), priors=favour(0), settle=settle)
        out.append((ask(bot, state, seat), bot.last_iterations))
    return out


def test_a_timed_search_stops_once_more_time_could_not_change_its_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    settled = timed_choices(monkeypatch, settle=True)
    full = timed_choices(monkeypatch, settle=False)
    # the same choice as waiting out the budget, every time
    assert [action for action, _ in settled] == [action for action, _ in full]
    assert all(iterations >= 990 for _, iterations in full)
    # and sooner: with a strong prior the favourite gets nearly every visit, so its lead
    # outruns the time left (at SETTLE_MARGIN times the rate so far) after 5/9 of the budget
    assert all(s < 0.6 * f for (_, s), (_, f) in zip(settled, full, strict=True))


def test_iteration_budgets_never_stop_early() -> None:
    state, seat, _ = opening()
    bot = IsmctsBot(3, Budget(iterations=300), priors=favour(0))
    ask(bot, state, seat)
    assert bot.last_iterations == 300


@pytest.mark.parametrize(
    ("spec", "game", "settings"),
    [
        ("ismcts:400:ucb", "evolution", {"priors": None, "exploration": 0.7}),
        ("ismcts:400:puct=2.5", "evolution", {"puct": 2.5}),
        ("ismcts:1s:depth=30:score=0", "evolution", {"rollout_depth": 30, "score_weight": 0.0}),
        ("ismcts:400:ucb:c=1.5", "evolution", {"priors": None, "exploration": 1.5}),
        ("ismcts:30:c=0.3:p2", "toy", {"exploration": 0.3, "processes": 2}),
    ],
)
def test_a_specs_search_options_set_the_search(
    spec: str, game: str, settings: dict[str, Any]
) -> None:
    bot = make_bot(spec, 0, game)
    assert isinstance(bot, IsmctsBot)
    for name, value in settings.items():
        assert getattr(bot, name) == value, name
    plain = make_bot(spec.split(":")[0] + ":" + spec.split(":")[1], 0, game)
    assert isinstance(plain, IsmctsBot)
    # what the spec does not set stays the game's default
    for name in ("puct", "score_weight", "rollout_depth", "exploration"):
        if name not in settings:
            assert getattr(bot, name) == getattr(plain, name), name


@pytest.mark.parametrize(
    ("spec", "game", "message"),
    [
        ("ismcts:400:fast", "evolution", "unknown search option 'fast'"),
        ("ismcts:400:depth=0", "evolution", "depth is a whole number of actions from 1"),
        ("ismcts:400:depth=2.5", "evolution", "bad playout cap"),
        ("ismcts:400:puct=-1", "evolution", "bad puct '-1'"),
        ("ismcts:400:puct=nan", "evolution", "bad puct 'nan'"),
        ("ismcts:400:score=1.5", "evolution", "from 0 to 1"),
        ("ismcts:400:ucb:ucb", "evolution", "given twice"),
        ("ismcts:400:p2:p3", "evolution", "given twice"),
        ("ismcts:400:ucb:puct=2", "evolution", "without priors"),
        ("ismcts:400:c=2", "evolution", "add ucb"),
        ("ismcts:30:puct=2", "toy", "needs the game's priors"),
        ("ismcts:30:depth=5", "toy", "has none"),
    ],
)
def test_search_options_the_search_would_not_use_are_refused(
    spec: str, game: str, message: str
) -> None:
    with pytest.raises(BotError, match=message):
        make_bot(spec, 0, game)


def test_a_trailing_colon_adds_no_option_and_odd_digits_are_refused() -> None:
    bot = make_bot("ismcts:40:", 0, "evolution")
    assert isinstance(bot, IsmctsBot) and bot.processes == 1
    with pytest.raises(BotError, match="bad playout cap"):
        make_bot("ismcts:40:depth=\u00b2", 0, "evolution")


@pytest.mark.parametrize(
    ("game", "spec", "priors"),
    [
        ("evolution", "ismcts:1s:ucb", False),
        ("northstar", "ismcts:1s", True),
        ("toy", "ismcts:1s", False),
    ],
)
def test_hard_takes_the_search_options_its_game_names(game: str, spec: str, priors: bool) -> None:
    """Evolution's hard searches without its priors, North Star's with them, Trick's has
    none to drop (``Heuristic.level_options``)."""
    assert level_spec("hard", game) == spec
    bot = make_bot("hard", 0, game)
    assert isinstance(bot, IsmctsBot) and bot.budget == Budget(seconds=1.0)
    assert (bot.priors is not None) == priors
    assert bot.reuse and bot.settle and bot.processes == 1
    assert check_spec("hard", game) == "hard"
    # the bare search keeps the priors: at a few iterations they are what beats greedy
    bare = make_bot("ismcts:10", 0, game)
    assert isinstance(bare, IsmctsBot) and (bare.priors is not None) == (game != "toy")


def test_options_named_for_a_level_without_search_are_refused() -> None:
    class Named:
        level_options: ClassVar[dict[str, str]] = {"normal": "ucb"}

    class Rules:
        name = "named"
        heuristic = Named()

    with pytest.raises(BotError, match="takes no search options"):
        level_spec("normal", Rules())  # type: ignore[arg-type]
    assert level_spec("hard", Rules()) == LEVELS["hard"]  # type: ignore[arg-type]
