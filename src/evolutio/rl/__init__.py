"""The research API: every game with an encoding as a PettingZoo environment.

``evolutio.rl.env(game="evolution", players=2)`` is the AEC environment with the usual
wrappers, ``raw_env`` the bare one, ``parallel_env`` the Parallel version and
``SingleAgentEnv`` a Gymnasium environment whose other seats are evolutio's bots. Needs the
``rl`` extra (pettingzoo, gymnasium, numpy); docs/rl.md describes the encodings.
"""

from evolutio.rl.aec import env, raw_env, rewards_of
from evolutio.rl.codec import Codec, NoEncodingError
from evolutio.rl.parallel import parallel_env
from evolutio.rl.single import SingleAgentEnv

__all__ = ["Codec", "NoEncodingError", "SingleAgentEnv", "env", "parallel_env", "raw_env",
           "rewards_of"]
