"""Results files (JSONL or CSV) and the statistics drawn from them.

A result row is one game (see :func:`evolutio.sim.runner.play_game`). Win rates count a
shared first place as a share (two tied winners get half a win each), so the win rates of a
table add up to one. Intervals are Wilson score intervals at 95%.
"""

from __future__ import annotations

import csv
import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evolutio.core.game import JSON, OptionError, Tally
from evolutio.core.registry import get_game

#: the columns every results file has, in order; list and object cells hold JSON text. The
#: game's declared figures (``GameInfo.tallies``) follow as columns named after them, their
#: cells JSON text too (so old files, whose ``turns`` column holds plain numbers, still read).
COLUMNS = (
    "index",
    "game",
    "seed",
    "players",
    "bots",
    "scores",
    "ranks",
    "winners",
    "actions",
    "decisions",
    "think_seconds",
    "iterations",
    "seconds",
    "error",
    "options",
    "fallbacks",
    "fallback_reason",
)
_JSON_COLUMNS = {
    "bots",
    "scores",
    "ranks",
    "winners",
    "decisions",
    "think_seconds",
    "iterations",
    "options",
    "fallbacks",
}
_INT_COLUMNS = {"index", "seed", "players", "actions"}
FORMATS = (".jsonl", ".csv")


class ResultsError(ValueError):
    """A results file that cannot be read or written; the message says where and why."""


def results_format(path: Path) -> str:
    """``.jsonl`` or ``.csv`` from the file name; other extensions are refused."""
    suffix = path.suffix.lower()
    if suffix not in FORMATS:
        raise ResultsError(
            f"{path}: unknown results format '{suffix or '(none)'}'; use a name ending in "
            f"{' or '.join(FORMATS)}"
        )
    return suffix


