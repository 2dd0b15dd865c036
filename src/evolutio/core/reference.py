"""Card texts and rules overviews as data: the loader every game's reference uses.

A game may carry ``reference(language) -> {id: text}`` (a short rules text for each card,
trait or term a player meets) and ``rules(language) -> str`` (a rules overview); the faces
show them as tooltips and on a rules page (docs/web.md). The texts live in the game's own
package as TOML:

- ``reference.toml``: one table per id with a text for every language,
  ``[carnivore] en = "..." ru = "..." it = "..." de = "..."``; ids keep the file's order. A
  term that is no card (a location, "body size") may give its display name too,
  ``name = {en = "...", ...}``, which the game then adds to its ``labels``.
- ``rules.toml``: one table per language with ``text``, a small subset of Markdown (``## ``
  headings, ``- `` bullets, paragraphs separated by blank lines; no HTML, no inline markup).

The loaders refuse a missing language, an empty text or an unknown key, naming the file and
the id, so that a gap is found by the game's test rather than by a player.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from importlib import resources


class ReferenceDataError(ValueError):
    """A reference or rules file that is incomplete or malformed."""


def _read(package: str, filename: str) -> dict[str, object]:
    text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ReferenceDataError(f"{filename}: {exc}") from None


def parse_texts(
    data: Mapping[str, object], languages: Sequence[str], source: str
) -> dict[str, dict[str, str]]:
    """``{lang: {id: text}}`` from ``{id: {lang: text}}``; every id needs every language."""
    out: dict[str, dict[str, str]] = {lang: {} for lang in languages}
    for ident, entry in data.items():
        if not isinstance(entry, Mapping):
            raise ReferenceDataError(f"{source}: [{ident}] must be a table of texts by language")
        extra = sorted(set(entry) - set(languages) - {"name"})
        if extra:
            raise ReferenceDataError(f"{source}: [{ident}] has unknown language(s) {extra}")
        name = entry.get("name")
        if name is not None and not (
            isinstance(name, Mapping)
            and all(isinstance(name.get(lang), str) and name[lang].strip() for lang in languages)
        ):
            raise ReferenceDataError(f"{source}: [{ident}] name needs every language")
        for lang in languages:
            text = entry.get(lang)
            if not isinstance(text, str) or not text.strip():
                raise ReferenceDataError(f"{source}: [{ident}] has no '{lang}' text")
            out[lang][ident] = " ".join(text.split())
    return out


def parse_names(
    data: Mapping[str, object], languages: Sequence[str]
) -> dict[str, dict[str, str]]:
    """``{lang: {id: name}}`` for the entries that give a ``name`` (checked by parse_texts)."""
    out: dict[str, dict[str, str]] = {lang: {} for lang in languages}
    for ident, entry in data.items():
        name = entry.get("name") if isinstance(entry, Mapping) else None
        if isinstance(name, Mapping):
            for lang in languages:
                out[lang][ident] = str(name[lang])
    return out


def load_names(
    package: str, languages: Sequence[str], filename: str = "reference.toml"
) -> dict[str, dict[str, str]]:
    """The display names ``reference.toml`` gives its terms (see the module's docstring)."""
    data = _read(package, filename)
    parse_texts(data, languages, filename)
    return parse_names(data, languages)


def load_texts(
    package: str, languages: Sequence[str], filename: str = "reference.toml"
) -> dict[str, dict[str, str]]:
    """Read ``filename`` from ``package`` (see the module's docstring)."""
    return parse_texts(_read(package, filename), languages, filename)


def load_rules(
    package: str, languages: Sequence[str], filename: str = "rules.toml"
) -> dict[str, str]:
    """``{lang: overview}`` from ``filename`` in ``package``; every language is required."""
    data = _read(package, filename)
    out: dict[str, str] = {}
    for lang in languages:
        entry = data.get(lang)
        text = entry.get("text") if isinstance(entry, Mapping) else None
        if not isinstance(text, str) or not text.strip():
            raise ReferenceDataError(f"{filename}: [{lang}] has no 'text'")
        out[lang] = text.strip()
    extra = sorted(set(data) - set(languages))
    if extra:
        raise ReferenceDataError(f"{filename}: unknown language(s) {extra}")
    return out


def missing(texts: Mapping[str, Mapping[str, str]], ids: Iterable[str]) -> list[str]:
    """``"lang:id"`` for every id that has no text in some language (empty: complete)."""
    wanted = list(ids)
    return [f"{lang}:{i}" for lang, table in texts.items() for i in wanted if i not in table]
