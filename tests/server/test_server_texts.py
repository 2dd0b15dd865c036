"""The server's sentence files: complete in every language, consistent, and refused when not."""

from __future__ import annotations

from pathlib import Path

import pytest

from evolutio.server.i18n import LANGUAGES
from evolutio.server.texts import TextsError, load, say, table


def test_every_sentence_has_every_language() -> None:
    for key, texts in table().items():
        assert set(texts) == set(LANGUAGES), key
        for lang in LANGUAGES[1:]:
            assert texts[lang] != texts["en"], f"{key} is not translated to {lang}"


def test_say_fills_fields_in_the_language() -> None:
    assert say("en", "seat_taken", name="Ada", seat=2) == "Ada sits at seat 2."
    assert say("ru", "seat_taken", name="Ada", seat=2) == "Ada садится на место 2."
    assert say("xx", "seat_taken", name="Ada", seat=2) == "Ada sits at seat 2."


def _write(folder: Path, text: str) -> Path:
    (folder / "a.toml").write_text(text, encoding="utf-8")
    return folder


def test_a_missing_language_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TextsError, match=r"a.toml \[hi\].*languages"):
        load(_write(tmp_path, '[hi]\nen = "Hi"\nru = "Привет"\n'))


def test_mismatched_fields_are_refused(tmp_path: Path) -> None:
    text = '[hi]\nen = "Hi {name}"\nru = "Привет {nam}"\nit = "Ciao {name}"\nde = "Hallo {name}"\n'
    with pytest.raises(TextsError, match=r"ru must use the fields \['name'\]"):
        load(_write(tmp_path, text))


def test_a_key_defined_twice_is_refused(tmp_path: Path) -> None:
    one = '[hi]\nen = "Hi"\nru = "Привет"\nit = "Ciao"\nde = "Hallo"\n'
    (tmp_path / "b.toml").write_text(one, encoding="utf-8")
    with pytest.raises(TextsError, match="defined twice"):
        load(_write(tmp_path, one))
