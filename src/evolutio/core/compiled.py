"""Marks for the optional compiled build (``EVOLUTIO_COMPILE=1``, see setup.py).

mypyc reads ``mypyc_attr`` by name when it compiles a module; at run time the mark changes
nothing. mypy_extensions is no dependency of a pure install: without it the stand-in below
returns the class as it is. docs/architecture.md, "Compiled build", says which classes carry
a mark and why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

_Class = TypeVar("_Class")

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # a pure install: the mark only speaks to the compiler

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_Class], _Class]:
        """The mark's stand-in: returns the class unchanged."""
        return lambda made: made


__all__ = ["mypyc_attr"]
