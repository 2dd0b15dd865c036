"""The Evolution package imports in one direction: the ground (data and state, knowing no
trait class) at the bottom, the rules' pipelines and the traits above it, the driver and the
dispatch, then presentation and the players, the adapter (game.py) on top and imported by no
module of the package. Every import counts, inside functions and under ``TYPE_CHECKING`` too
(tests/layering.py reads them)."""

from __future__ import annotations

import subprocess
import sys

from layering import describe_all, modules, within

PACKAGE = "evolutio.games.evolution"

#: the package's floors, bottom first (docs/architecture.md, "Evolution"): a module imports
#: its own floor's modules and those below, never a higher floor's. ``traits`` stands for
#: the package and every module in it.
FLOORS: tuple[tuple[str, ...], ...] = (
    # the ground: data, state and the trait registry; no trait class, no rule pipeline
    ("data", "cards", "nature", "refusals", "links", "actions", "events", "state", "kept",
     "pause", "trait", "changelog", "flora"),
    # the rules' pipelines and the traits' hooks
    ("linkindex", "ops", "attack", "geography", "climate", "development", "feeding", "scoring",
     "traits", "growth", "plants"),
    # the driver and the contract's rule methods
    ("driver", "extinction", "rules"),
    # what people and programs read
    ("view", "notation", "texts", "position", "plantpos", "hands", "explain", "reference",
     "encoding", "encoding_parts", "plants_encoding"),
    # the players: the greedy rules, the search's knowledge, the clock's move, the terminal
    ("playbook", "evalweights", "rollout", "heuristic", "timeout", "terminal"),
    # the adapter, and the game's listing it returns
    ("game", "info"),
)


def floor_of(name: str) -> int:
    """The floor of a module of the package (by its first name below the package)."""
    short = name[len(PACKAGE) + 1 :].split(".")[0]
    for number, members in enumerate(FLOORS):
        if short in members:
            return number
    raise AssertionError(f"{name} has no floor: add it to FLOORS and to the documented layers")


def test_no_import_circle_in_the_evolution_package() -> None:
    graph = within(PACKAGE)
    assert f"{PACKAGE}.rules" in graph and f"{PACKAGE}.traits.base" in graph
    found = describe_all(graph)
    assert not found, found


def test_every_import_goes_down_the_floors() -> None:
    graph = within(PACKAGE)
    upward = [
        f"{name} (floor {floor_of(name)}) -> {dep} (floor {floor_of(dep)})"
        for name, deps in sorted(graph.items())
        for dep in sorted(deps)
        if floor_of(dep) > floor_of(name)
    ]
    assert upward == [], "\n".join(upward)


def test_the_ground_knows_no_trait_class() -> None:
    """state, refusals, nature... read no trait module: the registry (trait.py) is all."""
    graph = within(PACKAGE)
    ground = {n for n in graph if floor_of(n) == 0}
    reached = {
        f"{name} -> {dep}"
        for name in ground
        for dep in graph[name]
        if dep == f"{PACKAGE}.traits" or dep.startswith(f"{PACKAGE}.traits.")
    }
    assert reached == set()


def test_nothing_in_the_package_imports_the_adapter() -> None:
    graph = within(PACKAGE)
    adapter = f"{PACKAGE}.game"
    assert sorted(name for name, deps in graph.items() if adapter in deps) == []


def test_the_rules_sit_below_the_presentation() -> None:
    graph = within(PACKAGE)
    below = {f"{PACKAGE}.{m}" for m in ("rules", "development", "driver", "ops", "state")}
    above = {f"{PACKAGE}.{m}" for m in ("view", "notation", "texts", "game")}
    for name in below:
        assert not graph[name] & above, f"{name} imports {graph[name] & above}"


def test_every_module_imports_on_its_own() -> None:
    """No import order is needed: each module loads first in a fresh interpreter."""
    names = [n for n in modules() if n.startswith(PACKAGE + ".") and not n.endswith(".data")]
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
