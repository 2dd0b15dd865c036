"""The search's settings in a bot spec: ``ismcts:BUDGET:OPTION:OPTION...``.

A spec names a budget and, after it, any of these, each at most once and in any order:

- ``pN``: search in N processes at once (root parallelism, ``ismcts:1s:p2``);
- ``ucb``: select by UCB1 without the game's priors (the search before priors);
- ``puct=X``: PUCT's exploration constant (with priors; ``PUCT`` by default);
- ``c=X``: UCB1's exploration constant (without priors);
- ``depth=N``: actions from the root before the game's evaluator scores a sample (the game's
  ``rollout_depth`` by default);
- ``score=X``: the share of the reward given by the final score rather than the win.

They let a study screen the search's settings from the command line and the benches
(``evolutio simulate --bots ismcts:400:ucb,ismcts:400``, ``bench.bots --match``) with the
game's own heuristic kept. The levels people play take none from the player; a game's
heuristic may name some for a level (``level_options``, :func:`evolutio.bots.levels.level_spec`).
Anything else is refused with the allowed forms.
"""

from __future__ import annotations

import math
import re
from typing import Any

from evolutio.bots.base import BotError
from evolutio.bots.parallel import CAN_FORK

#: the most search processes a spec may ask for (``ismcts:1s:p4``).
MAX_PROCESSES = 64
#: the longest playout cap a spec may ask for, in actions from the root.
MAX_DEPTH = 10_000
#: the largest exploration constant a spec may ask for (rewards are in [0, 1]).
MAX_CONSTANT = 100.0
PROCESSES_FORM = "ismcts:BUDGET:pN (N processes, e.g. ismcts:1s:p2)"
OPTION_FORMS = (
    "ismcts:BUDGET:OPTION... with OPTION pN (N processes), ucb, puct=X, c=X, depth=N or "
    "score=X (e.g. ismcts:400:ucb, ismcts:1s:p2:depth=30)"
)
_PROCESSES_RE = re.compile(r"^p(\d+)$")
#: what is read as a process count (and refused as one when it is not a good one)
_PROCESS_LIKE = re.compile(r"^p\d*$")


def search_options(parts: list[str], spec: str) -> dict[str, Any]:
    """Keyword arguments for ``make_ismcts`` from a spec's options after its budget."""
    out: dict[str, Any] = {}
    for part in filter(None, parts):  # a trailing ':' adds nothing
        name, equals, value = part.partition("=")
        key = "processes" if _PROCESS_LIKE.match(part) else name
        if key in out:
            raise BotError(f"'{name}' is given twice in '{spec}'")
        if key == "processes":
            out[key] = _processes(part, spec)
        elif part == "ucb":
            out[key] = True
        elif equals and name in ("puct", "c"):
            out[name] = _number(name, value, spec, 0.0, MAX_CONSTANT)
        elif equals and name == "score":
            out[name] = _number(name, value, spec, 0.0, 1.0)
        elif equals and name == "depth":
            if not value.isdecimal() or not 1 <= int(value) <= MAX_DEPTH:
                raise BotError(
                    f"bad playout cap '{part}' in '{spec}': depth is a whole number of "
                    f"actions from 1 to {MAX_DEPTH}"
                )
            out[name] = int(value)
        else:
            raise BotError(f"unknown search option '{part}' in '{spec}'; use {OPTION_FORMS}")
    if "puct" in out and out.get("ucb"):
        raise BotError(f"'{spec}' asks for PUCT's constant without priors (ucb)")
    return out


def _number(name: str, text: str, spec: str, low: float, high: float) -> float:
    """``text`` as a finite number from ``low`` to ``high``, or a ``BotError`` saying so."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not low <= value <= high:
        raise BotError(f"bad {name} '{text}' in '{spec}': use a number from {low:g} to {high:g}")
    return value


def _processes(text: str, spec: str) -> int:
    """The process count of an ``ismcts:BUDGET:pN`` spec."""
    match = _PROCESSES_RE.match(text)
    if not match or not 1 <= int(match.group(1)) <= MAX_PROCESSES:
        raise BotError(
            f"bad search processes '{text}' in '{spec}'; use {PROCESSES_FORM} "
            f"with N from 1 to {MAX_PROCESSES}"
        )
    if not CAN_FORK and int(match.group(1)) > 1:
        raise BotError("searching in several processes needs os.fork, which this system lacks")
    return int(match.group(1))
