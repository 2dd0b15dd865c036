"""The text of every frame the server sends: JSON encoded once, by orjson where installed.

orjson (the ``server`` extra) encodes a state frame about seven times faster than the
standard library (docs/benchmarks.md, "Server load"); its output is the same JSON (UTF-8
text, no spaces), so clients see no difference. Without orjson, or for a value it refuses
(an integer past 64 bits), the standard library encodes it.
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - the server extra installs it
    orjson = None  # type: ignore[assignment]


def _stdlib(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


if orjson is not None:
    _encode = orjson.dumps
    _OPTIONS = orjson.OPT_NON_STR_KEYS

    def dumps(value: Any) -> str:
        """``value`` as compact JSON text (non-ASCII characters as they are)."""
        try:
            return _encode(value, option=_OPTIONS).decode()
        except TypeError:  # an integer past 64 bits, a type orjson does not know
            return _stdlib(value)

else:  # pragma: no cover
    dumps = _stdlib
