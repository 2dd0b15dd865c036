"""Why not? The reasons a player reads, in the player's language.

A ``why`` frame asks why a thing on the table (or an action) cannot be used now; the answer
comes from the game: its refusal (``check``) said by its optional ``describe_refusal``, or
its optional ``explain`` for things no legal action names, else a generic sentence of the
server. The same saying serves the ``illegal`` error of an ``act`` (docs/protocol.md).

Whether a seat may act at all is ``Match.refusal``'s one answer, a reason code said here
with the server's sentences: :func:`may_not_act` for an ``act`` (``not_your_turn``, or
``not_playing`` once the game is over), :data:`WHY_NOT` for a ``why``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evolutio.core import actions
from evolutio.core.game import JSON, Game, IllegalAction, Refusal, describe_refusal
from evolutio.server.conn import Conn, RoomError
from evolutio.server.inbound import Why
from evolutio.server.texts import say

if TYPE_CHECKING:
    from evolutio.server.faces import RoomFace

#: ``Match.refusal``'s reason codes: the error code and sentence key of a refused ``act``
MAY_NOT = {
    "game_over": ("not_playing", "game_is_over"),
    "not_your_turn": ("not_your_turn", "not_your_turn"),
    "already_chosen": ("not_your_turn", "already_chosen"),
}
#: ``Match.refusal``'s reason codes: the sentence key of a ``why`` answer
WHY_NOT = {
    "game_over": "why_not_playing",
    "not_your_turn": "why_not_your_turn",
    "already_chosen": "why_chosen",
}


def may_not_act(reason: Refusal) -> RoomError:
    """The error of an ``act`` (or a bot's or a clock's move) from a seat that may not act
    now: ``Match.refusal``'s ``reason``, said with the server's sentence of its code."""
    code, key = MAY_NOT[reason.key]
    return RoomError(code, key, **reason.fields)


def refusal(game: Game[Any], error: IllegalAction, lang: str) -> str:
    """The refusal ``error`` in ``lang``: a malformed action (the core's reader of actions,
    ``core.actions.KEYS``) in the server's sentences, else ``game``'s refusal (English when
    the game cannot say it)."""
    if error.key in actions.KEYS:
        return say(lang, error.key, **error.fields)
    return describe_refusal(game, error, lang)


def answer(room: RoomFace, conn: Conn, frame: Why) -> JSON:
    """The ``why`` answer for ``conn`` to a well-formed frame (:mod:`inbound`): ``ok`` (the
    thing or action can be used now) and the sentence ``text`` in the connection's
    language."""
    targets, data = frame.asked, frame.action
    if not targets and data is None:
        raise RoomError("bad_message", "why_what")
    lang = conn.lang
    out: JSON = {"type": "why", "targets": [list(t) for t in targets], "action": data}
    match = room.match
    seat = room.seat_of(conn.user_id)
    if room.status != "playing" or match is None:
        return {**out, "ok": False, "text": say(lang, "why_not_playing")}
    if seat is None:
        return {**out, "ok": False, "text": say(lang, "why_not_seated")}
    reason = match.refusal(seat)
    if reason is not None:
        return {**out, "ok": False, "text": say(lang, WHY_NOT[reason.key])}
    legal = match.legal(seat)
    if data is not None:
        try:
            action = room.game.action_from_json(data)
            if action not in legal:
                room.game.check(match.state, seat, action)
        except IllegalAction as exc:
            return {**out, "ok": False, "text": refusal(room.game, exc, lang)}
        except (TypeError, ValueError, KeyError) as exc:
            raise RoomError("bad_message", "malformed_action", detail=exc) from None
        return {**out, "ok": True, "text": say(lang, "why_legal")}
    wanted = {(kind, str(ident)) for kind, ident in targets}
    for item in room.legal_json(seat, lang):
        named = {(str(kind), str(ident)) for kind, ident in item["targets"]}
        if wanted <= named:
            return {**out, "ok": True, "text": say(lang, "why_usable")}
    text = room.game.explain(match.state, seat, targets, lang)
    return {**out, "ok": False, "text": text or say(lang, "why_not_now")}


def why(room: RoomFace, conn: Conn, frame: Why) -> None:
    """Answer a ``why`` frame to the asking connection only."""
    conn.send({**answer(room, conn, frame), "ref": frame.ref})
