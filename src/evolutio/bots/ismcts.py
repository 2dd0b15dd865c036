"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a state consistent with the seat's view from the :class:`InformationSet`
(``Game.determinize``), walks one shared tree of action sequences restricted to the actions
legal in that sample, adds one node, plays the rest out with a rollout policy, and backs up a
reward per seat. Nodes count how often they were *available*, so actions legal only in some
samples are not over-explored. A simultaneous choice is searched as if made in turn, the
searching seat first: the others' choices are hidden from it (resampled in every sample),
so it cannot plan on them. The search uses only its own seeded RNG: with an iteration
budget the chosen action is a function of the seed and the view.

This module holds the bot: its budget, the iterations (sample, walk, playout, back-up), the
tree kept between decisions and what a search reports. The tree itself, its nodes, the UCB1
and PUCT selections and the readings of a finished search, is :mod:`evolutio.bots.tree`.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.bots.base import BotError, InformationSet, seat_rng
from evolutio.bots.parallel import fork_map
from evolutio.bots.report import LINE_LENGTH, ActionValue, SearchReport, played_visits

# the tree: its nodes, selections and readings; Priors (a game heuristic's optional prior
# over the legal actions of a sample) is declared there, for the selection that asks it
from evolutio.bots.tree import (
    Node,
    child_total,
    child_visits,
    lead,
    mean_value,
    read_report,
    select_puct,
    select_ucb,
)
from evolutio.bots.tree import Priors as Priors
from evolutio.core.game import JSON, Action, Decision, Game

#: A rollout policy: picks one of ``legal`` in a sampled state.
RolloutPolicy = Callable[[random.Random, Game[Any], Any, int, Sequence[Action]], Action]
#: Rewards in [0, 1] per seat for a sampled state where the rollout stopped (not over yet).
Evaluator = Callable[[Game[Any], Any], list[float]]
#: The actions worth searching at a node of the tree: a non-empty subset of ``legal`` in a
#: sampled state (a game's shortlist; without one, every legal action is searched).
Shortlist = Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[Action]]

#: PUCT's exploration constant (rewards are in [0, 1]).
PUCT = 1.0
#: a timed search looks every this many iterations whether its choice is settled ...
SETTLE_EVERY = 16
#: ... reckoning the iterations still to come at this many times the rate so far.
SETTLE_MARGIN = 1.25

_BUDGET_RE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|i|it|iter|iterations)?\s*$")
BUDGET_FORMS = "an iteration count such as 200 (or 200i), or a time such as 1s, 0.5s or 250ms"


@dataclass(frozen=True, slots=True)
class Budget:
    """How long to think per decision: a fixed number of iterations or of seconds."""

    iterations: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if (self.iterations is None) == (self.seconds is None):
            raise BotError("a budget is either iterations or seconds")
        if self.iterations is not None and self.iterations < 1:
            raise BotError("an iteration budget must be at least 1")
        if self.seconds is not None and not 0 < self.seconds <= 600:
            raise BotError("a time budget must be more than 0 and at most 600 seconds")

    @classmethod
    def parse(cls, text: str) -> Budget:
        """Parse ``200``/``200i`` (iterations) or ``1s``/``250ms`` (time); refuse anything else."""
        match = _BUDGET_RE.match(text.lower())
        if not match:
            raise BotError(f"bad budget '{text}'; use {BUDGET_FORMS}")
        number, unit = match.group(1), match.group(2) or "i"
        if unit == "s":
            return cls(seconds=float(number))
        if unit == "ms":
            return cls(seconds=float(number) / 1000)
        if "." in number:
            raise BotError(
                f"bad budget '{text}': iterations are a whole number; use {BUDGET_FORMS}"
            )
        return cls(iterations=int(number))

    def __str__(self) -> str:
        if self.iterations is not None:
            return f"{self.iterations}"
        assert self.seconds is not None
        if self.seconds < 1:
            return f"{round(self.seconds * 1000)}ms"
        return f"{self.seconds:g}s"


