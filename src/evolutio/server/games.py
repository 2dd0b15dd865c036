"""What the server tells browsers about the installed games, and where their renderers live.

Each game may carry ``web``: a folder (a ``Traversable``) with its browser renderer
(``index.js`` plus styles). The server mounts it at ``/static/games/<name>/``; a game without
one gets nothing mounted and the client draws it with its generic renderer.
"""

from __future__ import annotations

import logging
from contextlib import ExitStack
from importlib.resources import as_file
from importlib.resources.abc import Traversable
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from evolutio.core.game import OptionError
from evolutio.core.registry import available_games, get_game

log = logging.getLogger("evolutio.server")

#: where a game's browser folder is served.
GAMES_URL = "/static/games"


def mount_game_folders(app: FastAPI, stack: ExitStack) -> dict[str, str]:
    """Mount every game's ``web`` folder; ``{game: url of its index.js}``.

    ``stack`` keeps the folders' file-system paths alive while the server runs (a game
    installed as a zip archive is extracted for that long).
    """
    urls: dict[str, str] = {}
    for name in available_games():
        try:
            game = get_game(name)
        except (ImportError, OptionError) as exc:
            log.error("game %s cannot be loaded: %s", name, exc)
            continue
        folder: Traversable | None = game.web
        if folder is None or not folder.is_dir():
            continue
        path = stack.enter_context(as_file(folder))
        app.mount(f"{GAMES_URL}/{name}", StaticFiles(directory=path), name=f"game-{name}")
        urls[name] = f"{GAMES_URL}/{name}/index.js"
    return urls


def games_listing(web: dict[str, str]) -> list[dict[str, Any]]:
    """Every game in listing order: title, declared info and options, defaults, renderer."""
    games = []
    for name in available_games():
        try:
            game = get_game(name)
        except (ImportError, OptionError):
            continue
        games.append(
            {
                "name": name,
                "title": game.title,
                "info": game.info.to_json(),
                "options": [spec.to_json() for spec in game.options_spec()],
                "defaults": game.normalize_options({}),
                "web": web.get(name),
            }
        )
    return games
