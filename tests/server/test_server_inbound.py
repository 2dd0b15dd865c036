"""Client frames read in one place (server/inbound.py): every frame type from its examples,
every kind of malformed frame refused with its code and sentence, in process and over a real
WebSocket, where the room goes on as if nothing had been sent."""

from __future__ import annotations

import asyncio
import dataclasses
from typing import Any

import pytest
from server_harness import Client, Server, is_state

from evolutio.server.conn import RoomError
from evolutio.server.inbound import (
    FRAMES,
    MAX_TARGETS,
    Act,
    Chat,
    Ping,
    Resync,
    Undo,
    Why,
    parse,
    ref_of,
)
from evolutio.server.texts import say

#: (frame, sentence key, its fields): every kind of malformed frame and its ``bad_message``
MALFORMED: list[tuple[dict[str, Any], str, dict[str, Any]]] = [
    ({"type": "act", "index": 0}, "version_int", {}),
    ({"type": "act", "version": "7", "index": 0}, "version_int", {}),
    ({"type": "act", "version": True, "index": 0}, "version_int", {}),
    ({"type": "act", "version": 1.5, "index": 0}, "version_int", {}),
    ({"type": "act", "version": 0, "index": True}, "index_int", {}),
    ({"type": "act", "version": 0, "index": "0"}, "index_int", {}),
    ({"type": "act", "version": 0, "action": "bid 1"}, "index_or_action", {}),
    ({"type": "act", "version": 0, "action": [1]}, "index_or_action", {}),
    ({"type": "act", "version": 0}, "index_or_action", {}),
    ({"type": "act", "version": 0, "index": 0, "action": {"type": "bid"}}, "index_and_action",
     {}),
    ({"type": "chat"}, "text_not_string", {}),
    ({"type": "chat", "text": 5}, "text_not_string", {}),
    ({"type": "chat", "text": ["hi"]}, "text_not_string", {}),
    ({"type": "undo"}, "version_int", {}),
    ({"type": "undo", "version": "0"}, "version_int", {}),
    ({"type": "why"}, "why_what", {}),
    ({"type": "why", "targets": "card"}, "why_targets", {"most": MAX_TARGETS}),
    ({"type": "why", "targets": [["card", 1]] * (MAX_TARGETS + 1)}, "why_targets",
     {"most": MAX_TARGETS}),
    ({"type": "why", "targets": [["card"]]}, "why_target_pair", {}),
    ({"type": "why", "targets": [[1, 2]]}, "why_target_pair", {}),
    ({"type": "why", "targets": [["card", True]]}, "why_target_pair", {}),
    ({"type": "why", "targets": [["card", "x" * 65]]}, "why_target_pair", {}),
    ({"type": "why", "target": "card"}, "why_target_pair", {}),
    ({"type": "why", "target": ["card", 1, 2]}, "why_target_pair", {}),
    ({"type": "why", "action": 3}, "why_action_object", {}),
]
#: objects that are no frame type at all: ``bad_type``
UNTYPED: list[dict[str, Any]] = [
    {}, {"ref": 4}, {"type": "teleport"}, {"type": "ACT"}, {"type": None}, {"type": ["act"]},
    {"type": {"act": 1}}, {"type": 1},
]


def refusal(frame: dict[str, Any]) -> RoomError:
    with pytest.raises(RoomError) as refused:
        parse(frame)
    return refused.value


def test_every_frame_type_parses_from_its_examples() -> None:
    kinds = {Act: "act", Chat: "chat", Undo: "undo", Resync: "resync", Ping: "ping",
             Why: "why"}
    assert {cls: cls.TYPE for cls in FRAMES} == kinds
    for cls in FRAMES:
        assert cls.EXAMPLES, cls
        for example in cls.EXAMPLES:
            frame = parse(example)
            assert type(frame) is cls
            for f in dataclasses.fields(frame):
                if f.name in example and f.name not in ("targets", "target"):
                    assert getattr(frame, f.name) == example[f.name], (example, f.name)
    assert parse({"type": "why", "targets": [["card", 12], ["animal", "a3"]]}).asked == (
        ("card", 12), ("animal", "a3"))
    assert parse({"type": "why", "target": ["card", 12]}).asked == (("card", 12),)
    assert parse({"type": "why", "targets": [], "target": ["card", 1]}).asked == ()


@pytest.mark.parametrize(("frame", "key", "said"), MALFORMED)
def test_a_malformed_frame_is_a_bad_message_with_its_sentence(
        frame: dict[str, Any], key: str, said: dict[str, Any]) -> None:
    error = refusal({**frame, "ref": 3})
    assert (error.code, error.key, error.fields) == ("bad_message", key, said)
    assert error.text("en") == say("en", key, **said)


