"""``evolutio stats`` and its figures: intervals, uplifts, the JSON dataset and the plots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import evolutio.cli.stats  # noqa: F401  (registers the command)
from evolutio.cli.app import app
from evolutio.sim.balance import (
    add_survival,
    balance,
    feature_table,
    mean_interval,
    uplift_interval,
)
from evolutio.sim.stats import Rate, wilson

runner = CliRunner()

#: the per-seat figure each game reports (toy has none).
FEATURES = {"evolution": "survivor_traits", "northstar": "seat_traits", "darwin": "seat_parts"}


def row(winners: list[int], lists: list[list[str]], actions: int = 10) -> dict[str, object]:
    return {"game": "toy", "bots": ["random"] * len(lists), "winners": winners,
            "scores": [0] * len(lists), "actions": actions, "error": None, "things": lists}


def test_uplift_is_the_win_rate_with_a_name_less_without_it() -> None:
    rows = [row([0], [["a", "a"], ["b"]]), row([1], [["b"], ["a"]]), row([0, 1], [["a"], []])]
    table = {entry["name"]: entry for entry in feature_table(rows, "things", {"a": "A"})}
    a = table["a"]
    # seats with a won 1 + 1 + 0.5 of 3 (a tie shares the win); the others 0 + 0 + 0.5 of 3
    assert a["seats"] == 3 and a["label"] == "A"
    assert a["win_with"]["rate"] == round(2.5 / 3, 4)
    assert a["win_without"]["rate"] == round(0.5 / 3, 4)
    assert a["uplift"] == round(2 / 3, 4) and a["uplift_ci95"][0] < a["uplift"]
    assert a["per_seat"] == round(4 / 6, 4)  # a seat holding two counts both copies
    b = table["b"]  # the two seats with b won none; the four without won 3 of 4
    assert b["uplift"] == -0.75 and b["rate"] == round(2 / 6, 4) and b["label"] == "b"
    assert [entry["name"] for entry in feature_table(rows, "things", {})] == ["a", "b"]


def played(winners: list[int], plays: list[list[str]], kept: list[list[str]]
           ) -> dict[str, object]:
    return {"game": "evolution", "bots": ["random"] * len(plays), "winners": winners,
            "scores": [0] * len(plays), "actions": 10, "error": None,
            "seat_played": plays, "seat_survived": kept}


def test_play_rate_and_survival_count_seats_plays_and_plays_kept() -> None:
    rows = [played([0], [["a", "a", "b"], []], [["a"], []]),
            played([1], [["b"], ["a"]], [["b"], ["a"]]),
            played([0], [[], ["a", "a", "a"]], [[], []])]
    table = {entry["name"]: entry for entry in feature_table(rows, "seat_played", {})}
    add_survival(rows, list(table.values()))
    a = table["a"]
    # a: played by 3 of 6 seats, 6 plays in 3 games, 2 of them still in play at the end
    assert (a["seats"], a["rate"], a["plays"], a["per_game"]) == (3, 0.5, 6, 2.0)
    assert (a["survived"], a["survival"]) == (2, round(2 / 6, 4))
    assert a["survival_ci95"] == [round(x, 4) for x in wilson(2, 6)]
    # the seats that played a won 2 of 3, the others 1 of 3
    assert a["per_seat"] == 1.0 and a["uplift"] == round(2 / 3 - 1 / 3, 4)
    b = table["b"]  # two seats played b once each; the second kept it
    assert (b["seats"], b["plays"], b["per_game"], b["survived"], b["survival"]) == (
        2, 2, round(2 / 3, 4), 1, 0.5)
    assert b["survival_ci95"] == [round(x, 4) for x in wilson(1, 2)]


def test_the_dataset_shows_names_played_with_survival_and_not_the_survivors_alone() -> None:
    rows = [played([0], [["a"], ["b"]], [["a"], []])]
    features = balance(rows)["features"]
    # Evolution declares both figures: the plays kept are read into the survival of the
    # names played, not shown as a figure of their own
    assert list(features) == ["seat_played"]
    assert [(i["name"], i["survival"]) for i in features["seat_played"]["items"]] == [
        ("a", 1.0), ("b", 0.0)]
    without = [dict(r, seat_survived=None) for r in rows]
    table = feature_table(without, "seat_played", {})
    add_survival(without, table)
    assert {(i["name"], i["plays"], i["survived"], i["survival"]) for i in table} == {
        ("a", 1, None, None), ("b", 1, None, None)}


def test_intervals_hold_the_estimate_and_narrow_with_more_games() -> None:
    diff, low, high = uplift_interval(Rate(70, 100), Rate(30, 100))
    assert diff == pytest.approx(0.4) and 0 < low < diff < high
    _, wide_low, wide_high = uplift_interval(Rate(7, 10), Rate(3, 10))
    assert wide_high - wide_low > high - low
    figure = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert figure["mean"] == 2.5 and figure["median"] == 2.5
    assert figure["ci95"][0] < 2.5 < figure["ci95"][1]
    assert mean_interval([])["mean"] is None


def test_first_player_advantage_is_the_win_rate_by_seat() -> None:
    rows = [row([0], [[], []]) for _ in range(3)] + [row([1], [[], []])]
    data = balance(rows)
    assert [s["rate"] for s in data["seats"]] == [0.75, 0.25]
    assert data["seats"][0]["ci95"][0] < 0.75 < data["seats"][0]["ci95"][1]
    assert data["length"]["actions"]["mean"] == 10


@pytest.mark.parametrize("game", ["toy", "evolution", "northstar", "darwin"])
def test_a_short_run_writes_the_dataset_with_intervals_and_the_plots(
    game: str, tmp_path: Path
) -> None:
    out = tmp_path / game
    result = runner.invoke(
        app, ["stats", "--game", game, "--games", "6", "--workers", "1", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    assert "Win rate by seat" in result.output
    data = json.loads((out / "stats.json").read_text())
    assert data["game"] == game and data["games"] == 6 and data["finished"] == 6
    for seat in data["seats"]:
        assert seat["ci95"][0] <= seat["rate"] <= seat["ci95"][1]
    assert sum(seat["wins"] for seat in data["seats"]) == pytest.approx(6)
    actions = data["length"]["actions"]
    assert actions["ci95"][0] <= actions["mean"] <= actions["ci95"][1]
    plots = ["seats.png", "length.png"]
    if game in FEATURES:
        items = data["features"][FEATURES[game]]["items"]
        assert items
        for item in items:
            assert item["uplift_ci95"][0] <= item["uplift"] <= item["uplift_ci95"][1]
            assert item["rate_ci95"][0] <= item["rate"] <= item["rate_ci95"][1]
        plots.append(f"uplift-{FEATURES[game]}.png")
        for item in data["features"]["seat_played"]["items"]:
            assert item["rate_ci95"][0] <= item["rate"] <= item["rate_ci95"][1]
            assert item["plays"] > 0 and 0 <= item["survived"] <= item["plays"]
            assert item["survival_ci95"][0] <= item["survival"] <= item["survival_ci95"][1]
            assert item["per_game"] == round(item["plays"] / 6, 4)
        assert "seat_survived" not in data["features"]
        assert "play rate, survival" in result.output
        plots += ["uplift-seat_played.png", "played-seat_played.png"]
    for name in plots:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_bad_plot_format_is_refused(tmp_path: Path) -> None:
    result = runner.invoke(app, ["stats", "--game", "toy", "--plots", "gif",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--plots" in result.output
