"""Memory snapshots of a running server, for finding what keeps growing (docs/benchmarks.md,
"Soak: the server").

With ``EVOLUTIO_TRACEMALLOC`` set to a directory, ``evolutio serve`` starts ``tracemalloc``
(``EVOLUTIO_TRACEMALLOC_FRAMES`` frames a traceback, default 8) and, on each SIGUSR2, writes
``snap-N.tracemalloc`` (a ``tracemalloc.Snapshot``) and ``snap-N.json`` (the traced and
resident memory, and the live objects the collector tracks, counted by type) into it.
``python -m bench.load --tracemalloc DIR`` signals the server after each level;
:func:`compare` prints what grew between two snapshots. Off unless the variable is set:
tracing makes every allocation slower.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import signal
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


def snapshot(directory: Path) -> Path:
    """Write the next snapshot pair into ``directory``; the tracemalloc file's path."""
    n = len(list(directory.glob("snap-*.tracemalloc")))
    path = directory / f"snap-{n}.tracemalloc"
    gc.collect()
    tracemalloc.take_snapshot().dump(str(path))
    current, peak = tracemalloc.get_traced_memory()
    counts = Counter(type(o).__qualname__ for o in gc.get_objects())
    (directory / f"snap-{n}.json").write_text(json.dumps({
        "traced_mb": current / 1e6, "traced_peak_mb": peak / 1e6, "rss_mb": rss_mb(),
        "objects": dict(counts.most_common(200)),
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
    tracemalloc.start(int(os.environ.get(FRAMES_ENV, "8")))

    def on_signal(signum: int, frame: FrameType | None) -> None:
        snapshot(directory)

    signal.signal(signal.SIGUSR2, on_signal)
    return True


def compare(old: Path, new: Path, top: int = 25, group: str = "traceback") -> str:
    """What grew from snapshot ``old`` to ``new``: the ``top`` groups by size difference
    (``group``: "traceback", "lineno" or "filename"), then the object counts that grew."""
    before = tracemalloc.Snapshot.load(str(old))
    after = tracemalloc.Snapshot.load(str(new))
    lines = []
    for stat in after.compare_to(before, group)[:top]:
        lines.append(f"{stat.size_diff / 1e6:+.2f} MB {stat.count_diff:+d} blocks "
                     f"(now {stat.size / 1e6:.2f} MB)")
        frames = stat.traceback.format(limit=8 if group == "traceback" else 1)
        lines.extend("    " + f for f in frames)
    counted = [json.loads(p.with_suffix(".json").read_text()) for p in (old, new)]
    lines.append("traced MB {:.1f} -> {:.1f}, rss MB {:.1f} -> {:.1f}".format(
        counted[0]["traced_mb"], counted[1]["traced_mb"], counted[0]["rss_mb"],
        counted[1]["rss_mb"]))
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
