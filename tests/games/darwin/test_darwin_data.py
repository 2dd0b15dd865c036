"""The project's own card set has seed 003's structure and proportions; the loader names the
card and the field of any error."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from evolutio.games.darwin.cards import (
    CardDataError,
    load_catalog,
    parse_cards,
    parse_events,
    parse_habitats,
)

GOOD_HEAD: dict[str, Any] = {
    "id": "x_head", "animal": "lion", "part": "head", "diet": "carnivore", "hearts": 1,
    "cs": 2, "symbols": {"run": 1},
}


def test_proportions_of_seed_003() -> None:
    catalog = load_catalog()
    sizes = Counter("large" if c.large else "small" for c in catalog.cards)
    assert sizes == {"small": 135, "large": 102}
    parts = Counter(c.part for c in catalog.cards)
    assert parts["head"] and parts["torso"] and parts["wing"] and parts["tail"]
    assert {c.diet for c in catalog.cards if c.part == "head"} == {
        "herbivore", "carnivore", "omnivore"}
    assert {c.special for c in catalog.cards} == {"", "dig", "poison"}
    assert all(c.legs or c.wing or c.tail for c in catalog.cards if c.part == "torso")
    assert len(catalog.habitats) == 22
    assert {h.dp for h in catalog.habitats} == {2, 3}
    assert len(catalog.events) == 16
    assert Counter(e.kind for e in catalog.events) == {"instant": 8, "permanent": 8}


def test_files_say_the_cards_are_the_projects_own() -> None:
    from importlib import resources

    folder = resources.files("evolutio.games.darwin.data")
    for name in ("cards.toml", "habitats.toml"):
        head = folder.joinpath(name).read_text("utf-8")[:600].upper()
        assert "PROJECT'S OWN" in head


def test_seed_habitat_facts() -> None:
    catalog = load_catalog()
    high = catalog.habitat("high_mountains")
    assert (high.plants, high.meat, high.dp) == (3, 3, 3)
    assert catalog.habitat("coast").dp == 2
    assert high.names["it"] == "Alta montagna"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"part": "claw"}, "card 'x_head': field 'part': 'claw' is not one of"),
        ({"hearts": -1}, "card 'x_head': field 'hearts': -1 is not from 0 to 9"),
        ({"diet": None}, "card 'x_head': field 'diet': required text"),
        ({"symbols": {"dance": 1}}, "card 'x_head': field 'symbols': unknown symbol 'dance'"),
        ({"anchors": {"legs": 2}}, "card 'x_head': field 'anchors': only torsos"),
        ({"special": "armour"}, "card 'x_head': field 'special': 'armour' is not one of"),
        ({"colour": "red"}, "card 'x_head': field 'colour': unknown field"),
    ],
)
def test_bad_card_names_card_and_field(change: dict[str, Any], message: str) -> None:
    entry = {**GOOD_HEAD, **change}
    entry = {k: v for k, v in entry.items() if v is not None}
    with pytest.raises(CardDataError) as info:
        parse_cards({"card": [entry]})
    assert message in str(info.value)


def test_bad_torso_anchor_and_duplicate() -> None:
    torso = {"id": "t", "animal": "lion", "part": "torso", "hearts": 1, "cs": 0,
             "anchors": {"legs": 3, "wing": False, "tail": True}}
    with pytest.raises(CardDataError) as info:
        parse_cards({"card": [torso]})
    assert "card 't' anchors: field 'legs': 3 is not from 0 to 2" in str(info.value)
    with pytest.raises(CardDataError) as info:
        parse_cards({"card": [GOOD_HEAD, GOOD_HEAD]})
    assert "field 'id': used by an earlier card" in str(info.value)


def test_bad_habitat_and_event() -> None:
    habitat = {"id": "h", "names": {"en": "H", "it": "H", "de": "H"}, "dp": 2, "plants": 1,
               "meat": 1, "adaptation": ["run"]}
    with pytest.raises(CardDataError) as info:
        parse_habitats({"habitat": [habitat]})
    assert "habitat 'h': field 'names.ru': required text" in str(info.value)
    with pytest.raises(CardDataError) as info:
        parse_events({"event": [{"id": "e", "kind": "sometimes"}]})
    assert "event 'e': field 'kind': 'sometimes' is not one of instant, permanent" in str(
        info.value)
