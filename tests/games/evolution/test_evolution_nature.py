"""Ice Age's natural-change deck (nature.py, climate.py): the project's own set, its loader's
errors (they name the card and the field), another set through EVOLUTIO_NATURE_CARDS, and
the card in force in views, the terminal and the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from rich.console import Console

from evolutio.games.evolution import cards, nature
from evolutio.games.evolution.game import GAME
from evolutio.games.evolution.nature import NatureError, active_set, load_changes
from evolutio.games.evolution.trait import TRAITS

KNOWN = set(TRAITS)
CARD = """
name = "test"
origin = {{ en = "A test set." }}
[[change]]
id = "{id}"
count = {count}
names = {{ en = "Test" }}
text = {{ en = "Test text." }}
[[change.effect]]
{effect}
"""


def one_card(effect: str, id: str = "test_card", count: int = 1) -> str:
    return CARD.format(id=id, count=count, effect=effect)


def test_the_loader_knows_the_registered_traits_from_the_card_data() -> None:
    """nature.py sits below the trait classes: it checks trait names against the cards' faces
    (cards.trait_ids), which must be exactly the registered traits."""
    assert cards.trait_ids() == frozenset(KNOWN)
    with pytest.raises(NatureError, match="unknown trait 'wings'"):
        load_changes(one_card('effect = "deaths"\nwithout = ["wings"]'), set(cards.trait_ids()))


def test_the_project_set_has_fourteen_labelled_cards() -> None:
    changes = active_set()
    assert len(changes.cards()) == 14
    assert "project" in changes.origin["en"]
    assert all(set(c.names) == set(c.text) == {"en", "ru", "it", "de"} for c in changes.changes)
    # the set's origin is said on the rules page (the game's notes), not in the lobby's summary
    assert "project" in GAME.info.notes["en"] and "project" not in GAME.info.summary["en"]
    kinds = {c.kind for c in changes.changes}
    assert {"cold", "disease"} <= kinds


@pytest.mark.parametrize(
    ("effect", "message"),
    [
        ('effect = "rain"', "card 'test_card'.effect[0].effect: expected one of"),
        ('effect = "need"\ndelta = 0', "card 'test_card'.effect[0].delta: expected 1 or more"),
        ('effect = "food"\ndelta = 0', "card 'test_card'.effect[0].delta: 0 changes nothing"),
        ('effect = "food"', "card 'test_card'.effect[0].delta: expected a whole number"),
        ('effect = "deaths"\nwithout = ["fur"]', "effect[0].without: unknown trait 'fur'"),
        ('effect = "draw"\ncount = 1\nwithout = []', "effect[0].without: not a field of 'draw'"),
        ('effect = "food"\ndelta = 1\nlocation = "moon"', "effect[0].location: expected one of"),
        ('effect = "need"\ndelta = 1\nlinked = 1', "effect[0].linked: expected true or false"),
    ],
)
def test_a_bad_effect_names_the_card_and_the_field(effect: str, message: str) -> None:
    with pytest.raises(NatureError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_changes(one_card(effect), KNOWN)


def test_bad_cards_and_sets_are_named() -> None:
    with pytest.raises(NatureError, match=r"card 'test_card'.count"):
        load_changes(one_card('effect = "draw"\ncount = 1', count=0), KNOWN)
    with pytest.raises(NatureError, match=r"card 1.id: expected an identifier"):
        load_changes(one_card('effect = "draw"\ncount = 1', id="two words"), KNOWN)
    with pytest.raises(NatureError, match=r"not valid TOML"):
        load_changes("name = ", KNOWN)
    with pytest.raises(NatureError, match=r"change: expected at least one"):
        load_changes('name = "x"\norigin = { en = "y" }', KNOWN)
    card = one_card('effect = "draw"\ncount = 1')
    twice = card + card[card.index("[[change]]") :]
    with pytest.raises(NatureError, match=r"card 'test_card'.id: used twice"):
        load_changes(twice, KNOWN)


def test_another_set_is_loaded_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "set.toml"
    path.write_text(one_card('effect = "food"\ndelta = 5', id="feast", count=2), "utf-8")
    monkeypatch.setenv(nature.SET_VARIABLE, str(path))
    state = GAME.new({"players": 2, "expansions": ["ice_age"]}, 1)
    assert [c.id for c in state.nature_cards] == ["feast", "feast"]
    assert GAME.labels("en")["nature.feast"] == "Test"


def test_the_card_in_force_is_shown_and_logged_in_every_language() -> None:
    options = {"players": 2, "expansions": ["ice_age"]}
    position = {
        "food_bank": 1,
        "players": [{"animals": [{"name": "Eater"}]}, {"animals": [{"food": 1}]}],
        "deck": ["running"] * 6,
        "nature": {"deck": ["frost"]},
    }
    state = GAME.from_position(options, position, 0)
    events = GAME.apply(state, 0, GAME.parse_action(state, 0, "eat A1"))
    revealed = [e for e in events if e.type == "nature_revealed"]
    assert len(revealed) == 1
    view = GAME.view(state, 1)
    assert view["nature"]["current"]["id"] == "frost"
    assert view["nature"]["deck_size"] == 0
    for language in GAME.info.languages:
        line = GAME.describe_event(revealed[0], language)
        assert active_set().by_id("frost").name(language) in line  # type: ignore[union-attr]
        console = Console(width=120, record=True)
        console.print(GAME.terminal.render(view, GAME.labels(language), ["a", "b"]))
        shown = console.export_text()
        assert GAME.labels(language)["nature.frost"] in shown
