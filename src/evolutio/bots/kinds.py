"""Bot kinds that other packages register: a spec ``KIND:ARG`` plays ``KIND``'s bot.

A package adds a kind of bot through the entry-point group ``evolutio.bots``, the way games
register in ``evolutio.games``; the bots know it by that name only and import nothing of it::

    [project.entry-points."evolutio.bots"]
    policy = "evolutio.rl.kinds:POLICY [rl]"

The target is a :class:`BotKind` (its spec form and summary for help texts, and a call that
makes the bot); the extras in brackets are what its bot needs beyond the platform. A kind
module stays light (it imports its bot's dependencies when it makes one), so listing the kinds
for a help text costs no import of them; a bot whose dependencies are missing is refused with
the extra to install. ``register`` adds a kind by import path (tests, or a kind not installed
as a distribution).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Protocol

from evolutio.bots.base import BotError

if TYPE_CHECKING:
    from evolutio.bots.base import Bot
    from evolutio.core.game import Game

GROUP = "evolutio.bots"


class BotKind(Protocol):
    """A registered kind of bot: ``form`` is its spec as help texts show it
    (``policy:FILE``), ``summary`` says what it plays; calling it with the spec's argument,
    a seed and the game makes a bot (``BotError`` for a bad argument)."""

    @property
    def form(self) -> str: ...

    @property
    def summary(self) -> str: ...

    def __call__(self, arg: str, seed: int, game: Game[Any]) -> Bot: ...


@dataclass(frozen=True, slots=True)
class Entry:
    """Where a kind lives: ``module:attr``, the extras its bot needs and the distribution
    that registers it (for the install hint)."""

    target: str
    extras: tuple[str, ...] = ()
    dist: str = "evolutio"


_registered: dict[str, Entry] = {}


@cache
def _installed() -> dict[str, Entry]:
    """The installed kinds' entry points, read once per process from package metadata."""
    found: dict[str, Entry] = {}
    for point in entry_points(group=GROUP):
        dist = point.dist.name if point.dist is not None else "evolutio"
        found[point.name.lower()] = Entry(f"{point.module}:{point.attr}", tuple(point.extras),
                                          dist)
    return found


def entries() -> dict[str, Entry]:
    """Every registered kind by name (installed ones, then those added by ``register``)."""
    return {**_installed(), **_registered}


def register(name: str, target: str, extras: tuple[str, ...] = (),
             dist: str = "evolutio") -> None:
    """Register a kind by import path (``"package.module:NAME"``)."""
    _registered[name.lower()] = Entry(target, extras, dist)


def unregister(name: str) -> None:
    """Forget a kind added by :func:`register` (installed kinds stay)."""
    _registered.pop(name.lower(), None)


def _load(entry: Entry) -> BotKind:
    module, _, attr = entry.target.partition(":")
    kind: BotKind = getattr(importlib.import_module(module), attr)
    return kind


def _missing(name: str, entry: Entry, exc: ImportError) -> BotError:
    """The refusal of a kind whose bot cannot be imported: the extra to install, if known."""
    if entry.extras:
        extras = ",".join(entry.extras)
        return BotError(
            f"the {name} bot needs the {' and '.join(entry.extras)} extra: "
            f"pip install '{entry.dist}[{extras}]'"
        )
    return BotError(f"the {name} bot cannot be loaded: {exc}")


def forms() -> list[str]:
    """Each registered kind's spec form and summary for help texts (``policy:FILE (a
    trained policy)``); a kind that cannot be loaded shows as ``NAME:ARG``."""
    out = []
    for name, entry in sorted(entries().items()):
        try:
            kind = _load(entry)
        except (ImportError, AttributeError):
            out.append(f"{name}:ARG")
            continue
        out.append(f"{kind.form} ({kind.summary})")
    return out


def split(spec: str) -> tuple[str, str] | None:
    """``(kind, argument)`` when ``spec`` is ``KIND:ARG`` for a registered kind (the kind
    in lower case, the argument stripped but otherwise as given: it may be a path), else
    ``None``."""
    name, sep, arg = str(spec).strip().partition(":")
    name = name.strip().lower()
    if sep and name in entries():
        return name, arg.strip()
    return None


def make(name: str, arg: str, seed: int, game: Game[Any]) -> Bot:
    """A bot of the registered kind ``name`` with the spec's argument; ``BotError`` when
    its package lacks what the bot needs (the extra to install)."""
    entry = entries()[name]
    try:
        return _load(entry)(arg, seed, game)
    except ImportError as exc:
        raise _missing(name, entry, exc) from None
