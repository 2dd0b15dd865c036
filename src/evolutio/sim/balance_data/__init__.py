"""The balance datasets shipped with the package, one per game: ``GAME.json`` (the
:func:`evolutio.sim.balance.balance` figures of a few hundred bot games) and its plots,
``GAME-PLOT.svg``. ``scripts/balance-data`` makes them again (docs/stats.md)."""

from __future__ import annotations

import json
import re
from importlib.resources import files

from evolutio.core.game import JSON

#: a game's or a plot's name as it may appear in a file name here.
_NAME = re.compile(r"[a-z0-9_-]{1,64}")


def shipped_games() -> list[str]:
    """The games that have a shipped dataset, by name."""
    folder = files(__name__)
    return sorted(p.name.removesuffix(".json") for p in folder.iterdir()
                  if p.name.endswith(".json"))


def shipped_dataset(game: str) -> JSON | None:
    """The shipped dataset of ``game``, with the names of its plots (``plots``); None when
    the game has none."""
    if not _NAME.fullmatch(game):
        return None
    path = files(__name__) / f"{game}.json"
    if not path.is_file():
        return None
    data: JSON = json.loads(path.read_text(encoding="utf-8"))
    data["plots"] = sorted(
        p.name.removeprefix(f"{game}-").removesuffix(".svg")
        for p in files(__name__).iterdir()
        if p.name.startswith(f"{game}-") and p.name.endswith(".svg")
    )
    return data


def shipped_plot(game: str, plot: str) -> bytes | None:
    """The SVG text of one of ``game``'s shipped plots; None when there is no such plot."""
    if not (_NAME.fullmatch(game) and _NAME.fullmatch(plot)):
        return None
    path = files(__name__) / f"{game}-{plot}.svg"
    return path.read_bytes() if path.is_file() else None
