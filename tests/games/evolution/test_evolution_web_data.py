"""The browser table's copies of the rules data (web/cards.js: each trait's extra food need
and the traits of each card set) agree with the engine's, so a rules change that moves a
cost or a card cannot leave the drawn cards saying otherwise."""

from __future__ import annotations

import re
from importlib import resources

import evolutio.games.evolution.game  # noqa: F401  (registers every trait)
from evolutio.games.evolution import trait

CARDS_JS = (resources.files("evolutio.games.evolution") / "web" / "cards.js").read_text()


def js_object(name: str) -> str:
    """The text of ``export const NAME = { ... };`` in cards.js."""
    found = re.search(rf"export const {name} = \{{(.*?)\}};", CARDS_JS, re.S)
    assert found, f"cards.js has no {name}"
    return found.group(1)


def test_the_food_costs_are_the_engines() -> None:
    drawn = {k: int(v) for k, v in re.findall(r"(\w+): (\d+)", js_object("FOOD"))}
    assert drawn == {k: v for k, v in trait.FOOD.items() if v}


def test_the_card_sets_are_the_engines() -> None:
    drawn = {name: re.findall(r'"(\w+)"', ids)
             for name, ids in re.findall(r"(\w+): \[(.*?)\]", js_object("SETS"), re.S)}
    engine: dict[str, list[str]] = {}
    for trait_id, card_set in trait.TRAIT_SETS.items():
        engine.setdefault(card_set, []).append(trait_id)
    assert {k: sorted(v) for k, v in drawn.items()} == {k: sorted(v) for k, v in engine.items()}
