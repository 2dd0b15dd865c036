"""Bots by name and levels for people: ``make_bot("greedy", seed, game)``.

A bot spec is a name (``random``, ``greedy``, ``ismcts``), a search with its budget
(``ismcts:200`` iterations, ``ismcts:1s`` per decision; ``ismcts:1s:p2`` searches in two
processes at once and sums their visits, for offline play; more settings of the search,
such as ``ismcts:400:ucb``, are in :mod:`evolutio.bots.options`) or a level:

- ``easy``: the greedy heuristic with one decision in three made at random;
- ``normal``: the greedy heuristic;
- ``hard``: ISMCTS with one second per decision.

A game's heuristic may add search options (:mod:`evolutio.bots.options`) to a level's search
with ``level_options`` (``{"hard": "ucb"}``), where its own measurements found them better at
that level's budget: Evolution's ``hard`` selects by UCB1 without its priors, which cost more
iterations than they gain at a second per decision (docs/benchmarks.md, "History");
North Star's keeps them, which it is clearly weaker without.

A spec ``KIND:ARG`` plays a bot kind another package registers (:mod:`evolutio.bots.kinds`,
entry-point group ``evolutio.bots``): the research API's ``policy:FILE`` plays a trained
policy (needs the ``rl`` extra). The bots import nothing of such a package. A spec
``package.module:Class`` or ``path/to/bot.py:Class`` plays a bot class of one's own, by import
path (:mod:`evolutio.bots.imported`).

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

from typing import Any

from evolutio.bots import kinds
from evolutio.bots.base import Bot, BotError
from evolutio.bots.greedy import GreedyBot
from evolutio.bots.imported import IMPORT_FORMS, make_imported, split_import
from evolutio.bots.ismcts import BUDGET_FORMS, Budget, IsmctsBot
from evolutio.bots.options import OPTION_FORMS, search_options
from evolutio.bots.random import RandomBot
from evolutio.core.game import Game, OptionError
from evolutio.core.protocols import Heuristic
from evolutio.core.registry import get_game

BOT_NAMES = ("random", "greedy", "ismcts")
LEVELS = {"easy": "greedy:0.33", "normal": "greedy", "hard": "ismcts:1s"}
#: the budget of a bare ``ismcts``.
DEFAULT_ISMCTS_BUDGET = Budget(iterations=200)


def allowed_specs() -> str:
    """The allowed bot specs, for error messages and help texts."""
    return (
        f"bots {', '.join(BOT_NAMES)}; levels {', '.join(LEVELS)}; "
        f"ismcts:BUDGET where BUDGET is {BUDGET_FORMS}; {OPTION_FORMS}"
        + "".join(f"; {form}" for form in kinds.forms())
        + f"; {IMPORT_FORMS}"
    )


def heuristic_of(game: Game[Any]) -> Heuristic | None:
    """The game's own heuristic, or ``None`` when it declares none."""
    heuristic: Heuristic | None = game.heuristic
    return heuristic


def _game(game: str | Game[Any]) -> Game[Any]:
    if not isinstance(game, str):
        return game
    try:
        return get_game(game)
    except OptionError as exc:
        raise BotError(str(exc)) from None


def check_spec(spec: str, game: str | Game[Any]) -> str:
    """The spec, normalized (lower case, no spaces; a registered kind's argument, such as a
    policy file's path, kept as given); unknown ones raise ``BotError``."""
    make_bot(spec, 0, game)
    registered = _registered_kind(spec)
    if registered is not None:
        return f"{registered[0]}:{registered[1]}"
    imported = split_import(spec)
    if imported is not None:
        return f"{imported[0]}:{imported[1]}"
    return "".join(spec.lower().split())


def _registered_kind(spec: str) -> tuple[str, str] | None:
    """``(kind, argument)`` of a spec that names a kind another package registers (never one
    of the platform's own bots or levels), else None."""
    found = kinds.split(spec)
    if found is None or found[0] in BOT_NAMES or found[0] in LEVELS:
        return None
    return found


def level_spec(level: str, game: str | Game[Any]) -> str:
    """The bot spec a level plays in ``game``: the platform's (:data:`LEVELS`) with the search
    options the game's heuristic names for it (``level_options``), if any."""
    spec = LEVELS[level]
    heuristic = heuristic_of(_game(game))
    extra = heuristic.level_options.get(level) if heuristic is not None else None
    if not extra:
        return spec
    if not spec.startswith("ismcts:"):
        raise BotError(
            f"the {level} level plays '{spec}', which takes no search options, yet the game's "
            f"heuristic names '{extra}' for it"
        )
    return f"{spec}:{extra}"


def make_bot(spec: str, seed: int, game: str | Game[Any]) -> Bot:
    """A fresh bot for ``spec`` (a name, ``name:budget`` or a level) playing ``game`` (its
    registered name or the game object), seeded with ``seed``."""
    rules = _game(game)
    registered = _registered_kind(spec)
    if registered is not None:
        return kinds.make(*registered, seed, rules)
    imported = split_import(spec)
    if imported is not None:
        return make_imported(*imported, seed, rules)
    text = "".join(str(spec).lower().split())
    level = text if text in LEVELS else None
    if level is not None:
        text = level_spec(level, rules)
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
        budget_text, *parts = arg.split(":")
        budget = Budget.parse(budget_text) if budget_text else DEFAULT_ISMCTS_BUDGET
        return make_ismcts(seed, budget, rules, **search_options(parts, spec))
    raise BotError(f"unknown bot '{spec}'; allowed: {allowed_specs()}")


def make_ismcts(
    seed: int,
    budget: Budget,
    game: str | Game[Any],
    processes: int = 1,
    *,
    ucb: bool = False,
    puct: float | None = None,
    c: float | None = None,
    depth: int | None = None,
    score: float | None = None,
) -> IsmctsBot:
    """ISMCTS for ``game``: with its heuristic, heuristic playouts cut short and scored, and
    its priors (when it has them) inside the tree; without, uniform random playouts to the
    end. ``processes`` searches that many trees at once (root parallelism); the other
    keywords are a spec's search options (:mod:`evolutio.bots.options`). An option the
    game's search would not use is refused rather than ignored."""
    rules = _game(game)
    heuristic = heuristic_of(rules)
    priors = None if heuristic is None or ucb else heuristic.priors
    if puct is not None and priors is None:
        raise BotError(f"puct= needs the game's priors, and '{rules.name}' searches without")
    if c is not None and priors is not None:
        raise BotError(
            f"c= is UCB1's constant and '{rules.name}' searches by PUCT on its priors: "
            "add ucb to search without them, or set puct= instead"
        )
    if depth is not None and heuristic is None:
        raise BotError(f"depth= caps playouts the game's evaluator scores; '{rules.name}' has none")
    tuning: dict[str, Any] = {"processes": processes}
    if c is not None:
        tuning["exploration"] = c
    if puct is not None:
        tuning["puct"] = puct
    if score is not None:
        tuning["score_weight"] = score
    if heuristic is None:
        return IsmctsBot(seed, budget, **tuning)
    return IsmctsBot(
        seed,
        budget,
        rollout=heuristic.rollout_policy,
        rollout_depth=depth if depth is not None else heuristic.rollout_depth,
        evaluator=heuristic.evaluate,
        shortlist=heuristic.shortlist,
        priors=priors,
        **tuning,
    )
