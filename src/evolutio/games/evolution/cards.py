"""Decks built from data/cards.toml: card kinds and copies per set (rules: "Decks")."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources


@cache
def card_kinds() -> tuple[tuple[str, tuple[str, ...], int], ...]:
    """(set, faces, copies) for every card kind in the data file."""
    text = (
        resources.files("evolutio.games.evolution.data")
        .joinpath("cards.toml")
        .read_text(encoding="utf-8")
    )
    data = tomllib.loads(text)
    return tuple((c["set"], tuple(c["faces"]), int(c["count"])) for c in data["card"])


@cache
def display_names() -> dict[str, dict[str, str]]:
    """trait id -> {language: name} from data/names.toml."""
    text = (
        resources.files("evolutio.games.evolution.data")
        .joinpath("names.toml")
        .read_text(encoding="utf-8")
    )
    return {k: dict(v) for k, v in tomllib.loads(text).items()}


@cache
def trait_ids() -> frozenset[str]:
    """Every trait a card of any set shows (the trait classes in ``traits/`` register the same
    ids: tests/games/evolution/test_evolution_nature.py), read from the data alone, so that
    the bottom layer (nature.py's loader) can check trait names without importing a trait."""
    return frozenset(face for _, faces, _ in card_kinds() for face in faces)


def card_sets() -> list[str]:
    seen: list[str] = []
    for card_set, _, _ in card_kinds():
        if card_set not in seen:
            seen.append(card_set)
    return seen


@cache
def _set_players() -> dict[str, int]:
    text = (
        resources.files("evolutio.games.evolution.data")
        .joinpath("cards.toml")
        .read_text(encoding="utf-8")
    )
    return {k: int(v) for k, v in tomllib.loads(text).get("players", {}).items()}


def single_deck_players(sets: list[str]) -> int:
    """Most players one copy of each chosen set serves (seed 004's table: base 2-4, with
    Time to Fly 2-6); more players add a second base set (seed 000, 5-8 players)."""
    limits = _set_players()
    best = max(limits.get(s, 4) for s in sets)
    for key, limit in limits.items():
        # a combination of sets ("a+b+c") served together by one deck
        if "+" in key and all(part in sets for part in key.split("+")):
            best = max(best, limit)
    return best


def build_cards(sets: list[str], base_copies: int = 1, half: bool = False) -> list[tuple[str, ...]]:
    """The faces of every card of a game, in a fixed order (card id = index).

    ``half``: of each card kind keep half, rounded up (seed 004: with expansions and two or
    three players, "remove half of each pile").
    """
    cards: list[tuple[str, ...]] = []
    for card_set, faces, count in card_kinds():
        if card_set not in sets:
            continue
        copies = base_copies if card_set == "base" else 1
        total = count * copies
        if half:
            total = (total + 1) // 2
        cards.extend([faces] * total)
    return cards


#: the edition each language's plain key names; ``<lang>2`` / ``<lang>3`` give the other
#: edition's name where it differs (data/names.toml: ``en`` is the 2nd edition's English,
#: ``ru`` the 3rd edition's Russian).
PLAIN_EDITION = {"en": 2, "ru": 3, "it": 2, "de": 2}


def trait_name(trait: str, language: str = "en", edition: int = 3) -> str:
    """The display name of a trait in a language and an edition (ruling 21): 3rd edition
    English "Hunter", 2nd edition "Anglerfish"; identifiers never change."""
    names = display_names().get(trait, {})
    if PLAIN_EDITION.get(language, 2) != edition:
        other = names.get(f"{language}{edition}")
        if other:
            return other
    return names.get(language) or names.get("en") or trait.replace("_", " ").capitalize()
