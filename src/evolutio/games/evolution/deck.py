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


def card_sets() -> list[str]:
    seen: list[str] = []
    for card_set, _, _ in card_kinds():
        if card_set not in seen:
            seen.append(card_set)
    return seen


def build_cards(sets: list[str], base_copies: int = 1) -> list[tuple[str, ...]]:
    """The faces of every card of a game, in a fixed order (card id = index)."""
    cards: list[tuple[str, ...]] = []
    for card_set, faces, count in card_kinds():
        if card_set not in sets:
            continue
        copies = base_copies if card_set == "base" else 1
        cards.extend([faces] * (count * copies))
    return cards


def trait_name(trait: str, language: str = "en") -> str:
    names = display_names().get(trait, {})
    return names.get(language) or names.get("en") or trait.replace("_", " ").capitalize()
