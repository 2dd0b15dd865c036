"""The events a game wants in the room's log: their sentences follow the sentence of the
action that caused them (``Game.logged_events``, event types; none when a game has none).

An action's own sentence says what a player chose; some of what follows is news to every
seat (a card revealed by the rules, not by a choice), and a log that only listed the choices
would leave it out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from evolutio.core.game import Event, Game
from evolutio.server.history import event_texts
from evolutio.server.i18n import LANGUAGES


def with_logged_events(
    texts: Mapping[str, str],
    game: Game[Any],
    events: Sequence[Event],
    players: list[str],
    options: Mapping[str, Any] | None = None,
) -> dict[str, str]:
    """``texts`` (the action's sentence per language) with the sentences of the events the
    game logs appended, in every client language."""
    kinds: frozenset[str] = frozenset(getattr(game, "logged_events", ()) or ())
    logged = [event for event in events if event.type in kinds]
    if not logged:
        return dict(texts)
    extra = event_texts(game, logged, players, LANGUAGES, options)
    out = {}
    for lang in LANGUAGES:
        parts = [texts.get(lang) or texts.get("en", ""), extra.get(lang, "")]
        out[lang] = " ".join(part for part in parts if part)
    return out
