"""The pure engines against the compiled build (``EVOLUTIO_COMPILE=1``), in one run.

``scripts/test-compiled --build-only`` builds this checkout into ``.venv-compiled``
(README.md, "Compiled build"). Run::

    .venv/bin/python bench/compiled.py [--rounds 4] [--games 60] [--compare 51c7a58]
        [--positions 12] [--python .venv-compiled/bin/python] [--tree CHECKOUT]

Each round runs one probe per side in a fresh process, alternating which side goes first
(``trees.rounds``): the pure side is the ``src`` of ``--tree`` (default: this checkout) with
this interpreter, the compiled side is the ``--python`` interpreter with nothing of a
checkout on its path. ``--compare REF`` adds a third side, the pure engines of another
revision (``trees.checkout``). The probe times, in CPU seconds (``time.process_time``: the
machine may be shared), random playouts of Evolution's eight configurations of
bench/engine.py (four decks, 2 and 4 players) and of North Star and Darwin's Choice, the cost
of ``clone()``, and ISMCTS iterations per CPU second (``ismcts:100`` deciding positions taken
from greedy games, as ``bench/bots.py --speed`` does). Every side plays the same games (the
``actions/game`` column says so). Prints figures only; nothing asserts a time.

``--same N`` instead plays N games of every game, player count and deck with random, greedy
and ``ismcts:15`` seats on both sides, hashes every action, event, outcome and final view,
and says whether the compiled build played exactly what the pure one did.
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

#: the compiled build's interpreter, where scripts/test-compiled makes it.
COMPILED = trees.HERE / ".venv-compiled" / "bin" / "python"

EVERYTHING = ["base", "time_to_fly", "gift", "continents"]
#: (label, game, players, expansions) of the random playouts; expansions None: the game's own.
ROWS: list[tuple[str, str, int, list[str] | None]] = [
    (label, "evolution", players, deck)
    for label, deck in (
        ("base", ["base"]),
        ("+time to fly, gift", ["base", "time_to_fly", "gift"]),
        ("+continents", ["base", "continents"]),
        ("everything", EVERYTHING),
    )
    for players in (2, 4)
]
ROWS += [("north star", "northstar", players, None) for players in (2, 4)]
ROWS += [("darwin's choice", "darwin", players, None) for players in (2, 4)]
#: (label, game, players, expansions) of the search rows.
SEARCH: list[tuple[str, str, int, list[str] | None]] = [
    ("evolution base", "evolution", 2, ["base"]),
    ("evolution base", "evolution", 4, ["base"]),
    ("evolution everything", "evolution", 2, EVERYTHING),
    ("evolution everything", "evolution", 4, EVERYTHING),
    ("north star", "northstar", 2, None),
    ("darwin's choice", "darwin", 2, None),
]

#: the probe (argv: rows, search rows, games, positions); prints one JSON document.
PROBE = r"""
import json, random, sys, time
import evolutio.games.evolution.rules as rules
from evolutio.bots import InformationSet, make_bot
from evolutio.core.registry import get_game
rows, search, games, positions = (json.loads(sys.argv[1]), json.loads(sys.argv[2]),
                                  int(sys.argv[3]), int(sys.argv[4]))
out = {"compiled": not rules.__file__.endswith(".py"), "rows": [], "search": []}


def options_of(game, players, expansions):
    given = {"players": players}
    if expansions is not None:
        given["expansions"] = expansions
    return game.normalize_options(given)


for _, name, players, expansions in rows:
    game = get_game(name)
    options = options_of(game, players, expansions)
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

# clone(), what a search pays per sample: mid-game states of four-player base games
game = get_game("evolution")
options = options_of(game, 4, ["base"])
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

