"""What an analysing search reports (``IsmctsBot.analyse``, used by ``evolutio analyse``):
each legal action's visits and value, the best one, the principal variation; and how many
visits the analysis wants for the actions it compares."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action

#: an analysis's principal variation: at most this many moves ...
LINE_LENGTH = 6
#: ... each of them searched at least this often.
LINE_VISITS = 2
#: the fewest visits an analysis wants for the best action and the one played
#: (``played_visits``).
PLAYED_VISITS = 20


@dataclass(frozen=True, slots=True)
class ActionValue:
    """A legal action at an analysed decision: its visits and its value, the mean reward of
    the seat choosing it (``None``: never tried)."""

    action: Action
    visits: int
    value: float | None


@dataclass(frozen=True, slots=True)
class LineMove:
    """One move of a principal variation: who chose it, what, and its visits and value."""

    seat: int
    action: Action
    visits: int
    value: float


@dataclass(frozen=True, slots=True)
class SearchReport:
    """What one analysing search found (``IsmctsBot.analyse``): the legal actions in order,
    the index of the most visited, the principal variation and the iterations run."""

    actions: tuple[ActionValue, ...]
    best: int
    line: tuple[LineMove, ...]
    iterations: int


def played_visits(iterations: int) -> int:
    """The visits an analysis wants for the best action and the one played before it
    compares their values: a quarter of the search's iterations, at least
    :data:`PLAYED_VISITS`."""
    return max(PLAYED_VISITS, iterations // 4)