def random_rollout(
    rng: random.Random, game: Game[Any], state: Any, seat: int, legal: Sequence[Action]
) -> Action:
    """The default rollout policy: a uniform choice."""
    return legal[rng.randrange(len(legal))]


def outcome_rewards(game: Game[Any], state: Any, score_weight: float) -> list[float]:
    """Rewards of a finished sample: a share of the win plus a little for the score."""
    outcome = game.outcome(state)
    assert outcome is not None
    winners = outcome.winners
    top = max(max(outcome.scores), 1)
    rewards = []
    for seat, score in enumerate(outcome.scores):
        win = 1.0 / len(winners) if seat in winners else 0.0
        rewards.append((1 - score_weight) * win + score_weight * max(score, 0) / top)
    return rewards


class IsmctsBot:
    """Search over determinized states within a per-decision budget.

    ``exploration`` is the UCB constant (without priors); ``rollout_depth`` caps each
    iteration's actions counted from the root, tree walk and playout together (the
    ``evaluator`` then scores the unfinished sample; without one the playout runs to the end);
    ``score_weight`` mixes the final score into the win reward so the search prefers wide
    wins to narrow ones and narrow losses to wide ones; ``shortlist`` narrows the actions the
    tree weighs at each node (where a game offers far more actions than a small budget can
    try once each, a search among all of them chooses blindly).

    ``priors`` (a game heuristic's optional ``priors``) puts the game's knowledge inside the
    tree: nodes select by PUCT (``puct`` is its constant) and expand best-first, the untried
    action with the highest prior first, so that one iteration plays the heuristic's choice
    and more iterations move away from it only on evidence. ``processes`` searches that many
    trees at once in forked processes, each from its own seed, and sums their visits (root
    parallelism, for offline play). ``reuse`` keeps the subtree under the chosen action for
    the bot's next decision when that comes right after it (see :meth:`choose`).

    ``settle`` ends a timed search early once its choice is settled: when the most visited
    action leads the next by more visits than the time left could give the next at
    ``SETTLE_MARGIN`` times the rate so far, more time would not change the choice, so the
    bot answers at once instead of waiting out its budget (a snappier ``hard``, and time for
    the decisions where it matters). Iteration budgets and several processes never stop
    early.
    """

    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        budget: Budget | None = None,
        *,
        exploration: float = 0.7,
        rollout: RolloutPolicy = random_rollout,
        rollout_depth: int | None = None,
        evaluator: Evaluator | None = None,
        score_weight: float = 0.25,
        shortlist: Shortlist | None = None,
        priors: Priors | None = None,
        puct: float = PUCT,
        processes: int = 1,
        reuse: bool = True,
        settle: bool = True,
    ) -> None:
        if processes < 1:
            raise BotError("a search needs at least one process")
        self.budget = budget or Budget(iterations=200)
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth if evaluator is not None else None
        self.evaluator = evaluator
        self.score_weight = score_weight
        self.shortlist = shortlist
        self.priors = priors
        self.puct = puct
        self.processes = processes
        self.reuse = reuse and processes == 1
        self.settle = settle
        self._rng = seat_rng(seed, "ismcts")
        #: the subtree under the last chosen action, and the game's action count it awaits.
        self._kept: Node | None = None
        self._kept_moves: int | None = None
        #: figures of the last search and totals, for benchmarks (iterations over processes).
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_reused = 0
        #: per legal action of the last decision (in its order): the root's visits and the
        #: mean reward of the searching seat over them (``None`` where unvisited), for hints:
        #: the same reading as :meth:`search` and :meth:`analyse` report.
        self.last_values: tuple[ActionValue, ...] = ()
        self.total_iterations = 0
        self.total_seconds = 0.0

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        """The most visited legal action (ties: the higher prior, then list order).

        Tree reuse: when the information set says how many actions the game has seen
        (``info.moves``) and it is exactly one more than at this bot's last decision, only
        the bot's own action came in between, so the search starts from the subtree under
        it with its statistics. After anyone else's action, at a simultaneous decision, or
        with several processes, the tree starts fresh: another seat's action may hide what
        it was (a card played face down), and walking the tree along it would leak it.
        """
        if not legal_actions:
            raise ValueError("the bot was asked to choose with no legal actions")
        moves = getattr(info, "moves", None)
        if len(legal_actions) == 1:
            self.last_iterations, self.last_seconds, self.last_reused = 0, 0.0, 0
            self.last_values = (ActionValue(legal_actions[0], 0, None),)
            self._keep(None, moves)
            return legal_actions[0]
        if info is None:
            raise ValueError("the ismcts bot needs an information set to search")
        start = time.perf_counter()
        if self.processes > 1:
            seeds = [self._rng.getrandbits(64) for _ in range(self.processes)]

            def work(index: int) -> tuple[list[int], list[float], int]:
                root = Node()
                done = self._search(root, info, random.Random(seeds[index]), start)
                return ([child_visits(root, a) for a in legal_actions],
                        [child_total(root, a) for a in legal_actions], done)

            results = fork_map(self.processes, work)
            visits = [sum(r[0][i] for r in results) for i in range(len(legal_actions))]
            totals = [sum(r[1][i] for r in results) for i in range(len(legal_actions))]
            iterations = sum(r[2] for r in results)
            self.last_reused = 0
            chosen = None
        else:
            root = Node()
            if (
                self.reuse
                and moves is not None
                and moves == self._kept_moves
                and self._kept is not None
                and len(decision.seats) == 1
            ):
                root = self._kept
            self.last_reused = root.visits
            iterations = self._search(root, info, self._rng, start)
            visits = [child_visits(root, a) for a in legal_actions]
            totals = [child_total(root, a) for a in legal_actions]
            chosen = root
        elapsed = time.perf_counter() - start
        self.last_iterations, self.last_seconds = iterations, elapsed
        self.last_values = tuple(
            ActionValue(a, v, t / v if v else None)
            for a, v, t in zip(legal_actions, visits, totals, strict=True)
        )
        self.total_iterations += iterations
        self.total_seconds += elapsed
        weights = chosen.priors if chosen is not None else {}
        best = max(
            range(len(legal_actions)),
            key=lambda i: (visits[i], weights.get(legal_actions[i], 0.0), -i),
        )
        action = legal_actions[best]
        self._keep(chosen.children.get(action) if chosen is not None else None, moves)
        return action

    def search(
        self, info: InformationSet, legal_actions: Sequence[Action], *, line: int = LINE_LENGTH
    ) -> SearchReport:
        """One fresh search of the budget from ``info``, read once for every use: each legal
        action's visits and value (the mean reward of the seat choosing it; ``None`` when
        never tried), the most visited (ties: the higher value, then list order), the
        principal variation and the iterations run. Nothing is kept for reuse.

        The puzzles' check reads it as it is (a puzzle's answer must beat the second best by
        a margin); :meth:`analyse` measures the actions it compares further."""
        report, _ = self._fresh(info, legal_actions, line)
        return report

    def analyse(
        self, info: InformationSet, legal_actions: Sequence[Action], played: Action | None = None,
        *, line: int = LINE_LENGTH,
    ) -> SearchReport:
        """:meth:`search`, then more iterations with the most visited action and ``played``
        forced at the root where either had fewer visits than :func:`played_visits` asks, so
        that both values are measured well enough to compare. ``choose`` never runs this (the
        bots pay nothing for it); ``evolutio analyse`` does."""
        if len(legal_actions) < 2:
            raise ValueError("an analysis needs a decision with more than one legal action")
        first, root = self._fresh(info, legal_actions, line)
        iterations = first.iterations
        want = played_visits(iterations)
        forced_any = False
        for forced in (legal_actions[first.best], played):
            extra = max(want - child_visits(root, forced), 0) if forced is not None else 0
            for _ in range(extra):
                self._iterate(root, info, self._rng, force=forced)
            iterations += extra
            forced_any = forced_any or extra > 0
        if not forced_any:
            return first
        return read_report(root, legal_actions, first.best, line, iterations)

    def _fresh(
        self, info: InformationSet, legal_actions: Sequence[Action], line: int
    ) -> tuple[SearchReport, Node]:
        """A search from a fresh tree: its report and its root."""
        root = Node()
        iterations = self._search(root, info, self._rng, time.perf_counter())
        best = max(
            range(len(legal_actions)),
            key=lambda i: (child_visits(root, legal_actions[i]), mean_value(root.children.get(
                legal_actions[i])) or 0.0, -i),
        )
        return read_report(root, legal_actions, best, line, iterations), root

    def _keep(self, node: Node | None, moves: int | None) -> None:
        """Keep ``node`` for the next decision if it comes right after this one."""
        if node is None or moves is None or not self.reuse:
            self._kept, self._kept_moves = None, None
        else:
            self._kept, self._kept_moves = node, moves + 1

    def _search(self, root: Node, info: InformationSet, rng: random.Random, start: float) -> int:
        """Iterate on ``root`` within the budget; returns the iterations run."""
        budget = self.budget
        iterations = 0
        if budget.iterations is not None:
            for _ in range(budget.iterations):
                self._iterate(root, info, rng)
            return budget.iterations
        assert budget.seconds is not None
        deadline = start + budget.seconds
        settle = self.settle and self.processes == 1
        while True:
            self._iterate(root, info, rng)
            iterations += 1
            now = time.perf_counter()
            if now >= deadline:
                return iterations
            if settle and iterations % SETTLE_EVERY == 0 and now > start:
                left = SETTLE_MARGIN * iterations * (deadline - now) / (now - start)
                if lead(root) > left:
                    return iterations

    def _iterate(
        self, root: Node, info: InformationSet, rng: random.Random, force: Action | None = None
    ) -> None:
        """One iteration; ``force`` (an analysis's) is the root's only action when legal."""
        game = info.game
        state = info.sample(rng)
        node = root
        path: list[tuple[Node, int]] = []  # (child reached, seat that chose it)
        rewards: list[float] | None = None
        depth = 0
        while True:
            decision = game.decision(state)
            if decision is None:
                break
            # a simultaneous choice is searched seat by seat, the searching seat first
            seat = info.seat if node is root and info.seat in decision.seats else decision.seats[0]
            legal = game.legal_actions(state, seat)
            if force is not None and node is root and force in legal:
                legal = [force]
            elif self.shortlist is not None and len(legal) > 1:
                legal = list(self.shortlist(game, state, seat, legal)) or legal
            if self.priors is not None:
                action, child, new = select_puct(
                    node, game, state, seat, legal, self.priors, self.puct
                )
            else:
                action, child, new = select_ucb(node, legal, rng, self.exploration)
            node.passes += 1
            game.apply(state, seat, action)
            depth += 1
            path.append((child, seat))
            if new:
                child.seat = seat
                rewards = self._playout(game, state, rng, depth)
                break
            node = child
            limit = self.rollout_depth
            if limit is not None and depth >= limit and game.decision(state) is not None:
                assert self.evaluator is not None
                rewards = self.evaluator(game, state)
                break
        if rewards is None:
            rewards = outcome_rewards(game, state, self.score_weight)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += rewards[seat] if seat < len(rewards) else 0.0

    def _playout(self, game: Game[Any], state: Any, rng: random.Random, depth: int) -> list[float]:
        """Play on from ``depth`` actions below the root to the cap (or the end)."""
        limit = self.rollout_depth
        rollout = self.rollout
        while True:
            decision = game.decision(state)
            if decision is None:
                return outcome_rewards(game, state, self.score_weight)
            if limit is not None and depth >= limit and self.evaluator is not None:
                return self.evaluator(game, state)
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, rollout(rng, game, state, seat, legal))
            depth += 1
