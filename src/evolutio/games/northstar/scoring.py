"""The final score and the tie-breaks (seed 002 "Punteggio", "Tiebreaker"; R-N03)."""

from __future__ import annotations

from evolutio.core.scoring import Scoreboard, deciding, labels_in, load_labels
from evolutio.games.northstar.state import State

SCORE_LABELS = load_labels("evolutio.games.northstar.data")


def scores(state: State) -> list[int]:
    """1 per food token in the bag, 1 per population step and 1 per trait card of each
    surviving species."""
    return [
        p.bag + sum(s.pop + len(s.traits) for s in p.species) for p in state.players
    ]


def trait_counts(state: State) -> list[int]:
    """First tie-break: trait cards on surviving species."""
    return [sum(len(s.traits) for s in p.species) for p in state.players]


def populations(state: State) -> list[int]:
    """Second tie-break: the sum of surviving populations."""
    return [sum(s.pop for s in p.species) for p in state.players]


def ranks(state: State) -> list[int]:
    """1 = best; players equal on score and both tie-breaks share the place (R-N03)."""
    keys = list(zip(scores(state), trait_counts(state), populations(state), strict=True))
    return [1 + sum(other > key for other in keys) for key in keys]


def score_labels(language: str) -> dict[str, str]:
    """The names of the score's parts and tie-breaks in ``language`` (data/score.toml)."""
    return labels_in(SCORE_LABELS, language)


def scoreboard(state: State) -> Scoreboard:
    """The score in parts, as :func:`scores` counts it, and the tie-break that decided
    (every figure is public: the bag's count, populations, how many trait cards)."""
    traits, pops = trait_counts(state), populations(state)
    parts = tuple(
        (("score.bag", p.bag), ("score.population", pops[s]), ("score.traits", traits[s]))
        for s, p in enumerate(state.players)
    )
    keys = list(zip(scores(state), traits, pops, strict=True))
    return Scoreboard(parts, deciding(keys, ["score.tiebreak.traits", "score.tiebreak.population"]))
