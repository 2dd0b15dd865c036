"""The engine never names a trait: the pipelines (attack, food, driver, rules) ask the trait
objects' hooks; trait identifiers appear only in the trait classes and the card data. Its
imports go one way: applying an action (effects.py) below the driver (driver.py) below the
rules (rules.py), every import counted (tests/layering.py)."""

from __future__ import annotations

import re
from pathlib import Path

from evolutio.games.northstar.cards import TRAIT_IDS
from evolutio.games.northstar.climate_cards import NEW_TRAITS
from evolutio.games.northstar.flight_traits import TRAIT_IDS as FLIGHT_TRAITS
from evolutio.games.northstar.trait import TRAITS
from layering import describe_all, within

PACKAGE = Path(__file__).resolve().parents[3] / "src" / "evolutio" / "games" / "northstar"
PIPELINES = ("attack.py", "ops.py", "driver.py", "rules.py", "state.py", "scoring.py",
             "trait.py", "game.py", "notation.py", "climate.py")


def test_pipelines_name_no_trait() -> None:
    for name in PIPELINES:
        text = (PACKAGE / name).read_text(encoding="utf-8")
        for trait in TRAIT_IDS:
            assert not re.search(rf"[\"']{trait}[\"']", text), f"{name} names {trait}"


def test_every_trait_is_an_object_with_hooks() -> None:
    assert set(TRAITS) == {*TRAIT_IDS, "flight", *FLIGHT_TRAITS} | set(NEW_TRAITS)
    assert [t for t, obj in TRAITS.items() if obj.meat_only] == ["carnivore"]
    negatable = {t for t, obj in TRAITS.items() if obj.negatable}
    assert negatable == {"burrowing", "climbing", "defensive_herding", "hard_shell", "horns",
                         "symbiosis", "warning_call", "flight"}  # R-N26; Flight rules


def test_no_import_circle_and_the_driver_below_the_rules() -> None:
    name = "evolutio.games.northstar"
    graph = within(name)
    found = describe_all(graph)
    assert not found, found
    above = {f"{name}.{m}" for m in ("rules", "game")}
    assert not graph[f"{name}.driver"] & above
    assert not graph[f"{name}.effects"] & {f"{name}.driver", *above}
    assert f"{name}.effects" in graph[f"{name}.driver"]
