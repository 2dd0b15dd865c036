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


def plays(state: State) -> tuple[list[list[str]], list[list[str]]]:
    """The traits each seat played in the game, once per play, and of those the plays whose
    card still lies on a species at the end (the ``seat_played`` and ``seat_survived``
    figures); a card replaced or lost with its species is not."""
    in_play = {c for p in state.players for s in p.species for c in s.traits}
    last = {card: index for index, (_, card) in enumerate(state.plays)}
    played: list[list[str]] = [[] for _ in state.players]
    survived: list[list[str]] = [[] for _ in state.players]
    for index, (seat, card) in enumerate(state.plays):
        trait = state.cards[card][0]
        played[seat].append(trait)
        if card in in_play and last[card] == index:
            survived[seat].append(trait)
    return played, survived


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
