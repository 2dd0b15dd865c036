"""The numpy-only masked policy-gradient example, in its short mode: it must beat random."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "masked_pg.py"


def test_the_short_run_beats_random_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = importlib.util.spec_from_file_location("masked_pg_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    results = module.main(["--short"])
    trained, untrained = results["trained"], results["untrained"]
    games = sum(trained.values())
    assert games == 600
    # 600 games: a win rate of 0.55 is about 2.5 standard errors above an even match
    assert trained["wins"] >= 0.55 * games
    assert trained["wins"] - trained["losses"] >= 60
    assert trained["wins"] > untrained["wins"] + 25
    assert "trained vs random" in capsys.readouterr().out
