"""The whole source tree imports downwards: no import circle anywhere in ``src/evolutio``, and
the platform's floors of docs/architecture.md ("The house"): ``core`` at the bottom, each game
on ``core`` alone, the bots on ``core``, the faces above them, the command line on top; the
platform's code knows no game. Every import counts (tests/layering.py): at module level,
inside functions and under ``TYPE_CHECKING``, relative ones resolved."""

from __future__ import annotations

import ast
from pathlib import Path

from layering import ROOT, circles, describe, describe_all, edges_of, graph, imported_names

#: what each part of the tree may import besides itself (docs/architecture.md): a game
#: imports ``core``; the bots ``core``; the analysis and the simulator ``core`` and the bots;
#: the research API those and the simulator (its games for datasets); the server those, the
#: analysis and the simulator (its shipped balance figures); the command line all of them.
ALLOWED: dict[str, set[str]] = {
    "evolutio": set(),
    "core": set(),
    "games": {"core"},
    "bots": {"core"},
    "analysis": {"core", "bots"},
    "sim": {"core", "bots"},
    "server": {"core", "bots", "analysis", "sim"},
    "rl": {"core", "bots", "sim"},
    "cli": {"core", "bots", "analysis", "sim", "server", "rl"},
}
#: the parts that play games without knowing one (they reach a game through the registry).
PLATFORM = ("core", "bots", "analysis", "sim", "server", "rl", "cli")


def part_of(module: str) -> str:
    """The part of the tree a module belongs to: ``core``, ``games``, ``bots``..."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "evolutio"


def game_of(module: str) -> str | None:
    """The game a module belongs to (``evolutio.games.NAME...``), else None."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def test_the_scanner_reads_every_import(tmp_path: Path) -> None:
    """Module level, function bodies, methods, TYPE_CHECKING blocks, relative imports (a
    module's and a package's), and the parent packages an import runs first."""
    package = tmp_path / "pkg"
    package.mkdir()
    source = package / "mod.py"
    source.write_text(
        "from typing import TYPE_CHECKING\n"
        "import evolutio.core.rng\n"
        "if TYPE_CHECKING:\n"
        "    from evolutio.core.game import Game\n"
        "def f():\n"
        "    from evolutio.bots import levels\n"
        "class C:\n"
        "    def m(self):\n"
        "        import evolutio.sim.stats as stats\n"
        "from . import sibling\n"
        "from .. import cousin\n"
        "from .inner import thing\n",
        encoding="utf-8",
    )
    names = imported_names("evolutio.games.demo.mod", source)
    known = {"evolutio.core", "evolutio.core.rng", "evolutio.core.game", "evolutio.bots",
             "evolutio.bots.levels", "evolutio.sim.stats", "evolutio.games.demo.sibling",
             "evolutio.games.cousin", "evolutio.games.demo.inner", "evolutio.games.demo"}
    assert edges_of("evolutio.games.demo.mod", names, known) == {
        "evolutio.core", "evolutio.core.rng", "evolutio.core.game", "evolutio.bots",
        "evolutio.bots.levels", "evolutio.sim.stats", "evolutio.games.demo.sibling",
        "evolutio.games.cousin", "evolutio.games.demo.inner",
    }
    init = package / "__init__.py"
    init.write_text("from .mod import C\nfrom . import other\n", encoding="utf-8")
    assert set(imported_names("evolutio.games.demo", init)) >= {
        "evolutio.games.demo.mod", "evolutio.games.demo.other"}


def test_the_circle_finder_names_each_circle_with_its_arrows() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"f"}, "f": {"e"}}
    assert circles(edges) == [["a", "b", "c"], ["e", "f"]]
    assert describe(edges, ["a", "b", "c"]).splitlines()[1:] == ["  a -> b", "  b -> c",
                                                                 "  c -> a"]


def test_the_graph_reads_the_whole_tree() -> None:
    found = graph()
    assert len(found) == len(list(ROOT.rglob("*.py")))
    assert "evolutio.core.options" in found["evolutio.core.game"]  # under TYPE_CHECKING
    assert "evolutio.games.evolution.encoding" in found["evolutio.games.evolution.game"]  # lazy


def test_no_import_circle_in_the_source_tree() -> None:
    found = describe_all(graph())
    assert not found, found


def test_every_part_imports_only_the_floors_below_it() -> None:
    wrong = sorted(
        f"{name} -> {dep}"
        for name, deps in graph().items()
        for dep in deps
        if part_of(dep) != part_of(name) and part_of(dep) not in ALLOWED[part_of(name)]
    )
    assert wrong == [], "\n".join(wrong)


def test_a_game_imports_no_other_game() -> None:
    wrong = sorted(
        f"{name} -> {dep}"
        for name, deps in graph().items()
        for dep in deps
        if game_of(name) and game_of(dep) and game_of(dep) != game_of(name)
    )
    assert wrong == [], "\n".join(wrong)


def test_no_module_of_a_game_imports_its_adapter() -> None:
    """A game's ``game.py`` is on top of its package: only the package itself (which names
    its ``GAME`` for the registry) imports it."""
    wrong = sorted(
        f"{name} -> {dep}"
        for name, deps in graph().items()
        for dep in deps
        if game_of(name) and dep == f"evolutio.games.{game_of(name)}.game"
        and name != f"evolutio.games.{game_of(name)}"
    )
    assert wrong == [], "\n".join(wrong)


def _strings(path: Path) -> list[str]:
    """A module's string constants, docstrings left out (they may name an example)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_platform_code_knows_no_game() -> None:
    """The platform imports no game module, not even lazily, and names none to import by
    text (``importlib``): it reaches games through the registry's entry points only."""
    imports = sorted(
        f"{name} -> {dep}"
        for name, deps in graph().items()
        if part_of(name) in PLATFORM
        for dep in deps
        if part_of(dep) == "games"
    )
    assert imports == [], "\n".join(imports)
    by_text = sorted(
        f"{path.relative_to(ROOT)}: {text!r}"
        for part in PLATFORM
        for path in sorted((ROOT / part).rglob("*.py"))
        for text in _strings(path)
        if "evolutio.games." in text
    )
    assert by_text == [], "\n".join(by_text)
