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

from evolutio.core.game import JSON, IllegalAction, Refusal, describe_refusal
from evolutio.server.conn import Conn, RoomError
from evolutio.server.texts import say

if TYPE_CHECKING:
    from evolutio.server.faces import RoomFace

#: at most this many things in one question (a card, then two animals, ...)
MAX_TARGETS = 8
MAX_ID = 64

Target = tuple[str, int | str]


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


def refusal(room: RoomFace, error: IllegalAction, lang: str) -> str:
    """The game's refusal ``error`` in ``lang`` (English when the game cannot say it)."""
    return describe_refusal(room.game, error, lang)


def read_targets(msg: JSON) -> tuple[Target, ...]:
    """The things a ``why`` frame asks about: ``targets`` (a list of ``[kind, id]``) or one
    ``target``; a malformed list is a ``bad_message``."""
    raw: Any = msg.get("targets")
    if raw is None and "target" in msg:
        raw = [msg["target"]]
    if raw is None:
        return ()
    if not isinstance(raw, list) or len(raw) > MAX_TARGETS:
        raise RoomError("bad_message", "why_targets", most=MAX_TARGETS)
    out: list[Target] = []
    for item in raw:
        kind = item[0] if isinstance(item, list) and len(item) == 2 else None
        ident = item[1] if kind is not None else None
        if not isinstance(kind, str) or len(kind) > MAX_ID:
            raise RoomError("bad_message", "why_target_pair")
        number = isinstance(ident, int) and not isinstance(ident, bool)
        if not (number or (isinstance(ident, str) and len(ident) <= MAX_ID)):
            raise RoomError("bad_message", "why_target_pair")
        assert isinstance(ident, (int, str))
        out.append((kind, ident))
    return tuple(out)


def answer(room: RoomFace, conn: Conn, msg: JSON) -> JSON:
    """The ``why`` answer for ``conn``: ``ok`` (the thing or action can be used now) and the
    sentence ``text`` in the connection's language."""
    targets = read_targets(msg)
    data = msg.get("action")
    if data is not None and not isinstance(data, dict):
        raise RoomError("bad_message", "why_action_object")
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
            return {**out, "ok": False, "text": refusal(room, exc, lang)}
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


def why(room: RoomFace, conn: Conn, msg: JSON, ref: Any = None) -> None:
    """Answer a ``why`` frame to the asking connection only."""
    conn.send({**answer(room, conn, msg), "ref": ref})
