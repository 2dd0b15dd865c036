"""Final scoring (seed 004, "Завершение игры и определение победителя"; ruling 11).

2 per surviving animal, 1 per trait card, plus each trait's extra food need; a paired card
counts once. Ties go to the larger discard pile, then are shared. Continents: 1 more per
animal in the Ocean (seed 004, "Фаза развития"); traits left by an eaten animal with
Regeneration score without the animal (seed 004, "Регенерация").
"""

from __future__ import annotations

from evolutio.core.game import Outcome
from evolutio.core.scoring import Scoreboard, deciding, labels_in, load_labels
from evolutio.games.evolution.geography import OCEAN
from evolutio.games.evolution.state import State
from evolutio.games.evolution.trait import TRAITS


def scores(state: State) -> list[int]:
    result = [0] * state.num_players
    for animal in state.animals.values():
        points = 0
        if animal.present:
            points = 3 if animal.location == OCEAN else 2
        for _, trait in animal.traits:
            points += 1 + TRAITS[trait].food
        result[animal.owner] += points
    for link in state.links.values():
        owner = state.animals[link.a].owner
        result[owner] += 1 + 2 * TRAITS[link.trait].food
    return result


SCORE_LABELS = load_labels("evolutio.games.evolution.data")


def score_labels(language: str) -> dict[str, str]:
    """The names of the score's parts and tie-breaks in ``language`` (data/score.toml)."""
    return labels_in(SCORE_LABELS, language)


def scoreboard(state: State) -> Scoreboard:
    """The score in parts, as :func:`scores` counts it, and the tie-break that decided."""
    animals = [0] * state.num_players
    ocean = [0] * state.num_players
    cards = [0] * state.num_players
    food = [0] * state.num_players
    for animal in state.animals.values():
        if animal.present:
            animals[animal.owner] += 2
            ocean[animal.owner] += animal.location == OCEAN
        for _, trait in animal.traits:
            cards[animal.owner] += 1
            food[animal.owner] += TRAITS[trait].food
    for link in state.links.values():
        owner = state.animals[link.a].owner
        cards[owner] += 1
        food[owner] += 2 * TRAITS[link.trait].food
    parts = []
    for s in range(state.num_players):
        seat = [("score.animals", animals[s])]
        if state.geography:  # Continents: the Ocean scores one more per animal
            seat.append(("score.ocean", ocean[s]))
        seat += [("score.traits", cards[s]), ("score.food", food[s])]
        parts.append(tuple(seat))
    totals = [sum(p for _, p in seat) for seat in parts]
    keys = [(totals[s], len(state.players[s].discard)) for s in range(state.num_players)]
    return Scoreboard(tuple(parts), deciding(keys, ["score.tiebreak.discard"]))


def plays(state: State) -> tuple[list[list[str]], list[list[str]]]:
    """The traits each seat played in the game, once per play, and of those the plays whose
    card is still in play at the end (on an animal, Regeneration's left traits included, or
    as a paired trait), for the ``seat_played`` and ``seat_survived`` figures."""
    in_play = {card for animal in state.animals.values() for card, _ in animal.traits}
    in_play.update(link.card for link in state.links.values())
    last = {card: index for index, (_, card, _) in enumerate(state.plays)}
    played: list[list[str]] = [[] for _ in state.players]
    survived: list[list[str]] = [[] for _ in state.players]
    for index, (seat, card, trait) in enumerate(state.plays):
        played[seat].append(trait)
        if card in in_play and last[card] == index:
            survived[seat].append(trait)
    return played, survived


def outcome(state: State) -> Outcome:
    points = scores(state)
    discards = [len(p.discard) for p in state.players]
    keys = [(points[s], discards[s]) for s in range(state.num_players)]
    ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    survivors: list[list[str]] = [[] for _ in state.players]
    for animal in state.animals.values():
        survivors[animal.owner].extend(trait for _, trait in animal.traits)
    for link in state.links.values():
        survivors[state.animals[link.a].owner].append(link.trait)
    played, survived = plays(state)
    return Outcome(
        tuple(points),
        ranks,
        tuple(discards),
        {"turns": state.turn, "survivor_traits": survivors, "seat_played": played,
         "seat_survived": survived},
    )
