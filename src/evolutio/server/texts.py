"""The server's own sentences in every client language.

Each sentence has a key and one text per language in ``texts/*.toml`` (one file per area,
``[key]`` tables with ``en``, ``ru``, ``it`` and ``de``), with ``{field}`` placeholders filled
by :func:`say`. A count that a noun follows carries the noun's forms in its placeholder,
``{count:room|rooms}`` (Russian ``{count:комната|комнаты|комнат}``: one, few, many, the order
of ``core.plural.ORDER``), said as "1 room", "5 rooms", "21 комната". Games bring their own
sentences (``describe_*``); this holds only what the server says itself: system lines,
command replies, refusals.
"""

from __future__ import annotations

import functools
import string
import tomllib
from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from evolutio.core.plural import ORDER, counted
from evolutio.server.i18n import LANGUAGES


class TextsError(ValueError):
    """The sentence files are inconsistent (found by the loader, named by file and key)."""


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _plurals(text: str) -> list[list[str]]:
    """The noun forms of every counted placeholder (``{count:room|rooms}``) of ``text``."""
    return [spec.split("|") for _, name, spec, _ in string.Formatter().parse(text)
            if name and spec and "|" in spec]


class _Sayer(string.Formatter):
    """``str.format`` that says a counted placeholder (``{n:card|cards}``) with the form of
    the noun for its number in one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return counted(int(value), self.lang, format_spec.split("|"))
        return str(super().format_field(value, format_spec))


def load(folder: Traversable) -> dict[str, dict[str, str]]:
    """``{key: {lang: text}}`` from every ``.toml`` file in ``folder``, checked: every key has
    a text in every client language and the same placeholders in each, and no key is defined
    twice; ``TextsError`` names the file and key otherwise."""
    out: dict[str, dict[str, str]] = {}
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(".toml"):
            continue
        data = tomllib.loads(entry.read_text(encoding="utf-8"))
        for key, texts in data.items():
            where = f"{entry.name} [{key}]"
            if key in out:
                raise TextsError(f"{where}: the key is defined twice")
            if not isinstance(texts, dict) or set(texts) != set(LANGUAGES):
                raise TextsError(f"{where}: needs exactly the languages {', '.join(LANGUAGES)}")
            wanted = _fields(texts["en"])
            for lang, text in texts.items():
                if not isinstance(text, str) or _fields(text) != wanted:
                    raise TextsError(f"{where}: {lang} must use the fields {sorted(wanted)}")
                forms = len(ORDER.get(lang, ("one", "other")))
                if any(len(nouns) != forms for nouns in _plurals(text)):
                    raise TextsError(f"{where}: {lang} gives a counted noun {forms} forms")
            out[key] = dict(texts)
    return out


@functools.cache
def table() -> dict[str, dict[str, str]]:
    """The server's sentences (``texts/`` of this package), loaded once."""
    return load(resources.files("evolutio.server") / "texts")


class Words:
    """A field of a sentence whose words depend on the language (an option's label, the values
    it allows): ``say`` asks it for the reader's language."""

    def __init__(self, make: Callable[[str], str]) -> None:
        self.make = make

    def in_lang(self, lang: str) -> str:
        return self.make(lang)

    def __str__(self) -> str:
        return self.make("en")


def say(lang: str, key: str, **fields: Any) -> str:
    """The sentence ``key`` in ``lang`` (English when the language is unknown); a field with
    an ``in_lang(lang)`` method (words that depend on the language) is said in ``lang`` too,
    and a counted one (``{count:room|rooms}``) with the noun's form for its number."""
    texts = table()[key]
    said = {k: v.in_lang(lang) if hasattr(v, "in_lang") else v for k, v in fields.items()}
    return _Sayer(lang).format(texts.get(lang, texts["en"]), **said)


def request_lang(accept: str | None, asked: str | None = None) -> str:
    """The language to answer an HTTP request in: its ``lang`` query parameter when it names a
    client language, else the first client language of its ``Accept-Language`` header (by
    weight, ``ru-RU`` counts as ``ru``), else English."""
    if asked in LANGUAGES:
        return str(asked)
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate((accept or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = tag.strip().lower().split("-")[0]
        if lang in LANGUAGES and weight > 0:
            ranked.append((-weight, i, lang))
    return min(ranked)[2] if ranked else "en"
