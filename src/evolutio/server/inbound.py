"""The frames a client sends on a room's WebSocket, typed and read in one place.

Each inbound frame type is a small frozen dataclass below; :func:`parse` turns a decoded JSON
object into one of them or refuses it with the server's error codes:

- ``type`` missing, not a string or none of the types below: ``bad_type`` (``unknown_type``);
- a required field left out, or a field of the wrong JSON type: ``bad_message`` with the
  field's own sentence (``refusal`` in its metadata), as are the rules on fields together
  (``act``: ``index`` or ``action``, never both);
- a field given as ``null`` counts as left out; fields no frame declares are ignored (clients
  may send their own, and later versions may add some), and ``ref`` that is not an int or a
  string counts as none.

The handlers (``Room.act``, ``Room.chat_line``, ``room.undo.take_back``, ``reasons.why``) take the
typed frames and check only what depends on the room. ``parse`` is on the hot path of every
``act``: a dictionary look-up, an exact type check per field and one dataclass. The tables of
client frames in docs/protocol.md are generated from these classes
(scripts/protocol-frames.py).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

from evolutio.core.game import JSON
from evolutio.server.conn import RoomError

#: at most this many things in one ``why`` question (a card, then two animals, ...)
MAX_TARGETS = 8
#: the longest kind or string id of a ``why`` target
MAX_ID = 64

Ref = int | str | None
#: a thing on the table as the legal actions' ``targets`` name it: ``(kind, id)``
Target = tuple[str, int | str]


class Wrong(Exception):
    """A field's value is not of its type: refused with ``key`` (the field's refusal when
    None) and ``fields``."""

    def __init__(self, key: str | None = None, **fields: Any) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


def _int(value: Any) -> int:
    if type(value) is not int:  # a JSON true is no integer
        raise Wrong
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise Wrong
    return value


def _object(value: Any) -> JSON:
    if type(value) is not dict:
        raise Wrong
    return value


def _target(value: Any) -> Target:
    """A ``[kind, id]`` pair: a string kind and an integer or string id, each short."""
    if type(value) is not list or len(value) != 2:
        raise Wrong("why_target_pair")
    kind, ident = value
    if type(kind) is not str or len(kind) > MAX_ID:
        raise Wrong("why_target_pair")
    if not (type(ident) is int or (type(ident) is str and len(ident) <= MAX_ID)):
        raise Wrong("why_target_pair")
    return kind, ident


def _targets(value: Any) -> tuple[Target, ...]:
    if type(value) is not list or len(value) > MAX_TARGETS:
        raise Wrong
    return tuple(_target(item) for item in value)


def _says(doc: str, read: Callable[[Any], Any], refusal: str, **said: Any) -> dict[str, Any]:
    """A field's metadata: what it is (``doc``, for docs/protocol.md), how its JSON value is
    read (``read`` raises :class:`Wrong`) and the sentence key (with ``said``) of its
    refusal."""
    return {"doc": doc, "read": read, "refusal": refusal, "said": said}


@dataclass(frozen=True, slots=True, kw_only=True)
class Inbound:
    """What every client frame has: its ``type`` (the class's ``TYPE``) and ``ref``."""

    #: the frame's ``type`` on the wire
    TYPE: ClassVar[str] = ""
    #: frames as a client sends them (shown in docs/protocol.md and parsed by its tests)
    EXAMPLES: ClassVar[tuple[JSON, ...]] = ()
    #: the rules on fields together: (when, sentence key) of each refusal, for the docs
    TOGETHER: ClassVar[tuple[tuple[str, str], ...]] = ()

    ref: Ref = field(default=None, metadata={
        "doc": "repeated in the error the frame causes, and in `pong`"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Act(Inbound):
    """Play one action: legal action `index` of the list sent to this seat with `version`, or
    an `action` in its JSON form (checked by the game); `index` or `action`, never both."""

    TYPE: ClassVar[str] = "act"
    EXAMPLES: ClassVar[tuple[JSON, ...]] = (
        {"type": "act", "version": 12, "index": 0},
        {"type": "act", "version": 12, "action": {"type": "bid", "tricks": 1}, "ref": 7},
    )
    TOGETHER: ClassVar[tuple[tuple[str, str], ...]] = (
        ("both `index` and `action`", "index_and_action"),
        ("neither `index` nor `action`", "index_or_action"),
    )

    version: int = field(metadata=_says(
        "the `version` of the state frame the action was chosen from", _int, "version_int"))
    index: int | None = field(default=None, metadata=_says(
        "an index into that frame's `legal` list", _int, "index_int"))
    action: JSON | None = field(default=None, metadata=_says(
        "an action's JSON form (`legal[].action`, or made by the client)", _object,
        "index_or_action"))

    def __post_init__(self) -> None:
        if self.index is None:
            if self.action is None:
                raise RoomError("bad_message", "index_or_action")
        elif self.action is not None:
            raise RoomError("bad_message", "index_and_action")


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(Inbound):
    """A chat line, or a command when it starts with `/` (runs of spaces and control
    characters become one space; empty once so: `bad_message`)."""

    TYPE: ClassVar[str] = "chat"
    EXAMPLES: ClassVar[tuple[JSON, ...]] = (
        {"type": "chat", "text": "good luck"},
        {"type": "chat", "text": "/join 2"},
    )

    text: str = field(metadata=_says("the line as typed", _str, "text_not_string"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo(Inbound):
    """Take back your own last action, the one that made version `version` (see
    [Undo](#undo))."""

    TYPE: ClassVar[str] = "undo"
    EXAMPLES: ClassVar[tuple[JSON, ...]] = ({"type": "undo", "version": 13},)

    version: int = field(metadata=_says(
        "the current `version`, made by the action to take back", _int, "version_int"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Resync(Inbound):
    """Send me the current state again: a `full` state frame (a `room` frame before the
    start)."""

    TYPE: ClassVar[str] = "resync"
    EXAMPLES: ClassVar[tuple[JSON, ...]] = ({"type": "resync"},)


@dataclass(frozen=True, slots=True, kw_only=True)
class Ping(Inbound):
    """Answered by `{"type": "pong", "ref": R}` with this frame's `ref`, at once and by the
    process playing the room: the client's heartbeat, sent every 3 s (see
    [Heartbeat](#heartbeat))."""

    TYPE: ClassVar[str] = "ping"
    EXAMPLES: ClassVar[tuple[JSON, ...]] = ({"type": "ping", "ref": 5}, {"type": "ping"})


@dataclass(frozen=True, slots=True, kw_only=True)
class Why(Inbound):
    """Why can these things on the table (as in the legal actions' `targets`) not be used
    together now, or why may I not play this action now? Answered by a `why` frame to this
    socket only (see [Why not?](#why-not))."""

    TYPE: ClassVar[str] = "why"
    EXAMPLES: ClassVar[tuple[JSON, ...]] = (
        {"type": "why", "targets": [["card", 12], ["card", 15]]},
        {"type": "why", "target": ["card", 12], "ref": "q1"},
        {"type": "why", "action": {"type": "bid", "tricks": 9}},
    )
    TOGETHER: ClassVar[tuple[tuple[str, str], ...]] = (
        ("none of `targets`, `target` and `action`", "why_what"),
    )

    targets: tuple[Target, ...] | None = field(default=None, metadata=_says(
        f"things as `[kind, id]` pairs (a string kind, an int or string id, each at most "
        f"{MAX_ID} characters), at most {MAX_TARGETS}; a pair that is not one is refused as "
        f"for `target`", _targets, "why_targets",
        most=MAX_TARGETS))
    target: Target | None = field(default=None, metadata=_says(
        "one thing, `[kind, id]`, asked when `targets` is left out", _target,
        "why_target_pair"))
    action: JSON | None = field(default=None, metadata=_says(
        "an action's JSON form", _object, "why_action_object"))

    def __post_init__(self) -> None:
        if self.targets is None and self.target is None and self.action is None:
            raise RoomError("bad_message", "why_what")

    @property
    def asked(self) -> tuple[Target, ...]:
        """The things asked about: ``targets``, else the one ``target``, else none."""
        if self.targets is not None:
            return self.targets
        return () if self.target is None else (self.target,)


Frame = Act | Chat | Undo | Resync | Ping | Why
#: every inbound frame class, in the order docs/protocol.md lists them
FRAMES: tuple[type[Inbound], ...] = (Act, Chat, Undo, Resync, Ping, Why)


#: how one field is read from the wire: its name, whether it is required, its reader (which
#: raises :class:`Wrong`), and the sentence key and fields of its refusal
Reading = tuple[str, bool, Callable[[Any], Any], str, dict[str, Any]]


def readings(cls: type[Inbound]) -> tuple[Reading, ...]:
    """The fields of ``cls`` (``ref`` apart) as :func:`parse` reads them, made once."""
    return tuple(
        (f.name, f.default is dataclasses.MISSING, f.metadata["read"], f.metadata["refusal"],
         f.metadata["said"])
        for f in dataclasses.fields(cls) if f.name != "ref"
    )


_READERS: dict[str, tuple[type[Inbound], tuple[Reading, ...]]] = {
    cls.TYPE: (cls, readings(cls)) for cls in FRAMES
}


def ref_of(msg: JSON) -> Ref:
    """A frame's ``ref`` as errors repeat it: an int or a string, anything else none."""
    ref = msg.get("ref")
    return ref if type(ref) is int or type(ref) is str else None


def parse(msg: JSON) -> Frame:
    """The typed frame of a decoded JSON object, or a ``RoomError`` (``bad_type`` or
    ``bad_message`` with the server's sentence for what is wrong)."""
    kind = msg.get("type")
    found = _READERS.get(kind) if type(kind) is str else None
    if found is None:
        raise RoomError("bad_type", "unknown_type")
    cls, fields = found
    values: dict[str, Any] = {}
    for name, required, read, refusal, said in fields:
        value = msg.get(name)
        if value is None:
            if required:
                raise RoomError("bad_message", refusal, **said)
            continue
        try:
            values[name] = read(value)
        except Wrong as exc:
            if exc.key is None:
                raise RoomError("bad_message", refusal, **said) from None
            raise RoomError("bad_message", exc.key, **exc.fields) from None
    return cast("Frame", cls(ref=ref_of(msg), **values))
