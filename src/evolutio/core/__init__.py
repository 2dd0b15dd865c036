"""Game-agnostic core: the contract, chance, records, scenarios and the registry of games."""

from evolutio.core.game import (
    JSON,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    OptionError,
    Outcome,
    parse_by_notation,
)
from evolutio.core.registry import available_games, get_game
from evolutio.core.rng import Rng

__all__ = [
    "JSON",
    "Action",
    "Decision",
    "Event",
    "Game",
    "IllegalAction",
    "OptionError",
    "Outcome",
    "Rng",
    "available_games",
    "get_game",
    "parse_by_notation",
]
