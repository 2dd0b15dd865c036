"""Every Evolution rule scenario (tests/games/evolution/scenarios) passes; malformed files get
clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import evolutio.cli.scenario  # noqa: F401  (registers ``evolutio scenario``)
from evolutio.cli.app import app
from evolutio.core.scenario import ScenarioResult, discover, load_documents, run_file

SCENARIOS = Path(__file__).parent / "scenarios"
FILES = discover([SCENARIOS])
BASE_TRAITS = [
    "carnivore",
    "fat_tissue",
    "high_body_weight",
    "swimming",
    "running",
    "mimicry",
    "camouflage",
    "sharp_vision",
    "burrowing",
    "poisonous",
    "tail_loss",
    "communication",
    "cooperation",
    "symbiosis",
    "piracy",
    "grazing",
    "hibernation",
    "scavenger",
    "parasite",
]


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(SCENARIOS)) for p in FILES])
def test_scenario(path: Path) -> None:
    results = run_file(path)
    assert results, f"{path} holds no scenario"
    failures = [f"{r.name}: {r.message}" for r in results if not r.passed]
    assert not failures, "\n".join(failures)


def test_every_base_trait_has_three_scenarios() -> None:
    names = [p.stem for p in (SCENARIOS / "base").glob("*.yaml")]
    for trait in BASE_TRAITS:
        count = sum(1 for name in names if name.startswith(trait))
        assert count >= 3, f"{trait}: only {count} scenario files"


def test_every_scenario_cites_a_rule() -> None:
    for path in FILES:
        for data in load_documents(path):
            assert str(data.get("rule", "")).strip(), f"{path} has no rule"


# -- malformed files ---------------------------------------------------------------------------

GOOD = """\
name: a hungry animal takes a red token
rule: seed 004, "Фаза питания"
options: {players: 2}
position:
  phase: feeding
  food_bank: 2
  players:
    - animals: [{name: Hare}]
    - animals: [{name: Mouse}]
