"""Trick: a tiny card game with a simultaneous bid, the reference game for the platform.

It exists so that the server, the bots, the simulator and the command line are tested apart
from any real game, and as the smallest complete example of the contract (docs/architecture.md,
"Adding a game"). Rules in :mod:`evolutio.games.toy.game`.
"""

from evolutio.games.toy.game import GAME, Trick

__all__ = ["GAME", "Trick"]
