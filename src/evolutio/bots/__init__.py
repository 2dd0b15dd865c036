"""Bots: seat controllers that choose from a seat's view and legal actions only.

``make_bot(spec, seed, game)`` builds one by name (random, greedy, ismcts[:budget]), level
(easy, normal, hard) or a kind another package registers (``policy:FILE``); see
:mod:`evolutio.bots.levels` and :mod:`evolutio.bots.kinds`.
"""

from evolutio.bots.base import Bot, BotError, InformationSet
from evolutio.bots.ismcts import Budget, IsmctsBot
from evolutio.bots.levels import BOT_NAMES, LEVELS, allowed_specs, make_bot
from evolutio.bots.random import RandomBot

__all__ = [
    "BOT_NAMES",
    "LEVELS",
    "Bot",
    "BotError",
    "Budget",
    "InformationSet",
    "IsmctsBot",
    "RandomBot",
    "allowed_specs",
    "make_bot",
]
