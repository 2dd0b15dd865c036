"""The Evolution package imports in one direction: rules at the bottom, presentation above,
the adapter (game.py) on top and imported by no module of the package."""

from __future__ import annotations

import ast
import subprocess
import sys
from importlib.util import find_spec
from pathlib import Path

PACKAGE = "evolutio.games.evolution"
_SPEC = find_spec(f"{PACKAGE}.game")
assert _SPEC is not None and _SPEC.origin is not None
ROOT = Path(_SPEC.origin).parent


def modules() -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its ``__init__``)."""
    found: dict[str, Path] = {}
    for path in sorted(ROOT.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join([PACKAGE, *parts])] = path
    return found


def module_level_imports(own: str, path: Path, known: set[str]) -> set[str]:
    """Package modules a file imports when it is loaded: import statements outside function
    bodies (``if TYPE_CHECKING`` blocks included, as they state a dependency too), with the
    parent packages an import runs first (but not ``own``'s own packages, loaded before it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []

    def visit(nodes: list[ast.stmt]) -> None:
        for node in nodes:
            if isinstance(node, ast.Import):
                names.extend(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module:
                names.append(node.module)
                names.extend(f"{node.module}.{alias.name}" for alias in node.names)
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)

    visit(tree.body)
    out: set[str] = set()
    for name in names:
        parts = name.split(".")
        for end in range(len(parts), 0, -1):
            candidate = ".".join(parts[:end])
            # a package the importer lives in has begun loading before the importer did
            if candidate in known and not own.startswith(candidate + "."):
                out.add(candidate)
    return out


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {
        name: module_level_imports(name, path, known) - {name} for name, path in found.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
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

    for node in sorted(graph):
        if node not in index:
            connect(node)
    return out


def test_no_import_cycles_in_the_evolution_package() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.rules" in graph and f"{PACKAGE}.traits.base" in graph
    assert cycles(graph) == []


def test_nothing_in_the_package_imports_the_adapter() -> None:
    graph = import_graph()
    adapter = f"{PACKAGE}.game"
    importers = sorted(name for name, deps in graph.items() if adapter in deps)
    assert importers == []
    # and no lazy import inside a function either
    lazy = [
        name
        for name, path in modules().items()
        if name != adapter and "evolution.game import" in path.read_text(encoding="utf-8")
    ]
    assert lazy == []


def test_the_rules_sit_below_the_presentation() -> None:
    graph = import_graph()
    below = {f"{PACKAGE}.{m}" for m in ("rules", "development", "phases", "ops", "state")}
    above = {f"{PACKAGE}.{m}" for m in ("view", "notation", "sentences", "game")}
    for name in below:
        assert not graph[name] & above, f"{name} imports {graph[name] & above}"


def test_every_module_imports_on_its_own() -> None:
    """No import order is needed: each module loads first in a fresh interpreter."""
    names = [n for n in modules() if not n.endswith(".data")]
    script = (
        "import importlib, sys\n"
        "for name in sys.argv[1:]:\n"
        "    for loaded in [m for m in sys.modules if m.startswith('evolutio')]:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, *names], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
