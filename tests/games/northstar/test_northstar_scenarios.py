"""Every North Star scenario (tests/games/northstar/scenarios) passes, cites seed 002 or a
ruling, and every trait has at least three."""

from __future__ import annotations

from pathlib import Path

import pytest

from evolutio.core.scenario import discover, load_documents, run_file
from evolutio.games.northstar.cards import TRAIT_IDS
from evolutio.games.northstar.climate_cards import NEW_TRAITS, shipped_climate
from evolutio.games.northstar.flight_traits import EVENT_IDS as FLIGHT_EVENTS
from evolutio.games.northstar.flight_traits import TRAIT_IDS as FLIGHT_TRAITS

SCENARIOS = Path(__file__).parent / "scenarios"
#: the public sources of the Climate edition's rules a Climate scenario may cite instead.
CLIMATE_SOURCES = ("evolutiondigitalgame.com", "coiledspring.co.uk", "boardgamebandit.ca",
                   "meepleandthemoose.com", "gamerheadspodcast.com", "ksuchak1990.github.io")
FILES = discover([SCENARIOS])


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    results = run_file(path)
    assert results, f"{path} holds no scenario"
    failures = [f"{r.name}: {r.message}" for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_every_scenario_cites_seed_002_or_a_ruling() -> None:
    for path in FILES:
        for data in load_documents(path):
            rule = str(data.get("rule", ""))
            assert data.get("game") == "northstar", path
            sources = CLIMATE_SOURCES if path.parent.name == "climate" else ()
            assert any(key in rule for key in ("Seed 002", "R-N", "rules/northstar.md",
                                               "Flight rules", *sources)), path


def test_every_trait_has_three_scenarios() -> None:
    names = [p.stem for p in (SCENARIOS / "traits").glob("*.yaml")]
    for trait in TRAIT_IDS:
        count = sum(1 for name in names if name.startswith(trait))
        assert count >= 3, f"{trait}: only {count} scenario files"


def test_every_flight_card_has_three_scenarios() -> None:
    """The Flight expansion: Flight itself, each new trait and event, the Cliff, upkeep and
    the cards set aside each have three scenarios or more (tests/.../scenarios/flight)."""
    names = [p.stem for p in (SCENARIOS / "flight").glob("*.yaml")]
    for prefix in ("flight", "avian", "cliff", "reserve", *FLIGHT_TRAITS, *FLIGHT_EVENTS):
        count = sum(1 for name in names if name.startswith(prefix))
        assert count >= 3, f"{prefix}: only {count} scenario files"


def test_at_least_eighty_scenarios() -> None:
    assert len(FILES) >= 80


def test_every_climate_trait_and_event_has_three_scenarios() -> None:
    texts = [p.read_text(encoding="utf-8") for p in (SCENARIOS / "climate").glob("*.yaml")]
    for key in (*NEW_TRAITS, "burrowing", *shipped_climate().events):
        count = sum(1 for text in texts if key in text)
        assert count >= 3, f"{key}: only {count} Climate scenario files"
