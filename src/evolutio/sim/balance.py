"""Balance figures of a batch of bot games (``evolutio stats``), each with a 95% interval.

- First-player advantage: the win rate of each seat in turn order.
- Game length: actions per game, and every ``mean`` figure the game declares
  (``GameInfo.tallies``), as means with normal-approximation intervals.
- For every ``count`` figure the game reports per seat (one list of names per seat, such as
  the traits each seat has in play at the end): for each name, how often a seat has it
  (its rate, a Wilson interval) and its win-rate uplift, the win rate of the seats that had
  it less that of the seats that did not (Newcombe's interval for a difference of two
  proportions, from the two Wilson intervals).
- Play rate and survival, for a game that reports the names each seat played (``seat_played``,
  once per play) and, of those plays, the ones still in play at the end (``seat_survived``):
  the ``seat_played`` figure's rate is its play rate (the share of seats that played the name
  at least once), with plays per game and its survival (plays still in play at the end out
  of all plays, a Wilson interval); ``seat_survived`` is read for that and not shown alone.

A shared first place counts as a share of a win, as in :mod:`evolutio.sim.stats`. The figures
describe the bots' play, not people's: an uplift says a name goes with winning in these
games, not that taking it makes a seat win.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from evolutio.core.game import JSON
from evolutio.sim.stats import (
    Rate,
    finished,
    game_labels,
    rates_by_seat,
    tallies_of,
    tally_values,
    wilson,
    win_share,
)

#: the version of the JSON dataset's layout, raised when a field changes meaning.
FORMAT = 1

#: the per-seat figures of the names played (once per play) and of those plays still in
#: play at the end, which give play rates and survival.
PLAYED = "seat_played"
SURVIVED = "seat_survived"


def mean_interval(values: Sequence[float], z: float = 1.96) -> JSON:
    """Mean, 95% interval (normal approximation), median and count of ``values``."""
    n = len(values)
    if not n:
        return {"n": 0, "mean": None, "ci95": None, "median": None}
    average = sum(values) / n
    spread = math.sqrt(sum((v - average) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    half = z * spread / math.sqrt(n)
    ordered = sorted(values)
    middle = n // 2
    median = ordered[middle] if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2
    return {
        "n": n,
        "mean": round(average, 3),
        "ci95": [round(average - half, 3), round(average + half, 3)],
        "median": round(median, 3),
    }


def uplift_interval(with_it: Rate, without: Rate) -> tuple[float, float, float]:
    """The difference of two win rates and its 95% interval (Newcombe's hybrid score)."""
    p1, p2 = with_it.rate, without.rate
    l1, u1 = with_it.interval
    l2, u2 = without.interval
    diff = p1 - p2
    low = diff - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    high = diff + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return diff, max(-1.0, low), min(1.0, high)


def seat_lists(row: JSON, name: str) -> list[list[str]] | None:
    """The row's per-seat lists of a ``count`` figure, or None when it holds one list a game."""
    value = row.get(name)
    seats = len(row.get("bots") or ())
    if not isinstance(value, list) or len(value) != seats:
        return None
    if not all(isinstance(v, list) for v in value):
        return None
    return [[str(item) for item in v] for v in value]


def feature_table(rows: Sequence[JSON], name: str, labels: dict[str, str]) -> list[JSON]:
    """Each name of the per-seat figure ``name``: its rate and win-rate uplift, largest
    uplift first; empty when the game reports the figure once per game."""
    seats = 0
    total_wins = 0.0
    having: Counter[str] = Counter()
    wins_having: dict[str, float] = defaultdict(float)
    copies: Counter[str] = Counter()
    for row in rows:
        lists = seat_lists(row, name)
        if lists is None:
            continue
        for seat, items in enumerate(lists):
            share = win_share(row, seat)
            seats += 1
            total_wins += share
            copies.update(items)
            for item in set(items):
                having[item] += 1
                wins_having[item] += share
    table = []
    for item, count in having.items():
        with_it = Rate(wins_having[item], count)
        without = Rate(total_wins - wins_having[item], seats - count)
        diff, low, high = uplift_interval(with_it, without)
        rate = Rate(count, seats)
        table.append(
            {
                "name": item,
                "label": labels.get(item, item),
                "seats": count,
                "rate": rate.to_json()["rate"],
                "rate_ci95": rate.to_json()["ci95"],
                "per_seat": round(copies[item] / seats, 4),
                "win_with": with_it.to_json(),
                "win_without": without.to_json(),
                "uplift": round(diff, 4),
                "uplift_ci95": [round(low, 4), round(high, 4)],
            }
        )
    table.sort(key=lambda entry: (-entry["uplift"], entry["name"]))
    return table


def add_survival(rows: Sequence[JSON], table: list[JSON]) -> None:
    """Add to each item of the ``seat_played`` table its plays, plays per game and survival:
    the share of its plays still in play at the end (``seat_survived``), a Wilson interval;
    survival is None where the rows do not say which plays survived."""
    games = 0
    plays: Counter[str] = Counter()
    survived: Counter[str] = Counter()
    told = False
    for row in rows:
        played = seat_lists(row, PLAYED)
        if played is None:
            continue
        games += 1
        plays.update(name for items in played for name in items)
        kept = seat_lists(row, SURVIVED)
        if kept is not None:
            told = True
            survived.update(name for items in kept for name in items)
    for item in table:
        name = item["name"]
        item["plays"] = plays[name]
        item["per_game"] = round(plays[name] / games, 4) if games else 0.0
        item["survived"] = survived[name] if told else None
        if told and plays[name]:
            low, high = wilson(survived[name], plays[name])
            item["survival"] = round(survived[name] / plays[name], 4)
            item["survival_ci95"] = [round(low, 4), round(high, 4)]
        else:
            item["survival"] = item["survival_ci95"] = None


def balance(rows: Sequence[JSON], meta: dict[str, Any] | None = None) -> JSON:
    """The balance dataset of a batch's rows (see the module's docstring), as JSON."""
    done = finished(rows)
    labels = game_labels(done)
    seats = rates_by_seat(done)
    length: JSON = {"actions": {"label": "Actions", **mean_interval(
        [float(r["actions"]) for r in done])}}
    features: JSON = {}
    for tally in tallies_of(done):
        if tally.kind == "mean":
            length[tally.name] = {"label": tally.text(), "labels": dict(tally.label),
                                  **mean_interval(tally_values(done, tally.name))}
            continue
        if tally.name == SURVIVED:  # read with PLAYED, for its survival
            continue
        table = feature_table(done, tally.name, labels)
        if tally.name == PLAYED:
            add_survival(done, table)
        if table:
            features[tally.name] = {"label": tally.text(), "labels": dict(tally.label),
                                    "items": table}
    return {
        "format": FORMAT,
        **(meta or {}),
        "games": len(rows),
        "finished": len(done),
        "errors": len(rows) - len(done),
        "seats": [
            {"seat": seat, **rate.to_json()} for seat, rate in enumerate(seats)
        ],
        "length": length,
        "features": features,
    }
