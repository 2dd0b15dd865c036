"""The CS4500 ``xattack`` cases (../shared/northstar/cs4500-xattack) through the adapter over
``variant=cs4500``: all 52 test-fest cases; the repository authors' own cases except the one
that follows only their reading (docs/rules/northstar.md, "Course variant"); the malformed
inputs give no output."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from evolutio.games.northstar.cs4500 import SituationError, attackable, main

ROOT = Path(__file__).resolve().parents[3]
CANDIDATES = [
    Path(os.environ.get("EVOLUTIO_SHARED", ROOT.parent / "shared")),
    ROOT.parent / "shared",
    ROOT.parents[1] / "shared",
]
CASES = next(
    (c / "northstar" / "cs4500-xattack" for c in CANDIDATES
     if (c / "northstar" / "cs4500-xattack").is_dir()),
    None,
)
#: follows only the authors' reading: Horns lowering the attacker's population for Defensive
#: Herding (the cs4500 README, deviation 3).
AUTHORS_ONLY = {"herding-horns1"}
MALFORMED = {"bad-input", "bad-io"}

needs_cases = pytest.mark.skipif(CASES is None, reason="../shared/northstar not present")


def _pairs(folder: str) -> list[tuple[str, Path, Path]]:
    if CASES is None:
        return []
    return [
        (p.name[: -len("-in.json")], p, p.with_name(p.name[: -len("-in.json")] + "-out.json"))
        for p in sorted((CASES / folder).glob("*-in.json"))
    ]


TESTFEST = _pairs("testfest-hw5")
OWN = _pairs("ajdcolcord-own")


@needs_cases
def test_case_counts() -> None:
    assert len(TESTFEST) == 52
    assert len(OWN) == 19


@needs_cases
@pytest.mark.parametrize(("name", "given", "expected"), TESTFEST, ids=[t[0] for t in TESTFEST])
def test_testfest_case(name: str, given: Path, expected: Path) -> None:
    assert json.loads(main(given.read_text())) == json.loads(expected.read_text())


@needs_cases
@pytest.mark.parametrize(("name", "given", "expected"), OWN, ids=[t[0] for t in OWN])
def test_authors_case(name: str, given: Path, expected: Path) -> None:
    out = main(given.read_bytes().decode("utf-8", errors="replace"))
    want = expected.read_text().strip()
    if name in MALFORMED:
        assert out == "" and want == ""
    elif name in AUTHORS_ONLY:
        assert json.loads(out) != json.loads(want)
    else:
        assert json.loads(out) == json.loads(want)


def test_malformed_situation_is_refused_clearly() -> None:
    with pytest.raises(SituationError, match="expected \\[\"population\", value\\]"):
        attackable([[["food", 1], ["body", 1], ["pop", 1], ["traits", []]]] * 2 + [False] * 2)
    with pytest.raises(SituationError, match="traits"):
        attackable([[["food", 1], ["body", 1], ["population", 1], ["traits", ["wings"]]]] * 2
                   + [False, False])
    assert main("not json") == ""


def test_course_rules_differ_from_retail() -> None:
    """No size test in the course (README deviation 1): equal bodies attack."""
    plain = [["food", 0], ["body", 3], ["population", 3], ["traits", []]]
    carnivore = [["food", 0], ["body", 3], ["population", 3], ["traits", ["carnivore"]]]
    assert attackable([plain, carnivore, False, False]) is True
    shell = [["food", 0], ["body", 1], ["population", 1], ["traits", ["hard-shell"]]]
    big = [["food", 0], ["body", 4], ["population", 1], ["traits", ["carnivore"]]]
    huge = [["food", 0], ["body", 5], ["population", 1], ["traits", ["carnivore"]]]
    assert attackable([shell, big, False, False]) is False
    assert attackable([shell, huge, False, False]) is True
