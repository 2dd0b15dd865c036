"""Bots by name and levels for people: ``make_bot("greedy", seed, game)``.

A bot spec is a name (``random``, ``greedy``, ``ismcts``), a search with its budget
(``ismcts:200`` iterations, ``ismcts:1s`` per decision) or a level:

- ``easy``: the greedy heuristic with one decision in three made at random;
- ``normal``: the greedy heuristic;
- ``hard``: ISMCTS with one second per decision.

``policy:FILE`` plays a policy trained with the research API (``evolutio.rl.policy``; needs
the ``rl`` extra).

``greedy``, ``easy`` and ``normal`` play the game's own heuristic (``game.heuristic``); a
game without one refuses them with the reason (there is no silent fallback: a level that
plays at random under another name would mislead). ``ismcts`` plays out its samples with the
heuristic's rollout policy, cut after ``rollout_depth`` actions and scored by its evaluator,
and weighs only the heuristic's ``shortlist`` of actions at each node when it has one (an
optional method), when the game has a heuristic, and with uniform random playouts to the
end otherwise.
Unknown names, levels and budgets are refused with the allowed values.
"""

from __future__ import annotations

from typing import Any

from evolutio.bots.base import Bot, BotError
from evolutio.bots.greedy import GreedyBot
from evolutio.bots.ismcts import BUDGET_FORMS, Budget, IsmctsBot
from evolutio.bots.random import RandomBot
from evolutio.core.game import Game, Heuristic, OptionError
from evolutio.core.registry import get_game

BOT_NAMES = ("random", "greedy", "ismcts")
LEVELS = {"easy": "greedy:0.33", "normal": "greedy", "hard": "ismcts:1s"}
#: the budget of a bare ``ismcts``.
DEFAULT_ISMCTS_BUDGET = Budget(iterations=200)


def allowed_specs() -> str:
    """The allowed bot specs, for error messages and help texts."""
    return (
        f"bots {', '.join(BOT_NAMES)}; levels {', '.join(LEVELS)}; "
        f"ismcts:BUDGET where BUDGET is {BUDGET_FORMS}; policy:FILE (a trained policy)"
    )


def heuristic_of(game: Game[Any]) -> Heuristic | None:
    """The game's own heuristic, or ``None`` when it declares none."""
    return getattr(game, "heuristic", None)


def _game(game: str | Game[Any]) -> Game[Any]:
    if not isinstance(game, str):
        return game
    try:
        return get_game(game)
    except OptionError as exc:
        raise BotError(str(exc)) from None


def check_spec(spec: str, game: str | Game[Any]) -> str:
    """The spec, normalized (lower case, no spaces; a policy file's path kept as given);
    unknown ones raise ``BotError``."""
    make_bot(spec, 0, game)
    path = _policy_path(spec)
    return f"policy:{path}" if path is not None else "".join(spec.lower().split())


def _policy_path(spec: str) -> str | None:
    """The file of a ``policy:FILE`` spec (a trained policy, evolutio.rl), else None."""
    name, sep, path = str(spec).strip().partition(":")
    return path.strip() if sep and name.strip().lower() == "policy" else None


def make_bot(spec: str, seed: int, game: str | Game[Any]) -> Bot:
    """A fresh bot for ``spec`` (a name, ``name:budget`` or a level) playing ``game`` (its
    registered name or the game object), seeded with ``seed``."""
    rules = _game(game)
    path = _policy_path(spec)
    if path is not None:
        try:
            from evolutio.rl.policy import PolicyBot
        except ImportError:
            raise BotError(
                "the policy bot needs the rl extra: pip install 'evolutio[rl]'"
            ) from None
        return PolicyBot(path, seed, rules)
    text = "".join(str(spec).lower().split())
    level = text if text in LEVELS else None
    if level is not None:
        text = LEVELS[level]
    name, _, arg = text.partition(":")
    if name == "random":
        if arg:
            raise BotError(f"the random bot takes no budget (got '{spec}')")
        return RandomBot(seed)
    if name == "greedy":
        heuristic = heuristic_of(rules)
        if heuristic is None:
            what = f"the {level} level plays" if level else "the greedy bot plays"
            raise BotError(
                f"{what} a game's own heuristic and '{rules.name}' has none; "
                "use random, ismcts or hard"
            )
        noise = 0.0
        if arg:
            try:
                noise = float(arg)
            except ValueError:
                raise BotError(
                    f"bad greedy option '{arg}'; use greedy or greedy:NOISE with NOISE "
                    "between 0 and 1 (the share of random decisions)"
                ) from None
            if not 0 <= noise <= 1:
                raise BotError(f"greedy noise must be between 0 and 1, not {arg}")
        return GreedyBot(heuristic, seed, noise=noise)
    if name == "ismcts":
        budget = Budget.parse(arg) if arg else DEFAULT_ISMCTS_BUDGET
        return make_ismcts(seed, budget, rules)
    raise BotError(f"unknown bot '{spec}'; allowed: {allowed_specs()}")


def make_ismcts(seed: int, budget: Budget, game: str | Game[Any]) -> IsmctsBot:
    """ISMCTS for ``game``: with its heuristic, heuristic playouts cut short and scored;
    without, uniform random playouts to the end."""
    heuristic = heuristic_of(_game(game))
    if heuristic is None:
        return IsmctsBot(seed, budget)
    return IsmctsBot(
        seed,
        budget,
        rollout=heuristic.rollout_policy,
        rollout_depth=heuristic.rollout_depth,
        evaluator=heuristic.evaluate,
        shortlist=getattr(heuristic, "shortlist", None),
    )
