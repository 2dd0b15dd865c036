"""docs/protocol.md's per-game sections are the output of scripts/protocol-games.py, and its
tables of client frames the output of scripts/protocol-frames.py."""

from __future__ import annotations

import json
import re
import runpy
from pathlib import Path
from typing import Any

import pytest

from evolutio.server.inbound import FRAMES, parse

#: the docs are generated from the code alone: the PostgreSQL pass leaves them out
pytestmark = pytest.mark.storage_neutral
ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_game_sections_are_up_to_date() -> None:
    script = runpy.run_path(str(ROOT / "scripts" / "protocol-games.py"), run_name="protocol_games")
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    begin, end = script["BEGIN"], script["END"]
    shown = doc[doc.index(begin) : doc.index(end) + len(end) + 1]
    assert shown == script["generate"](), (
        "docs/protocol.md is out of date: run python scripts/protocol-games.py --write"
    )


def test_every_game_has_its_section() -> None:
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    script = runpy.run_path(str(ROOT / "scripts" / "protocol-games.py"), run_name="protocol_games")
    for name in script["available_games"]():
        assert f"### `{name}`:" in doc
        assert "**Actions**" in doc and "**View**" in doc


def frames_script() -> dict[str, Any]:
    return runpy.run_path(str(ROOT / "scripts" / "protocol-frames.py"),
                          run_name="protocol_frames")


def frames_section() -> str:
    script = frames_script()
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    begin, end = script["BEGIN"], script["END"]
    return doc[doc.index(begin) : doc.index(end) + len(end) + 1]


def test_the_generated_client_frame_tables_are_up_to_date() -> None:
    assert frames_section() == frames_script()["generate"](), (
        "docs/protocol.md is out of date: run python scripts/protocol-frames.py --write"
    )


def test_every_documented_example_frame_parses_to_its_type() -> None:
    """The examples the doc shows (read back from the doc's first table) are frames the
    server reads, each as the type of its row; every frame type has one."""
    seen = set()
    for line in frames_section().splitlines():
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        if len(cells) != 3 or not cells[0].startswith("`") or cells[0] == "type":
            continue
        kind = cells[0].strip("`")
        shown = re.findall(r"`(\{.*?\})`(?:;|$)", cells[2])
        assert shown, line
        for text in shown:
            frame = parse(json.loads(text))
            assert kind == type(frame).TYPE, (text, frame)
        seen.add(kind)
    assert seen == {cls.TYPE for cls in FRAMES}


def cells(row: str) -> list[str]:
    """A markdown table row's cells, split on its unescaped pipes."""
    return re.split(r"(?<!\\)\|", row.strip().strip("|"))


def test_every_table_row_has_its_header_s_cells() -> None:
    """An unescaped ``|`` inside a cell (``int | null``) would split it: every row of every
    table has as many cells as its header."""
    lines = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8").splitlines()
    header: list[str] | None = None
    for number, line in enumerate(lines, 1):
        if not line.startswith("|"):
            header = None
        elif header is None:
            header = cells(line)
        else:
            assert len(cells(line)) == len(header), f"docs/protocol.md:{number}: {line}"


def test_every_error_code_the_server_sends_is_documented() -> None:
    """The codes of the server's refusals (``RoomError(code, ...)``, ``code=`` and the codes
    per HTTP status) each appear in docs/protocol.md."""
    source = "\n".join(
        path.read_text(encoding="utf-8")
        for path in (ROOT / "src" / "evolutio" / "server").rglob("*.py")
    )
    codes = set(re.findall(r'RoomError\(\s*"([a-z_]+)"', source))
    codes |= set(re.findall(r'\bcode="([a-z_]+)"', source))
    codes |= set(re.findall(r'\d{3}: "([a-z_]+)"', source))
    assert {"bad_game", "no_room", "stale", "rate_limited"} <= codes
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    missing = sorted(code for code in codes if f"`{code}`" not in doc)
    assert not missing, f"error codes the docs do not name: {missing}"
