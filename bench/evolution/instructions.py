"""Instructions per random action of Evolution's engine, beside another revision: a measure
that the machine's load does not move, for changes smaller than the time benches' noise.

Run: ``.venv/bin/python -m bench.evolution.instructions [--compare REF] [--games N]
[--deck NAME ...] [--players N ...]``.

Each configuration (the four decks of ``bench.engine`` at 2 and 4 players unless narrowed)
plays ``--games`` random games (``bench.playout.play_games``: seeds 1..N, one
``random.Random(1)`` for the choices, as ``bench.engine`` does, this checkout's loop on each
tree's engine) in a fresh process under valgrind's cachegrind (no cache simulation,
``PYTHONHASHSEED=0``), once per tree; a run of the same program that plays no game gives
the start-up's count, taken off. The count is the same from one run to the next, so one run
per tree is enough, and a change of 0.5% shows. It is not a time: the same instructions
run slower when they miss the caches (a garbage collection walking the kept action tables
does), so the CPU-second benches (``bench.engine``) stay the measure of speed, and this one
says whether a change does less work. Needs valgrind on the PATH. Prints figures only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from bench import trees

DECKS = {
    "base": ["base"],
    "time_to_fly": ["base", "time_to_fly", "gift"],
    "continents": ["base", "continents"],
    "everything": ["base", "time_to_fly", "gift", "continents"],
}

#: argv: expansions (comma separated), players, games; prints the actions played as JSON.
PROBE = r"""
import json, sys
from bench.playout import game_of, play_games

options = {"players": int(sys.argv[2]), "expansions": sys.argv[1].split(",")}
print(json.dumps(play_games(game_of("evolution"), options, int(sys.argv[3])).actions))
"""


def count(tree: Path, deck: list[str], players: int, games: int) -> tuple[int, int]:
    """Instructions and actions of ``games`` random games in a fresh process of ``tree``."""
    path = os.pathsep.join([str(tree / "src"), str(trees.HERE)])
    env = {**os.environ, "PYTHONPATH": path, "PYTHONHASHSEED": "0"}
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", PROBE, ",".join(deck), str(players), str(games)],
        env=env, capture_output=True, text=True, check=False,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        raise SystemExit(f"{tree}: the probe failed:\n{done.stderr[-2000:]}")
    actions = json.loads(done.stdout.strip().splitlines()[-1])
    return int(found.group(1).replace(",", "")), int(actions)


def per_action(tree: Path, deck: list[str], players: int, games: int) -> tuple[float, int]:
    """Instructions per action once the start-up's are taken off, and the actions played."""
    start, _ = count(tree, deck, players, 0)
    total, actions = count(tree, deck, players, games)
    return (total - start) / actions, actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", default="main", help="revision or checkout (none: alone)")
    parser.add_argument("--games", type=int, default=10, help="games per configuration")
    parser.add_argument("--deck", nargs="+", choices=list(DECKS), default=list(DECKS))
    parser.add_argument("--players", nargs="+", type=int, choices=(2, 3, 4, 5, 6), default=[2, 4])
    args = parser.parse_args()
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on the PATH (Debian: apt-get install valgrind)")
    if args.compare.lower() == "none":
        report({"new": trees.HERE}, args)
        return
    with trees.checkout(args.compare) as other:
        report({"old": other, "new": trees.HERE}, args)


def report(sides: dict[str, Path], args: argparse.Namespace) -> None:
    """Print instructions per action per configuration, and new / old when compared."""
    print(f"instructions per random action, {args.games} games per configuration")
    print("; ".join(f"{name}: {trees.describe(tree)}" for name, tree in sides.items()))
    head = f"{'deck':<14}{'players':>8}" + "".join(f"{name:>12}" for name in sides)
    print(head + (f"{'new/old':>9}" if "old" in sides else "") + f"{'actions':>9}")
    for name, deck in DECKS.items():
        if name not in args.deck:
            continue
        for players in args.players:
            figures = {side: per_action(tree, deck, players, args.games)
                       for side, tree in sides.items()}
            line = f"{name:<14}{players:>8}" + "".join(
                f"{figures[side][0]:>12,.0f}".replace(",", " ") for side in sides)
            note = ""
            if "old" in sides:
                line += f"{trees.ratio(figures['new'][0], figures['old'][0]):>9}"
                if figures["old"][1] != figures["new"][1]:
                    note = " (the trees played different games)"
            print(line + f"{figures['new'][1]:>9}" + note)


if __name__ == "__main__":
    main()
