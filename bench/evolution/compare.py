"""Engine speed of this tree against another checkout, side by side, in one run.

    git worktree add /tmp/base-1e7a779 1e7a779
    .venv/bin/python bench/evolution/compare.py /tmp/base-1e7a779 --rounds 8 --games 60

Each round runs the random-playout throughput of ``engine.py`` (its older place,
``bench/engine.py``, in older trees) once per tree, each in a fresh process with that tree's
``src`` first on the path, alternating which tree goes first. Time is the process's CPU time,
so other work on a shared machine slows neither side's figures much; each row prints the best
and the median over the rounds. Then the cost of one call of ``clone``, ``legal_actions`` and
``view`` on 400 mid-game states (best of 20 passes per round). Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import trees

HERE = Path(__file__).resolve().parents[2]
CONFIGS = (
    ["base"],
    ["base", "time_to_fly", "gift"],
    ["base", "continents"],
    ["base", "time_to_fly", "gift", "continents"],
)
#: run inside the tree measured: its own engine bench, timed in CPU seconds.
PROBE = """
import json, sys, time, types
import engine
engine.time = types.SimpleNamespace(perf_counter=time.process_time)
games = int(sys.argv[1])
rows = []
for expansions in json.loads(sys.argv[2]):
    for players in (2, 4):
        r = engine.throughput(players, expansions, games)
        rows.append(["+".join(expansions), players, r["actions_per_s"], r["actions_per_game"]])
states = engine.midgame_states(4, ["base"], 400)
game = engine.GAME
if hasattr(game.decision(states[0]), "seats"):  # the contract where a seat asks for its actions
    legal = lambda s: game.legal_actions(s, game.decision(s).seats[0])
else:
    legal = lambda s: game.legal_actions(s)
calls = [
    ["clone()", engine.per_call_us(lambda s: s.clone(), states, 20)],
    ["legal_actions()", engine.per_call_us(legal, states, 20)],
    ["view(seat 0)", engine.per_call_us(lambda s: game.view(s, 0), states, 20)],
]
print(json.dumps({"rows": rows, "calls": calls}))
"""


def bench_folder(tree: Path) -> str:
    """The folder of ``tree``'s Evolution engine bench, under ``bench/``."""
    for folder in ("evolution", ""):
        if (tree / "bench" / folder / "engine.py").is_file():
            return folder
    raise SystemExit(f"{tree}: no bench/evolution/engine.py or bench/engine.py")


def run(tree: Path, games: int) -> dict[str, list[list[object]]]:
    result: dict[str, list[list[object]]] = trees.probe(
        tree, PROBE, [str(games), json.dumps(CONFIGS)], bench=bench_folder(tree)
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("other", type=Path, help="the other checkout (a git worktree)")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--games", type=int, default=60, help="games per row and round")
    args = parser.parse_args()
    checkouts = {"other": args.other.resolve(), "this": HERE}
    figures: dict[str, list[dict[str, list[list[object]]]]] = {"other": [], "this": []}
    for round_ in range(args.rounds):
        order = ("other", "this") if round_ % 2 == 0 else ("this", "other")
        for side in order:
            figures[side].append(run(checkouts[side], args.games))
        print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)
    print(f"actions/s, CPU time, {args.rounds} rounds of {args.games} games per row")
    print(f"other: {checkouts['other']}")
    print(
        f"{'deck':<34}{'players':>8}{'other best':>12}{'median':>9}"
        f"{'this best':>11}{'median':>9}{'best this/other':>17}{'actions/game':>14}"
    )
    for i, row in enumerate(figures["this"][0]["rows"]):
        other = [float(str(r["rows"][i][2])) for r in figures["other"]]
        this = [float(str(r["rows"][i][2])) for r in figures["this"]]
        same = figures["other"][0]["rows"][i][3] == row[3]
        length = f"{float(str(row[3])):.1f}" + ("" if same else " (differs)")
        print(
            f"{row[0]!s:<34}{row[1]!s:>8}{max(other):>12.0f}{statistics.median(other):>9.0f}"
            f"{max(this):>11.0f}{statistics.median(this):>9.0f}"
            f"{max(this) / max(other):>17.3f}{length:>14}"
        )

    print()
    print(
        f"{'per call, 4 players, base, µs':<42}{'other best':>12}{'median':>9}"
        f"{'this best':>11}{'median':>9}"
    )
    for i, (name, _) in enumerate(figures["this"][0]["calls"]):
        other = [float(str(r["calls"][i][1])) for r in figures["other"]]
        this = [float(str(r["calls"][i][1])) for r in figures["this"]]
        print(
            f"{name!s:<42}{min(other):>12.1f}{statistics.median(other):>9.1f}"
            f"{min(this):>11.1f}{statistics.median(this):>9.1f}"
        )


if __name__ == "__main__":
    main()
