"""The bot kinds the research API registers (entry-point group ``evolutio.bots``, in
pyproject.toml): ``policy:FILE`` plays a policy trained with it (:mod:`evolutio.rl.policy`).

This module imports nothing of the ``rl`` extra, so that the bots can list the kind in their
help texts without numpy; making a bot imports the policy, which needs the extra.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from evolutio.bots.base import Bot
    from evolutio.core.game import Game


class PolicyKind:
    """The ``policy:FILE`` bot kind: a saved :class:`evolutio.rl.policy.LinearPolicy`."""

    form = "policy:FILE"
    summary = "a trained policy"

    def __call__(self, arg: str, seed: int, game: Game[Any]) -> Bot:
        from evolutio.rl.policy import PolicyBot

        return PolicyBot(arg, seed, game)


POLICY = PolicyKind()
