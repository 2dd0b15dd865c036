"""Every game's actions read back from their JSON form by the core's one reader
(``core.actions.ActionSet``), and what it refuses: a missing or an unknown field, a value of
the wrong kind, an unknown type, each with its key and an English reason that says what was
expected; the server says those refusals in each reader's language."""

from __future__ import annotations

import importlib
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import pytest

from evolutio.core import actions
from evolutio.core.actions import ActionSet, Shape
from evolutio.core.game import Action, IllegalAction
from evolutio.core.registry import get_game
from evolutio.games.darwin.actions import ACTIONS as DARWIN
from evolutio.games.evolution.actions import ACTION_TYPES as EVOLUTION
from evolutio.games.northstar.actions import ACTIONS as NORTHSTAR
from evolutio.games.toy.actions import ACTION_TYPES as TOY
from evolutio.server.reasons import refusal

SETS = {"evolution": EVOLUTION, "northstar": NORTHSTAR, "darwin": DARWIN, "toy": TOY}


def example(shape: Shape) -> Any:
    """A value that fits ``shape`` (not null: an optional field gets its inner value)."""
    if shape.kind == "int":
        return 3
    if shape.kind in ("str", "bool"):
        return "x" if shape.kind == "str" else True
    if shape.kind == "choice":
        return shape.choices[-1]
    if shape.kind in ("optional", "list"):
        value = example(shape.items[0])
        return value if shape.kind == "optional" else (value, value)
    return tuple(example(item) for item in shape.items)


def made(actions_: ActionSet, kind: str) -> Action:
    """An action of type ``kind`` with a value in every field."""
    reader = actions_.reader(kind)
    return reader.cls(*(example(shape) for _, shape, _ in reader.fields))


def reading(name: str, data: Any) -> IllegalAction:
    """The refusal of ``data`` by the game ``name`` (its ``action_from_json``)."""
    with pytest.raises(IllegalAction) as caught:
        get_game(name).action_from_json(data)
    return caught.value


@pytest.mark.parametrize("name", sorted(SETS))
def test_every_action_type_reads_back_from_its_json(name: str) -> None:
    """Every declared type, with a value in every field and with its optional fields left at
    their defaults, reads back as the same action, through the game as through its set."""
    game = get_game(name)
    assert len(SETS[name]) >= 2
    for kind in SETS[name]:
        action = made(SETS[name], kind)
        assert game.action_from_json(action.to_json()) == action, kind
        reader = SETS[name].reader(kind)
        if len(reader.required) < len(reader.fields):
            plain = reader.cls(*(example(shape) for name_, shape, _ in reader.fields
                                 if name_ in reader.required))
            assert game.action_from_json(plain.to_json()) == plain, kind


@pytest.mark.parametrize("name", sorted(SETS))
def test_missing_and_unknown_fields_are_refused_with_their_names(name: str) -> None:
    kind = next(k for k in SETS[name] if SETS[name].reader(k).required)
    data = made(SETS[name], kind).to_json()
    field = SETS[name].reader(kind).required[0]
    missing = reading(name, {k: v for k, v in data.items() if k != field})
    assert missing.key == actions.MISSING_FIELDS
    assert missing.fields == {"type": kind, "fields": field}
    assert missing.reason == f"Action '{kind}' misses the field(s): {field}."
    unknown = reading(name, {**data, "colour": "red"})
    assert unknown.key == actions.UNKNOWN_FIELDS
    assert unknown.fields["fields"] == "colour"
    assert f"has no field(s) colour; its fields: {field}" in unknown.reason
    renamed = reading(name, {**{k: v for k, v in data.items() if k != field}, "colour": 1})
    assert renamed.key in (actions.MISSING_FIELDS, actions.UNKNOWN_FIELDS)


@pytest.mark.parametrize("name", sorted(SETS))
def test_values_of_the_wrong_kind_are_refused(name: str) -> None:
    """A bool or a text for a whole number; a list or null for a plain field."""
    kind, field = next((k, n) for k in SETS[name]
                       for n, shape, _ in SETS[name].reader(k).fields if shape is actions.INT)
    data = made(SETS[name], kind).to_json()
    for wrong, said in ((True, "true"), ("3", '"3"'), (3.0, "3.0"), ([3], "[3]"),
                        (None, "null")):
        error = reading(name, {**data, field: wrong})
        assert error.key == actions.BAD_VALUE
        assert error.fields == {"type": kind, "field": field, "expected": "integer",
                                "got": said}
        assert error.reason == f"Action '{kind}': '{field}' must be integer, not {said}."


