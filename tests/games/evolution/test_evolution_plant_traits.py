"""The plant traits carry their own rules (traits/plants.py): every plant trait of the card
data has its rule registered, and the modules that play and grow plants name none of them
in their code (docs/architecture.md, "Evolution")."""

from __future__ import annotations

import ast
from importlib import resources

from evolutio.games.evolution import traits as _traits  # noqa: F401  (registers the traits)
from evolutio.games.evolution.flora import PLANT_FIGURES
from evolutio.games.evolution.plants import PLANT_TRAITS
from evolutio.games.evolution.trait import PLANT_RULES, TRAITS
from evolutio.games.evolution.traits.plants import PlantTrait


def code_strings(module: str) -> set[str]:
    """The string constants of a module's code, its docstrings left out."""
    source = resources.files("evolutio.games.evolution").joinpath(module).read_text("utf-8")
    tree = ast.parse(source)
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docs.add(id(first.value))
    return {
        node.value for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs
    }


def test_every_plant_trait_has_its_rule_on_its_class() -> None:
    assert len(PLANT_TRAITS) == 9
    assert set(PLANT_RULES) == set(PLANT_TRAITS) == set(PLANT_FIGURES)
    for trait in PLANT_TRAITS:
        rule: object = PLANT_RULES[trait]
        assert rule is TRAITS[trait] and isinstance(rule, PlantTrait)


def test_the_plant_modules_name_no_plant_trait() -> None:
    for module in ("plants.py", "flora.py", "growth.py"):
        named = code_strings(module) & PLANT_TRAITS
        assert not named, f"{module} names {sorted(named)}"
    # the check sees names: traits/plants.py does name them
    assert code_strings("traits/plants.py") & PLANT_TRAITS == PLANT_TRAITS
