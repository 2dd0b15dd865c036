"""Each game's ``seat_played`` and ``seat_survived`` figures (docs/stats.md): the names each
seat played, once per play, as the game's own events tell them, and of those the plays whose
card is still in play at the end."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from evolutio.core.game import Action, Event
from evolutio.core.registry import get_game
from evolutio.games.darwin import ops as bio
from evolutio.games.evolution import scoring as evolution_scoring
from evolutio.games.evolution.links import Link
from evolutio.games.evolution.state import Animal
from evolutio.sim.runner import batch_tasks, play_game

#: each game's figure of the names in play at the end, per seat.
AT_END = {"evolution": "survivor_traits", "northstar": "seat_traits", "darwin": "seat_parts"}


def played_in(game: str, event: Event) -> list[tuple[int, str]]:
    """(seat, name) of each card an event says a seat played."""
    data: Any = event
    if game == "evolution" and event.type == "trait_played":
        return [(data.seat, data.trait)]
    if game == "northstar" and event.type == "played" and data.what == "trait":
        return [(data.seat, data.trait)]
    if game == "darwin" and event.type == "created":
        return [(data.seat, bio.card(c).animal) for c in data.cards]
    if game == "darwin" and event.type == "mutated":
        return [(data.seat, bio.card(c).animal) for c in data.added if c not in data.removed]
    return []


@pytest.mark.parametrize("name", sorted(AT_END))
@pytest.mark.parametrize("seed", [1, 2])
def test_the_plays_are_those_the_events_tell_and_the_survivors_those_in_play(
    name: str, seed: int
) -> None:
    game = get_game(name)
    seats = 3 if name == "darwin" else 2
    task = batch_tasks(name, {}, seed, 1, ["greedy"] * seats)[0]
    moves: list[tuple[int, Action]] = []
    assert play_game(task, lambda _, seat, action: moves.append((seat, action))
                     ).result["error"] is None
    # the same game again, move by move, to read the events each move made
    state = game.new(game.normalize_options({}), task.seed)
    told: list[tuple[int, str]] = []
    for seat, action in moves:
        for event in game.apply(state, seat, action):
            told += played_in(name, event)
    outcome = game.outcome(state)
    assert outcome is not None
    played, survived = outcome.stats["seat_played"], outcome.stats["seat_survived"]
    at_end = outcome.stats[AT_END[name]]
    assert len(played) == len(survived) == seats
    assert sum(map(len, played)) > 0
    for seat in range(seats):
        assert Counter(played[seat]) == Counter(n for s, n in told if s == seat)
        assert not Counter(survived[seat]) - Counter(played[seat])
    # every card in play at the end came there by a play: the survivors are all of them
    assert Counter(n for names in survived for n in names) == Counter(
        n for names in at_end for n in names)
    if name != "evolution":  # a seat plays on its own species only
        assert [Counter(names) for names in survived] == [Counter(names) for names in at_end]


def test_evolution_counts_each_play_and_a_card_s_last_play_alone_survives() -> None:
    state = get_game("evolution").new({"players": 2}, 3)
    mine, theirs = Animal(1, 0, 100), Animal(2, 1, 101)
    mine.traits = [(10, "carnivore"), (11, "fat_tissue")]
    theirs.traits = [(12, "parasite")]  # seat 0 played it on seat 1's animal
    state.animals = {1: mine, 2: theirs}
    state.links = {1: Link(1, "cooperation", 13, 1, 2)}
    state.plays = (
        (0, 10, "fat_tissue"),  # an earlier play of card 10, lost before it came back
        (0, 10, "carnivore"), (0, 14, "fat_tissue"), (0, 11, "fat_tissue"),
        (0, 12, "parasite"), (1, 13, "cooperation"), (1, 15, "running"),
    )
    played, survived = evolution_scoring.plays(state)
    assert played == [["fat_tissue", "carnivore", "fat_tissue", "fat_tissue", "parasite"],
                      ["cooperation", "running"]]
    assert survived == [["carnivore", "fat_tissue", "parasite"], ["cooperation"]]
    stats = evolution_scoring.outcome(state).stats
    assert stats["seat_played"] == played and stats["seat_survived"] == survived
    # held at the end, the Parasite is seat 1's; played, it is seat 0's
    assert stats["survivor_traits"] == [["carnivore", "fat_tissue", "cooperation"],
                                        ["parasite"]]
