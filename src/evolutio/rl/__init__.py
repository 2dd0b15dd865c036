"""The research API: every game with an encoding as a PettingZoo environment.

``evolutio.rl.env(game="evolution", players=2)`` is the AEC environment with the usual
wrappers, ``raw_env`` the bare one, ``parallel_env`` the Parallel version and
``SingleAgentEnv`` a Gymnasium environment whose other seats are evolutio's bots. Needs the
``rl`` extra (pettingzoo, gymnasium, numpy); docs/rl.md describes the encodings.

The names are imported when first used, so that :mod:`evolutio.rl.kinds` (the bot kinds this
package registers) loads without the extra.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from evolutio.rl.aec import env, raw_env, rewards_of
    from evolutio.rl.codec import Codec, NoEncodingError
    from evolutio.rl.parallel import parallel_env
    from evolutio.rl.single import SingleAgentEnv

#: where each public name is defined.
_HOMES = {
    "env": "evolutio.rl.aec",
    "raw_env": "evolutio.rl.aec",
    "rewards_of": "evolutio.rl.aec",
    "Codec": "evolutio.rl.codec",
    "NoEncodingError": "evolutio.rl.codec",
    "parallel_env": "evolutio.rl.parallel",
    "SingleAgentEnv": "evolutio.rl.single",
}

__all__ = ["Codec", "NoEncodingError", "SingleAgentEnv", "env", "parallel_env", "raw_env",
           "rewards_of"]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
