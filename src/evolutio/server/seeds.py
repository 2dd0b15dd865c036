"""The seed a new game is dealt from: random, or fixed by ``EVOLUTIO_SEED`` for a process
whose tables must come out the same every time (the browser tests' screenshot baselines,
the README's screenshots: ``EVOLUTIO_SEED=7 evolutio serve``)."""

from __future__ import annotations

import os
import secrets

#: the environment variable that fixes every game's seed
SEED_VARIABLE = "EVOLUTIO_SEED"


def game_seed() -> int:
    """A fresh random seed of 31 bits, or the fixed one when ``EVOLUTIO_SEED`` holds a
    whole number (anything else is an error, said at once rather than ignored)."""
    fixed = os.environ.get(SEED_VARIABLE, "").strip()
    if not fixed:
        return secrets.randbits(31)
    try:
        return int(fixed) & 0x7FFFFFFF
    except ValueError:
        raise ValueError(f"{SEED_VARIABLE} must be a whole number, not {fixed!r}") from None
