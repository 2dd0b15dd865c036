"""Records name the rules they were played under; a replay refused under later rules says so.

The files in data/rules1/ were written by the code of commit 1e7a779 (before Evolution's rules
version 2) with ``evolutio.sim.runner.play_game(GameTask(0, "evolution", options, 1000 + n,
("greedy", "random", "greedy"), record=True))``: a 2nd-edition game (n = 3) that today's
rules refuse at its 46th action (ruling 19: a fresh start takes its six cards at once, so the
card the record plays is not in the hand), and a Time to Fly + Continents game (n = 4) that
they refuse at its 213th (a link waiting both ways in a ring now asks its owner). They carry
no ``rules`` field: version 1.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from evolutio.cli import _load_commands
from evolutio.cli.app import app, console
from evolutio.core.match import Match, check_outcome, replay
from evolutio.core.record import Record, RecordError, RulesChanged, RulesTooNew, rules_changes
from evolutio.core.registry import get_game
from evolutio.games.evolution.changelog import CHANGELOG

_load_commands()
runner = CliRunner()
DATA = Path(__file__).parent / "data" / "rules1"
EDITION2 = DATA / "edition2-3p-1e7a779.record"
CONTINENTS = DATA / "time_to_fly-continents-3p-1e7a779.record"
#: every English sentence of version 2, as the messages give them
CHANGES = [change["en"].rstrip(".") for change in CHANGELOG[2]]


@pytest.fixture(autouse=True)
def wide_console(monkeypatch: pytest.MonkeyPatch) -> None:
    """Messages print on one line each, whatever terminal runs the tests."""
    monkeypatch.setattr(console, "_width", 400)


def words(text: str) -> str:
    return " ".join(text.split())


def test_evolution_is_at_rules_2_with_a_sentence_per_change_in_every_language() -> None:
    info = get_game("evolution").info
    assert info.rules == 2 and set(info.changelog) == {2}
    assert len(info.changelog[2]) == 8  # the last: the Plants option, off by default
    for change in info.changelog[2]:
        assert set(change) == set(info.languages)
        assert all(text.strip() for text in change.values())
    assert rules_changes(info, 1) == [(2, [c["en"] for c in info.changelog[2]])]
    assert rules_changes(info, 1, "ru")[0][1][1].startswith("Животное")
    assert rules_changes(info, 2) == []


@pytest.mark.parametrize(
    ("path", "index", "reason"),
    [
        (EDITION2, 45, "This card is not in your hand."),
        (CONTINENTS, 212, "Choose one of the paired traits waiting to fire."),
    ],
    ids=["edition2", "time_to_fly-continents"],
)
def test_an_old_record_refused_today_names_the_rules_changes(
    path: Path, index: int, reason: str
) -> None:
    record = Record.load(path)
    assert record.rules == 1
    with pytest.raises(RulesChanged) as raised:
        Match.from_record(record, path.name)
    error = raised.value
    assert (error.game, error.recorded, error.current) == ("evolution", 1, 2)
    assert (error.index, error.reason) == (index, reason)
    message = str(error)
    assert message.startswith(
        f"{path.name}: this record was played under evolution rules 1; "
        "the rules changed since: v2: "
    )
    assert all(change in message for change in CHANGES)
    assert message.endswith(f"Replay stopped at actions[{index}] (action {index + 1}): {reason}")
    # the replay went as far as the action the rules refuse
    reached = 0
    with pytest.raises(RulesChanged):
        for match, _ in replay(record):
            reached = match.version
    assert reached == index


def test_evolution_replay_of_an_old_record_gives_notice_then_stops_with_the_changes() -> None:
    result = runner.invoke(app, ["replay", str(EDITION2)])
    assert result.exit_code == 2 and isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    out = words(result.output)
    notice = out.index("Notice: this record was played under evolution rules 1; this program "
                       "plays rules 2. The rules changed since:")
    for change in CHANGELOG[2]:
        assert f"v2: {change['en']}" in out
    # the actions up to the refused one are shown after the notice, that one is not
    shown = re.findall(r"^\s*(\d+) \S+: ", result.output, re.MULTILINE)
    assert shown == [str(n) for n in range(1, 46)]
    assert out.index("1 greedy: ") > notice
    assert out.rstrip().endswith("Replay stopped at actions[45] (action 46): This card is not "
                                 "in your hand.")
    assert "error: " + str(EDITION2) + ": this record was played under evolution rules 1" in out


def test_evolution_replay_gives_the_notice_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["replay", str(CONTINENTS), "--language", "de"])
    assert result.exit_code == 2
    out = words(result.output)
    for change in CHANGELOG[2]:
        assert f"v2: {change['de']}" in out
    assert "Replay stopped at actions[212] (action 213)" in out


def played(game: str, options: dict[str, object], seed: int, actions: int) -> Match:
    """A match of ``game`` advanced ``actions`` times by each deciding seat's first legal
    action (to the end if it comes first)."""
    match = Match.new(game, options, seed, ["a", "b", "c"][: int(str(options["players"]))])
    for _ in range(actions):
        if match.over:
            break
        seat = match.pending()[0]
        match.act(seat, match.legal(seat)[0])
    return match


def test_a_current_record_carries_the_current_rules_and_replays() -> None:
    match = played("evolution", {"players": 3, "edition": 2}, 7, 10_000)
    assert match.over
    record = match.finish_record()
    assert record.rules == 2 and record.to_json()["rules"] == 2
    again = Record.from_json(record.to_json())
    assert again.rules == 2
    final = Match.from_record(again)
    assert final.version == len(record.actions) and final.record.rules == 2
    check_outcome(again, final)


def test_an_outcome_that_differs_under_changed_rules_names_them(tmp_path: Path) -> None:
    match = played("evolution", {"players": 3}, 11, 10_000)
    record = match.finish_record()
    assert record.outcome is not None
    record.outcome = {**record.outcome, "scores": [s + 1 for s in record.outcome["scores"]]}
    with pytest.raises(RecordError, match=r"^same: outcome: stored") as same:
        check_outcome(record, match, "same")
    assert not isinstance(same.value, RulesChanged)
    record.rules = 1
    with pytest.raises(RulesChanged, match=r"^old: this record was played under evolution "
                       r"rules 1; .*\. The replayed outcome differs: stored"):
        check_outcome(record, match, "old")
    result = runner.invoke(app, ["replay", str(record.save(tmp_path / "old.record"))])
    assert result.exit_code == 2
    assert "differ from the record's (it was played under evolution rules 1: see the notice " \
        "above)" in words(result.output)


def test_a_record_under_the_same_rules_is_refused_without_a_rules_notice() -> None:
    record = played("evolution", {"players": 3}, 3, 12).record
    seat, action = record.actions[-1]
    record.actions[-1] = (seat, {**action, "card": 10_000})
    with pytest.raises(RecordError) as raised:
        Match.from_record(record, "same")
    assert not isinstance(raised.value, RulesChanged)
    assert str(raised.value).startswith("same: actions[11].action: ")
    assert "rules" not in str(raised.value)


def test_a_record_from_newer_rules_is_refused_before_any_replay() -> None:
    record = Record.load(EDITION2)
    record.rules = 3
    steps = replay(record, "future")
    with pytest.raises(RulesTooNew, match=r"^future: this record was played under evolution "
                       r"rules 3, newer than this program's \(evolution rules 2\)"):
        next(steps)


def test_evolution_replay_refuses_a_record_from_newer_rules(tmp_path: Path) -> None:
    record = Record.load(EDITION2)
    record.rules = 3
    saved = record.save(tmp_path / "future.record")
    result = runner.invoke(app, ["replay", str(saved)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    out = words(result.output)
    assert "this record was played under evolution rules 3, newer than this program's" in out
    assert not re.search(r"^\s*1 \S+: ", result.output, re.MULTILINE)
    assert "Notice" not in out


def test_the_rules_field_is_optional_on_load_and_checked() -> None:
    data = Record.load(EDITION2).to_json()
    assert data["rules"] == 1
    del data["rules"]
    assert Record.from_json(data).rules == 1
    for bad in (0, "2", True, 1.5):
        with pytest.raises(RecordError, match=r"^x: rules: expected a rules version"):
            Record.from_json({**data, "rules": bad}, "x")