@pytest.mark.parametrize("name", sorted(SETS))
def test_unknown_types_and_non_objects_are_refused(name: str) -> None:
    error = reading(name, {"type": "fly_to_the_moon"})
    assert error.key == actions.UNKNOWN_TYPE
    assert error.reason.startswith('Unknown action type "fly_to_the_moon"; known: ')
    assert set(error.fields["known"].split(", ")) == set(SETS[name])
    for kind in ([1], 7, True):
        assert reading(name, {"type": kind}).key == actions.UNKNOWN_TYPE
    for data in ([1, 2], "eat", None, {}, {"type": None}):
        error = reading(name, data)
        assert error.key == actions.NOT_OBJECT
        assert error.reason == "An action must be a JSON object with a 'type'."


def test_evolution_reads_pairs_of_animals_and_refuses_other_lists() -> None:
    pair = {"type": "pair", "card": 4, "trait": "cooperation", "animals": [2, 1]}
    assert get_game("evolution").action_from_json(pair).to_json()["animals"] == [1, 2]
    for animals, said in ((["a", "b"], '["a", "b"]'), ([1], "[1]"), ([1, 2, 3], "[1, 2, 3]"),
                          ([1, True], "[1, true]"), (12, "12")):
        error = reading("evolution", {**pair, "animals": animals})
        assert error.key == actions.BAD_VALUE
        assert error.reason == (
            f"Action 'pair': 'animals' must be [integer, integer], not {said}.")


def test_darwin_reads_only_the_two_decks() -> None:
    assert get_game("darwin").action_from_json({"type": "draw", "deck": "large"}).notation() == (
        "draw large")
    error = reading("darwin", {"type": "draw", "deck": "medium"})
    assert error.reason == """Action 'draw': 'deck' must be "small" or "large", not "medium"."""


def test_north_star_refuses_a_new_species_without_its_side() -> None:
    """The side was always written (no record leaves it out): it is not filled in."""
    error = reading("northstar", {"type": "species", "card": 4})
    assert error.fields == {"type": "species", "fields": "side"}
    optional = {"type": "use", "species": 2, "trait": "long_neck"}
    assert get_game("northstar").action_from_json(optional).to_json() == {
        **optional, "card": None, "negate": None}


# -- the reader on its own, with every kind of field ----------------------------------------


@dataclass(frozen=True, slots=True)
class Every(Action):
    count: int
    name: str
    flag: bool
    mode: Literal["up", "down"]
    ids: tuple[int, ...]
    pairs: tuple[tuple[int, str], ...]
    maybe: int | None
    label: str | None = None
    many: tuple[str, ...] = ()


Every.type = "every"
EVERY = ActionSet(Every)
FULL = {"type": "every", "count": 1, "name": "n", "flag": False, "mode": "down", "ids": [1, 2],
        "pairs": [[1, "a"], [2, "b"]], "maybe": None, "label": "l", "many": ["x"]}


def test_every_kind_of_field_reads_back() -> None:
    action = EVERY.from_json(FULL)
    assert action == Every(1, "n", False, "down", (1, 2), ((1, "a"), (2, "b")), None, "l", ("x",))
    assert EVERY.from_json(action.to_json()) == action
    lean = {k: v for k, v in FULL.items() if k not in ("label", "many")}
    assert EVERY.from_json(lean) == Every(1, "n", False, "down", (1, 2), ((1, "a"), (2, "b")),
                                          None)
    assert EVERY.from_json({**FULL, "maybe": 4, "ids": []}) == Every(
        1, "n", False, "down", (), ((1, "a"), (2, "b")), 4, "l", ("x",))


