"""Bots by name and levels for people: ``make_bot("greedy", seed, game)``.

A bot spec is a name (``random``, ``greedy``, ``ismcts``), a search with its budget
(``ismcts:200`` iterations, ``ismcts:1s`` per decision; ``ismcts:1s:p2`` searches in two
processes at once and sums their visits, for offline play) or a level:

- ``easy``: the greedy heuristic with one decision in three made at random;
- ``normal``: the greedy heuristic;
- ``hard``: ISMCTS with one second per decision.

``policy:FILE`` plays a policy trained with the research API (``evolutio.rl.policy``; needs
the ``rl`` extra).

``greedy``, ``easy`` and ``normal`` play the game's own heuristic (``game.heuristic``); a
game without one refuses them with the reason (there is no silent fallback: a level that
plays at random under another name would mislead). ``ismcts`` plays out its samples with the
heuristic's rollout policy, cut ``rollout_depth`` actions below the root and scored by its
evaluator, weighs only the heuristic's ``shortlist`` of actions at each node when it has one
(an optional method) and selects by PUCT on the heuristic's ``priors`` when it has them
(another optional method), when the game has a heuristic, and with uniform random playouts to the
end otherwise.
Unknown names, levels and budgets are refused with the allowed values.
"""

from __future__ import annotations

import re
from typing import Any

from evolutio.bots.base import Bot, BotError
from evolutio.bots.greedy import GreedyBot
from evolutio.bots.ismcts import BUDGET_FORMS, Budget, IsmctsBot
from evolutio.bots.parallel import CAN_FORK
from evolutio.bots.random import RandomBot
from evolutio.core.game import Game, Heuristic, OptionError
from evolutio.core.registry import get_game

BOT_NAMES = ("random", "greedy", "ismcts")
LEVELS = {"easy": "greedy:0.33", "normal": "greedy", "hard": "ismcts:1s"}
#: the budget of a bare ``ismcts``.
DEFAULT_ISMCTS_BUDGET = Budget(iterations=200)
#: the most search processes a spec may ask for (``ismcts:1s:p4``).
MAX_PROCESSES = 64
PROCESSES_FORM = "ismcts:BUDGET:pN (N processes, e.g. ismcts:1s:p2)"
_PROCESSES_RE = re.compile(r"^p(\d+)$")


def allowed_specs() -> str:
    """The allowed bot specs, for error messages and help texts."""
    return (
        f"bots {', '.join(BOT_NAMES)}; levels {', '.join(LEVELS)}; "
        f"ismcts:BUDGET where BUDGET is {BUDGET_FORMS}; {PROCESSES_FORM}; "
        "policy:FILE (a trained policy)"
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
        budget_text, _, processes_text = arg.partition(":")
        budget = Budget.parse(budget_text) if budget_text else DEFAULT_ISMCTS_BUDGET
        return make_ismcts(seed, budget, rules, _processes(processes_text, spec))
    raise BotError(f"unknown bot '{spec}'; allowed: {allowed_specs()}")


def _processes(text: str, spec: str) -> int:
    """The process count of an ``ismcts:BUDGET:pN`` spec (1 without the suffix)."""
    if not text:
        return 1
    match = _PROCESSES_RE.match(text)
    if not match or not 1 <= int(match.group(1)) <= MAX_PROCESSES:
        raise BotError(
            f"bad search processes '{text}' in '{spec}'; use {PROCESSES_FORM} "
            f"with N from 1 to {MAX_PROCESSES}"
        )
    if not CAN_FORK and int(match.group(1)) > 1:
        raise BotError("searching in several processes needs os.fork, which this system lacks")
    return int(match.group(1))


def make_ismcts(
    seed: int, budget: Budget, game: str | Game[Any], processes: int = 1
) -> IsmctsBot:
    """ISMCTS for ``game``: with its heuristic, heuristic playouts cut short and scored, and
    its priors (when it has them) inside the tree; without, uniform random playouts to the
    end. ``processes`` searches that many trees at once (root parallelism)."""
    heuristic = heuristic_of(_game(game))
    if heuristic is None:
        return IsmctsBot(seed, budget, processes=processes)
    return IsmctsBot(
        seed,
        budget,
        rollout=heuristic.rollout_policy,
        rollout_depth=heuristic.rollout_depth,
        evaluator=heuristic.evaluate,
        shortlist=getattr(heuristic, "shortlist", None),
        priors=getattr(heuristic, "priors", None),
        processes=processes,
    )
