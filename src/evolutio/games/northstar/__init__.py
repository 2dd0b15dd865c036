"""North Star's Evolution as BrettspielWelt plays it (seed 002); rules in
docs/rules/northstar.md."""

from evolutio.games.northstar.game import GAME, NorthStar

__all__ = ["GAME", "NorthStar"]
