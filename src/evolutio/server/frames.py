"""The frames a room sends: each seat's legal actions and the state message.

Both are cached per version by the room's :class:`Frames` (``room.frames``, which forgets
them when the version moves): a state frame per (seat, language) unless it is a full one,
the legal actions per (seat, language). What no language changes is made once per version
and shared: each seat's view, the legal actions' JSON, notation, targets and confirm flags,
the running score.
Sentences come from the game in the connection's language. Frames are made only for the
connections a room has, and encoded once each (:mod:`wire`). An action's JSON and notation
depend on the action alone, so they are made once per process (:func:`action_parts`); the
JSON a client gets leaves out the fields at their defaults (docs/protocol.md: "optional ...
left out when so"), while the stored action keeps every field as records do.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeVar

from evolutio.core.actions import sent_json
from evolutio.core.game import JSON, decision_prompt
from evolutio.server import table, wire

if TYPE_CHECKING:
    from evolutio.server.faces import FramesRoom


T = TypeVar("T")

#: id(action) -> (action, JSON, notation, JSON sent), forgotten all at once past
#: ``PARTS_KEPT``
_parts: dict[int, tuple[Any, JSON, str, JSON]] = {}
PARTS_KEPT = 8_192


def _made(action: Any) -> tuple[Any, JSON, str, JSON]:
    """The cached parts of ``action`` (made on first use). Found by the object's identity
    (no hashing of its fields); the entry holds the action, so its id cannot be reused while
    the entry lasts. The JSON is shared by every frame that lists the action, and only ever
    encoded."""
    made = _parts.get(id(action))
    if made is None or made[0] is not action:
        if len(_parts) >= PARTS_KEPT:
            _parts.clear()
        data = action.to_json()
        made = _parts[id(action)] = (action, data, action.notation(), sent_json(action))
    return made


def action_parts(action: Any) -> tuple[JSON, str]:
    """``action``'s whole JSON (as stored and recorded) and notation, made once per action
    object: an action is a value that never changes, and a game offers the same objects
    again and again."""
    made = _made(action)
    return made[1], made[2]


def sent_action(action: Any) -> JSON:
    """``action``'s JSON as clients get it (legal lists, hints): ``core.actions.sent_json``,
    made once per action object."""
    return _made(action)[3]


class Frames:
    """A room's frame cache (``room.frames``): the encoded state frames of the current
    version per (seat, language), the legal actions' JSON per (seat, language) and what the
    frames of one version share across seats and languages. It owns all three; the room
    tells it when the version moves (:meth:`forget`) or who controls a seat changed
    (:meth:`refresh`). Typed against what it uses of the room (``faces.FramesRoom``)."""

    def __init__(self, room: FramesRoom) -> None:
        #: the room that holds this part, held weakly: a reference back would make a cycle,
        #: and a room the hub lets go would wait for the collector's rare full pass
        #: (docs/benchmarks.md, "Soak: the server") instead of going at once
        self._room = weakref.ref(room)
        self._frames: dict[tuple[int | None, str], str] = {}
        self._legal: dict[tuple[int, str], list[JSON]] = {}
        self._shared: dict[Any, Any] = {}

    @property
    def room(self) -> FramesRoom:
        """The room (it outlives its parts: a part is used only through its room)."""
        room = self._room()
        assert room is not None, "a part of a room that was let go"
        return room

    def forget(self) -> None:
        """The version changed (an action or an undo): frames and legal lists are made
        anew."""
        self._frames.clear()
        self._legal.clear()
        self._shared.clear()

    def refresh(self) -> None:
        """Who controls a seat changed: the state frames are made again (what they are made
        from stays)."""
        self._frames.clear()

    def release(self) -> None:
        """After a version's frames went out: let go of what they were made from (views,
        legal lists, score) while it is still fresh in the processor's cache, keeping the
        encoded frames for whoever asks again within the version. What is asked later (a
        full state, a resync, a newcomer) is made again from the state, which has not
        changed."""
        self._shared.clear()
        self._legal.clear()

    def shared(self, key: Hashable, make: Callable[[], T]) -> T:
        """``make()`` once per version for the whole room (:meth:`forget` forgets it)."""
        cache = self._shared
        if key not in cache:
            cache[key] = make()
        value: T = cache[key]
        return value

    def _legal_base(self, seat: int) -> list[tuple[Any, int, JSON, str, list[Any], bool]]:
        """``seat``'s legal actions with what no language changes, made once per version:
        (action, index, JSON, notation, targets, confirm)."""
        room = self.room
        assert room.match is not None
        game, state = room.game, room.match.state
        targets = game.action_targets
        confirms = game.confirms  # as ``table.confirms``, looked up once
        out = []
        for i, a in enumerate(room.match.legal(seat)):
            _, notation = action_parts(a)
            data = sent_action(a)
            confirm = bool(confirms(state, a))
            out.append((a, i, data, notation, [list(t) for t in targets(state, a)], confirm))
        return out

    def legal_json(self, seat: int, lang: str = "en") -> list[JSON]:
        """``seat``'s legal actions as sent to it, described in ``lang``, with their
        targets."""
        key = (seat, lang)
        if key not in self._legal:
            room = self.room
            assert room.match is not None
            game, state = room.game, room.match.state
            base = self.shared(("legal", seat), lambda: self._legal_base(seat))
            # ``describe_choice`` of core.game, its lookup done once for the whole list
            say = game.describe_choice
            self._legal[key] = [
                {"index": i, "action": data, "notation": notation,
                 "text": str(say(state, a, lang)), "targets": where, "confirm": confirm}
                for a, i, data, notation, where, confirm in base
            ]
        return self._legal[key]

    def state(self, seat: int | None, full: bool, lang: str = "en") -> str:
        """The state message for ``seat`` (None: spectators) with sentences in ``lang``;
        cached per version unless full."""
        if not full and (seat, lang) in self._frames:
            return self._frames[seat, lang]
        room = self.room
        match = room.match
        assert match is not None
        decision = match.decision
        waiting = () if decision is None else decision.seats
        mine = seat is not None and seat in waiting
        clocks = {s: room.timers.remaining(s) for s in waiting}
        if seat is not None and mine:
            clock = clocks[seat]
        else:
            left = [c for c in clocks.values() if c is not None]
            clock = min(left) if left else None
        message: JSON = {
            "type": "state",
            "room": room.id,
            "version": match.version,
            "seat": seat,
            "full": full,
            "view": self.shared(("view", seat), lambda: match.view(seat)),
            "decision": None if decision is None else {
                **decision.to_json(),
                "prompt": decision_prompt(room.game, match.state, decision, lang),
            },
            "legal": self.legal_json(seat, lang) if mine and seat is not None else None,
            "chosen": decision is not None and seat in decision.chosen,
            "controller": None if decision is None else room.seats[waiting[0]].controller,
            "controllers": {str(s): room.seats[s].controller for s in waiting},
            "clock": clock,
            "clocks": {str(s): c for s, c in clocks.items()},
            "banks": room.timers.banks_json(),
            "outcome": room.outcome,
            "score": self.shared("score", lambda: table.score_json(room.game, match.state)),
            "undo": room.undo.offered(seat),
            "log": room.log.to_json(lang, full, match.version),
        }
        text = wire.dumps(message)
        if not full:
            self._frames[seat, lang] = text
        return text