@pytest.mark.parametrize("frame", UNTYPED)
def test_an_object_of_no_frame_type_is_a_bad_type(frame: dict[str, Any]) -> None:
    error = refusal(frame)
    assert (error.code, error.key) == ("bad_type", "unknown_type")


def test_every_declared_field_refuses_a_wrong_value_and_a_required_one_its_absence() -> None:
    """Derived from the classes: a value of another JSON type in any field is refused with
    that field's own sentence; a required field left out is refused with it too."""
    wrong: dict[str, Any] = {"version": "1", "index": False, "action": "x", "text": 1,
                             "targets": {"card": 1}, "target": 7}
    checked = 0
    for cls in FRAMES:
        example = cls.EXAMPLES[0]
        for f in dataclasses.fields(cls):
            if f.name == "ref":
                continue
            error = refusal({**example, f.name: wrong[f.name]})
            assert (error.code, error.key) == ("bad_message", f.metadata["refusal"]), (cls, f)
            if f.default is dataclasses.MISSING:
                left = {k: v for k, v in example.items() if k != f.name}
                assert refusal(left).key == f.metadata["refusal"], (cls, f)
            checked += 1
    assert checked == 8


def test_null_is_left_out_unknown_fields_are_ignored_and_refs_are_ints_or_strings() -> None:
    assert parse({"type": "act", "version": 3, "index": 1, "action": None}) == Act(
        version=3, index=1)
    assert parse({"type": "why", "targets": None, "action": {"type": "x"}}) == Why(
        action={"type": "x"})
    assert refusal({"type": "act", "version": None, "index": 0}).key == "version_int"
    extra = {"type": "ping", "ref": "r", "sent": 1712, "client": {"name": "bot"}}
    assert parse(extra) == Ping(ref="r")
    assert parse({"type": "chat", "text": "hi", "colour": "red"}) == Chat(text="hi")
    for ref, kept in ((7, 7), ("a", "a"), (True, None), ([1], None), (1.5, None),
                      (None, None), ({"x": 1}, None)):
        assert ref_of({"ref": ref}) == kept
        assert parse({"type": "resync", "ref": ref}).ref == kept


def test_the_typed_frames_hold_their_rules_when_made_in_code() -> None:
    with pytest.raises(RoomError) as neither:
        Act(version=1)
    assert neither.value.key == "index_or_action"
    with pytest.raises(RoomError) as both:
        Act(version=1, index=0, action={"type": "bid"})
    assert both.value.key == "index_and_action"
    with pytest.raises(RoomError):
        Why()
    with pytest.raises(dataclasses.FrozenInstanceError):
        Act(version=1, index=0).version = 2  # type: ignore[misc]


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


def test_every_malformed_frame_over_a_websocket_is_refused_and_the_room_goes_on(
        server: Server) -> None:
    ann, ben = server.guest("Inbound Ann"), server.guest("Inbound Ben")
    room = server.room(ann)

    async def go() -> None:
        a = await Client.open(server, room, ann)
        b = await Client.open(server, room, ben)
        await b.say("/join")
        await a.say("/start")
        state = await a.until(lambda f: is_state(f) and f["decision"] is not None)
        version = state["version"]
        for n, (frame, key, said) in enumerate(MALFORMED):
            await a.send({**frame, "ref": n})
            error = await a.until(lambda f: f["type"] in ("error", "state", "why"))
            assert error["type"] == "error", (frame, error)
            assert (error["code"], error["ref"]) == ("bad_message", n), (frame, error)
            assert error["message"] == say("en", key, **said), (frame, error)
        for n, frame in enumerate(UNTYPED):
            await a.send({**frame, "ref": f"t{n}"} if "ref" not in frame else frame)
            error = await a.error("bad_type")
            assert error["ref"] == (frame.get("ref", f"t{n}")), (frame, error)
        # unknown fields are ignored, a null field is left out
        await a.send({"type": "ping", "ref": 9, "sent": 1.5, "client": {"v": 2}})
        assert (await a.until(lambda f: f["type"] == "pong"))["ref"] == 9
        await a.send({"type": "why", "action": None, "target": ["card", 999], "ref": "w"})
        answer = await a.until(lambda f: f["type"] == "why")
        assert answer["ref"] == "w" and answer["targets"] == [["card", 999]]
        # nothing changed: the same version is still to be played, and plays fine
        await a.send({"type": "act", "version": version, "index": 0, "action": None,
                      "note": "from a client that adds its own keys"})
        after = await b.until(lambda f: is_state(f) and f["version"] == version + 1)
        assert after["log"][-1]["v"] == version + 1
        for c in (a, b):
            await c.close()

    run(go())
    assert "Traceback" not in server.log_text()
