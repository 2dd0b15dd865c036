"""The registry of games by name: the only way the server, bots, sim and rl reach a game."""

from __future__ import annotations

import importlib
from typing import Any

from evolutio.core.game import Game, OptionError

#: name -> "module:attribute" of the game object; imported lazily so the core stays light.
_GAMES: dict[str, str] = {
    "evolution": "evolutio.games.evolution.game:GAME",
}


def available_games() -> list[str]:
    return sorted(_GAMES)


def register(name: str, target: str) -> None:
    """Register a game object by import path (``"package.module:NAME"``)."""
    _GAMES[name] = target


def get_game(name: str) -> Game[Any]:
    """The game called ``name``; unknown names are refused with the allowed ones."""
    try:
        target = _GAMES[name]
    except KeyError:
        raise OptionError(
            f"unknown game '{name}'; available: {', '.join(available_games())}"
        ) from None
    module_name, _, attr = target.partition(":")
    game: Game[Any] = getattr(importlib.import_module(module_name), attr)
    return game
