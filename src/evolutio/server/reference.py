"""The card reference and rules overview of each game, for tooltips and the rules page.

A game may carry ``reference(language) -> {id: text}``, ``overview(language) -> str`` and
``reference_groups(language) -> [(title, [id, ...])]`` (optional; docs/architecture.md);
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
    texts_of = getattr(game, "reference", None)
    rules_of = getattr(game, "overview", None)
    groups_of = getattr(game, "reference_groups", None)
    languages = game.info.languages
    texts = {lang: dict(texts_of(lang)) for lang in languages} if callable(texts_of) else {}
    rules = {lang: str(rules_of(lang)) for lang in languages} if callable(rules_of) else {}
    groups = (
        {lang: [[title, list(ids)] for title, ids in groups_of(lang)] for lang in languages}
        if callable(groups_of)
        else {}
    )
    return {"game": game_name, "texts": texts, "rules": rules, "groups": groups}


def routes(app: FastAPI) -> None:
    """Add ``GET /api/reference/{game}``."""

    @app.get("/api/reference/{game_name}")
    async def api_reference(game_name: str) -> dict[str, Any]:
        try:
            return reference(game_name)
        except OptionError as exc:
            raise ApiError(404, str(exc)) from None
