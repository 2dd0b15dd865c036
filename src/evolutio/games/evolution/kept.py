"""Action objects kept across the games of a process.

An action is an immutable value, so the legal actions reuse the objects they made before
(``State.made``: by class and fields; ``State.rows``: a card's development actions, by card,
then by trait and target). A game made by ``Evolution.new`` starts with the tables of the
games before it in the same process instead of empty ones: a new game's hands and animals
would otherwise make every action object again (a frozen dataclass costs about 1 µs to
make, and a fresh game made some 260 of them for its development phases alone), while a
simulation, a bot's search or a server plays game after game with the same cards and animal
numbers. The tables are shared as clones already share them, and only ever grow by objects
equal to what a fresh table would make, so no listing can tell them apart
(``tests/games/evolution/test_evolution_caches.py`` compares listings with bare copies).
They are dropped for new ones once they hold more than ``LIMIT`` objects (a game in progress
keeps the tables it started with), which bounds their memory (about 19 MB at the bound,
with every set at 4 players).
"""

from __future__ import annotations

from typing import Any

from evolutio.core.game import Action
from evolutio.games.evolution.state import State

#: objects kept (``made`` and the rows' actions together) before the tables start afresh.
LIMIT = 150_000

#: ``State.made`` of the games started since the last fresh start.
_made: dict[tuple[object, ...], Action] = {}
#: ``State.rows`` by whether the game has locations (a card's row as an animal differs).
_rows: dict[bool, dict[int, tuple[tuple[Action, ...], dict[str, dict[Any, Action]]]]] = {
    False: {},
    True: {},
}
#: development actions made into the shared rows since the last fresh start (development.py
#: counts them where it makes one).
made_rows = [0]


def share(state: State) -> None:
    """Give a new game (its locations set) the process's tables, or fresh ones once they
    grew past ``LIMIT``."""
    global _made, _rows
    if len(_made) + made_rows[0] > LIMIT:
        _made = {}
        _rows = {False: {}, True: {}}
        made_rows[0] = 0
    state.made = _made
    state.rows = _rows[state.geography]
