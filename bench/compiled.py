"""Random playouts per CPU second: the pure engine against the compiled build, in one run.

The compiled build (mypyc) was tried and not kept; it lives in commit 4ea98f9, whose
``scripts/test-compiled`` builds it into that checkout's ``.venv-compiled``
(docs/benchmarks.md, "Compiled build", has the figures and the commands). Run::

    .venv/bin/python bench/compiled.py --tree CHECKOUT [--rounds 4] [--games 60]
        --python CHECKOUT/.venv-compiled/bin/python [--compare main]

Each round runs one probe per side in a fresh process, alternating which side goes first
(``trees.rounds``): the pure side is the ``src`` of ``--tree`` (default: this checkout) with
this interpreter, the compiled side is the ``--python`` interpreter with nothing of a
checkout on its path. ``--compare REF`` adds a third side, the pure engine of another
revision (``trees.checkout``). Prints figures only; nothing asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import trees

#: the compiled build's interpreter, where commit 4ea98f9's scripts/test-compiled makes it.
COMPILED = trees.HERE / ".venv-compiled" / "bin" / "python"

#: (label, players, expansions) measured on each side.
CONFIGS = [
    ("base", 2, ["base"]),
    ("base", 4, ["base"]),
    ("everything", 2, ["base", "time_to_fly", "gift", "continents"]),
    ("everything", 4, ["base", "time_to_fly", "gift", "continents"]),
]

#: the probe: random games on every configuration (actions per CPU second and per game), the
#: cost of clone(), and whether the rules module it ran is compiled or Python source.
PROBE = """
import json, random, sys, time
import evolutio.games.evolution.rules as rules
from evolutio.core.registry import get_game
game = get_game("evolution")
configs, games = json.loads(sys.argv[1]), int(sys.argv[2])
out = {"compiled": not rules.__file__.endswith(".py"), "rows": []}
for label, players, expansions in configs:
    options = game.normalize_options({"players": players, "expansions": expansions})
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for index in range(games):
        state = game.new(options, 1 + index)
        while (now := game.decision(state)) is not None:
            seat = now.seats[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            actions += 1
    spent = time.process_time() - start
    out["rows"].append({"per_s": actions / spent, "per_game": actions / games})
# clone(), what a search bot pays per sample: mid-game states of four-player base games
options = game.normalize_options({"players": 4, "expansions": ["base"]})
rng, states, seed = random.Random(7), [], 0
while len(states) < 400:
    state = game.new(options, seed)
    seed += 1
    while (now := game.decision(state)) is not None:
        if rng.random() < 0.05:
            states.append(state.clone())
        seat = now.seats[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
start = time.process_time()
for _ in range(10):
    for state in states:
        state.clone()
out["clone_us"] = (time.process_time() - start) / (10 * len(states)) * 1e6
print(json.dumps(out))
"""


def run_compiled(python: Path, args: list[str]) -> Any:
    """The probe under the compiled venv's interpreter, from a folder outside this tree."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    with tempfile.TemporaryDirectory(prefix="evolutio-compiled-") as away:
        done = subprocess.run(
            [str(python), "-c", PROBE, *args],
            env=env,
            cwd=away,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise trees.TreeError(f"{python}: the probe failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4, help="rounds per side")
    parser.add_argument("--games", type=int, default=60, help="games per configuration")
    parser.add_argument("--python", type=Path, default=COMPILED, help="the compiled interpreter")
    parser.add_argument(
        "--tree", type=Path, default=trees.HERE, help="the pure side's checkout (default: this)"
    )
    parser.add_argument("--compare", default=None, help="also run the pure engine of REF")
    args = parser.parse_args()
    if not args.python.exists():
        raise SystemExit(
            f"{args.python} is missing: build the compiled install with commit 4ea98f9's "
            "scripts/test-compiled --build-only, and name its interpreter with --python"
        )
    probe_args = [json.dumps([list(c) for c in CONFIGS]), str(args.games)]
    with trees.checkout(args.compare or str(trees.HERE)) as other:
        sides: dict[str, Any] = {
            "pure": lambda: trees.probe(args.tree.resolve(), PROBE, probe_args),
            "compiled": lambda: run_compiled(args.python, probe_args),
        }
        if args.compare:
            sides[f"pure {args.compare}"] = lambda: trees.probe(other, PROBE, probe_args)
        results = trees.rounds({name: name for name in sides}, args.rounds, lambda n: sides[n]())
    if not all(r["compiled"] for r in results["compiled"]):
        raise SystemExit(f"{args.python} runs the pure engine: install the compiled build")
    names = list(sides)
    print(f"actions per CPU second, best and median of {args.rounds} rounds of {args.games} games")
    head = f"{'deck':<12}{'players':>8}"
    head += "".join(f"{name + ' best':>20}{'median':>10}" for name in names)
    print(head + f"{'compiled/pure':>15}{'actions/game':>14}")
    for index, (label, players, _) in enumerate(CONFIGS):
        line = f"{label:<12}{players:>8}"
        best: dict[str, float] = {}
        for name in names:
            values = [r["rows"][index]["per_s"] for r in results[name]]
            best[name], median = trees.best_and_median(values)
            line += f"{best[name]:>20.0f}{median:>10.0f}"
        lengths = {r["rows"][index]["per_game"] for name in names for r in results[name]}
        same = f"{lengths.pop():.1f}" if len(lengths) == 1 else "differ!"
        print(line + f"{trees.ratio(best['compiled'], best['pure']):>15}{same:>14}")
    fastest = {name: min(r["clone_us"] for r in results[name]) for name in names}
    line = f"{'clone() µs, 4 players, base, best':<40}"
    line += "".join(f"{name}: {fastest[name]:.1f}  " for name in names)
    print(line + trees.ratio(fastest["pure"], fastest["compiled"]))


if __name__ == "__main__":
    main()