@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("flag", 1, "boolean"),
        ("name", 5, "string"),
        ("mode", "sideways", '"up" or "down"'),
        ("ids", ["1"], "[integer, ...]"),
        ("ids", (1, 2), None),
        ("pairs", [[1, 2]], "[[integer, string], ...]"),
        ("pairs", [[1, "a", 3]], "[[integer, string], ...]"),
        ("maybe", "4", "integer or null"),
        ("label", 0, "string or null"),
        ("many", "xy", "[string, ...]"),
    ],
)
def test_each_kind_of_field_refuses_what_does_not_fit(
    field: str, value: Any, expected: str | None
) -> None:
    if expected is None:  # a tuple given by a caller in Python is read as a list
        assert getattr(EVERY.from_json({**FULL, field: value}), field) == value
        return
    with pytest.raises(IllegalAction) as caught:
        EVERY.from_json({**FULL, field: value})
    assert caught.value.key == actions.BAD_VALUE
    assert caught.value.fields["field"] == field
    assert caught.value.fields["expected"] == expected


def test_a_long_value_is_quoted_short() -> None:
    with pytest.raises(IllegalAction) as caught:
        EVERY.from_json({**FULL, "name": list(range(100))})
    assert len(caught.value.fields["got"]) == actions.QUOTED
    assert caught.value.fields["got"].endswith("...")


def test_declaring_a_set_refuses_what_cannot_be_read() -> None:
    @dataclass(frozen=True, slots=True)
    class Floaty(Action):
        weight: float

    Floaty.type = "floaty"
    floaty = ActionSet(Floaty)
    with pytest.raises(TypeError, match=r"Floaty.weight: an action field of type <class"):
        floaty.from_json({"type": "floaty", "weight": 1.5})
    with pytest.raises(ValueError, match="'every' is declared twice"):
        ActionSet(Every, type("Again", (Every,), {"type": "every", "__slots__": ()}))
    with pytest.raises(TypeError, match="no JSON tag of its own"):
        ActionSet(Action)


def test_annotations_lost_at_run_time_are_read_from_the_source(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A class compiled by mypyc keeps ``type`` for ``tuple[int, int]`` or ``int | None``
    and ``tuple`` for ``tuple[int, ...]``; the reader then reads its source."""
    (tmp_path / "lost_fields.py").write_text(textwrap.dedent('''
        from __future__ import annotations
        from dataclasses import dataclass
        from typing import ClassVar, Literal
        from evolutio.core.game import Action

        @dataclass(frozen=True, slots=True)
        class Lost(Action):
            note: ClassVar[str] = "not a field"
            pair: tuple[int, int]
            ids: tuple[int, ...]
            side: Literal["left", "right"]
            maybe: int | None = None

        Lost.type = "lost"
    '''), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("lost_fields")
    try:
        lost = module.Lost
        lost.__annotations__ = {"pair": type, "ids": tuple, "side": type, "maybe": type}
        read = ActionSet(lost)
        action = read.from_json({"type": "lost", "pair": [1, 2], "ids": [3], "side": "left"})
        assert action == lost((1, 2), (3,), "left")
        with pytest.raises(IllegalAction, match=r"'side' must be \"left\" or \"right\""):
            read.from_json({"type": "lost", "pair": [1, 2], "ids": [], "side": "up"})
    finally:
        del sys.modules["lost_fields"]


# -- said to people ------------------------------------------------------------------------


class _Room:
    """What ``reasons.refusal`` reads of a room: its game."""

    def __init__(self, name: str) -> None:
        self.game = get_game(name)


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_server_says_a_malformed_action_in_each_language(name: str) -> None:
    error = reading(name, {"type": "fly_to_the_moon"})
    room: Any = _Room(name)
    said = {lang: refusal(room, error, lang) for lang in ("en", "ru", "it", "de")}
    assert said["en"] == error.reason
    assert len(set(said.values())) == 4
    assert all('"fly_to_the_moon"' in text for text in said.values())


@pytest.mark.parametrize("name", sorted(SETS))
def test_the_sent_form_leaves_out_defaults_and_reads_back(name: str) -> None:
    """``sent_json`` (what clients get) leaves out exactly the fields at their defaults and
    reads back as the same action; a field off its default stays."""
    game = get_game(name)
    for kind in SETS[name]:
        reader = SETS[name].reader(kind)
        full = made(SETS[name], kind)
        assert actions.sent_json(full) == full.to_json(), kind  # no field at its default
        plain = reader.cls(*(example(shape) for name_, shape, _ in reader.fields
                             if name_ in reader.required))
        sent = actions.sent_json(plain)
        assert set(sent) == {"type", *reader.required}, kind
        assert game.action_from_json(sent) == plain, kind
