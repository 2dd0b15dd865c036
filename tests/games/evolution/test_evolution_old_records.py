"""Records written before the platform's game contract changed still replay to their scores.

The files in data/ were written by the code of commit 1e7a779 (the last before the change):
``evolutio.sim.runner.play_game(GameTask(0, "evolution", options, game_seed(5, 0), bots,
record=True))``, three players, one game with the base set and one with every set. They end in
``.record`` so that ``evolutio scenario run tests/games`` does not take them for scenarios.

The game with every set was played before ruling 15 (an animal hidden in its Shell cannot be
attacked again that turn): its bot attacked such an animal, so today it replays up to that
action and is refused there with the ruling's reason and the changes of Evolution's rules
since (version 1, as every record without a ``rules`` field), never with a crash.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from evolutio.core.match import Match, check_outcome
from evolutio.core.record import Record, RulesChanged

DATA = Path(__file__).parent / "data"
RECORDS = sorted(DATA.glob("*.record"))


def test_the_old_records_are_there() -> None:
    assert [p.name for p in RECORDS] == ["all-sets-3p-1e7a779.record", "base-3p-1e7a779.record"]


#: records whose games the rulings since adopted do not change
REPLAYABLE = [p for p in RECORDS if p.name == "base-3p-1e7a779.record"]


def test_a_record_against_a_later_ruling_is_refused_with_its_reason() -> None:
    record = Record.load(DATA / "all-sets-3p-1e7a779.record")
    with pytest.raises(
        RulesChanged, match=r"rules 1; .*actions\[185\].*hidden in its Shell.*ruling 15"
    ):
        Match.from_record(record, "all-sets")


@pytest.mark.parametrize("path", REPLAYABLE, ids=[p.stem for p in REPLAYABLE])
def test_an_old_record_replays_to_its_scores(path: Path) -> None:
    record = Record.load(path)
    assert record.outcome is not None
    match = Match.from_record(record, str(path))
    assert match.over
    outcome = match.outcome()
    assert outcome is not None
    assert list(outcome.scores) == record.outcome["scores"]
    assert list(outcome.ranks) == record.outcome["ranks"]
    assert list(outcome.winners) == record.outcome["winners"]
    # the figures the record holds replay the same; figures added since come on top
    stats = outcome.to_json()["stats"]
    assert {k: stats[k] for k in record.outcome["stats"]} == record.outcome["stats"]
    assert {"seat_played", "seat_survived"} <= set(stats)
    assert match.version == len(record.actions)
    check_outcome(record, match, str(path))
