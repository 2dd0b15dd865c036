"""The score in parts (seed 003, "Fine della partita"): Darwin points on one's species plus
those banked; in the cooperative variant a seat scores its team's total (R-D74). Ties are
shared, so no tie-break decides."""

from __future__ import annotations

from evolutio.core.scoring import Scoreboard, deciding, labels_in, load_labels
from evolutio.games.darwin import coop
from evolutio.games.darwin.state import State

SCORE_LABELS = load_labels("evolutio.games.darwin.data")


def score_labels(language: str) -> dict[str, str]:
    """The names of the score's parts in ``language`` (data/score.toml)."""
    return labels_in(SCORE_LABELS, language)


def scoreboard(state: State) -> Scoreboard:
    """Each seat's Darwin points by where they lie (all public), as ``outcome`` sums them."""
    parts = []
    for seat in range(state.num_players):
        own = sum(s.dp for s in state.species.values() if s.owner == seat)
        row = [("score.species", own), ("score.banked", state.banked[seat])]
        if state.coop:
            row.append(("score.teammate", state.score(coop.teammate(seat))))
        parts.append(tuple(row))
    board = Scoreboard(tuple(parts))
    return Scoreboard(board.parts, deciding([(t,) for t in board.totals], []))
