"""The development phase's table of stopped faces stays small in a process that plays many
games (a server, a simulation worker): it is keyed by the set of trait names an animal holds,
which is all the faces depend on, and starts again past ``STOPPED_BOUND`` sets."""

from __future__ import annotations

import random

from evolutio.core.registry import get_game
from evolutio.games.evolution import development

GAME = get_game("evolution")
EVERY = {"players": 4, "expansions": ["base", "time_to_fly", "continents", "gift"]}


def play(seed: int) -> None:
    state = GAME.new(EVERY, seed)
    rng = random.Random(seed)
    while (decision := GAME.decision(state)) is not None:
        seat = decision.seats[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_the_stopped_faces_are_kept_per_set_of_trait_names_and_bounded() -> None:
    tables = development._TABLES
    tables.stopped.clear()
    for seed in range(6):
        play(seed)
    assert tables.stopped and all(isinstance(key, frozenset) for key in tables.stopped)
    # each set's faces are the union of what its names stop, whatever their order
    for held, faces in tables.stopped.items():
        assert faces == frozenset().union(*[tables.stopped_by.get(n, frozenset()) for n in held])
    # full to the bound (made-up sets), the table starts again at the next new set
    # instead of growing
    tables.stopped.clear()
    for i in range(development.STOPPED_BOUND):
        tables.stopped[frozenset({f"made-up {i}"})] = frozenset()
    play(6)
    assert 0 < len(tables.stopped) < 200
    assert not any(name.startswith("made-up") for held in tables.stopped for name in held)
