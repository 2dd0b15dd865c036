"""The import graph of ``src/evolutio`` read with ``ast``, for the layers tests.

Every import counts: at module level, inside function and method bodies, and under ``if
TYPE_CHECKING`` (each states a dependency, and a lazy import is a circle that only waits for
its first call). Relative imports are resolved. An import of ``a.b.c`` also runs the packages
``a.b`` and ``a`` first, so those are edges too, but for the packages the importer itself lives
in (they began loading before it did).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "src" / "evolutio"
TOP = "evolutio"


@cache
def modules() -> dict[str, Path]:
    """Every module of ``src/evolutio`` by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join([TOP, *parts])] = path
    return found


def _package_of(name: str, path: Path) -> str:
    """The package a module's relative imports start from."""
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def imported_names(name: str, path: Path) -> list[str]:
    """The dotted names a module imports anywhere in its file, relative ones resolved; a
    ``from X import y`` gives ``X`` and ``X.y`` (``y`` may be a module or a name in ``X``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = _package_of(name, path).split(".")
                anchor = package[: len(package) - (node.level - 1)]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            names.append(base)
            names.extend(f"{base}.{alias.name}" for alias in node.names if alias.name != "*")
    return names


def edges_of(name: str, names: Iterable[str], known: set[str]) -> set[str]:
    """The project's modules that importing ``names`` loads, seen from module ``name``."""
    out: set[str] = set()
    for imported in names:
        parts = imported.split(".")
        for end in range(len(parts), 0, -1):
            candidate = ".".join(parts[:end])
            if candidate in known and not name.startswith(candidate + "."):
                out.add(candidate)
    out.discard(name)
    return out


@cache
def graph() -> dict[str, frozenset[str]]:
    """Each module of the project and the modules of the project it imports."""
    found = modules()
    known = set(found)
    return {
        name: frozenset(edges_of(name, imported_names(name, path), known))
        for name, path in found.items()
    }


def within(prefix: str) -> dict[str, set[str]]:
    """The graph restricted to the modules under ``prefix`` (a package's inner graph)."""
    inside = {n for n in graph() if n == prefix or n.startswith(prefix + ".")}
    return {n: set(graph()[n]) & inside for n in inside}


def circles(edges: dict[str, set[str]] | dict[str, frozenset[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                connect(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                item = stack.pop()
                on_stack.discard(item)
                component.append(item)
                if item == node:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            connect(node)
    return out


def describe(edges: dict[str, set[str]] | dict[str, frozenset[str]], circle: list[str]) -> str:
    """A circle as its arrows: each module and what it imports inside the circle."""
    members = set(circle)
    lines = [f"circle of {len(circle)} modules:"]
    for node in circle:
        inner = sorted(set(edges.get(node, ())) & members)
        lines.append(f"  {node} -> {', '.join(inner)}")
    return "\n".join(lines)


def describe_all(edges: dict[str, set[str]] | dict[str, frozenset[str]]) -> str:
    """Every circle of a graph as arrows, one after another (empty when there is none)."""
    return "\n".join(describe(edges, circle) for circle in circles(edges))
