"""Play bot games: one game, or many in worker processes with identical results.

Each game's seed is derived from the master seed and the game's index, and each bot's seed
from the game's seed and its seat, so a batch gives the same per-game results whatever the
number of workers and wherever they run (an :class:`Executor`: local processes, or a Dask
cluster's workers, see :mod:`evolutio.sim.cluster`), as long as the bots' budgets are
iteration counts, not seconds.
A bot sees only its seat's view, the legal actions, the decision and an
:class:`~evolutio.bots.base.InformationSet`; the runner alone holds the true state. At a
simultaneous decision each pending seat's bot is asked in turn, and its view does not show the
choices already made (the game reveals them together).

A bot by import path (``package.module:Class``, ``path/to/bot.py:Class``) plays under a guard
(:mod:`evolutio.bots.guard`): a decision that raises, overruns the task's
``decision_limit`` or is not legal is replaced by the game's default move, and the row counts
it per seat (``fallbacks``, with the first reason in ``fallback_reason``).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from evolutio.bots.base import Bot, InformationSet
from evolutio.bots.guard import DEFAULT_DECISION_LIMIT, guarded_choose
from evolutio.bots.imported import split_import
from evolutio.bots.levels import make_bot
from evolutio.core.game import JSON, Action, IllegalAction
from evolutio.core.match import Match
from evolutio.core.record import Record
from evolutio.core.registry import get_game

#: A game that has not ended after this many actions is stopped and reported as an error.
MAX_ACTIONS = 200_000


def derive_seed(master: int, *parts: object) -> int:
    """A 48-bit seed from a master seed and a path (game index, seat...), stable everywhere."""
    text = repr((master, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=6).digest(), "big")


def game_seed(master: int, index: int) -> int:
    """The seed of game number ``index`` of a batch started with ``master``."""
    return derive_seed(master, "game", index)


@dataclass(frozen=True, slots=True)
class GameTask:
    """One game to play: which game and options, its seed, and the bot spec of each seat."""

    index: int
    game: str
    options: dict[str, Any]
    seed: int
    bots: tuple[str, ...]
    record: bool = False
    #: seconds per decision of a bot by import path (``None``: no limit).
    decision_limit: float | None = DEFAULT_DECISION_LIMIT


@dataclass(slots=True)
class _SeatClock:
    decisions: int = 0
    seconds: float = 0.0
    iterations: int = 0


@dataclass
class PlayedGame:
    """A finished game with its record (for replays) and its result row."""

    result: JSON
    record: Record | None = field(default=None)


#: What :func:`play_game` calls before each action is played: the match (its state before the
#: action), the seat that acts and the action its bot chose.
Watcher = Callable[[Match, int, Action], None]


def play_game(task: GameTask, watch: Watcher | None = None) -> PlayedGame:
    """Play one game to the end with the task's bots; errors become the row's ``error``.
    ``watch`` sees every decision before it is played (the offline-RL dataset's rows)."""
    game = get_game(task.game)
    started = time.perf_counter()
    clocks = [_SeatClock() for _ in task.bots]
    error: str | None = None
    match: Match | None = None
    guarded = [split_import(spec) is not None for spec in task.bots]
    fallbacks = [0 for _ in task.bots]
    fallback_reason: str | None = None
    try:
        match = Match.new(game, task.options, task.seed, list(task.bots), keep=task.record)
        if match.state.num_players != len(task.bots):
            raise ValueError(
                f"{len(task.bots)} bots for a game of {match.state.num_players} players"
            )
        bots: list[Bot] = [
            make_bot(spec, derive_seed(task.seed, "bot", seat), task.game)
            for seat, spec in enumerate(task.bots)
        ]
        while (decision := match.decision) is not None:
            if match.version >= MAX_ACTIONS:
                raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
            # a simultaneous decision asks each pending seat's bot in turn; the game hides
            # the choices made until the last one is in, so a view never shows another's
            seat = decision.seats[0]
            legal = match.legal(seat)
            info = InformationSet.of(
                game, match.state, seat, derive_seed(task.seed, "info", match.version),
                moves=match.version,
            )
            tick = time.perf_counter()
            if guarded[seat]:
                action, fault = guarded_choose(
                    bots[seat], match.view(seat), legal, decision, info, task.decision_limit,
                    partial(match.default_action, seat),
                )
                if fault is not None:
                    fallbacks[seat] += 1
                    if fallback_reason is None:
                        fallback_reason = f"{task.bots[seat]} at seat {seat}: {fault.text()}"
            else:
                action = bots[seat].choose(match.view(seat), legal, decision, info)
            clock = clocks[seat]
            clock.seconds += time.perf_counter() - tick
            clock.decisions += 1
            clock.iterations += int(getattr(bots[seat], "last_iterations", 0))
            if action not in legal:
                raise IllegalAction(
                    f"bot {task.bots[seat]} at seat {seat} chose {action.notation()}, "
                    "which is not legal"
                )
            if watch is not None:
                watch(match, seat, action)
            match.act(seat, action)
    except IllegalAction as exc:
        error = exc.reason
    except Exception as exc:  # a crash in one game must not lose the batch; it is reported
        error = f"{type(exc).__name__}: {exc}"
    outcome = match.outcome() if match is not None and error is None else None
    stats = outcome.stats if outcome else {}
    result: JSON = {
        "index": task.index,
        "game": task.game,
        "seed": task.seed,
        "options": dict(task.options),
        "players": len(task.bots),
        "bots": list(task.bots),
        "scores": list(outcome.scores) if outcome else None,
        "ranks": list(outcome.ranks) if outcome else None,
        "winners": list(outcome.winners) if outcome else None,
        "actions": match.version if match is not None else 0,
        "decisions": [c.decisions for c in clocks],
        "think_seconds": [round(c.seconds, 6) for c in clocks],
        "iterations": [c.iterations for c in clocks],
        "seconds": round(time.perf_counter() - started, 6),
        "error": error,
        "fallbacks": fallbacks,
        "fallback_reason": fallback_reason,
    }
    # the game's declared figures (Outcome.stats) are columns of their own
    for tally in game.info.tallies:
        result[tally.name] = stats.get(tally.name) if outcome else None
    record = None
    if task.record:
        record = match.finish_record() if match is not None else Record(
            task.game, dict(task.options), task.seed, players=list(task.bots),
            rules=game.info.rules,
        )
    return PlayedGame(result, record)


def play_row(task: GameTask) -> JSON:
    """The result row of one game: what a worker process (local or on a cluster) runs. A
    task that keeps its record sends it back in the row's ``record`` (its JSON form), which
    the caller takes out before the row is written."""
    played = play_game(task)
    if played.record is not None:
        return {**played.result, "record": played.record.to_json()}
    return played.result


def default_workers() -> int:
    """All cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def run_games(
    tasks: Sequence[GameTask],
    workers: int | None = None,
    on_result: Callable[[JSON], None] | None = None,
    executor: Executor | None = None,
) -> list[JSON]:
    """Play ``tasks`` with ``workers`` processes (or on ``executor``); rows in task order."""
    rows: list[JSON] = []
    for row in iter_games(tasks, workers, executor):
        rows.append(row)
        if on_result is not None:
            on_result(row)
    return rows


class Executor(Protocol):
    """Where a batch's games are played: the local processes or a cluster's workers.

    ``play`` yields the rows of ``tasks`` in task order as they finish; closing the iterator
    early (Ctrl-C) stops the games not yet played. The rows do not depend on the executor:
    every task carries its seeds.
    """

    def play(self, tasks: Sequence[GameTask]) -> Iterator[JSON]: ...

    def close(self) -> None:
        """Let go of what the executor holds (a cluster connection)."""


class LocalPool:
    """Games in ``workers`` processes of this machine (forked where the platform can)."""

    def __init__(self, workers: int | None = None) -> None:
        workers = default_workers() if workers is None else workers
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.workers = workers

    def play(self, tasks: Sequence[GameTask]) -> Iterator[JSON]:
        workers = min(self.workers, max(1, len(tasks)))
        if workers == 1:
            for task in tasks:
                yield play_row(task)
            return
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(workers) as pool:
            yield from pool.imap(play_row, tasks, chunksize=1)

    def close(self) -> None:
        """Nothing to release: each :meth:`play` opens and closes its own pool."""


def iter_games(
    tasks: Sequence[GameTask], workers: int | None = None, executor: Executor | None = None
) -> Iterator[JSON]:
    """Yield result rows in task order as they finish, on ``executor`` (default: up to
    ``workers`` local processes)."""
    yield from (executor or LocalPool(workers)).play(tasks)


def batch_tasks(
    game: str,
    options: dict[str, Any],
    master_seed: int,
    games: int,
    bots: Sequence[str],
    *,
    rotate: bool = False,
) -> list[GameTask]:
    """Tasks for ``games`` games; with ``rotate``, game i shifts the seats by i places."""
    count = len(bots)
    tasks = []
    for index in range(games):
        shift = index % count if rotate else 0
        seats = tuple(bots[(seat - shift) % count] for seat in range(count))
        tasks.append(GameTask(index, game, options, game_seed(master_seed, index), seats))
    return tasks
