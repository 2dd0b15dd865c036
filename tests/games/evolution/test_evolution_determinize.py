"""determinize keeps what a seat has seen (issue: "determinize keeps what a seat has seen"):
cards that lay face up keep their faces and their place in a discard pile; a revealed
Hunter's card stays known after the Hunter dies; unseen cards are still resampled."""

from __future__ import annotations

import random

from evolutio.games.evolution.game import GAME
from evolutio.games.evolution.ops import remove_animal
from evolutio.games.evolution.state import State


def eaten_parasite_host() -> State:
    """Seat 0's animal with a Parasite (played by seat 1) is eaten by seat 1's Wolf."""
    options = {"players": 2, "expansions": ["time_to_fly"]}
    position = {
        "food_bank": 3,
        "current": 1,
        "players": [
            {
                "hand": ["swimming", "running"],
                "discard": ["piracy"],
                "animals": [
                    {"name": "Host", "traits": [{"trait": "parasite", "by": 1, "name": "Leech"}]},
                    {"name": "Other"},
                ],
            },
            {"animals": [{"name": "Wolf", "traits": ["carnivore"]}]},
        ],
        "deck": ["camouflage", "mimicry", "grazing", "scavenger"],
    }
    state = GAME.from_position(options, position, 0)
    GAME.apply(state, 1, GAME.parse_action(state, 1, "attack A3 A1"))
    return state


def test_a_trait_seen_on_the_table_keeps_its_faces_in_a_discard_pile() -> None:
    state = eaten_parasite_host()
    leech = state.labels["Leech"]
    assert leech in state.players[0].discard
    for sample in range(20):
        other = GAME.determinize(state, 1, random.Random(sample))
        assert other.players[0].discard.index(leech) == state.players[0].discard.index(leech)
        assert other.card_faces[leech] == ("parasite",)


def test_unseen_cards_are_still_resampled() -> None:
    state = eaten_parasite_host()
    hands = {tuple(GAME.determinize(state, 1, random.Random(s)).players[0].hand) for s in range(20)}
    assert len(hands) > 1


def test_a_revealed_hunter_stays_known_after_it_dies() -> None:
    options = {"players": 2, "expansions": ["time_to_fly"]}
    position = {
        "food_bank": 3,
        "players": [
            {"animals": [{"name": "Wolf", "traits": ["carnivore"]}]},
            {
                "animals": [
                    {"name": "Hunter", "card": "anglerfish", "revealed": "carnivore"},
                    {"name": "Mole"},
                ],
                "hand": ["swimming"],
            },
        ],
        "deck": ["camouflage", "mimicry", "grazing"],
    }
    state = GAME.from_position(options, position, 0)
    hunter = state.animals[2]
    remove_animal(state, hunter, "starved", [])
    assert hunter.card in state.players[1].discard
    for sample in range(10):
        other = GAME.determinize(state, 0, random.Random(sample))
        assert other.card_faces[hunter.card] == ("anglerfish",)


def test_a_bare_animal_attacked_and_not_revealed_is_no_hunter() -> None:
    options = {"players": 2, "expansions": ["time_to_fly"]}
    position = {
        "food_bank": 3,
        "players": [
            {"animals": [{"name": "Wolf", "traits": ["carnivore"]}]},
            {
                "animals": [{"name": "Vole"}, {"name": "Mole", "traits": ["fat_tissue"]}],
                "hand": ["anglerfish", "anglerfish", "anglerfish"],
            },
        ],
        "deck": ["anglerfish", "anglerfish", "camouflage"],
    }
    state = GAME.from_position(options, position, 0)
    vole = state.animals[2].card
    GAME.apply(state, 0, GAME.parse_action(state, 0, "attack A1 A2"))
    assert GAME.legal_actions(state, 1) == [GAME.parse_action(state, 1, "accept")]
    GAME.apply(state, 1, GAME.parse_action(state, 1, "accept"))
    assert vole in state.not_hunter and vole in state.players[1].discard
    hunters = 0
    for sample in range(40):
        other = GAME.determinize(state, 0, random.Random(sample))
        assert "anglerfish" not in other.card_faces[vole]
        hunters += sum("anglerfish" in other.card_faces[c] for c in other.players[1].hand)
    assert hunters > 0  # the others' unseen cards still may be Hunters
