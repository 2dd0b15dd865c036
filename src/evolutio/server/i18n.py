"""Languages of the browser client and the display names a game gives its terms.

Every name comes from the game itself (``Game.labels(lang)`` for each language in
``game.info.languages``); the server opens no game's files.
"""

from __future__ import annotations

import functools

from evolutio.core.registry import get_game

#: the languages the browser client offers (sentences fall back to English).
LANGUAGES = ("en", "ru", "it", "de")


@functools.cache
def names(game: str) -> dict[str, dict[str, str]]:
    """``{lang: {id: name}}`` for every language the game speaks; unknown games raise
    ``OptionError`` naming the available ones."""
    rules = get_game(game)
    return {lang: dict(rules.labels(lang)) for lang in rules.info.languages}
