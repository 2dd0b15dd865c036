"""Build hook: a pure-Python package by default; ``EVOLUTIO_COMPILE=1`` compiles the engines.

Everything about the package is in pyproject.toml. With ``EVOLUTIO_COMPILE=1`` the core's
engine modules, the three games' rules and the search bot are compiled with mypyc into C
extensions, from the same source (``scripts/test-compiled`` builds and tests that install;
README.md and docs/benchmarks.md, "Compiled build", say what it gains and costs). mypyc must
then be importable by the build, so install with ``pip install --no-build-isolation`` into an
environment that has mypy, setuptools and wheel::

    EVOLUTIO_COMPILE=1 pip install --no-build-isolation .

The rules the compiled source keeps are in docs/architecture.md ("Compiled build").
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
SRC = Path("src") / "evolutio"

#: the core modules an engine or a search runs (base.py: the games' base classes, which a
#: compiled game cannot derive from were they interpreted).
CORE = [
    "common.py", "moves.py", "game.py", "base.py", "rng.py", "options.py", "scoring.py",
    "match.py", "record.py",
]
#: the search bot and its tree (its rollouts run the games' own policies).
BOTS = ["ismcts.py", "tree.py"]
#: the games whose every module is compiled, but for their browser and terminal faces (the
#: toy game stays interpreted: it shows that a game need not be compiled, and tests subclass it).
GAMES = ["evolution", "northstar", "darwin"]
#: left interpreted in each game: the terminal renderer draws Rich tables for people.
INTERPRETED = {"terminal.py"}
# Interpreted on purpose too: core/protocols.py, core/encoding.py and bots/base.py hold the
# runtime-checkable protocols (``isinstance`` cannot check a protocol mypyc compiled), and the
# server, the CLI, simulation and rl gain nothing from it.


def compiled_paths() -> list[str]:
    """The source files mypyc compiles, relative to this folder."""
    paths = [str(SRC / "core" / name) for name in CORE]
    paths += [str(SRC / "bots" / name) for name in BOTS]
    for game in GAMES:
        folder = SRC / "games" / game
        for path in sorted((HERE / folder).rglob("*.py")):
            relative = path.relative_to(HERE / folder).as_posix()
            if relative.startswith("web/") or relative in INTERPRETED:
                continue
            paths.append(str(folder / relative))
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
    # the modules compiled are type-checked as usual; what they import but is not compiled
    # (the server, rl: their extras may be missing here) is read for its types only
    options = ["--follow-imports=silent"]
    return list(
        mypycify(
            options + compiled_paths(), opt_level="3", multi_file=True, target_dir="build/mypyc"
        )
    )


class ParallelBuildExt(build_ext):
    """build_ext that compiles an extension's C files on every core (one C file per module:
    ``multi_file``), where setuptools compiles them one after another."""

    def build_extension(self, ext: Any) -> None:
        compile_files = self.compiler.compile

        def compile_each(sources: list[str], **options: Any) -> list[str]:
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                done = pool.map(lambda source: compile_files([source], **options), sources)
                return [made for objects in done for made in objects]

        self.compiler.compile = compile_each
        try:
            super().build_extension(ext)
        finally:
            self.compiler.compile = compile_files


setup(ext_modules=extensions(), cmdclass={"build_ext": ParallelBuildExt})
