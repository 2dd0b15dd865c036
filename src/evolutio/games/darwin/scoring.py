"""The score in parts (seed 003, "Fine della partita"): Darwin points on one's species plus
those banked; in the cooperative variant a seat scores its team's total (R-D74). Ties are
shared, so no tie-break decides."""

from __future__ import annotations

from evolutio.core.scoring import Scoreboard, deciding, labels_in, load_labels
from evolutio.games.darwin import coop
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.state import State

SCORE_LABELS = load_labels("evolutio.games.darwin.data")


def plays(state: State) -> tuple[list[list[str]], list[list[str]]]:
    """The animals whose cards each seat put into a species in the game, once per card, and
    of those the cards still in a species at the end (the ``seat_played`` and
    ``seat_survived`` figures); a card lost with its species or mutated away is not, nor is
    an earlier play of a card that came back from a discard pile."""
    in_play = {c for sp in state.species.values() for c in sp.cards}
    last = {card: index for index, (_, card) in enumerate(state.plays)}
    played: list[list[str]] = [[] for _ in range(state.num_players)]
    survived: list[list[str]] = [[] for _ in range(state.num_players)]
    for index, (seat, card) in enumerate(state.plays):
        animal = bio.card(card).animal
        played[seat].append(animal)
        if card in in_play and last[card] == index:
            survived[seat].append(animal)
    return played, survived


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
