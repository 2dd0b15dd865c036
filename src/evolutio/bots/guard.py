"""Play an untrusted bot's decision safely: a raise, an overrun or an illegal answer is
replaced by a safe move, and the caller is told why.

Bots by import path (:mod:`evolutio.bots.imported`) are someone else's code: one fault must
not lose a batch of games or a table. :func:`guarded_choose` asks the bot with a time limit
per decision; where the process can (the main thread on a platform with ``SIGALRM``: the
simulation's worker processes, ``evolutio play``) an overrun is interrupted at the limit,
elsewhere (a cluster's worker threads) the late answer is discarded when it comes. The safe
move is the one the caller passes: the game's default move, the one a seat gets when its
clock runs out (``Game.default_action``), or else the first legal action.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import FrameType
from typing import Any

from evolutio.bots.base import Bot, InformationSet
from evolutio.core.game import JSON, Action, Decision

#: the time limit per decision of a bot by import path, in seconds, unless one is given.
DEFAULT_DECISION_LIMIT = 5.0


class DecisionTimeout(BaseException):
    """Raised inside a bot that overran its limit; a ``BaseException`` so that a bot's own
    ``except Exception`` does not swallow it."""


@dataclass(frozen=True, slots=True)
class Fault:
    """Why a decision was replaced: ``raised``, ``timeout`` or ``illegal``, and the detail."""

    kind: str
    detail: str

    def text(self) -> str:
        return f"{self.kind}: {self.detail}"


def _can_interrupt() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _on_alarm(signum: int, frame: FrameType | None) -> None:
    raise DecisionTimeout


def guarded_choose(
    bot: Bot,
    view: JSON,
    legal: Sequence[Action],
    decision: Decision,
    info: InformationSet | None,
    limit: float | None,
    default: Callable[[], Action],
) -> tuple[Action, Fault | None]:
    """The bot's action, or the safe move (:func:`safe_action` of ``default``, the game's
    default move) with the fault when the bot raised, overran ``limit`` seconds (``None``:
    no limit) or answered with an action not in ``legal``."""
    interrupt = limit is not None and limit > 0 and _can_interrupt()
    previous: Any = None
    if interrupt and limit is not None:
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    started = time.perf_counter()
    fault: Fault | None = None
    action: Action | None = None
    try:
        try:
            action = bot.choose(view, legal, decision, info)
        finally:
            # an alarm that fires while this stops the timer still lands in the handlers below
            if interrupt:
                signal.setitimer(signal.ITIMER_REAL, 0)
    except DecisionTimeout:
        fault = Fault("timeout", f"no answer within {limit:g} s")
    except Exception as exc:
        fault = Fault("raised", f"{type(exc).__name__}: {exc}")
    finally:
        if interrupt:
            signal.signal(signal.SIGALRM, previous)
    elapsed = time.perf_counter() - started
    if fault is None and limit is not None and limit > 0 and elapsed > limit:
        fault = Fault("timeout", f"answered after {elapsed:.2f} s, over the {limit:g} s limit")
    if fault is None and action not in legal:
        fault = Fault("illegal", f"chose {action!r}, which is not legal")
    if fault is not None or action is None:
        return safe_action(default, legal), fault
    return action, None


def safe_action(default: Callable[[], Action], legal: Sequence[Action]) -> Action:
    """The game's default move if it is legal now, else the first legal action."""
    try:
        action = default()
    except Exception:
        return legal[0]
    return action if action in legal else legal[0]
