"""Bots by import path: the spec ``package.module:Class`` or ``path/to/bot.py:Class``.

A bot written outside the platform plays wherever a bot spec is taken (``play``,
``simulate``, ``tournament``; the server's ``/bot`` only when its host allows it) without
being installed or registered: the spec names the module (a dotted name importable from the
current folder or the installed packages, or a ``.py`` file) and the class or function in it.
It is called as ``Class(seed, game)`` with the bot's seed and the game object, and the
object it returns is a bot (:class:`evolutio.bots.base.Bot`: a ``choose`` method).

Such a bot is not trusted to behave: the runner plays it under a guard
(:mod:`evolutio.bots.guard`) that replaces a decision which raises or overruns its time
limit with the game's default move, and counts it.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evolutio.bots.base import BotError

if TYPE_CHECKING:
    from evolutio.bots.base import Bot
    from evolutio.core.game import Game

#: the spec forms, for help texts and error messages.
IMPORT_FORMS = "package.module:Class or path/to/bot.py:Class (a bot of your own)"


def split_import(spec: str) -> tuple[str, str] | None:
    """``(module or file, attribute)`` when ``spec`` names a bot by import path: one ``:``,
    an identifier after it and before it a ``.py`` file or a dotted module name; else
    ``None`` (a platform spec such as ``ismcts:1.5s`` or ``greedy:0.33`` is never one)."""
    target, sep, attr = str(spec).strip().partition(":")
    target, attr = target.strip(), attr.strip()
    if not sep or ":" in attr or not attr.isidentifier():
        return None
    if target.endswith(".py"):
        return target, attr
    parts = target.split(".")
    if len(parts) >= 2 and all(part.isidentifier() for part in parts):
        return target, attr
    return None


def _module_from_file(path: Path) -> Any:
    """The module of a ``.py`` file, loaded once per process under a name of its path."""
    resolved = path.resolve()
    if not resolved.is_file():
        raise BotError(f"no bot file {path}")
    digest = hashlib.blake2b(str(resolved).encode(), digest_size=6).hexdigest()
    name = f"evolutio_user_bot_{resolved.stem}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:
        raise BotError(f"cannot load the bot file {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise BotError(f"the bot file {path} failed to load: {type(exc).__name__}: {exc}") from None
    return module


def _module(target: str) -> Any:
    """The module a spec names; the current folder is searched too, as ``python -m`` does."""
    if target.endswith(".py"):
        return _module_from_file(Path(target))
    here = os.getcwd()
    if here not in sys.path:
        sys.path.append(here)
    try:
        return importlib.import_module(target)
    except ImportError as exc:
        raise BotError(f"cannot import the bot module {target}: {exc}") from None
    except Exception as exc:
        raise BotError(
            f"the bot module {target} failed to load: {type(exc).__name__}: {exc}") from None


@cache
def factory(target: str, attr: str) -> Callable[..., Any]:
    """The class (or function) ``attr`` of the module or file ``target``, loaded once per
    process; ``BotError`` when it is missing or not callable."""
    found = getattr(_module(target), attr, None)
    if found is None:
        raise BotError(f"{target} has no {attr}")
    if not callable(found):
        raise BotError(f"{target}:{attr} is not a class or function that makes a bot")
    return found  # type: ignore[no-any-return]


def make_imported(target: str, attr: str, seed: int, game: Game[Any]) -> Bot:
    """A bot of the class ``attr`` in ``target``, made as ``Class(seed, game)``."""
    try:
        bot = factory(target, attr)(seed, game)
    except BotError:
        raise
    except Exception as exc:
        raise BotError(
            f"{target}:{attr}(seed, game) failed: {type(exc).__name__}: {exc}") from None
    if not callable(getattr(bot, "choose", None)):
        raise BotError(f"{target}:{attr} made {type(bot).__name__}, which has no choose method")
    if not isinstance(getattr(bot, "name", None), str):
        with contextlib.suppress(AttributeError):
            bot.name = attr
    return bot  # type: ignore[no-any-return]
