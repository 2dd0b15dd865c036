"""Analysing a record: a search at every real decision, from the deciding seat's view.

``analyse(record, budget, progress=callback)`` replays the record once to find the decisions
worth analysing (the seat had more than one legal action), then runs one
:class:`DecisionTask` per decision, here or on a mapper (local processes, a Dask cluster):
the task replays the record to that decision, builds the seat's information set (what the
seat could see then; hidden cards resampled by ``Game.determinize``, as for a playing bot),
and searches it with the ISMCTS the game's ``hard`` level plays (its search options), with
the win alone as the reward (``score=0``), so values are estimated win shares. The
action played is forced for extra iterations when the search gave it too few
(``IsmctsBot.analyse``). Each task is seeded from the record's seed and the decision's
index: the same record and iteration budget give the same analysis on any number of
processes or machines (a time budget depends on the machine).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.analysis.review import Analysis, Choice, DecisionReview, line_json
from evolutio.bots.base import InformationSet
from evolutio.bots.ismcts import Budget, IsmctsBot
from evolutio.bots.levels import level_spec, make_ismcts
from evolutio.bots.options import search_options
from evolutio.core.game import JSON, Action, describe_choice
from evolutio.core.match import Match, check_outcome, replay
from evolutio.core.record import Record

#: Called after every decision analysed with (decisions done, decisions in all).
Progress = Callable[[int, int], None]
#: Runs tasks somewhere and yields their results in task order (``map``'s shape).
Mapper = Callable[[Callable[["DecisionTask"], JSON], Sequence["DecisionTask"]], Iterator[JSON]]

#: the level whose search (its game's options for it) analyses.
LEVEL = "hard"
#: the language of the sentences in an analysis (``Choice.text``).
LANGUAGE = "en"


@dataclass(frozen=True, slots=True)
class DecisionTask:
    """One decision to analyse: the record, its digest (a worker's replay cache key), the
    record's action ``index`` and the search budget (``Budget``'s text form)."""

    record: Record
    digest: str
    index: int
    budget: str


def digest_of(record: Record) -> str:
    """A short digest of the record's content: what seeds the searches besides the index."""
    text = json.dumps(record.to_json(), sort_keys=True, ensure_ascii=False)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def task_seed(digest: str, index: int, *salt: object) -> int:
    """The seed of decision ``index``'s search (and, salted, of its samples' secret)."""
    text = repr((digest, index, *salt)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=6).digest(), "big")


def decisions_of(record: Record, source: str = "record") -> tuple[list[int], Match]:
    """The record's action indices where the seat acting had more than one legal action,
    and the match at its end; a record that does not replay raises ``RecordError``."""
    found: list[int] = []
    steps = replay(record, source)
    match, _step = next(steps)  # one match, advanced in place by each next step
    for index, (seat, _data) in enumerate(record.actions):
        if len(match.legal(seat)) > 1:
            found.append(index)
        next(steps)
    check_outcome(record, match, source)
    return found, match


_cache = threading.local()


def _match_at(task: DecisionTask) -> Match:
    """The match just before ``actions[task.index]``: this thread's last one advanced when it
    is the same record and not past it, else replayed from the start."""
    match: Match | None = getattr(_cache, "match", None)
    if getattr(_cache, "digest", None) != task.digest or match is None or (
        match.version > task.index
    ):
        record = task.record
        match = Match.new(record.game, record.options, record.seed, record.players)
        _cache.digest, _cache.match = task.digest, match
    while match.version < task.index:
        seat, data = task.record.actions[match.version]
        match.act_json(seat, data)
    return match


def searcher(game: Any, seed: int, budget: Budget) -> IsmctsBot:
    """The analysing search: the game's ``hard`` level's search options, the given budget,
    the win alone as the reward, and a timed budget used in full."""
    _, _, options = level_spec(LEVEL, game).partition(":")
    parts = options.split(":")[1:]
    tuning = search_options(parts, f"ismcts:{budget}")
    tuning.pop("processes", None)
    tuning["score"] = 0.0
    bot = make_ismcts(seed, budget, game, **tuning)
    bot.settle = False
    return bot


def analyse_decision(task: DecisionTask) -> JSON:
    """Analyse one decision (what a worker process runs); the JSON of a ``DecisionReview``."""
    match = _match_at(task)
    game = match.game
    seat, data = task.record.actions[task.index]
    played = game.action_from_json(data)
    legal = match.legal(seat)
    decision = match.decision
    assert decision is not None
    info = InformationSet.of(game, match.state, seat, task_seed(task.digest, task.index,
                                                                "secret"), moves=match.version)
    bot = searcher(game, task_seed(task.digest, task.index), Budget.parse(task.budget))
    report = bot.analyse(info, legal, played)
    values = {value.action: value for value in report.actions}

    def choice(action: Action) -> Choice:
        value = values[action]
        text = describe_choice(game, match.state, action, LANGUAGE)
        return Choice(action.to_json(), text, value.visits, value.value)

    best = report.actions[report.best].action
    took, top = choice(played), choice(best)
    loss = 0.0 if played == best else max(0.0, ((top.value or 0.0) - (took.value or 0.0)) * 100)
    line = line_json([(m.seat, m.action, m.visits, m.value) for m in report.line])
    return DecisionReview(task.index, seat, decision.kind, len(legal), took, top, loss, line,
                          report.iterations).to_json()


def local_mapper(processes: int = 1) -> Mapper:
    """A mapper on this machine: in this process, or in ``processes`` forked ones."""

    def run(function: Callable[[DecisionTask], JSON],
            tasks: Sequence[DecisionTask]) -> Iterator[JSON]:
        workers = min(processes, max(1, len(tasks)))
        if workers == 1:
            for task in tasks:
                yield function(task)
            return
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("fork" if "fork" in methods else None)
        with context.Pool(workers) as pool:
            yield from pool.imap(function, tasks, chunksize=1)

    return run


def analyse(
    record: Record,
    budget: Budget | str,
    progress: Progress | None = None,
    *,
    mapper: Mapper | None = None,
    source: str = "record",
) -> Analysis:
    """Analyse every real decision of ``record`` with ``budget`` per decision; ``progress``
    hears of each one done. ``mapper`` runs the decisions (default: this process). A record
    that does not replay raises ``RecordError``; its JSON is :meth:`Analysis.to_json`."""
    budget = budget if isinstance(budget, Budget) else Budget.parse(budget)
    indices, final = decisions_of(record, source)
    outcome = final.outcome()
    digest = digest_of(record)
    tasks = [DecisionTask(record, digest, index, str(budget)) for index in indices]
    analysis = Analysis(record.game, record.rules, record.seed, list(record.players),
                        final.state.num_players, str(budget),
                        outcome=outcome.to_json() if outcome is not None else None)
    if progress is not None:
        progress(0, len(tasks))
    run = mapper or local_mapper()
    for done, data in enumerate(run(analyse_decision, tasks), 1):
        analysis.decisions.append(DecisionReview.from_json(data))
        if progress is not None:
            progress(done, len(tasks))
    return analysis
