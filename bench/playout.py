"""The benches' one playout loop: games played to the end through the game contract alone.

Every bench that plays games (random legal actions, a game's greedy heuristic, or any
``chooser``) plays them here, so that the figures of different benches count the same work:
``decision``, ``legal_actions``, a choice and ``apply`` per action, the first seat of a
simultaneous decision acting. The module imports nothing of ``evolutio`` at its top, so a
probe of ``bench.trees`` can run it against another revision's engine (the new bench code
on the old engine); the games are looked up by name (``evolutio.core.registry.get_game``)
when asked for.
"""

from __future__ import annotations

import gc
import random
import time
import tracemalloc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: chooses the action of ``seat`` in ``state`` from ``legal`` (the decision is ``decision``).
Chooser = Callable[[Any, int, Any, Sequence[Any]], Any]
#: told of every action applied: the seat, the action and the events it made.
Watcher = Callable[[int, Any, list[Any]], None]
#: a clock in seconds: ``time.process_time`` (CPU, the default) or ``time.perf_counter``.
Clock = Callable[[], float]


def game_of(name: str) -> Any:
    """The registered game ``name`` (its rules object)."""
    from evolutio.core.registry import get_game

    return get_game(name)


def playout(
    game: Any,
    state: Any,
    rng: random.Random,
    chooser: Chooser | None = None,
    watch: Watcher | None = None,
) -> int:
    """Play ``state`` to the end; the number of actions applied. Without ``chooser`` each
    action is ``rng.choice`` of the legal ones (without ``watch`` too, the loop every random
    figure times); ``watch`` is told of every action and its events."""
    decision, legal, apply = game.decision, game.legal_actions, game.apply
    n = 0
    if chooser is None and watch is None:
        choice = rng.choice
        while (now := decision(state)) is not None:
            seat = now.seats[0]
            apply(state, seat, choice(legal(state, seat)))
            n += 1
        return n
    choose = chooser or randomly(rng)
    while (now := decision(state)) is not None:
        seat = now.seats[0]
        action = choose(state, seat, now, legal(state, seat))
        events = apply(state, seat, action)
        if watch is not None:
            watch(seat, action, events)
        n += 1
    return n


def randomly(rng: random.Random) -> Chooser:
    """A chooser of ``rng.choice`` of the legal actions."""

    def choose(state: Any, seat: int, decision: Any, legal: Sequence[Any]) -> Any:
        return rng.choice(legal)

    return choose


def greedy(game: Any, players: int, seed: int = 0) -> Chooser:
    """A chooser with one ``greedy`` bot per seat (the game's own heuristic); raises
    ``evolutio.bots.BotError`` for a game without one."""
    from evolutio.bots import make_bot

    bots = [make_bot("greedy", seed + seat, game) for seat in range(players)]
    view = game.view

    def choose(state: Any, seat: int, decision: Any, legal: Sequence[Any]) -> Any:
        return bots[seat].choose(view(state, seat), legal, decision)

    return choose


@dataclass(frozen=True)
class Run:
    """What :func:`play_games` did: games, actions and the clock's seconds they took."""

    games: int
    actions: int
    seconds: float

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def actions_per_game(self) -> float:
        return self.actions / self.games if self.games else 0.0


def play_games(
    game: Any,
    options: dict[str, Any],
    games: int,
    seed: int = 1,
    *,
    clock: Clock = time.process_time,
    chooser: Callable[[int], Chooser | None] | None = None,
) -> Run:
    """``games`` games of ``game`` with ``options`` (normalised here), seeds ``seed``,
    ``seed + 1``, ..., all drawing from one ``random.Random(seed)``, timed by ``clock``.
    ``chooser(index)`` gives a game's chooser (None: random actions)."""
    normal = game.normalize_options(options)
    rng = random.Random(seed)
    actions = 0
    start = clock()
    for i in range(games):
        actions += playout(game, game.new(normal, seed + i), rng,
                           chooser(i) if chooser else None)
    return Run(games, actions, clock() - start)


