"""Reading actions back from their JSON form, one reader for every game.

An action's JSON form is ``{"type": tag, field: value, ...}`` (``Action.to_json``): clients
send it in an ``act`` frame, records and scenarios store it. A game declares its action
classes once, in an :class:`ActionSet`; the dataclass fields of each class and their types
are the declaration of its JSON form, and the set reads that form back: ``type`` picks the
class, each field is read and checked against its type, and an unknown type, a missing or an
unknown field and a value of the wrong kind are refused with an ``IllegalAction`` whose
``key`` is one of this module's (:data:`KEYS`, fields below), so that a face can say it in
its reader's language, and whose English ``reason`` names what was expected.

The field types it reads: ``int`` (not a bool), ``str``, ``bool``, ``Literal`` of strings
(the allowed values), ``tuple[X, ...]`` and ``tuple[X, Y]`` (a JSON list, read into a
tuple; nested ones too), and ``X | None``. A field with a dataclass default may be left out
(the JSON form of some actions leaves out a default value); every other field is required.

The types are resolved once per class, on its first reading, and kept. A class compiled by
mypyc keeps only the outer class of each annotation (``tuple`` or ``type`` for
``tuple[int, int]`` and ``int | None``); those annotations are then read from the class's
source, which the compiled build installs beside its extension modules.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import itertools
import json
import operator
import sys
import types
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from evolutio.core.game import Action, IllegalAction

#: ``{"type": ...}`` is not a JSON object. No fields.
NOT_OBJECT = "action_not_object"
#: no action of the game has this ``type``. Fields: ``type`` (the value sent, as JSON),
#: ``known`` (the game's types, comma-separated).
UNKNOWN_TYPE = "action_unknown_type"
#: required fields are missing. Fields: ``type``, ``fields`` (the missing ones).
MISSING_FIELDS = "action_missing_fields"
#: fields the action does not have. Fields: ``type``, ``fields`` (the unknown ones),
#: ``expected`` (the action's fields, or "none").
UNKNOWN_FIELDS = "action_unknown_fields"
#: a value of the wrong kind. Fields: ``type``, ``field``, ``expected`` (its JSON type, as
#: :meth:`Shape.describe` writes it), ``got`` (the value sent, as JSON, shortened).
BAD_VALUE = "action_bad_value"
#: every refusal key of this module, for the faces that word them.
KEYS = (NOT_OBJECT, UNKNOWN_TYPE, MISSING_FIELDS, UNKNOWN_FIELDS, BAD_VALUE)

#: at most this many characters of a value sent are quoted back in a refusal.
QUOTED = 40


class _Wrong(Exception):
    """A value does not fit its shape (turned into a refusal naming the field)."""


class Shape:
    """The JSON shape of one field's type: ``kind`` is ``int``, ``str``, ``bool``, ``choice``
    (one of ``choices``), ``list`` (a list of any length of ``items[0]``), ``tuple`` (a list
    of exactly ``items``) or ``optional`` (``null`` or ``items[0]``)."""

    __slots__ = ("choices", "items", "kind")

    def __init__(
        self, kind: str, items: tuple[Shape, ...] = (), choices: tuple[str, ...] = ()
    ) -> None:
        self.kind = kind
        self.items = items
        self.choices = choices

    def read(self, value: Any) -> Any:
        """``value`` as the field holds it (a JSON list as a tuple); ``_Wrong`` if it does
        not fit."""
        kind = self.kind
        if kind == "int":
            if type(value) is int:
                return value
        elif kind == "str":
            if type(value) is str:
                return value
        elif kind == "bool":
            if type(value) is bool:
                return value
        elif kind == "choice":
            if type(value) is str and value in self.choices:
                return value
        elif kind == "optional":
            return None if value is None else self.items[0].read(value)
        elif isinstance(value, (list, tuple)):
            if kind == "list":
                item = self.items[0]
                return tuple(item.read(v) for v in value)
            if len(value) == len(self.items):
                return tuple(item.read(v) for item, v in zip(self.items, value, strict=True))
        raise _Wrong

    def describe(self) -> str:
        """The JSON type in words a programmer reads in any language: ``integer``,
        ``string``, ``"small" or "large"``, ``[integer, integer]``, ``[integer, ...]``,
        ``integer or null``."""
        kind = self.kind
        if kind == "int":
            return "integer"
        if kind in ("str", "bool"):
            return "string" if kind == "str" else "boolean"
        if kind == "choice":
            return " or ".join(json.dumps(c) for c in self.choices)
        if kind == "optional":
            return f"{self.items[0].describe()} or null"
        if kind == "list":
            return f"[{self.items[0].describe()}, ...]"
        return "[" + ", ".join(item.describe() for item in self.items) + "]"


INT = Shape("int")
STR = Shape("str")
BOOL = Shape("bool")

#: a field's default when it has none (the field is required).
_REQUIRED: Any = object()


def shape_of(hint: Any, where: str) -> Shape:
    """The shape of a field annotated ``hint`` (a resolved type); ``TypeError`` naming
    ``where`` (``Class.field``) for a type no JSON value is read into."""
    if hint is int:
        return INT
    if hint is str:
        return STR
    if hint is bool:
        return BOOL
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Literal and args and all(isinstance(a, str) for a in args):
        return Shape("choice", choices=args)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return Shape("list", (shape_of(args[0], where),))
    if origin is tuple and args and Ellipsis not in args:
        return Shape("tuple", tuple(shape_of(a, where) for a in args))
    if origin in (typing.Union, types.UnionType) and len(args) == 2 and type(None) in args:
        inner = args[0] if args[1] is type(None) else args[1]
        return Shape("optional", (shape_of(inner, where),))
    raise TypeError(
        f"{where}: an action field of type {hint!r} cannot be read from JSON; use int, str, "
        "bool, Literal strings, tuple[X, ...], tuple[X, Y] or X | None"
    )


@functools.cache
def _source_classes(path: str) -> dict[str, ast.ClassDef]:
    """The classes defined at the top of the source file ``path``, by name (empty when the
    file is missing)."""
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"), path)
    except OSError:
        return {}
    return {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}


def _source_path(cls: type) -> str | None:
    """The ``.py`` file that defines ``cls``: its module's file, or for a compiled module
    (an extension, ``actions.cpython-311-x86_64-linux-gnu.so``) the source installed beside
    it."""
    module = sys.modules.get(cls.__module__)
    file = getattr(module, "__file__", None)
    if not file:
        return None
    path = Path(file)
    return str(path if path.suffix == ".py" else path.with_name(path.name.split(".")[0] + ".py"))


def _source_hints(cls: type, names: set[str]) -> dict[str, Any]:
    """The annotations of the fields ``names`` of ``cls`` (or of its bases) as its source
    writes them, resolved in the module of the class that declares each (where the class at
    run time lost them: a compiled class)."""
    hints: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        path = _source_path(klass)
        node = _source_classes(path).get(klass.__qualname__) if path else None
        texts = {
            stmt.target.id: ast.unparse(stmt.annotation)
            for stmt in (node.body if node is not None else ())
            if isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id in names
        }
        if texts:  # typing resolves them in the class's module, as any string annotation
            stand_in = types.new_class(klass.__name__)
            stand_in.__module__ = klass.__module__
            stand_in.__annotations__ = texts
            hints.update(typing.get_type_hints(stand_in))
    return hints


def _plain(shape: Shape) -> tuple[type, ...]:
    """The types of the JSON values that fit ``shape`` as they are (no check of their
    content, no conversion); empty when a value needs more than its type checked."""
    plain = {"int": int, "str": str, "bool": bool}
    if shape.kind in plain:
        return (plain[shape.kind],)
    inner = shape.items[0].kind if shape.kind == "optional" else ""
    return (plain[inner], type(None)) if inner in plain else ()


def _lost(hint: Any) -> bool:
    """Whether a run-time annotation lost what a reader needs (mypyc keeps ``type`` for a
    union or a fixed tuple, ``tuple`` for ``tuple[X, ...]``)."""
    return hint is None or hint is type or hint is tuple or isinstance(hint, str)


class Reader:
    """How one action class is read: its fields in order, each with its shape and its
    default (``_REQUIRED`` when it has none)."""

    __slots__ = ("cls", "fetch", "fields", "names", "required", "size", "type", "types")

    def __init__(self, cls: type[Action]) -> None:
        self.cls = cls
        self.type = cls.type
        fields = dataclasses.fields(cls)
        try:
            hints = typing.get_type_hints(cls)
        except (NameError, TypeError):
            hints = {}
        lost = {f.name for f in fields if _lost(hints.get(f.name))}
        if lost:
            hints = {**hints, **_source_hints(cls, lost)}
        read: list[tuple[str, Shape, Any]] = []
        for f in fields:
            default: Any = _REQUIRED
            if f.default is not dataclasses.MISSING:
                default = f.default
            elif f.default_factory is not dataclasses.MISSING:
                default = f.default_factory()
            read.append((f.name, shape_of(hints.get(f.name), f"{cls.__name__}.{f.name}"),
                         default))
        self.fields = tuple(read)
        self.names = tuple(f.name for f in fields)
        self.required = tuple(name for name, _, default in read if default is _REQUIRED)
        # for ActionSet.from_json's way of the common case: ``size`` keys (-1: no such way
        # for this class), the type and the fields fetched at once, and the tuples of their
        # value types that need no more checking
        self.fetch = operator.itemgetter("type", *self.names)
        kinds = [_plain(shape) for _, shape, _ in read]
        fast = bool(self.names) and all(kinds)
        self.size = len(self.names) + 1 if fast else -1
        self.types = frozenset(itertools.product((str,), *kinds) if fast else ())

    def read(self, data: Mapping[str, Any]) -> Action:
        """The action ``data`` holds (its ``type`` is this class's)."""
        args: list[Any] = []
        present = 1  # the type
        for name, shape, default in self.fields:
            value = data.get(name, _REQUIRED)
            if value is _REQUIRED:
                if default is _REQUIRED:
                    missing = [n for n in self.required if n not in data]
                    raise refused(MISSING_FIELDS, type=self.type, fields=", ".join(missing))
                args.append(default)
                continue
            present += 1
            if shape is INT:  # most fields: read here, without a call
                if type(value) is not int:
                    raise self.bad(name, shape, value)
            else:
                try:
                    value = shape.read(value)
                except _Wrong:
                    raise self.bad(name, shape, value) from None
            args.append(value)
        if present != len(data):
            unknown = sorted(str(key) for key in data if key != "type" and key not in self.names)
            raise refused(UNKNOWN_FIELDS, type=self.type, fields=", ".join(unknown),
                          expected=", ".join(self.names) or "none")
        return self.cls(*args)

    def bad(self, name: str, shape: Shape, value: Any) -> IllegalAction:
        """The refusal of ``value`` for the field ``name``."""
        return refused(BAD_VALUE, type=self.type, field=name, expected=shape.describe(),
                       got=quoted(value))


def quoted(value: Any) -> str:
    """``value`` as JSON, shortened to :data:`QUOTED` characters."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= QUOTED else text[: QUOTED - 3] + "..."


#: the English sentence of each key.
SENTENCES = {
    NOT_OBJECT: "An action must be a JSON object with a 'type'.",
    UNKNOWN_TYPE: "Unknown action type {type}; known: {known}.",
    MISSING_FIELDS: "Action '{type}' misses the field(s): {fields}.",
    UNKNOWN_FIELDS: "Action '{type}' has no field(s) {fields}; its fields: {expected}.",
    BAD_VALUE: "Action '{type}': '{field}' must be {expected}, not {got}.",
}


def refused(key: str, **fields: str) -> IllegalAction:
    """The refusal ``key`` of this module with its English sentence."""
    return IllegalAction(SENTENCES[key].format(**fields), key, fields)


class ActionSet(Mapping[str, type[Action]]):
    """A game's action classes by their JSON tag (``type``), declared once, and the reader
    of their JSON form (:meth:`from_json`). An expansion adds its own with :meth:`add`."""

    def __init__(self, *classes: type[Action]) -> None:
        self._classes: dict[str, type[Action]] = {}
        self._readers: dict[str, Reader] = {}
        self.add(*classes)

    def add(self, *classes: type[Action]) -> None:
        """Add action classes; ``ValueError`` when another class has one's tag already,
        ``TypeError`` for a class that is no dataclass ``Action`` with its own tag."""
        for cls in classes:
            if not (issubclass(cls, Action) and dataclasses.is_dataclass(cls)):
                raise TypeError(f"{cls.__name__} is not a dataclass Action")
            kind = cls.type
            if cls is Action or kind == Action.type:
                raise TypeError(f"{cls.__name__} has no JSON tag of its own (its 'type')")
            if self._classes.get(kind, cls) is not cls:
                raise ValueError(f"action type {kind!r} is declared twice")
            self._classes[kind] = cls

    def __getitem__(self, kind: str) -> type[Action]:
        return self._classes[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._classes)

    def __len__(self) -> int:
        return len(self._classes)

    def reader(self, kind: str) -> Reader:
        """How the action tagged ``kind`` is read (resolved on first use, then kept)."""
        found = self._readers.get(kind)
        if found is None:
            found = self._readers[kind] = Reader(self._classes[kind])
        return found

    def from_json(self, data: Any) -> Action:
        """The action of the JSON object ``data``; an ``IllegalAction`` with one of
        :data:`KEYS` for an unknown type, a missing or an unknown field, or a value of the
        wrong kind."""
        try:
            found = self._readers[data["type"]]
        except (KeyError, TypeError):  # not an object, no type, or a type met first here
            if not isinstance(data, Mapping) or data.get("type") is None:
                raise refused(NOT_OBJECT) from None
            kind = data["type"]
            if type(kind) is not str or kind not in self._classes:
                raise refused(
                    UNKNOWN_TYPE, type=quoted(kind), known=", ".join(sorted(self))
                ) from None
            found = self.reader(kind)
        # the common case, read at C speed: every field given, each of a plain type (int,
        # str, bool, or one of them or null: ``types`` holds the tuples of types that fit)
        if len(data) == found.size:
            try:
                values = found.fetch(data)
            except KeyError:  # an unknown field in place of a known one: said by ``read``
                pass
            else:
                if tuple(map(type, values)) in found.types:
                    return found.cls(*values[1:])
        return found.read(data)


#: an action class -> its fields that have a default, with the default
_DEFAULTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def sent_json(action: Action) -> dict[str, Any]:
    """The action's JSON form as a client gets it: without the fields whose value is the
    field's default (the readers above take their absence for the default), as
    docs/protocol.md promises ("optional ... left out when so"). Records keep every field
    (``Action.to_json``)."""
    data = action.to_json()
    kind = type(action)
    defaults = _DEFAULTS.get(kind)
    if defaults is None:
        defaults = _DEFAULTS[kind] = tuple(
            (f.name, f.default) for f in dataclasses.fields(kind)
            if f.default is not dataclasses.MISSING
        )
    for name, default in defaults:
        if name in data and getattr(action, name) == default:
            del data[name]
    return data
