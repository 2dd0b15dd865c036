"""The bottom of the contract: the JSON alias and the option error.

Both :mod:`evolutio.core.game` (the contract) and :mod:`evolutio.core.options` (declared
options) need them, and the contract names ``OptionSpec`` in its signatures: kept here, below
both, the two modules import in one direction. ``evolutio.core.game`` re-exports both names.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


class OptionError(ValueError):
    """An unknown option, a bad value, or a player count out of range."""