def play_for(game: Any, options: dict[str, Any], seconds: float, seed: int = 1) -> Run:
    """Random games (seeds from 0) until ``seconds`` of CPU time have passed."""
    normal = game.normalize_options(options)
    rng = random.Random(seed)
    actions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        actions += playout(game, game.new(normal, games), rng)
        games += 1
    return Run(games, actions, time.process_time() - start)


def midgame_states(
    game: Any, options: dict[str, Any], count: int, seed: int = 7, share: float = 0.05
) -> list[tuple[Any, int]]:
    """``count`` states met along random games (a ``share`` of the decisions, seeds from 0),
    each with the seat asked there, for per-call costs."""
    normal = game.normalize_options(options)
    rng = random.Random(seed)
    states: list[tuple[Any, int]] = []

    def sample(state: Any, seat: int, decision: Any, legal: Sequence[Any]) -> Any:
        if rng.random() < share:
            states.append((state.clone(), seat))
        return rng.choice(legal)

    number = 0
    while len(states) < count:
        playout(game, game.new(normal, number), rng, sample)
        number += 1
    return states[:count]


class _Enough(Exception):
    """Raised by a chooser that has found all it was asked for: the game stops there."""


def choice_positions(
    game: Any, options: dict[str, Any], count: int, seed: int, share: float = 0.08
) -> list[Any]:
    """``count`` positions with a real choice (two legal actions or more), a ``share`` of
    those met in greedy games: where a bot's decision is worth timing."""
    normal = game.normalize_options(options)
    rng = random.Random(seed)
    found: list[Any] = []
    while len(found) < count:
        state = game.new(normal, rng.randrange(10**6))
        choose = greedy(game, normal["players"])

        def sample(state: Any, seat: int, decision: Any, legal: Sequence[Any],
                   choose: Chooser = choose) -> Any:
            if len(found) == count:
                raise _Enough
            if len(legal) > 1 and rng.random() < share:
                found.append(state.clone())
            return choose(state, seat, decision, legal)

        try:
            playout(game, state, rng, sample)
        except _Enough:
            break
    return found


def per_call_us(
    call: Callable[[Any, int], Any],
    states: Sequence[tuple[Any, int]],
    repeat: int = 5,
    clock: Clock = time.process_time,
) -> float:
    """The best per-state microseconds of ``call(state, seat)`` over ``repeat`` passes, each
    on fresh clones made outside the timer (a state keeps what a call caches, so a second
    call on the same state would time only the cache)."""
    best = float("inf")
    for _ in range(repeat):
        copies = [(state.clone(), seat) for state, seat in states]
        start = clock()
        for state, seat in copies:
            call(state, seat)
        best = min(best, (clock() - start) / len(copies))
    return best * 1e6


def memory_per_state(states: Sequence[tuple[Any, int]]) -> float:
    """Bytes a ``clone()`` of each state allocates, on average (``tracemalloc``)."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    copies = [state.clone() for state, _ in states]
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del copies
    return (after - before) / len(states)


def decision_times(
    game: Any, specs: Sequence[str], positions: Sequence[Any], clock: Clock = time.process_time
) -> dict[str, dict[str, float]]:
    """Each bot of ``specs`` decides every position once (a fresh bot per position): per
    spec the mean and max milliseconds per decision, its search iterations and seconds."""
    from evolutio.bots import InformationSet, make_bot

    out: dict[str, dict[str, float]] = {}
    for spec in specs:
        times: list[float] = []
        iterations = 0
        for i, state in enumerate(positions):
            bot = make_bot(spec, i, game)
            decision = game.decision(state)
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            info = InformationSet.of(game, state, seat, 1)
            tick = clock()
            bot.choose(view, legal, decision, info)
            times.append(clock() - tick)
            iterations += int(getattr(bot, "last_iterations", 0))
        out[spec] = {"ms": 1000 * sum(times) / len(times), "max_ms": 1000 * max(times),
                     "iterations": iterations, "cpu": sum(times)}
    return out
