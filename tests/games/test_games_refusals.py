"""Every game says its refusals in every language: each refusal key has a text in en, ru, it
and de with the same fields; every key the rules raise is in the game's table; and the
refusals met in random games carry a key and read in each language without a gap."""

from __future__ import annotations

import random
import re
import string
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import pytest

from evolutio.core.game import Action, IllegalAction, describe_refusal
from evolutio.core.registry import get_game
from evolutio.games.darwin import refusals as darwin_refusals
from evolutio.games.evolution import refusals as evolution_refusals
from evolutio.games.northstar import refusals as northstar_refusals
from evolutio.games.toy import refusals as toy_refusals

LANGUAGES = ("en", "ru", "it", "de")
TABLES = {
    "evolution": evolution_refusals.table(),
    "northstar": northstar_refusals.table(),
    "darwin": darwin_refusals.table(),
    "toy": toy_refusals.SENTENCES,
}
#: how the rules of each game name a refusal in their source
RAISED = re.compile(r"""(?:refusal|refused)\(\s*"([a-z0-9_]+)"|"(traits_full_two)\"""")


def package(game: str) -> Path:
    spec = find_spec(f"evolutio.games.{game}.game")
    assert spec is not None and spec.origin is not None
    return Path(spec.origin).parent


def fields(text: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_refusal_key_has_a_text_in_every_language(game: str) -> None:
    table = TABLES[game]
    assert len(table) >= 7
    for key, texts in table.items():
        assert set(texts) == set(LANGUAGES), (game, key)
        assert all(texts[lang].strip() for lang in LANGUAGES), (game, key)
        assert len({fields(texts[lang]) for lang in LANGUAGES}) == 1, (game, key, texts)
        # translated, not copied (names of places may read the same)
        if not key.startswith("place_") and len(texts["en"]) > 12:
            assert texts["ru"] != texts["en"], (game, key)


@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_key_the_rules_raise_is_in_the_table(game: str) -> None:
    raised: set[str] = set()
    for path in package(game).rglob("*.py"):
        for match in RAISED.finditer(path.read_text(encoding="utf-8")):
            raised.add(match.group(1) or match.group(2))
    assert raised, game
    assert raised <= set(TABLES[game]), sorted(raised - set(TABLES[game]))


def refusals_met(game_name: str, options: dict[str, Any], seeds: range) -> list[IllegalAction]:
    """Play random games; at each step ask the rules about actions that were legal before
    (and about the seat that does not decide): every refusal they give."""
    game = get_game(game_name)
    met: list[IllegalAction] = []
    for seed in seeds:
        state = game.new(game.normalize_options(options), seed)
        rng = random.Random(seed)
        earlier: list[Action] = []
        for _ in range(300):
            decision = game.decision(state)
            if decision is None:
                break
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            for action in rng.sample(earlier, min(len(earlier), 6)):
                if action in legal:
                    continue
                try:
                    game.check(state, seat, action)
                except IllegalAction as exc:
                    met.append(exc)
            others = [s for s in range(state.num_players) if s not in decision.seats]
            if others:
                try:
                    game.check(state, others[0], legal[0])
                except IllegalAction as exc:
                    met.append(exc)
            earlier = (earlier + legal)[-60:]
            game.apply(state, seat, rng.choice(legal))
    return met


@pytest.mark.parametrize(
    ("game_name", "options"),
    [
        ("evolution", {"players": 3, "expansions": ["base", "time_to_fly", "continents"]}),
        ("northstar", {"players": 3}),
        ("darwin", {"players": 3}),
        ("toy", {"players": 3}),
    ],
)
def test_refusals_of_random_games_read_in_every_language(
    game_name: str, options: dict[str, Any]
) -> None:
    game = get_game(game_name)
    met = refusals_met(game_name, options, range(3))
    assert len(met) > 20, game_name
    keys = set()
    for error in met:
        # the English reason stays as programs and old tests read it
        assert describe_refusal(game, error, "en") == error.reason, error.reason
        if error.key is None:
            continue
        keys.add(error.key)
        for lang in LANGUAGES:
            text = describe_refusal(game, error, lang)
            assert text.strip() and "{" not in text, (lang, error.key, text)
        assert describe_refusal(game, error, "ru") != error.reason, error.key
    keyless = [e.reason for e in met if e.key is None]
    assert not keyless, keyless[:5]
    assert len(keys) >= 3, keys
