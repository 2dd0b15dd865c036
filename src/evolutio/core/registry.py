"""The registry of games by name: the only way the server, bots, sim and rl reach a game.

Games register through the ``evolutio.games`` entry-point group, so a game can live in its
own distribution::

    [project.entry-points."evolutio.games"]
    evolution = "evolutio.games.evolution.game:GAME"

Names are read from the package metadata without importing anything; a game object is
imported the first time it is asked for. ``register`` adds one by import path (tests, or a
game not installed as a distribution).
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from evolutio.core.game import Game, OptionError

GROUP = "evolutio.games"
#: the environment variable naming the game a command plays when none is given.
DEFAULT_ENV = "EVOLUTIO_GAME"

_registered: dict[str, str] = {}
_loaded: dict[str, Game[Any]] = {}


@cache
def _installed() -> dict[str, str]:
    """The entry points of installed games, read once per process (a scan of every
    installed distribution's metadata costs milliseconds)."""
    return {ep.name: ep.value for ep in entry_points(group=GROUP)}


def _targets() -> dict[str, str]:
    return {**_installed(), **_registered}


def available_games() -> list[str]:
    """Every registered game's name, in listing order (``GameInfo.order``, then name)."""
    names = sorted(_targets())
    return sorted(names, key=lambda name: (get_game(name).info.order, name))


def register(name: str, target: str) -> None:
    """Register a game object by import path (``"package.module:NAME"``)."""
    _registered[name] = target
    _loaded.pop(name, None)


def get_game(name: str) -> Game[Any]:
    """The game called ``name``; unknown names are refused with the allowed ones."""
    loaded = _loaded.get(name)
    if loaded is not None:
        return loaded
    targets = _targets()
    try:
        target = targets[name]
    except KeyError:
        raise OptionError(
            f"unknown game '{name}'; available: {', '.join(sorted(targets)) or 'none'}"
        ) from None
    module_name, _, attr = target.partition(":")
    game: Game[Any] = getattr(importlib.import_module(module_name), attr)
    _loaded[name] = game
    assert game is not None
    return game


def default_game() -> str:
    """The game played when a command names none: ``$EVOLUTIO_GAME`` when set, else the
    first registered game in listing order that is not a demonstration game."""
    chosen = os.environ.get(DEFAULT_ENV, "").strip()
    if chosen:
        get_game(chosen)  # an unknown name is refused with the available ones
        return chosen
    for name in available_games():
        if not get_game(name).info.demo:
            return name
    raise OptionError("no game is installed; install a game package (entry point group "
                      f"'{GROUP}')")
