"""The verdicts of an analysis: labels by the loss in win share, accuracy, and its JSON form.

A decision's *loss* is how much estimated win share the action played gave up against the
best action the search found (0 when it was the best, never below 0). Losses are in points
of win share (0 to 100): a seat with a 40% estimated share of the win that plays a move
worth 25% loses 15 points. The labels and the accuracy follow lichess's analysis, which
works on the same scale (its "winning chances" from -1 to 1 are twice ours in points):

- an **inaccuracy** loses at least :data:`THRESHOLDS` ``inaccuracy`` points, a **mistake**
  at least ``mistake``, a **blunder** at least ``blunder``;
- a decision's accuracy is ``103.1668 * exp(-0.04354 * loss) - 3.1669`` clipped to 0..100
  (lichess's move accuracy: 100 for no loss, about 80 for 5 points, 64 for 10, 40 for 20);
  a seat's accuracy is the mean over its analysed decisions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from evolutio.core.game import JSON

FORMAT = "evolutio-analysis"
VERSION = 1

#: the least loss, in points of win share, of each label, mildest first.
THRESHOLDS: dict[str, float] = {"inaccuracy": 5.0, "mistake": 10.0, "blunder": 15.0}
LABELS = tuple(THRESHOLDS)


def label_of(loss: float) -> str | None:
    """The label of a loss in points (the worst whose threshold it reaches), or ``None``."""
    found = None
    for label, threshold in THRESHOLDS.items():
        if loss >= threshold:
            found = label
    return found


def accuracy_of(loss: float) -> float:
    """A decision's accuracy (0..100) from its loss in points: lichess's move accuracy."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))


@dataclass(frozen=True, slots=True)
class Choice:
    """An action at an analysed decision: its JSON form, its sentence for the seat choosing
    it, and the search's visits and value (win share 0..1; ``None``: never searched)."""

    action: JSON
    text: str
    visits: int
    value: float | None

    def to_json(self) -> JSON:
        return {"action": self.action, "text": self.text, "visits": self.visits,
                "value": None if self.value is None else round(self.value, 4)}

    @classmethod
    def from_json(cls, data: JSON) -> Choice:
        return cls(dict(data["action"]), str(data["text"]), int(data["visits"]), data["value"])


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One analysed decision: the record's action ``index``, the ``seat`` that took it, the
    decision's kind, how many legal actions it had, the action played and the best one, the
    loss in points, its label and accuracy, the search's line (each move ``{"seat",
    "action", "notation", "visits", "value"}``) and its iterations."""

    index: int
    seat: int
    kind: str
    legal: int
    played: Choice
    best: Choice
    loss: float
    line: list[JSON]
    iterations: int

    @property
    def label(self) -> str | None:
        return label_of(self.loss)

    @property
    def accuracy(self) -> float:
        return accuracy_of(self.loss)

    @property
    def value(self) -> float:
        """The position's value for the seat: the best action's (0..1)."""
        return self.best.value if self.best.value is not None else 0.0

    def to_json(self) -> JSON:
        return {
            "index": self.index, "seat": self.seat, "kind": self.kind, "legal": self.legal,
            "played": self.played.to_json(), "best": self.best.to_json(),
            "loss": round(self.loss, 2), "label": self.label,
            "accuracy": round(self.accuracy, 1), "line": self.line,
            "iterations": self.iterations,
        }

    @classmethod
    def from_json(cls, data: JSON) -> DecisionReview:
        return cls(int(data["index"]), int(data["seat"]), str(data["kind"]), int(data["legal"]),
                   Choice.from_json(data["played"]), Choice.from_json(data["best"]),
                   float(data["loss"]), list(data["line"]), int(data["iterations"]))


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """A seat's figures: analysed decisions, accuracy, mean loss and the count per label."""

    seat: int
    player: str
    decisions: int
    accuracy: float | None
    mean_loss: float | None
    labels: dict[str, int]

    def to_json(self) -> JSON:
        return {
            "seat": self.seat, "player": self.player, "decisions": self.decisions,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "mean_loss": None if self.mean_loss is None else round(self.mean_loss, 2),
            **self.labels,
        }


@dataclass
class Analysis:
    """A finished game analysed: where it comes from, the budget, every decision reviewed."""

    game: str
    rules: int
    seed: int
    players: list[str]
    seats: int
    budget: str
    decisions: list[DecisionReview] = field(default_factory=list)
    #: the record's outcome (scores, ranks), when it was over
    outcome: JSON | None = None

    def summary(self) -> list[SeatSummary]:
        """Per seat: accuracy (mean of the decisions'), mean loss and the labels counted."""
        out = []
        for seat in range(self.seats):
            mine = [d for d in self.decisions if d.seat == seat]
            counts = {label: sum(1 for d in mine if d.label == label) for label in LABELS}
            accuracy = _mean([d.accuracy for d in mine])
            out.append(SeatSummary(seat, self.player(seat), len(mine), accuracy,
                                   _mean([d.loss for d in mine]), counts))
        return out

    def player(self, seat: int) -> str:
        return self.players[seat] if seat < len(self.players) else f"seat {seat + 1}"

    def to_json(self) -> JSON:
        return {
            "format": FORMAT, "version": VERSION, "game": self.game, "rules": self.rules,
            "seed": self.seed, "players": self.players, "seats": self.seats,
            "budget": self.budget, "thresholds": dict(THRESHOLDS), "outcome": self.outcome,
            "summary": [s.to_json() for s in self.summary()],
            "decisions": [d.to_json() for d in self.decisions],
        }

    @classmethod
    def from_json(cls, data: JSON) -> Analysis:
        """Read back :meth:`to_json` (a server stores it, a page shows it)."""
        if data.get("format") != FORMAT:
            raise ValueError(f"not an analysis: format {data.get('format')!r}")
        return cls(str(data["game"]), int(data["rules"]), int(data["seed"]),
                   list(data["players"]), int(data["seats"]), str(data["budget"]),
                   [DecisionReview.from_json(d) for d in data["decisions"]], data.get("outcome"))


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def line_json(moves: Sequence[tuple[int, Any, int, float]]) -> list[JSON]:
    """A principal variation's JSON form from ``(seat, action, visits, value)`` moves."""
    return [{"seat": seat, "action": action.to_json(), "notation": action.notation(),
             "visits": visits, "value": round(value, 4)} for seat, action, visits, value in moves]
