"""The pure engines against the compiled build (``EVOLUTIO_COMPILE=1``), in one run.

``scripts/test-compiled --build-only`` builds this checkout into ``.venv-compiled``
(README.md, "Compiled build"). Run::

    .venv/bin/python -m bench.compiled [--rounds 4] [--games 60] [--compare main]
        [--positions 12] [--python .venv-compiled/bin/python] [--tree CHECKOUT]

Each round runs one probe per side in a fresh process, alternating which side goes first
(``trees.rounds``): the pure side is the ``src`` of ``--tree`` (default: this checkout) with
this interpreter, the compiled side is the ``--python`` interpreter with nothing of a
checkout's engine on its path (only this checkout's bench code). ``--compare REF`` adds a
third side, the pure engines of another revision (``trees.checkout``). The probe
(``bench.playout`` on each side's engine) times, in CPU seconds (``time.process_time``: the
machine may be shared), random playouts of Evolution's eight configurations of
``bench.engine`` (four decks, 2 and 4 players) and of North Star and Darwin's Choice, the
cost of ``clone()``, and ISMCTS iterations per CPU second (``ismcts:100`` deciding positions
taken from greedy games, as ``bench.bots --speed`` does). Every side plays the same games (the
``actions/game`` column says so). Prints figures only; nothing asserts a time.

``--same N`` instead plays N games of every game, player count and deck with random, greedy
and ``ismcts:15`` seats on both sides, hashes every action, event, outcome and final view,
and says whether the compiled build played exactly what the pure one did.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

from bench import trees
from bench.playout import (
    choice_positions,
    decision_times,
    game_of,
    greedy,
    midgame_states,
    play_games,
    playout,
    randomly,
)

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
PROBE = "from bench.compiled import probe; probe()"
#: the --same probe (argv: games per row); prints one JSON document with the digest.
SAME = "from bench.compiled import same_probe; same_probe()"


def options_of(players: int, expansions: list[str] | None) -> dict[str, Any]:
    """A row's options: its players, and its deck where it names one."""
    given: dict[str, Any] = {"players": players}
    if expansions is not None:
        given["expansions"] = expansions
    return given


def probe() -> None:
    """The probe's body: playout rows, the cost of a clone, the search's speed."""
    import evolutio.games.evolution.rules as rules

    rows, search = json.loads(sys.argv[1]), json.loads(sys.argv[2])
    games, positions = int(sys.argv[3]), int(sys.argv[4])
    out: dict[str, Any] = {"compiled": not str(rules.__file__).endswith(".py"), "rows": [],
                           "search": []}
    for _, name, players, expansions in rows:
        run = play_games(game_of(name), options_of(players, expansions), games)
        out["rows"].append({"per_s": run.actions_per_s, "per_game": run.actions_per_game})
    # clone(), what a search pays per sample: mid-game states of four-player base games
    states = midgame_states(game_of("evolution"), options_of(4, ["base"]), 400)
    start = time.process_time()
    for _ in range(10):
        for state, _seat in states:
            state.clone()
    out["clone_us"] = (time.process_time() - start) / (10 * len(states)) * 1e6
    # ISMCTS iterations per CPU second on positions with a real choice from greedy games
    for _, name, players, expansions in search:
        game = game_of(name)
        found = choice_positions(game, options_of(players, expansions), positions, 5)
        got = decision_times(game, ["ismcts:100"], found)["ismcts:100"]
        spent = got["cpu"]
        out["search"].append({"per_s": got["iterations"] / spent if spent else 0.0,
                              "ms": 1000 * spent / len(found)})
    print(json.dumps(out))


def same_probe() -> None:
    """The --same probe's body: every game's actions, events, outcome and last view
    hashed into one digest."""
    from evolutio.bots import InformationSet

    decks = (["base"], ["base", "time_to_fly", "gift"], ["base", "continents"],
             ["base", "time_to_fly", "gift", "continents"])
    rows: list[tuple[str, int, list[str] | None]] = [
        ("evolution", p, d) for p in (2, 3, 4, 5) for d in decks]
    rows += [("northstar", p, None) for p in (2, 3, 4, 5)]
    rows += [("darwin", p, None) for p in range(2, 7)]
    digest, games = hashlib.sha256(), 0

    def watch(seat: int, action: Any, events: list[Any]) -> None:
        digest.update(json.dumps([action.to_json(), [e.to_json() for e in events]],
                                 sort_keys=True).encode())

    for name, players, deck in rows:
        game = game_of(name)
        options = game.normalize_options(options_of(players, deck))
        for seed in range(int(sys.argv[1])):
            state, rng = game.new(options, seed), random.Random(seed)
            spec = ("random", "greedy", "ismcts:15")[seed % 3]
            if spec == "random":
                chooser = randomly(rng)
            elif spec == "greedy":
                chooser = greedy(game, players)
            else:
                from evolutio.bots import make_bot

                bots = [make_bot(spec, s, game) for s in range(players)]

                def chooser(state: Any, seat: int, decision: Any, legal: Any,
                            bots: list[Any] = bots, seed: int = seed, game: Any = game) -> Any:
                    info = InformationSet.of(game, state, seat, seed)
                    return bots[seat].choose(game.view(state, seat), legal, decision, info)

            playout(game, state, rng, chooser, watch)
            for last in (game.outcome(state).to_json(), game.view(state, 0)):
                digest.update(json.dumps(last, sort_keys=True, default=str).encode())
            games += 1
    print(json.dumps({"digest": digest.hexdigest(), "games": games}))


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
    """A probe under the compiled venv's interpreter, with nothing of a checkout's engine
    on its path (``trees.probe``: this checkout's bench code only)."""
    return trees.probe(None, code, args, python=str(python))


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
    args.compare = trees.wanted(args.compare)
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
