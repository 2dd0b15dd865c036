"""The card reference and rules overview of each game, for tooltips and the rules page.

A game gives ``reference(language) -> {id: text}``, ``overview(language) -> str`` and
``reference_groups(language) -> [(title, [id, ...])]`` (by default none; docs/architecture.md);
the server asks for them in each of the game's languages and knows nothing of their
contents. ``GET /api/reference/GAME`` answers
``{"game", "texts": {lang: {id: text}}, "rules": {lang: text}, "groups": {lang: [[title,
[id, ...]], ...]}}`` (each empty for a game without it); docs/protocol.md.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import FastAPI

from evolutio.core.game import OptionError
from evolutio.core.registry import get_game
from evolutio.server.guard import ApiError


@functools.cache
def reference(game_name: str) -> dict[str, Any]:
    """The texts and rules overview of ``game_name`` in each of its languages; an unknown
    game raises ``OptionError`` naming the available ones."""
    game = get_game(game_name)
    languages = game.info.languages
    # a language the game gives nothing in is left out: a game without them gives ``{}``
    texts = {lang: said for lang in languages if (said := dict(game.reference(lang)))}
    rules = {lang: text for lang in languages if (text := str(game.overview(lang)))}
    groups = {
        lang: parts
        for lang in languages
        if (parts := [[title, list(ids)] for title, ids in game.reference_groups(lang)])
    }
    return {"game": game_name, "texts": texts, "rules": rules, "groups": groups}


def routes(app: FastAPI) -> None:
    """Add ``GET /api/reference/{game}``."""

    @app.get("/api/reference/{game_name}")
    async def api_reference(game_name: str) -> dict[str, Any]:
        try:
            return reference(game_name)
        except OptionError as exc:
            raise ApiError(404, str(exc)) from None
