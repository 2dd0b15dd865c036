"""Every Darwin's Choice rule scenario (tests/games/darwin/scenarios) passes."""

from __future__ import annotations

from pathlib import Path

import pytest

from evolutio.core.scenario import discover, load_documents, run_file

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = discover([SCENARIOS])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    results = run_file(path)
    assert results, f"{path} holds no scenario"
    failures = [f"{r.name}: {r.message}" for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_at_least_ninety_scenarios_each_citing_a_rule() -> None:
    documents = [d for path in FILES for d in load_documents(path)]
    assert len(documents) >= 90, len(documents)
    for data in documents:
        assert str(data.get("rule", "")).strip()
