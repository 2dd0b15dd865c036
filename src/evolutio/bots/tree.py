"""The search tree of the ISMCTS bot (:mod:`evolutio.bots.ismcts`): its nodes, the two ways a
walk selects among the actions legal in a sample (UCB1 with availability counts, or PUCT on a
game's priors), and the readings of a finished tree (visits, values, the principal
variation, an analysis's report).

The bot owns the iterations, the samples, the playouts and the budget; everything here
works on nodes alone, so that the tree's statistics are read and updated in one place.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from evolutio.bots.report import LINE_VISITS, ActionValue, LineMove, SearchReport
from evolutio.core.game import Action, Game

#: A prior over ``legal`` in a sampled state: one non-negative weight per action, summing
#: to 1 (a game heuristic's optional ``priors``).
Priors = Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[float]]

#: how much less than the tried actions' mean an untried action is reckoned to be worth.
FIRST_PLAY_REDUCTION = 0.05


class Node:
    """One node of the tree: the action sequence that leads here, shared by every sample in
    which it was legal, with its counts and the summed reward of the seat that chose it."""

    __slots__ = ("avail", "children", "passes", "priors", "seat", "total", "visits")

    def __init__(self, seat: int = -1) -> None:
        self.seat = seat  # the seat whose action leads here (-1: the root)
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # reward of the seat that chose the action leading here
        self.passes = 0  # walks that reached this node and chose below it (PUCT's count)
        #: the priors of the actions seen legal here, from the first sample they were legal in
        self.priors: dict[Action, float] = {}


def select_ucb(
    node: Node, legal: Sequence[Action], rng: random.Random, exploration: float
) -> tuple[Action, Node, bool]:
    """UCB1 with availability counts (``exploration`` its constant); untried actions first,
    in random order. Returns the action, its child and whether the child is new."""
    children = node.children
    untried = [a for a in legal if a not in children]
    if untried:
        for tried in legal:
            sibling = children.get(tried)
            if sibling is not None:
                sibling.avail += 1
        action = untried[rng.randrange(len(untried))]
        child = children[action] = Node()
        child.avail += 1
        return action, child, True
    best: tuple[Action, Node] | None = None
    best_value = -math.inf
    c = exploration
    for action in legal:
        child = children[action]
        child.avail += 1
        value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
        if value > best_value:
            best, best_value = (action, child), value
    assert best is not None
    return best[0], best[1], False


def select_puct(
    node: Node, game: Game[Any], state: Any, seat: int, legal: Sequence[Action],
    priors: Priors, puct: float,
) -> tuple[Action, Node, bool]:
    """PUCT over the actions legal in this sample: mean reward plus the prior's share of
    the exploration (``puct`` its constant); an untried action counts as the tried ones'
    mean, a little less, so they are tried best prior first, and only as long as their prior
    earns it. ``priors`` is asked only for actions this node has not seen legal before."""
    known = node.priors
    weights = [known.get(a) for a in legal]
    if None in weights:
        fresh = priors(game, state, seat, legal)
        for i, (action, p) in enumerate(zip(legal, fresh, strict=True)):
            weights[i] = known.setdefault(action, p)
    children = node.children
    kids = [children.get(a) for a in legal]
    tried_total = 0.0
    tried_visits = 0
    for child in kids:
        if child is not None and child.visits:
            tried_total += child.total / child.visits
            tried_visits += 1
    first = tried_total / tried_visits - FIRST_PLAY_REDUCTION if tried_visits else 1.0
    scale = puct * math.sqrt(node.passes + 1)
    best = 0
    best_child: Node | None = None
    best_value = -math.inf
    for i, child in enumerate(kids):
        prior: float = weights[i]  # type: ignore[assignment]
        if child is None or not child.visits:
            value = first + scale * prior
        else:
            value = child.total / child.visits + scale * prior / (1 + child.visits)
        if value > best_value:
            best, best_child, best_value = i, child, value
    best_action = legal[best]
    if best_child is None:
        best_child = children[best_action] = Node()
        return best_action, best_child, True
    return best_action, best_child, not best_child.visits


def lead(root: Node) -> int:
    """How many more visits the root's most visited action has than the next one."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second


def read_report(
    root: Node, legal_actions: Sequence[Action], best: int, line: int, iterations: int
) -> SearchReport:
    """The reading of ``root``: every legal action's visits and value, ``best``'s line."""
    values = tuple(
        ActionValue(a, child_visits(root, a), mean_value(root.children.get(a)))
        for a in legal_actions
    )
    return SearchReport(values, best, principal_line(root, legal_actions[best], line), iterations)


def mean_value(node: Node | None) -> float | None:
    """The mean reward of the seat choosing into ``node`` (``None``: never visited)."""
    return node.total / node.visits if node is not None and node.visits else None


def principal_line(root: Node, first: Action, length: int) -> tuple[LineMove, ...]:
    """The principal variation: ``first`` (the best action; forced iterations may have
    visited another more), then the most visited child from there down, while a move had at
    least :data:`~evolutio.bots.report.LINE_VISITS` visits."""
    moves: list[LineMove] = []
    node = root
    while len(moves) < length and node.children:
        if node is root:
            action, found = first, root.children.get(first)
            if found is None:
                break
            child = found
        else:
            action, child = max(node.children.items(), key=lambda item: item[1].visits)
        if child.visits < LINE_VISITS:
            break
        moves.append(LineMove(child.seat, action, child.visits, child.total / child.visits))
        node = child
    return tuple(moves)


def child_visits(root: Node, action: Action) -> int:
    """The visits of ``action`` below ``root`` (0: never tried)."""
    child = root.children.get(action)
    return child.visits if child is not None else 0


def child_total(root: Node, action: Action) -> float:
    """The summed reward of ``action`` below ``root`` (0: never tried)."""
    child = root.children.get(action)
    return child.total if child is not None else 0.0
