"""Build hook: a pure-Python package by default; ``EVOLUTIO_COMPILE=1`` compiles the engine.

Everything about the package is in pyproject.toml. With ``EVOLUTIO_COMPILE=1`` the core's
engine modules and Evolution's rules are compiled with mypyc into C extensions, from the same
source (``scripts/test-compiled`` builds and tests that install; docs/benchmarks.md, section
"Compiled build", says what it gains and costs). mypyc must then be importable by the build,
so install with ``pip install --no-build-isolation`` into an environment that has mypy,
setuptools and wheel::

    EVOLUTIO_COMPILE=1 pip install --no-build-isolation .

Modules stay interpreted where mypyc cannot compile them as they are written: dataclasses
with a ``ClassVar`` field (every Action and Event: mypyc turns the class variable into a
field, mypyc issue 1122), runtime-checkable protocols (core/game.py and core/encoding.py,
mypyc issue 909), a subclass of AssertionError (core/scenario.py), and the Rich table.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

HERE = Path(__file__).resolve().parent
SRC = Path("src") / "evolutio"

#: compiled with EVOLUTIO_COMPILE=1: the core pieces the engine runs, then Evolution's rules.
CORE = ["options.py", "scoring.py", "match.py", "record.py"]
#: Evolution's modules left interpreted (see the module docstring for why).
EVOLUTION_INTERPRETED = {
    "actions.py",
    "climate.py",
    "pause.py",
    "terminal.py",
    "traits/gift.py",
    "traits/time_to_fly.py",
    "traits/time_to_fly_hunt.py",
}


def compiled_paths() -> list[str]:
    """The source files mypyc compiles, relative to this folder."""
    paths = [str(SRC / "core" / name) for name in CORE]
    evolution = SRC / "games" / "evolution"
    for path in sorted((HERE / evolution).rglob("*.py")):
        relative = path.relative_to(HERE / evolution).as_posix()
        if relative.startswith("web/") or relative in EVOLUTION_INTERPRETED:
            continue
        paths.append(str(evolution / relative))
    return paths


def extensions() -> list[object]:
    """mypyc's extension modules when EVOLUTIO_COMPILE is set (to anything but 0), else none."""
    if os.environ.get("EVOLUTIO_COMPILE", "0") in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(
            "EVOLUTIO_COMPILE=1 needs mypyc in the build environment: install mypy, setuptools "
            "and wheel, then run pip install --no-build-isolation ."
        )
    os.chdir(HERE)  # mypyc names modules by their paths from here
    return list(mypycify(compiled_paths(), opt_level="3", target_dir="build/mypyc"))


setup(ext_modules=extensions())
