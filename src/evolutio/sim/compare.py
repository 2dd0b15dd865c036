"""Compare option sets: win rates per bot and game length side by side, one column per set.

The rows of several results files (or of one ``simulate --compare`` run, whose rows carry
their options) are grouped by their option set; each group is labelled by the options that
differ between the groups (``players=3``, ``NAME=a,b``). :func:`compare` gives the figures
as JSON, :func:`make_comparison` writes them as a Markdown table, two plots and, in a
subfolder per set, that set's own full report.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evolutio.core.game import JSON, OptionError
from evolutio.core.options import OptionSpec, find
from evolutio.core.registry import get_game
from evolutio.sim.stats import (
    Rate,
    finished,
    mean,
    rates_by_bot,
    scores_by_bot,
    tallies_of,
    tally_values,
)


@dataclass(frozen=True)
class OptionSet:
    """The rows played with one option set (from one source when several are compared)."""

    label: str
    options: JSON
    rows: list[JSON]
    source: str = ""


def _key(options: Any) -> str:
    return json.dumps(options, sort_keys=True, default=str)


def _format(game: str, name: str, value: Any) -> str:
    """An option's value as a person types it (the game's own format when it is installed)."""
    try:
        spec: OptionSpec | None = find(list(get_game(game).options_spec()), name)
    except OptionError:
        spec = None
    if spec is not None:
        return spec.format(value)
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return json.dumps(value) if isinstance(value, bool) else str(value)


def group_rows(sources: Sequence[tuple[str, Sequence[JSON]]]) -> list[OptionSet]:
    """The rows of each ``(source name, rows)`` pair split by option set, in order of first
    appearance; the same options from two sources stay apart only when more than one source
    is given. Labels name the options that differ; sets with equal options get the source."""
    groups: dict[tuple[str, str], list[JSON]] = {}
    options: dict[tuple[str, str], JSON] = {}
    several = len(sources) > 1
    for source, rows in sources:
        for row in rows:
            raw = row.get("options") if isinstance(row.get("options"), Mapping) else {}
            key = (source if several else "", _key(raw))
            groups.setdefault(key, []).append(row)
            options.setdefault(key, dict(raw or {}))
    names = list(dict.fromkeys(n for o in options.values() for n in o))
    differing = [n for n in names if len({_key(o.get(n)) for o in options.values()}) > 1]
    out: list[OptionSet] = []
    for key, rows in groups.items():
        game = str(next((r.get("game") for r in rows if r.get("game")), ""))
        opts = options[key]
        parts = [f"{n}={_format(game, n, opts[n])}" for n in differing if n in opts]
        label = " ".join(parts) or (key[0] if several else "all games")
        out.append(OptionSet(label, opts, rows, key[0]))
    labels = [s.label for s in out]
    return [
        OptionSet(f"{s.label} ({s.source})", s.options, s.rows, s.source)
        if labels.count(s.label) > 1 and s.source
        else s
        for s in out
    ]


def _rate(rate: Rate | None) -> JSON | None:
    return rate.to_json() if rate is not None else None


def compare(sets: Sequence[OptionSet]) -> JSON:
    """Per set: games, finished, mean actions, each declared ``mean`` figure (turns per
    game...), and per bot its win rate (with 95% interval) and mean score."""
    bots = sorted({b for s in sets for r in finished(s.rows) for b in r["bots"]})
    tallies = [t for t in tallies_of([r for s in sets for r in s.rows]) if t.kind == "mean"]
    out: list[JSON] = []
    for option_set in sets:
        done = finished(option_set.rows)
        rates = rates_by_bot(done)
        scores = scores_by_bot(done)
        figures = {}
        for tally in tallies:
            values = tally_values(done, tally.name)
            figures[tally.name] = round(mean(values), 3) if values else None
        out.append({
            "label": option_set.label,
            "options": option_set.options,
            "games": len(option_set.rows),
            "finished": len(done),
            "mean_actions": round(mean([float(r["actions"]) for r in done]), 3),
            "figures": figures,
            "bots": {
                bot: {"win_rate": _rate(rates.get(bot)),
                      "mean_score": round(mean(scores[bot]), 3) if bot in scores else None}
                for bot in bots
            },
        })
    return {
        "bots": bots,
        "figures": {t.name: t.text() for t in tallies},
        "sets": out,
    }


def comparison_lines(table: JSON) -> list[str]:
    """The comparison as a Markdown table: one row per figure, one column per option set."""
    sets: list[JSON] = table["sets"]
    lines = [
        "| | " + " | ".join(s["label"] for s in sets) + " |",
        "|---|" + "---|" * len(sets),
        "| games finished | " + " | ".join(f"{s['finished']}/{s['games']}" for s in sets) + " |",
    ]
    for bot in table["bots"]:
        cells = []
        for s in sets:
            rate = s["bots"][bot]["win_rate"]
            cells.append(
                f"{rate['rate']:.1%} ({rate['ci95'][0]:.1%} - {rate['ci95'][1]:.1%})"
                if rate else "-"
            )
        lines.append(f"| {bot} win rate | " + " | ".join(cells) + " |")
    for bot in table["bots"]:
        cells = [
            f"{s['bots'][bot]['mean_score']:.2f}" if s["bots"][bot]["mean_score"] is not None
            else "-"
            for s in sets
        ]
        lines.append(f"| {bot} mean score | " + " | ".join(cells) + " |")
    lines.append("| actions per game | " + " | ".join(f"{s['mean_actions']:.1f}" for s in sets)
                 + " |")
    for name, text in table["figures"].items():
        cells = [f"{s['figures'][name]:.2f}" if s["figures"][name] is not None else "-"
                 for s in sets]
        lines.append(f"| {text.lower()} per game | " + " | ".join(cells) + " |")
    return lines


def slug(label: str, index: int) -> str:
    """A folder name for an option set's own report."""
    text = re.sub(r"[^A-Za-z0-9]+", "_", label).strip("_").lower()[:60]
    return f"set{index + 1}_{text}" if text else f"set{index + 1}"


