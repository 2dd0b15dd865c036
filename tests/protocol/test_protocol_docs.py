"""docs/protocol.md's per-game sections are the output of scripts/protocol-games.py."""

from __future__ import annotations

import runpy
from pathlib import Path

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
