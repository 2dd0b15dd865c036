"""The hints bench: one deal each way, and its report of the pairs."""

from __future__ import annotations

from bench.hints import play_one, report


def test_a_deal_is_played_each_way_with_the_follower_timed() -> None:
    follower = play_one(("northstar", 2, 7, 1, True, 5))
    normal = play_one(("northstar", 2, 7, 1, False, 5))
    assert follower["share"] in (0.0, 0.5, 1.0) and normal["share"] in (0.0, 0.5, 1.0)
    assert follower["times"] and normal["times"] == []  # only hints are timed


def test_the_report_pairs_deals_and_counts_the_follower_better_same_or_worse() -> None:
    rows = [
        {"game": "darwin", "seed": 1, "hints": True, "share": 1.0, "times": [0.2, 0.4]},
        {"game": "darwin", "seed": 1, "hints": False, "share": 0.0, "times": []},
        {"game": "darwin", "seed": 2, "hints": True, "share": 0.5, "times": [0.3]},
        {"game": "darwin", "seed": 2, "hints": False, "share": 0.5, "times": []},
        {"game": "darwin", "seed": 3, "hints": True, "share": 0.0, "times": [0.1]},
        {"game": "darwin", "seed": 3, "hints": False, "share": 1.0, "times": []},
    ]
    first, deals, times = report("darwin", rows)
    assert first.startswith("darwin: hint-follower 50.0%") and "normal 50.0%" in first
    assert "over 3 deals" in first
    assert deals.strip() == "deals: follower better 1, same 1, worse 1"
    assert "mean 0.250" in times and "max 0.400" in times and "(4 hints searched)" in times
