"""Bots by name and levels for people: ``make_bot("greedy", seed)``, ``make_bot("hard", seed)``.

A bot spec is a name (``random``, ``greedy``, ``ismcts``), a search with its budget
(``ismcts:200`` iterations, ``ismcts:1s`` per decision) or a level:

- ``easy``: the greedy heuristic with one decision in three made at random;
- ``normal``: the greedy heuristic;
- ``hard``: ISMCTS with one second per decision.

Unknown names, levels and budgets are refused with the allowed values.
"""

from __future__ import annotations

from evolutio.bots.base import Bot, BotError
from evolutio.bots.ismcts import BUDGET_FORMS, Budget, IsmctsBot
from evolutio.bots.random import RandomBot

BOT_NAMES = ("random", "greedy", "ismcts")
LEVELS = {"easy": "greedy:0.33", "normal": "greedy", "hard": "ismcts:1s"}
#: the budget of a bare ``ismcts``.
DEFAULT_ISMCTS_BUDGET = Budget(iterations=200)
#: playout length (actions) before the Evolution evaluator scores the sample; measured: 20
#: gives three times the iterations of 60 and plays at least as well at equal time.
ROLLOUT_DEPTH = 20
#: games whose views the greedy heuristic understands.
GREEDY_GAMES = ("evolution",)


def allowed_specs() -> str:
    """The allowed bot specs, for error messages and help texts."""
    return (
        f"bots {', '.join(BOT_NAMES)}; levels {', '.join(LEVELS)}; "
        f"ismcts:BUDGET where BUDGET is {BUDGET_FORMS}"
    )


def check_spec(spec: str, game: str = "evolution") -> str:
    """The spec, normalized (lower case, no spaces); unknown ones raise ``BotError``."""
    make_bot(spec, 0, game)
    return "".join(spec.lower().split())


def make_bot(spec: str, seed: int, game: str = "evolution") -> Bot:
    """A fresh bot for ``spec`` (a name, ``name:budget`` or a level), seeded with ``seed``."""
    text = "".join(str(spec).lower().split())
    if text in LEVELS:
        text = LEVELS[text]
    name, _, arg = text.partition(":")
    if name == "random":
        if arg:
            raise BotError(f"the random bot takes no budget (got '{spec}')")
        return RandomBot(seed)
    if name == "greedy":
        if game not in GREEDY_GAMES:
            raise BotError(
                f"the greedy bot plays {', '.join(GREEDY_GAMES)}, not '{game}'; "
                "use random or ismcts"
            )
        from evolutio.bots.greedy import GreedyBot

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
        return GreedyBot(seed, noise=noise)
    if name == "ismcts":
        budget = Budget.parse(arg) if arg else DEFAULT_ISMCTS_BUDGET
        return make_ismcts(seed, budget, game)
    raise BotError(f"unknown bot '{spec}'; allowed: {allowed_specs()}")


def make_ismcts(seed: int, budget: Budget, game: str = "evolution") -> IsmctsBot:
    """ISMCTS tuned for ``game``: for Evolution, greedy playouts cut short and scored."""
    if game in GREEDY_GAMES:
        from evolutio.bots.greedy import evaluate, rollout_policy

        return IsmctsBot(
            seed, budget, rollout=rollout_policy, rollout_depth=ROLLOUT_DEPTH, evaluator=evaluate
        )
    return IsmctsBot(seed, budget)
