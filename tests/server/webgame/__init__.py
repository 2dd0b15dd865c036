"""The toy game with a browser folder, to test how the server mounts a game's renderer."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from evolutio.games.toy.game import Trick


class WebTrick(Trick):
    """Trick under another name, carrying ``web`` (index.js and a style sheet)."""

    name = "webtoy"
    web: Any = files(__name__) / "web"


GAME = WebTrick()
