"""A game's score in parts, for the running score and the end-of-game breakdown.

A game may offer ``scoreboard(state) -> Scoreboard``: per seat the parts of its score as
``(label id, points)`` pairs in the game's order (their sum is the score its ``outcome``
gives), and the label id of the tie-break that decided first place, if one did. Label ids are
display names of the game (its ``labels(language)``), so that a stored breakdown reads in
every language. The figures must be public: the running score is sent to every seat.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from evolutio.core.common import JSON

#: the label id of a tie that no tie-break separated (the first place is shared)
SHARED = "score.tiebreak.shared"


@dataclass(frozen=True, slots=True)
class Scoreboard:
    """Each seat's score as ``(label id, points)`` parts, and the tie-break that decided."""

    parts: tuple[tuple[tuple[str, int], ...], ...]
    tiebreak: str | None = None

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(sum(points for _, points in seat) for seat in self.parts)

    def to_json(self) -> JSON:
        return {
            "seats": [
                {"parts": [[label, points] for label, points in seat], "total": total}
                for seat, total in zip(self.parts, self.totals, strict=True)
            ],
            "tiebreak": self.tiebreak,
        }


def deciding(keys: Sequence[Sequence[int]], tiebreaks: Sequence[str]) -> str | None:
    """Which tie-break decided first place: ``keys`` hold per seat the score followed by the
    tie-break figures (higher is better) named by ``tiebreaks``. ``None`` when one seat had
    the best score outright; :data:`SHARED` when the seats tied on every figure."""
    best = max(key[0] for key in keys)
    tied = [key for key in keys if key[0] == best]
    if len(tied) < 2:
        return None
    for i, name in enumerate(tiebreaks, start=1):
        top = max(key[i] for key in tied)
        leaders = [key for key in tied if key[i] == top]
        if len(leaders) < len(tied):
            if len(leaders) == 1:
                return name
            tied = leaders
    return SHARED


def load_labels(package: str, name: str = "score.toml") -> dict[str, dict[str, str]]:
    """A game's score labels from the TOML file ``name`` of its data ``package``:
    ``[label_id]`` tables with one entry per language."""
    text = resources.files(package).joinpath(name).read_text(encoding="utf-8")
    table: Mapping[str, Any] = tomllib.loads(text)
    return {key: dict(value) for key, value in table.items()}


def labels_in(table: Mapping[str, Mapping[str, str]], language: str) -> dict[str, str]:
    """The labels of ``table`` in ``language`` (English where one is missing)."""
    return {key: names.get(language) or names.get("en", key) for key, names in table.items()}