"""


def _run(tmp_path: Path, text: str, suffix: str = ".yaml") -> ScenarioResult:
    path = tmp_path / f"case{suffix}"
    path.write_text(text, encoding="utf-8")
    results = run_file(path)
    assert len(results) == 1
    assert results[0].path == str(path)
    return results[0]


def test_good_scenario_passes(tmp_path: Path) -> None:
    result = _run(
        tmp_path, GOOD + "steps:\n  - do: eat $Hare\n  - expect: {animals.Hare.food: 1}\n"
    )
    assert result.passed, result.message
    assert result.steps == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name: [unclosed\n", "not valid YAML (line"),
        ("- just\n- a list\n", "a scenario is a mapping"),
        (GOOD.replace('rule: seed 004, "Фаза питания"\n', ""), "rule: required text"),
        (GOOD + "colour: red\n", "unknown field colour"),
        (GOOD + "steps:\n  - jump: high\n", "steps[0]: each step has exactly one of"),
        (GOOD + "steps:\n  - do: end\n    expect: {}\n", "steps[0]: each step has exactly one"),
        (GOOD + "steps:\n  - do: eat $Hare\n    when: now\n", "steps[0]: unknown field when"),
        (
            GOOD.replace("{name: Hare}", "{name: Hare, traits: [flying]}"),
            "position.players[0].animals[0].traits[0]: unknown trait 'flying'",
        ),
        (GOOD.replace("food_bank: 2", "food_bank: -1"), "position.food_bank: expected a whole"),
        (GOOD.replace("food_bank: 2", "food_bank: 2\n  dice: [7]"), "a die shows 1 to 6, not 7"),
        (GOOD.replace("{players: 2}", "{players: 9}"), "options: players must be a whole number"),
        (GOOD.replace("{players: 2}", "{players: 2, speed: 3}"), "options: unknown option"),
        (
            GOOD + "steps:\n  - do: {type: eat, animal: Rabbit}\n",
            "steps[0].do.animal: nothing in the position is named 'Rabbit'",
        ),
        (GOOD + "steps:\n  - legal: {includes: [fly away]}\n", "steps[0].legal.includes: not an"),
        (GOOD + "steps:\n  - legal: {sometimes: [end]}\n", "steps[0].legal: unknown field"),
        (GOOD + "steps:\n  - expect: [food_bank]\n", "steps[0].expect: expected a mapping"),
        (GOOD + "steps:\n  - dice: [0]\n", "steps[0].dice: a die shows 1 to 6"),
        (GOOD + "steps:\n  - events: {often: [x]}\n", "steps[0].events: expected some of"),
        (GOOD + "steps:\n  - pause: [lunch]\n", "steps[0].pause: unknown stop point lunch"),
        (GOOD + "new: {hands: []}\n", "new and position: a scenario starts from one of them"),
        (GOOD + "steps:\n  - view: {players.0.hand: []}\n", "steps[0].view: give the step's seat"),
        (GOOD + "steps:\n  - view: {}\n    seat: 2\n", "steps[0].seat: expected a seat number"),
        (GOOD + "steps:\n  - legal: {count: 0}\n    seat: x\n", "steps[0].seat: expected a seat"),
        (GOOD + "steps:\n  - view: [hand]\n    seat: 0\n", "steps[0].view: expected a mapping"),
        (GOOD.replace("position:", "position:\n  pause: [tea]"), "position.pause: unknown stop"),
        (
            GOOD.replace("{name: Hare}", "{name: Hare, food: 1, red: 2}"),
            "position.players[0].animals[0].red: more red tokens than food tokens",
        ),
    ],
)
def test_malformed_scenario(tmp_path: Path, text: str, message: str) -> None:
    result = _run(tmp_path, text)
    assert not result.passed
    assert message in result.message
    assert "Traceback" not in result.message


def test_malformed_json(tmp_path: Path) -> None:
    result = _run(tmp_path, '{"name": "x", ', suffix=".json")
    assert not result.passed
    assert result.message.startswith("not valid JSON (line 1")


@pytest.mark.parametrize(
    ("steps", "message"),
    [
        ("  - expect: {food_bank: 3}\n", "steps[0]: food_bank is 2, expected 3"),
        ("  - expect: {animals.Hare.wings: 1}\n", "animals.Hare.wings does not exist"),
        ("  - do: eat $Mouse\n", "steps[0]: 'eat $Mouse' was refused: A2 is not your animal."),
        ("  - refuse: eat $Hare\n", "should be refused but is legal"),
        (
            "  - refuse: {action: end, reason: too early}\n",
            "refused with 'You must take a red token",
        ),
        ("  - legal: {exactly: [end]}\n", "legal actions are ['eat A1'], expected ['end']"),
        ("  - legal: {count: 3}\n", "1 legal actions, expected 3"),
        ("  - decision: {seat: 1}\n", "decision seat is 0, expected 1"),
        ("  - decision: null\n", "the game should be over"),
        ("  - outcome: {winners: [0]}\n", "the game is not over"),
        ("  - do: eat $Hare\n    seat: 1\n", "seat 1 should act, but it is 0"),
        ("  - legal: {count: 1}\n    seat: 1\n", "steps[0]: 0 legal actions, expected 1"),
        (
            "  - view: {players.1.hand_size: 3}\n    seat: 0\n",
            "steps[0]: in seat 0's view, players.1.hand_size is 0, expected 3",
        ),
        (
            "  - view: {players.0.hand: []}\n    seat: null\n",
            "steps[0]: in a spectator's view, players.0.hand is None, expected []",
        ),
        (
            "  - view: {players.0.animals.Hare.food: null}\n    seat: 1\n",
            "players.0.animals.Hare.food should be absent, is 0",
        ),
        (
            "  - do: eat $Hare\n  - events: {contains: [animal_eaten]}\n",
            "steps[1]: no event 'animal_eaten' among ['food_taken'",
        ),
        (
            "  - do: eat $Hare\n  - events: {excludes: [{type: food_taken, animal: Hare}]}\n",
            "steps[1]: unexpected event {'type': 'food_taken', 'animal': 1",
        ),
        (
            "  - do: eat $Hare\n  - events: {order: [step_ended, food_taken]}\n",
            "do not hold 'food_taken' in the order given",
        ),
        ("  - do: eat $Hare\n  - events: {exactly: [food_taken]}\n", "steps[1]: events are"),
    ],
)
def test_failing_expectation(tmp_path: Path, steps: str, message: str) -> None:
    result = _run(tmp_path, GOOD + "steps:\n" + steps)
    assert not result.passed
    assert message in result.message


def test_new_with_hands_keeps_every_card_once(tmp_path: Path) -> None:
    text = (
        "game: evolution\nname: x\nrule: seed 004\nseed: 5\noptions: {players: 3}\n"
        "new:\n  hands: [[fat_tissue/camouflage, fat_tissue/camouflage], null]\n"
        "  first_player: 2\nsteps:\n"
        "  - expect: {players.0.hand_size: 2, players.1.hand_size: 6, first_player: 2,"
        " deck_size: 70}\n  - decision: {seat: 2, kind: develop}\n"
    )
    result = _run(tmp_path, text)
    assert result.passed, result.message
    bad = text.replace("fat_tissue/camouflage, fat_tissue/camouflage", "anglerfish")
    result = _run(tmp_path, bad)
    assert "anglerfish belongs to the 'time_to_fly' set" in result.message


def test_several_documents_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "two.yaml"
    path.write_text(GOOD + "---\n" + GOOD.replace("a hungry", "another hungry"), encoding="utf-8")
    results = run_file(path)
    assert [r.passed for r in results] == [True, True]
    assert results[1].name.startswith("another")


def test_discover_sorts_files_in_folders(tmp_path: Path) -> None:
    (tmp_path / "b.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.json").write_text("{}", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a scenario", encoding="utf-8")
    assert [p.name for p in discover([tmp_path])] == ["b.yaml", "a.json"]


# -- the command ------------------------------------------------------------------------------


def test_cli_runs_files_and_folders(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    single = SCENARIOS / "base" / "worked_example_first_turn.yaml"
    result = CliRunner().invoke(app, ["scenario", "run", str(tmp_path), str(single)])
    assert result.exit_code == 0, result.output
    assert "PASS a hungry animal takes a red token" in result.output
    assert "PASS Worked example of a first turn" in result.output
    assert "2 passed, 0 failed" in result.output


def test_cli_reports_failures_and_exits_non_zero(tmp_path: Path) -> None:
    (tmp_path / "good.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "wrong.yaml").write_text(
        GOOD + "steps:\n  - expect: {food_bank: 5}\n", encoding="utf-8"
    )
    (tmp_path / "broken.yaml").write_text(GOOD.replace("{name: Hare}", "{nam: Hare}"), "utf-8")
    result = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert result.exit_code == 1
    out = result.output
    assert "FAIL" in out and "wrong.yaml" in out and "food_bank is 2, expected 5" in out
    assert "broken.yaml" in out and "position.players[0].animals[0]: unknown field nam" in out
    assert "1 passed, 2 failed" in out
    assert "Traceback" not in out


def test_cli_without_scenario_files(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["scenario", "run", str(tmp_path)])
    assert result.exit_code == 2
    assert "no scenario files" in result.output
    assert "Traceback" not in result.output
