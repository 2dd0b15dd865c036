"""Run a benchmark probe in this tree and in another revision, side by side, in one run.

The benches take ``--compare REF``: REF is a git revision (``main``, ``HEAD~3``, a commit) that
is checked out into a temporary worktree for the run and removed after it, or the path of a
checkout that already exists. A probe is a short Python program run in a fresh process with
the tree's ``src`` first on the path and this checkout's root after it, so that it runs this
checkout's bench code (``from bench.playout import ...``) on that tree's engine, whatever
bench folder the tree has; it prints one JSON document, which comes back parsed. Alternate
the order of the trees between rounds so that neither side always runs on a colder or busier
machine.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

#: this checkout's root.
HERE = Path(__file__).resolve().parents[1]


class TreeError(SystemExit):
    """A revision that cannot be checked out, or a probe that failed in it."""


@contextlib.contextmanager
def checkout(ref: str) -> Iterator[Path]:
    """A checkout of ``ref``: an existing directory as it is, else a temporary git worktree
    of that revision, removed when the block ends."""
    given = Path(ref)
    if given.is_dir():
        yield given.resolve()
        return
    parent = Path(tempfile.mkdtemp(prefix="evolutio-compare-"))
    tree = parent / "tree"
    made = subprocess.run(
        ["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(tree), ref],
        capture_output=True,
        text=True,
        check=False,
    )
    if made.returncode != 0:
        shutil.rmtree(parent, ignore_errors=True)
        raise TreeError(f"cannot check out '{ref}': {made.stderr.strip()}")
    try:
        yield tree
    finally:
        subprocess.run(
            ["git", "-C", str(HERE), "worktree", "remove", "--force", str(tree)],
            capture_output=True,
            check=False,
        )
        shutil.rmtree(parent, ignore_errors=True)


def describe(tree: Path) -> str:
    """The tree's commit, short, with ``+changes`` when its work tree differs from it."""
    head = subprocess.run(
        ["git", "-C", str(tree), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(tree), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    return (head or str(tree)) + ("+changes" if dirty else "")


def wanted(ref: str | None) -> str | None:
    """``ref``, or None when it asks for no other tree (empty, or ``none``)."""
    return None if not ref or ref.strip().lower() == "none" else ref


@contextlib.contextmanager
def sides(ref: str | None) -> Iterator[dict[str, Path]]:
    """``{"new": this checkout}``, and ``"old"`` first: ``ref``'s checkout while the block
    runs (none when ``ref`` is empty or ``none``)."""
    other_ref = wanted(ref)
    if other_ref is None:
        yield {"new": HERE}
        return
    with checkout(other_ref) as other:
        yield {"old": other, "new": HERE}


def probe(tree: Path | None, code: str, args: Sequence[str] = (),
          python: str = sys.executable) -> Any:
    """Run ``code`` with ``tree``'s ``src`` (None: nothing of a checkout's engine; ``python``
    has its own) and then this checkout's root on the path; returns the JSON it printed on
    its last line of output."""
    path = [str(tree / "src")] if tree is not None else []
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([*path, str(HERE)])}
    with tempfile.TemporaryDirectory(prefix="evolutio-probe-") as away:
        done = subprocess.run(  # from a folder of its own: nothing of the cwd on the path
            [python, "-c", code, *args],
            env=env,
            cwd=away,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise TreeError(f"{tree or python}: the probe failed:\n{done.stderr}")
    lines = done.stdout.strip().splitlines()
    if not lines:
        raise TreeError(f"{tree or python}: the probe printed nothing")
    return json.loads(lines[-1])


def rounds(
    trees: Mapping[str, Any], count: int, run: Callable[[Any], Any], *, quiet: bool = False
) -> dict[str, list[Any]]:
    """``run(tree)`` ``count`` times per tree, alternating which tree goes first (a tree is
    usually a checkout's path; any value ``run`` takes will do)."""
    names = list(trees)
    results: dict[str, list[Any]] = {name: [] for name in names}
    for index in range(count):
        order = names if index % 2 == 0 else list(reversed(names))
        for name in order:
            results[name].append(run(trees[name]))
        if not quiet:
            print(f"round {index + 1} of {count} done", file=sys.stderr)
    return results


def ratio(new: float, old: float) -> str:
    """``new / old`` as ``1.93x``, or ``-`` when the old figure is zero."""
    return f"{new / old:.2f}x" if old else "-"


def best_and_median(values: Sequence[float], higher_is_better: bool = True) -> tuple[float, float]:
    """The best of ``values`` (the highest, or the lowest for costs) and their median."""
    best = max(values) if higher_is_better else min(values)
    return best, statistics.median(values)
