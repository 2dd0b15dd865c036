"""The server process's garbage collector, tuned for many rooms under way.

Every action makes thousands of short-lived objects (views, frames, legal lists); with the
interpreter's default threshold (a young collection every 700 allocations) the collector
ran about once an action and took a sixth of the server's CPU under ``bench.load``
(docs/benchmarks.md, "Server load"). Reference counting frees nearly all of them anyway;
the collector is only for cycles, which a room makes rarely.
"""

from __future__ import annotations

import gc

#: allocations between two collections of the young generation (the default is 700)
YOUNG = 50_000


def collect_less() -> tuple[int, int, int]:
    """Move what start-up made (modules, the rooms loaded and resumed) out of the
    collector's way, and collect the young generation every ``YOUNG`` allocations;
    returns the thresholds before, for :func:`restore`."""
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, 20, 100)
    return before


def restore(before: tuple[int, int, int]) -> None:
    """The collector as it was (a server stopped inside a longer-lived process)."""
    gc.unfreeze()
    gc.set_threshold(*before)