class ResultsWriter:
    """Appends rows to a JSONL or CSV results file as games finish.

    A CSV file's columns are :data:`COLUMNS` and then the first row's other keys (the game's
    tallies), in its order."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.format = results_format(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self._file = path.open("w", encoding="utf-8", newline="")
        self._csv: Any = None
        self._columns: tuple[str, ...] = ()

    def write(self, row: JSON) -> None:
        if self.format == ".csv":
            if self._csv is None:
                self._columns = (*COLUMNS, *(key for key in row if key not in COLUMNS))
                self._csv = csv.DictWriter(
                    self._file, fieldnames=self._columns, extrasaction="ignore"
                )
                self._csv.writeheader()
            self._csv.writerow({key: _csv_cell(key, row.get(key)) for key in self._columns})
        else:
            self._file.write(json.dumps(row, separators=(",", ":")) + "\n")
        # each finished game is on disk at once: a run stopped or crashed keeps its rows
        self._file.flush()

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> ResultsWriter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _csv_cell(key: str, value: Any) -> Any:
    if key in _JSON_COLUMNS or key not in COLUMNS:
        return json.dumps(value)
    return "" if value is None else value


def _read_cell(key: str, cell: str) -> Any:
    """A CSV cell in its JSON type; ``ValueError`` when a known column holds a bad value."""
    if key in _JSON_COLUMNS:
        return json.loads(cell) if cell else None
    if key in _INT_COLUMNS:
        return int(cell) if cell else None
    if key == "seconds":
        return float(cell) if cell else None
    if key in COLUMNS:
        return cell or None
    if not cell:
        return None
    try:  # a tally: JSON text (old files: a plain number, or text)
        return json.loads(cell)
    except ValueError:
        return cell


def write_results(path: Path, rows: Iterable[JSON]) -> None:
    with ResultsWriter(path) as writer:
        for row in rows:
            writer.write(row)


def read_results(path: Path) -> list[JSON]:
    """Rows of a JSONL or CSV results file; malformed files raise ``ResultsError``."""
    fmt = results_format(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ResultsError(f"{path}: cannot read: {exc.strerror or exc}") from None
    rows: list[JSON] = []
    if fmt == ".jsonl":
        for number, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ResultsError(f"{path}: line {number}: not valid JSON ({exc.msg})") from None
            rows.append(_checked(row, f"{path}: line {number}"))
    else:
        reader = csv.DictReader(text.splitlines())
        missing = [c for c in ("bots", "winners", "scores") if c not in (reader.fieldnames or [])]
        if missing:
            raise ResultsError(f"{path}: not a results file (missing columns {', '.join(missing)})")
        for number, raw in enumerate(reader, 2):
            row = {}
            for key, cell in raw.items():
                if key is None:
                    continue
                try:
                    row[key] = _read_cell(key, cell)
                except ValueError:
                    raise ResultsError(
                        f"{path}: line {number}: bad value in column {key}"
                    ) from None
            rows.append(_checked(row, f"{path}: line {number}"))
    if not rows:
        raise ResultsError(f"{path}: no games in the file")
    return rows


def _checked(row: Any, where: str) -> JSON:
    if not isinstance(row, dict):
        raise ResultsError(f"{where}: expected an object per game")
    bots = row.get("bots")
    if not isinstance(bots, list) or not bots or not all(isinstance(b, str) for b in bots):
        raise ResultsError(f"{where}: 'bots' must be a list of bot names")
    if row.get("error") is None:
        for key in ("scores", "winners"):
            value = row.get(key)
            if not isinstance(value, list) or not all(isinstance(v, int) for v in value):
                raise ResultsError(f"{where}: '{key}' must be a list of integers")
    return row


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True, slots=True)
class Rate:
    """Wins (shares of first place) out of games, with its 95% interval."""

    wins: float
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def to_json(self) -> JSON:
        low, high = self.interval
        return {
            "wins": round(self.wins, 3),
            "games": self.games,
            "rate": round(self.rate, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.rate:.1%} [{low:.1%}, {high:.1%}]"


def finished(rows: Iterable[JSON]) -> list[JSON]:
    """The rows of games that ended without an error."""
    return [r for r in rows if r.get("error") is None and r.get("winners") is not None]


def win_share(row: JSON, seat: int) -> float:
    winners = row["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def rates_by_seat(rows: Sequence[JSON]) -> list[Rate]:
    seats = max((len(r["bots"]) for r in rows), default=0)
    wins = [0.0] * seats
    games = [0] * seats
    for row in rows:
        for seat in range(len(row["bots"])):
            wins[seat] += win_share(row, seat)
            games[seat] += 1
    return [Rate(w, g) for w, g in zip(wins, games, strict=True)]


def rates_by_bot(rows: Sequence[JSON]) -> dict[str, Rate]:
    """Win rate per bot over every seat it held (a bot twice at a table counts twice)."""
    wins: dict[str, float] = defaultdict(float)
    games: Counter[str] = Counter()
    for row in rows:
        for seat, bot in enumerate(row["bots"]):
            wins[bot] += win_share(row, seat)
            games[bot] += 1
    return {bot: Rate(wins[bot], games[bot]) for bot in sorted(games)}


def scores_by_bot(rows: Sequence[JSON]) -> dict[str, list[int]]:
    out: dict[str, list[int]] = defaultdict(list)
    for row in rows:
        for seat, bot in enumerate(row["bots"]):
            out[bot].append(int(row["scores"][seat]))
    return dict(sorted(out.items()))


def tallies_of(rows: Sequence[JSON]) -> list[Tally]:
    """The figures the rows' games declare (``GameInfo.tallies``), each once, for the
    columns the rows hold; rows of a game that is not installed add none."""
    found: dict[str, Tally] = {}
    for name in dict.fromkeys(str(r.get("game")) for r in rows if r.get("game")):
        try:
            game = get_game(name)
        except OptionError:
            continue
        for tally in game.info.tallies:
            if tally.name not in found and any(tally.name in r for r in rows):
                found[tally.name] = tally
    return list(found.values())


def game_labels(rows: Sequence[JSON], language: str = "en") -> dict[str, str]:
    """Display names of the rows' game (to show a ``count`` tally's names), empty when it is
    not installed."""
    name = next((str(r["game"]) for r in rows if r.get("game")), None)
    try:
        return get_game(name).labels(language) if name else {}
    except OptionError:
        return {}


def tally_values(rows: Sequence[JSON], name: str) -> list[float]:
    """A ``mean`` tally's number in every row that has one."""
    values = []
    for row in rows:
        value = row.get(name)
        if isinstance(value, int | float) and not isinstance(value, bool):
            values.append(float(value))
    return values


