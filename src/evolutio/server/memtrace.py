"""Memory snapshots of a running server, for finding what keeps growing (docs/benchmarks.md,
"Soak: the server").

With ``EVOLUTIO_TRACEMALLOC`` set to a directory, ``evolutio serve`` starts ``tracemalloc``
(``EVOLUTIO_TRACEMALLOC_FRAMES`` frames a traceback, default 8; 0: no tracing, at full
speed) and, on each SIGUSR2, writes ``snap-N.tracemalloc`` (a ``tracemalloc.Snapshot``,
when tracing) and ``snap-N.json`` (the traced and resident memory, glibc's heap figures, the
live objects the collector tracks and the unreachable cycles it frees, counted by type) into it.
``python -m bench.load --tracemalloc DIR`` signals the server after each level;
:func:`compare` prints what grew between two snapshots. Off unless the variable is set:
tracing makes every allocation slower.
"""

from __future__ import annotations

import argparse
import ctypes
import ctypes.util
import gc
import json
import os
import signal
import threading
import tracemalloc
from collections import Counter
from pathlib import Path
from types import FrameType

#: the directory to write snapshots into (unset: no tracing)
ENV = "EVOLUTIO_TRACEMALLOC"
FRAMES_ENV = "EVOLUTIO_TRACEMALLOC_FRAMES"


def rss_mb() -> float:
    """This process's resident memory (Linux ``/proc/self/statm``; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


class _MallInfo2(ctypes.Structure):
    """glibc's ``struct mallinfo2`` (every field a ``size_t``)."""

    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]


def _libc() -> ctypes.CDLL | None:
    """The C library when it is glibc (it has ``mallinfo2`` and ``malloc_trim``), else None."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        libc.mallinfo2.restype = _MallInfo2
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
    except (OSError, AttributeError, TypeError):
        return None
    return libc


def malloc_mb() -> dict[str, float]:
    """glibc's heaps in MB, every arena together: ``heap`` (sbrk'd and arena heaps),
    ``mmapped`` (large blocks), ``used`` (handed out, Python's own arenas of small objects
    aside: it maps those itself), ``free`` (free inside the heaps, not given back); {} off
    glibc."""
    libc = _libc()
    if libc is None:
        return {}
    info = libc.mallinfo2()
    return {"heap": info.arena / 1e6, "mmapped": info.hblkhd / 1e6,
            "used": info.uordblks / 1e6, "free": info.fordblks / 1e6}


def snapshot(directory: Path) -> Path:
    """Write the next snapshot into ``directory``: ``snap-N.json`` and, when tracing,
    ``snap-N.tracemalloc``; the json's path."""
    n = len(list(directory.glob("snap-*.json")))
    path = directory / f"snap-{n}.json"
    # the cycles nobody reaches any more, by type: what waits for the collector's next pass
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        gc.collect()
        garbage = Counter(type(o).__qualname__ for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
    gc.collect()  # the pass above only saved them; this one frees them
    current = peak = 0
    if tracemalloc.is_tracing():
        tracemalloc.take_snapshot().dump(str(path.with_suffix(".tracemalloc")))
        current, peak = tracemalloc.get_traced_memory()
    counts = Counter(type(o).__qualname__ for o in gc.get_objects())
    path.write_text(json.dumps({
        "traced_mb": current / 1e6, "traced_peak_mb": peak / 1e6, "rss_mb": rss_mb(),
        "malloc_mb": malloc_mb(), "threads": threading.active_count(),
        "objects": dict(counts.most_common(200)),
        "garbage": sum(garbage.values()), "garbage_types": dict(garbage.most_common(30)),
    }))
    return path


def install() -> bool:
    """Start tracing and answer SIGUSR2 with a snapshot, when ``EVOLUTIO_TRACEMALLOC`` is
    set (True: it is)."""
    where = os.environ.get(ENV)
    if not where:
        return False
    directory = Path(where)
    directory.mkdir(parents=True, exist_ok=True)
    frames = int(os.environ.get(FRAMES_ENV, "8"))
    if frames > 0:
        tracemalloc.start(frames)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        snapshot(directory)

    signal.signal(signal.SIGUSR2, on_signal)
    return True


def compare(old: Path, new: Path, top: int = 25, group: str = "traceback") -> str:
    """What grew from snapshot ``old`` to ``new`` (``snap-N.json`` or ``.tracemalloc``):
    when traced, the ``top`` groups by size difference (``group``: "traceback", "lineno" or
    "filename"); then the memory figures and the object counts that grew."""
    old, new = old.with_suffix(".json"), new.with_suffix(".json")
    lines = []
    traces = [p.with_suffix(".tracemalloc") for p in (old, new)]
    if all(p.exists() for p in traces):
        before, after = (tracemalloc.Snapshot.load(str(p)) for p in traces)
        for stat in after.compare_to(before, group)[:top]:
            lines.append(f"{stat.size_diff / 1e6:+.2f} MB {stat.count_diff:+d} blocks "
                         f"(now {stat.size / 1e6:.2f} MB)")
            frames = stat.traceback.format(limit=8 if group == "traceback" else 1)
            lines.extend("    " + f for f in frames)
    counted = [json.loads(p.read_text()) for p in (old, new)]
    lines.append("traced MB {:.1f} -> {:.1f}, rss MB {:.1f} -> {:.1f}, threads {} -> {}".format(
        counted[0]["traced_mb"], counted[1]["traced_mb"], counted[0]["rss_mb"],
        counted[1]["rss_mb"], counted[0]["threads"], counted[1]["threads"]))
    lines.append("malloc MB " + ", ".join(
        f"{k} {counted[0]['malloc_mb'][k]:.1f} -> {v:.1f}"
        for k, v in counted[1]["malloc_mb"].items()))
    grew = Counter(counted[1]["objects"])
    grew.subtract(counted[0]["objects"])
    lines.append("objects that grew: " + ", ".join(
        f"{name} {n:+d}" for name, n in grew.most_common(20) if n > 0))
    return "\n".join(lines)


def main() -> None:
    """``python -m evolutio.server.memtrace OLD NEW``: what grew between two snapshots."""
    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--group", choices=("traceback", "lineno", "filename"),
                        default="traceback")
    args = parser.parse_args()
    print(compare(args.old, args.new, args.top, args.group))


if __name__ == "__main__":
    main()
