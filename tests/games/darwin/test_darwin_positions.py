"""Darwin's Choice positions: the position's own cards and habitats, the discard piles, and
clear errors for malformed ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from evolutio.core.registry import get_game
from evolutio.core.scenario import run_file
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.cards import load_catalog

GHOST = (
    "{id: ghost_head, animal: ghost, part: head, diet: herbivore, hearts: 0, cs: 0, "
    "symbols: {swim: 1}}"
)


def _run(tmp_path: Path, position: str) -> str:
    path = tmp_path / "case.yaml"
    path.write_text(f"name: x\nrule: x\ngame: darwin\nposition:\n  {position}\n", "utf-8")
    [result] = run_file(path)
    return "" if result.passed else result.message


def test_own_cards_get_ids_after_the_catalog_and_keep_them() -> None:
    game = get_game("darwin")
    position = {"define": {"cards": [
        {"id": "ghost_head", "animal": "ghost", "part": "head", "diet": "herbivore",
         "hearts": 0, "cs": 0}]}, "players": [{"hand": ["ghost_head"]}]}
    first = game.from_position({"players": 2}, position, 1)
    again = game.from_position({"players": 2}, position, 2)
    cid = first.labels["ghost_head"]
    assert cid >= len(load_catalog().cards) and again.labels["ghost_head"] == cid
    assert first.hands[0] == [cid] and bio.card(cid).hearts == 0
    assert cid not in first.small + first.large + first.market


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ("small_discard: [bear_torso]", "position.small_discard: 'bear_torso' is not a small"),
        ("large: [lion_head]", "position.large: 'lion_head' is not a large card"),
        (
            "define: {cards: [{id: lion_head, animal: lion, part: head, diet: carnivore, "
            "hearts: 1, cs: 1}]}",
            "position.define.cards: 'lion_head' is a card of the game",
        ),
        (
            "define: {habitats: [{id: savanna, dp: 2, plants: 1, meat: 1, adaptation: []}]}",
            "position.define.habitats: 'savanna' is a habitat of the game",
        ),
        (
            "define: {cards: [{id: x, animal: x, part: nose, hearts: 1, cs: 1}]}",
            "position.define.cards: card 'x': field 'part': 'nose' is not one of",
        ),
        ("define: {colours: []}", "position.define: expected a mapping with cards"),
        (f"define: {{cards: [{GHOST}]}}\n  players: [{{hand: [ghost_head, ghost_head]}}]",
         "card 'ghost_head' is used twice"),
    ],
)
def test_malformed_position(tmp_path: Path, position: str, message: str) -> None:
    found = _run(tmp_path, position)
    assert message in found
    assert found.startswith("malformed: ")