def make_comparison(sets: Sequence[OptionSet], out_dir: Path, source: str) -> list[Path]:
    """Write ``summary.md`` with the comparison table, ``compare_win_rate.png``,
    ``compare_length.png``, ``comparison.json`` and a full report per set in a subfolder."""
    from evolutio.sim.compare_plots import length_plot, win_rate_plot
    from evolutio.sim.report import make_report

    out_dir.mkdir(parents=True, exist_ok=True)
    table = compare(sets)
    written: list[Path] = []
    lines = [f"# Simulation report: {source}", "",
             f"{len(sets)} option sets compared, {sum(len(s.rows) for s in sets)} games.", ""]
    for option_set in sets:
        game = str(next((r.get("game") for r in option_set.rows if r.get("game")), ""))
        options = " ".join(f"{k}={_format(game, k, v)}" for k, v in option_set.options.items())
        lines.append(f"- **{option_set.label}**: {options or 'the defaults'}")
    lines += ["", "## Side by side", "", *comparison_lines(table), ""]
    if any(s["finished"] for s in table["sets"]):
        path = out_dir / "compare_win_rate.png"
        win_rate_plot(path, table)
        written.append(path)
        path = out_dir / "compare_length.png"
        length_plot(path, sets)
        written.append(path)
        lines += ["![win rate by bot and option set](compare_win_rate.png)", "",
                  "![game length by option set](compare_length.png)", ""]
    lines += ["## Each option set", ""]
    for index, option_set in enumerate(sets):
        folder = out_dir / slug(option_set.label, index)
        written += make_report(option_set.rows, folder, f"{source}: {option_set.label}")
        lines.append(f"- [{option_set.label}]({folder.name}/summary.md)")
    data_path = out_dir / "comparison.json"
    data_path.write_text(json.dumps(table, indent=1) + "\n", encoding="utf-8")
    written.append(data_path)
    summary_path = out_dir / "summary.md"
    summary_path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    written.append(summary_path)
    return written
