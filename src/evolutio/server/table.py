"""What the table shows beyond the game's view: the running score, the end-of-game
breakdown and the actions that ask for a confirming click. Each comes from a method of the
game (``scoreboard``, ``confirms``) whose default (core/base.py) adds nothing."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import JSON, Action, Game, Outcome


def score_json(game: Game[Any], state: Any) -> JSON | None:
    """The running score in parts (``Scoreboard.to_json``), or None when the game has no
    ``scoreboard``."""
    board = game.scoreboard(state)
    return None if board is None else board.to_json()


def outcome_json(game: Game[Any], state: Any, outcome: Outcome) -> JSON:
    """The outcome as stored and sent, with the final ``breakdown`` when the game gives one
    (every figure is shown once the game is over)."""
    out = outcome.to_json()
    breakdown = score_json(game, state)
    if breakdown is not None:
        out["breakdown"] = breakdown
    return out


def confirms(game: Game[Any], state: Any, action: Action) -> bool:
    """Whether the shell asks for a second click before sending ``action`` (it ends a phase
    or the player's part in it); False for a game without ``confirms``."""
    return bool(game.confirms(state, action))
