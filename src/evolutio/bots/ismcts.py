"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration draws a state consistent with the seat's view from the :class:`InformationSet`
(``Game.determinize``), walks one shared tree of action sequences restricted to the actions
legal in that sample, adds one node, plays the rest out with a rollout policy, and backs up a
reward per seat. Nodes count how often they were *available*, so actions legal only in some
samples are not over-explored. A simultaneous choice is searched as if made in turn, the
searching seat first: the others' choices are hidden from it (resampled in every sample),
so it cannot plan on them. The search uses only its own seeded RNG: with an iteration
budget the chosen action is a function of the seed and the view.
"""

from __future__ import annotations

import math
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.bots.base import BotError, InformationSet, seat_rng
from evolutio.core.game import JSON, Action, Decision, Game

#: A rollout policy: picks one of ``legal`` in a sampled state.
RolloutPolicy = Callable[[random.Random, Game[Any], Any, int, Sequence[Action]], Action]
#: Rewards in [0, 1] per seat for a sampled state where the rollout stopped (not over yet).
Evaluator = Callable[[Game[Any], Any], list[float]]
#: The actions worth searching at a node of the tree: a non-empty subset of ``legal`` in a
#: sampled state (a game's shortlist; without one, every legal action is searched).
Shortlist = Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[Action]]

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


class _Node:
    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # reward of the seat that chose the action leading here


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

    ``exploration`` is the UCB constant; ``rollout_depth`` caps each playout (the
    ``evaluator`` then scores the unfinished sample; without one the playout runs to the end);
    ``score_weight`` mixes the final score into the win reward so the search prefers wide
    wins to narrow ones and narrow losses to wide ones; ``shortlist`` narrows the actions the
    tree weighs at each node (where a game offers far more actions than a small budget can
    try once each, a search among all of them chooses blindly).
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
    ) -> None:
        self.budget = budget or Budget(iterations=200)
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_depth = rollout_depth if evaluator is not None else None
        self.evaluator = evaluator
        self.score_weight = score_weight
        self.shortlist = shortlist
        self._rng = seat_rng(seed, "ismcts")
        #: figures of the last search and totals, for benchmarks.
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.total_iterations = 0
        self.total_seconds = 0.0

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action:
        if not legal_actions:
            raise ValueError("the bot was asked to choose with no legal actions")
        if len(legal_actions) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return legal_actions[0]
        if info is None:
            raise ValueError("the ismcts bot needs an information set to search")
        start = time.perf_counter()
        root = _Node()
        iterations = 0
        budget = self.budget
        deadline = start + budget.seconds if budget.seconds is not None else math.inf
        while True:
            self._iterate(root, info)
            iterations += 1
            if budget.iterations is not None:
                if iterations >= budget.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        elapsed = time.perf_counter() - start
        self.last_iterations, self.last_seconds = iterations, elapsed
        self.total_iterations += iterations
        self.total_seconds += elapsed
        best = legal_actions[0]
        best_visits = -1
        for action in legal_actions:
            child = root.children.get(action)
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        return best

    def _iterate(self, root: _Node, info: InformationSet) -> None:
        rng = self._rng
        game = info.game
        state = info.sample(rng)
        node = root
        path: list[tuple[_Node, int]] = []  # (child reached, seat that chose it)
        rewards: list[float] | None = None
        while True:
            decision = game.decision(state)
            if decision is None:
                break
            # a simultaneous choice is searched seat by seat, the searching seat first
            seat = info.seat if node is root and info.seat in decision.seats else decision.seats[0]
            legal = game.legal_actions(state, seat)
            if self.shortlist is not None and len(legal) > 1:
                legal = list(self.shortlist(game, state, seat, legal)) or legal
            untried = [a for a in legal if a not in node.children]
            if untried:
                for tried in legal:
                    sibling = node.children.get(tried)
                    if sibling is not None:
                        sibling.avail += 1
                action = untried[rng.randrange(len(untried))]
                child = _Node()
                node.children[action] = child
                child.avail += 1
                game.apply(state, seat, action)
                path.append((child, seat))
                rewards = self._playout(game, state, rng)
                break
            action, child = self._select(node, legal)
            game.apply(state, seat, action)
            path.append((child, seat))
            node = child
        if rewards is None:
            rewards = outcome_rewards(game, state, self.score_weight)
        root.visits += 1
        for child, seat in path:
            child.visits += 1
            child.total += rewards[seat] if seat < len(rewards) else 0.0

    def _select(self, node: _Node, legal: Sequence[Action]) -> tuple[Action, _Node]:
        best: tuple[Action, _Node] | None = None
        best_value = -math.inf
        c = self.exploration
        for action in legal:
            child = node.children[action]
            child.avail += 1
            value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
            if value > best_value:
                best, best_value = (action, child), value
        assert best is not None
        return best

    def _playout(self, game: Game[Any], state: Any, rng: random.Random) -> list[float]:
        depth = 0
        limit = self.rollout_depth
        while True:
            decision = game.decision(state)
            if decision is None:
                return outcome_rewards(game, state, self.score_weight)
            if limit is not None and depth >= limit and self.evaluator is not None:
                return self.evaluator(game, state)
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            game.apply(state, seat, self.rollout(rng, game, state, seat, legal))
            depth += 1