@dataclass(frozen=True, slots=True)
class Counted:
    """A ``count`` tally summed up: how often each name came up, per seat or per game.

    ``per_seat`` is true when the game reports one list per seat (the counts are then per
    seat and per winning seat), false when it reports one list per game."""

    everyone: Counter[str]
    winners: Counter[str]
    units: int
    winner_units: int
    per_seat: bool

    def top(self, count: int) -> list[tuple[str, float, float]]:
        """``(name, mean per unit, mean per winning seat)``, most common first."""
        return [
            (
                name,
                n / self.units if self.units else 0.0,
                self.winners[name] / self.winner_units if self.winner_units else 0.0,
            )
            for name, n in self.everyone.most_common(count)
        ]


def tally_counts(rows: Sequence[JSON], name: str) -> Counted:
    """Count a ``count`` tally: over every seat and over winners when each row holds one list
    per seat, over games when it holds one list."""
    everyone: Counter[str] = Counter()
    winners: Counter[str] = Counter()
    units = winner_units = 0
    per_seat = False
    for row in rows:
        value = row.get(name)
        if not isinstance(value, list):
            continue
        if value and all(isinstance(v, list) for v in value):
            per_seat = True
            for seat, seat_values in enumerate(value):
                names = [str(v) for v in seat_values]
                everyone.update(names)
                units += 1
                if seat in (row.get("winners") or ()):
                    winners.update(names)
                    winner_units += 1
        else:
            everyone.update(str(v) for v in value)
            units += 1
    return Counted(everyone, winners, units, winner_units, per_seat)


def summarize_tallies(rows: Sequence[JSON], top: int = 10) -> JSON:
    """Every declared figure of finished games: the mean of each ``mean`` tally, the most
    common names of each ``count`` tally."""
    out: JSON = {}
    for tally in tallies_of(rows):
        entry: JSON = {"kind": tally.kind, "label": tally.text()}
        if tally.kind == "mean":
            values = tally_values(rows, tally.name)
            entry["games"] = len(values)
            entry["mean"] = round(mean(values), 3) if values else None
        else:
            counted = tally_counts(rows, tally.name)
            entry["per"] = "seat" if counted.per_seat else "game"
            entry["top"] = [[n, round(a, 4), round(w, 4)] for n, a, w in counted.top(top)]
        out[tally.name] = entry
    return out


def summarize(rows: Sequence[JSON]) -> JSON:
    """The headline figures of a batch, as JSON (printed by ``simulate``, saved beside it)."""
    done = finished(rows)
    errors = [r for r in rows if r.get("error") is not None or r.get("winners") is None]
    seat_scores: dict[int, list[int]] = defaultdict(list)
    for row in done:
        for seat, score in enumerate(row["scores"]):
            seat_scores[seat].append(int(score))
    think = [t for r in done for t in r.get("think_seconds") or []]
    decisions = [d for r in done for d in r.get("decisions") or []]
    return {
        "games": len(rows),
        "finished": len(done),
        "errors": len(errors),
        "first_error": errors[0].get("error") if errors else None,
        "win_rate_by_seat": [rate.to_json() for rate in rates_by_seat(done)],
        "win_rate_by_bot": {bot: rate.to_json() for bot, rate in rates_by_bot(done).items()},
        "mean_score_by_seat": [round(mean(seat_scores[s]), 3) for s in sorted(seat_scores)],
        "mean_score": round(mean([s for v in seat_scores.values() for s in v]), 3),
        "mean_actions": round(mean([float(r["actions"]) for r in done]), 3),
        "mean_decision_ms": round(1000 * sum(think) / sum(decisions), 4)
        if decisions and sum(decisions)
        else None,
        "tallies": summarize_tallies(done),
        "fallbacks": sum(sum(r.get("fallbacks") or []) for r in rows),
        "first_fallback": next(
            (r["fallback_reason"] for r in rows if r.get("fallback_reason")), None),
    }
