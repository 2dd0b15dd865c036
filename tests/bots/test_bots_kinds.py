"""Bot kinds other packages register (entry-point group ``evolutio.bots``): the research API's
``policy:FILE`` comes that way, and the bots import nothing of it."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from evolutio.bots import kinds
from evolutio.bots.base import Bot, BotError, InformationSet
from evolutio.bots.levels import allowed_specs, check_spec, make_bot
from evolutio.core.game import JSON, Action, Decision, Game


class FirstBot:
    """Plays the first legal action; remembers the argument of its spec."""

    name = "first"

    def __init__(self, arg: str) -> None:
        self.arg = arg

    def choose(self, view: JSON, legal_actions: Sequence[Action], decision: Decision,
               info: InformationSet | None = None) -> Action:
        return legal_actions[0]


class FirstKind:
    form = "first:TAG"
    summary = "the first legal action"

    def __call__(self, arg: str, seed: int, game: Game[Any]) -> Bot:
        if not arg:
            raise BotError("first:TAG needs a tag")
        return FirstBot(arg)


FIRST = FirstKind()


@pytest.fixture
def first_kind() -> Iterator[None]:
    kinds.register("First", f"{__name__}:FIRST")
    yield
    kinds.unregister("first")


def test_the_policy_kind_is_registered_by_the_rl_package() -> None:
    entry = kinds.entries()["policy"]
    assert entry.target == "evolutio.rl.kinds:POLICY"
    assert entry.extras == ("rl",) and entry.dist == "evolutio"
    assert "; policy:FILE (a trained policy);" in allowed_specs()
    assert allowed_specs().endswith("path/to/bot.py:Class (a bot of your own)")


def test_the_bots_import_nothing_of_the_kinds_until_one_is_made(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Listing the kinds for help loads the light kind module only, not the policy."""
    monkeypatch.delitem(sys.modules, "evolutio.rl.policy", raising=False)
    allowed_specs()
    assert "evolutio.rl.policy" not in sys.modules


def test_a_registered_kind_plays_its_bot(first_kind: None) -> None:
    bot = make_bot("FIRST: Some/Tag", 0, "toy")
    assert isinstance(bot, FirstBot) and bot.arg == "Some/Tag"
    assert check_spec(" First:Some/Tag", "toy") == "first:Some/Tag"
    assert "; first:TAG (the first legal action)" in allowed_specs()
    with pytest.raises(BotError, match="needs a tag"):
        make_bot("first:", 0, "toy")


def test_the_platforms_own_names_come_first(first_kind: None) -> None:
    kinds.register("random", f"{__name__}:FIRST")
    try:
        with pytest.raises(BotError, match="takes no budget"):
            make_bot("random:x", 0, "toy")
    finally:
        kinds.unregister("random")


def test_a_kind_without_its_extra_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """numpy missing: the policy kind is listed, making its bot names the extra to install."""
    monkeypatch.delitem(sys.modules, "evolutio.rl.policy", raising=False)
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(BotError) as caught:
        make_bot("policy:trained.npz", 0, "toy")
    assert str(caught.value) == "the policy bot needs the rl extra: pip install 'evolutio[rl]'"


def test_a_kind_nobody_registers_is_refused_with_the_allowed_specs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(kinds, "_installed", dict)
    with pytest.raises(BotError) as caught:
        make_bot("policy:trained.npz", 0, "toy")
    assert str(caught.value).startswith("unknown bot 'policy:trained.npz'; allowed: bots random")
    assert "policy" not in allowed_specs()