# ISMCTS iterations per CPU second on positions with a real choice from greedy games
for _, name, players, expansions in search:
    game = get_game(name)
    options = options_of(game, players, expansions)
    rng = random.Random(5)
    found = []
    while len(found) < positions:
        state = game.new(options, rng.randrange(10**6))
        bots = [make_bot("greedy", s, game) for s in range(players)]
        while (decision := game.decision(state)) is not None and len(found) < positions:
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1 and rng.random() < 0.08:
                found.append(state.clone())
            game.apply(state, seat, bots[seat].choose(game.view(state, seat), legal, decision))
    spent, iterations = 0.0, 0
    for index, state in enumerate(found):
        bot = make_bot("ismcts:100", index, game)
        decision = game.decision(state)
        seat = decision.seats[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        info = InformationSet.of(game, state, seat, 1)
        tick = time.process_time()
        bot.choose(view, legal, decision, info)
        spent += time.process_time() - tick
        iterations += int(getattr(bot, "last_iterations", 0))
    out["search"].append({"per_s": iterations / spent if spent else 0.0,
                          "ms": 1000 * spent / len(found)})
print(json.dumps(out))
"""

#: the --same probe (argv: games per row); prints one JSON document with the digest.
SAME = r"""
import hashlib, json, random, sys
from evolutio.bots import InformationSet, make_bot
from evolutio.core.registry import get_game
decks = (["base"], ["base", "time_to_fly", "gift"], ["base", "continents"],
         ["base", "time_to_fly", "gift", "continents"])
rows = [("evolution", p, d) for p in (2, 3, 4, 5) for d in decks]
rows += [("northstar", p, None) for p in (2, 3, 4, 5)] + [("darwin", p, None) for p in range(2, 7)]
digest, games = hashlib.sha256(), 0
for name, players, deck in rows:
    game = get_game(name)
    given = {"players": players}
    if deck:
        given["expansions"] = deck
    options = game.normalize_options(given)
    for seed in range(int(sys.argv[1])):
        state, rng = game.new(options, seed), random.Random(seed)
        spec = ("random", "greedy", "ismcts:15")[seed % 3]
        bots = [make_bot(spec, s, game) for s in range(players)]
        while (decision := game.decision(state)) is not None:
            seat = decision.seats[0]
            legal = game.legal_actions(state, seat)
            if spec == "random":
                action = rng.choice(legal)
            else:
                info = InformationSet.of(game, state, seat, seed)
                action = bots[seat].choose(game.view(state, seat), legal, decision, info)
            events = game.apply(state, seat, action)
            digest.update(json.dumps([action.to_json(), [e.to_json() for e in events]],
                                     sort_keys=True).encode())
        for last in (game.outcome(state).to_json(), game.view(state, 0)):
            digest.update(json.dumps(last, sort_keys=True, default=str).encode())
        games += 1
print(json.dumps({"digest": digest.hexdigest(), "games": games}))
"""


def same(python: Path, tree: Path, games: int) -> None:
    """Play the same games on both sides and compare what they did; exit 1 if they differ."""
    pure = trees.probe(tree, SAME, [str(games)])
    compiled = run_compiled(python, [str(games)], SAME)
    print(f"pure     {pure['digest']}  ({pure['games']} games)")
    print(f"compiled {compiled['digest']}  ({compiled['games']} games)")
    if pure != compiled:
        raise SystemExit("the compiled build played differently")
    print("the same games, action for action")


def run_compiled(python: Path, args: list[str], code: str = PROBE) -> Any:
    """A probe under the compiled venv's interpreter, from a folder outside this tree."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    with tempfile.TemporaryDirectory(prefix="evolutio-compiled-") as away:
        done = subprocess.run(
            [str(python), "-c", code, *args],
            env=env,
            cwd=away,
            capture_output=True,
            text=True,
            check=False,
        )
    if done.returncode != 0:
        raise trees.TreeError(f"{python}: the probe failed:\n{done.stderr}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def table(
    title: str, rows: list[tuple[str, str, int, list[str] | None]], key: str,
    results: dict[str, list[Any]], column: str,
) -> None:
    """One table: best and median per side, compiled / pure of both, and per-game lengths."""
    names = list(results)
    print(f"\n{title}")
    head = f"{'':<24}{'pl':>3}" + "".join(f"{n + ' best':>22}{'median':>10}" for n in names)
    ratios = "".join(f"{'c/' + n.removeprefix('pure ') + ' ' + k:>16}" for n in names[2:]
                     for k in ("best", "med"))
    print(head + f"{'c/pure best':>13}{'median':>8}" + ratios + f"{column:>14}")
    for index, (label, _, players, _) in enumerate(rows):
        line = f"{label:<24}{players:>3}"
        best: dict[str, float] = {}
        median: dict[str, float] = {}
        for name in names:
            values = [r[key][index]["per_s"] for r in results[name]]
            best[name], median[name] = trees.best_and_median(values)
            line += f"{best[name]:>22.0f}{median[name]:>10.0f}"
        line += f"{trees.ratio(best['compiled'], best['pure']):>13}"
        line += f"{trees.ratio(median['compiled'], median['pure']):>8}"
        for name in names[2:]:
            line += f"{trees.ratio(best['compiled'], best[name]):>16}"
            line += f"{trees.ratio(median['compiled'], median[name]):>16}"
        if key == "rows":
            lengths = {round(r[key][index]["per_game"], 3) for n in names for r in results[n]}
            line += f"{lengths.pop():>14.1f}" if len(lengths) == 1 else f"{'differ!':>14}"
        else:
            cost = min(r[key][index]["ms"] for r in results["compiled"])
            line += f"{cost:>14.1f}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=4, help="rounds per side")
    parser.add_argument("--games", type=int, default=60, help="games per playout row")
    parser.add_argument("--positions", type=int, default=12, help="positions per search row")
    parser.add_argument("--python", type=Path, default=COMPILED, help="the compiled interpreter")
    parser.add_argument(
        "--tree", type=Path, default=trees.HERE, help="the pure side's checkout (default: this)"
    )
    parser.add_argument("--compare", default=None, help="also run the pure engines of REF")
    parser.add_argument(
        "--same", type=int, default=0, metavar="N", help="only check that both play alike"
    )
    args = parser.parse_args()
    args.python = args.python.absolute()
    if not args.python.exists():
        raise SystemExit(
            f"{args.python} is missing: build the compiled install with "
            "scripts/test-compiled --build-only, or name its interpreter with --python"
        )
    if args.same:
        same(args.python, args.tree.resolve(), args.same)
        return
    probe_args = [json.dumps(ROWS), json.dumps(SEARCH), str(args.games), str(args.positions)]
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
    print(f"pure: {trees.describe(args.tree.resolve())}; load average "
          f"{' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    table(
        f"random playouts: actions per CPU second, best and median of {args.rounds} rounds of "
        f"{args.games} games",
        ROWS, "rows", results, "actions/game",
    )
    table(
        f"ISMCTS (ismcts:100): iterations per CPU second on {args.positions} positions, "
        f"best and median of {args.rounds} rounds",
        SEARCH, "search", results, "ms/decision",
    )
    fastest = {name: min(r["clone_us"] for r in results[name]) for name in results}
    line = f"\n{'clone() µs, 4 players, base, best':<40}"
    line += "".join(f"{name}: {fastest[name]:.2f}  " for name in results)
    print(line + "pure/compiled " + trees.ratio(fastest["pure"], fastest["compiled"]))


if __name__ == "__main__":
    main()
