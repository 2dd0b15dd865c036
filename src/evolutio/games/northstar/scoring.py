"""The final score and the tie-breaks (seed 002 "Punteggio", "Tiebreaker"; R-N03)."""

from __future__ import annotations

from evolutio.games.northstar.state import State


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
