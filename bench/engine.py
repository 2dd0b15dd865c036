"""Engine benchmark for every registered game, beside another revision in the same run.

Run: ``.venv/bin/python bench/engine.py [--compare REF] [--rounds N] [--games N] [--game NAME]
[--warm] [--gc]``.

Each round runs one probe per tree (this checkout and REF, default ``main``, checked out in a
temporary worktree by ``bench/trees.py``), alternating which goes first. The probe imports
each game through ``evolutio.core.registry.get_game`` and plays random legal actions with its
own loop, so it needs nothing from REF's bench folder. It reports random-playout actions per
CPU second (``time.process_time``: the machine may be shared) for every row -- Evolution with
each of its four deck configurations, and every other game, at 2 and 4 players -- and the
cost of one ``clone``, ``legal_actions`` and ``view`` call on mid-game states. Each row
prints the best and the median over the rounds for both trees, and new / old of the medians.
``--compare none`` measures this tree alone. ``--warm`` plays each row's games once, untimed,
before timing them (what a process that played them before keeps: the engine without its
first-time costs); ``--gc`` also prints the share of the timed CPU seconds spent in garbage
collections (``gc.callbacks``). Prints figures only; nothing asserts a time.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import trees

#: Evolution's deck configurations, base first.
EVOLUTION_DECKS = (
    ["base"],
    ["base", "time_to_fly", "gift"],
    ["base", "continents"],
    ["base", "time_to_fly", "gift", "continents"],
)
#: the games measured, in order; a game REF does not have prints ``-`` on its side.
GAMES = ("evolution", "northstar", "darwin", "toy")
PLAYERS = (2, 4)
#: games whose games are too short to time at the common count play this many times more.
GAMES_FACTOR = {"toy": 20}

#: run inside the tree measured; argv[1] is the JSON plan, prints one JSON document.
PROBE = r"""
import gc, json, random, sys, time
from evolutio.core.registry import get_game

plan = json.loads(sys.argv[1])


def game_and_options(name, options):
    try:
        game = get_game(name)
        return game, game.normalize_options(options)
    except Exception:  # a game or an option this tree does not have
        return None, None


def playout(game, state, rng):
    decision, legal, apply = game.decision, game.legal_actions, game.apply
    n = 0
    while (now := decision(state)) is not None:
        seat = now.seats[0]
        apply(state, seat, rng.choice(legal(state, seat)))
        n += 1
    return n


#: CPU seconds spent in garbage collections, and the collections by generation (--gc).
collected = [0.0, [0, 0, 0], 0.0]


def on_collection(phase, info):
    if phase == "start":
        collected[2] = time.process_time()
    else:
        collected[0] += time.process_time() - collected[2]
        collected[1][info["generation"]] += 1


if plan.get("gc"):
    gc.callbacks.append(on_collection)


def throughput(row):
    game, options = game_and_options(row["game"], row["options"])
    if game is None:
        return None
    if plan.get("warm"):  # the same games once, untimed: what they make is kept
        rng = random.Random(1)
        for i in range(row["games"]):
            playout(game, game.new(options, 1 + i), rng)
    collected[0], collected[1] = 0.0, [0, 0, 0]
    rng = random.Random(1)
    actions = 0
    start = time.process_time()
    for i in range(row["games"]):
        actions += playout(game, game.new(options, 1 + i), rng)
    elapsed = time.process_time() - start
    return [actions / elapsed, actions / row["games"], collected[0] / elapsed, list(collected[1])]


def midgame(game, options, count):
    rng = random.Random(7)
    states = []
    seed = 0
    while len(states) < count:
        state = game.new(options, seed)
        seed += 1
        while (decision := game.decision(state)) is not None:
            if rng.random() < 0.05:
                states.append((state.clone(), decision.seats[0]))
            seat = decision.seats[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return states[:count]


def per_call(row):
    game, options = game_and_options(row["game"], row["options"])
    if game is None:
        return None
    states = midgame(game, options, plan["states"])
    calls = {
        "clone": lambda s, seat: s.clone(),
        "legal_actions": lambda s, seat: game.legal_actions(s, seat),
        "view": lambda s, seat: game.view(s, 0),
    }
    out = {}
    for name, call in calls.items():
        best = float("inf")
        for _ in range(plan["repeat"]):
            # a fresh copy per pass, so that nothing a call caches carries over to the next
            copies = [(s.clone(), seat) for s, seat in states]
            start = time.process_time()
            for state, seat in copies:
                call(state, seat)
            best = min(best, (time.process_time() - start) / len(copies))
        out[name] = best * 1e6
    return out


import evolutio
print(json.dumps({
    "source": evolutio.__file__,
    "rows": [throughput(row) for row in plan["rows"]],
    "calls": [per_call(row) for row in plan["calls"]],
}))
"""


def plan(games: int, only: str | None, warm: bool = False, gc: bool = False) -> dict[str, Any]:
    """The rows and per-call probes to run, filtered to one game when asked."""
    rows: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    for name in GAMES:
        if only is not None and name != only:
            continue
        decks = EVOLUTION_DECKS if name == "evolution" else ([],)
        for deck in decks:
            for players in PLAYERS:
                options: dict[str, Any] = {"players": players}
                if deck:
                    options["expansions"] = deck
                label = name + (" " + "+".join(deck) if deck else "")
                rows.append({"label": label, "game": name, "options": options,
                             "games": games * GAMES_FACTOR.get(name, 1)})
            if name != "evolution" or deck in (EVOLUTION_DECKS[0], EVOLUTION_DECKS[-1]):
                options = {"players": 4, **({"expansions": deck} if deck else {})}
                label = name + (" " + "+".join(deck) if deck else "")
                calls.append({"label": label, "game": name, "options": options})
    if not rows:
        raise SystemExit(f"unknown game '{only}': choose from {', '.join(GAMES)}")
    return {"states": 200, "repeat": 5, "rows": rows, "calls": calls, "warm": warm, "gc": gc}


def column(results: list[Any], key: str, index: int) -> list[Any]:
    """One row's figure (or None) from every round's result."""
    return [result[key][index] for result in results]


def fmt(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}".replace(",", " ")


def summary(values: list[Any], higher_is_better: bool) -> tuple[float | None, float | None]:
    present = [float(v) for v in values if v is not None]
    if not present:
        return None, None
    return trees.best_and_median(present, higher_is_better)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", default="main", help="revision or checkout (none: alone)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per tree")
    parser.add_argument("--games", type=int, default=30, help="games per row and round")
    parser.add_argument("--game", default=None, help="measure only this game")
    parser.add_argument("--warm", action="store_true",
                        help="play each row's games once, untimed, before timing them")
    parser.add_argument("--gc", action="store_true",
                        help="also print the share of CPU time spent in garbage collections")
    args = parser.parse_args()
    if args.rounds < 1 or args.games < 1:
        raise SystemExit("--rounds and --games must be at least 1")
    work = plan(args.games, args.game, args.warm, args.gc)
    spec = json.dumps(work)

    def run(tree: Path) -> Any:
        return trees.probe(tree, PROBE, [spec])

    if args.compare.lower() == "none":
        results = trees.rounds({"new": trees.HERE}, args.rounds, run)
        report(work, {"new": results["new"]}, None, args)
        return
    with trees.checkout(args.compare) as other:
        results = trees.rounds({"old": other, "new": trees.HERE}, args.rounds, run)
        report(work, results, f"{args.compare} ({trees.describe(other)})", args)


def report(work: dict[str, Any], results: dict[str, list[Any]], old: str | None,
           args: argparse.Namespace) -> None:
    """Print the tables: actions per CPU second per row, then per-call costs."""
    new_name = f"this tree ({trees.describe(trees.HERE)})"
    print(f"random playouts, actions per CPU second, {args.rounds} rounds of {args.games} games")
    print(f"new: {new_name}" + (f"; old: {old}" if old else ""))
    sides = ["old", "new"] if old else ["new"]
    head = f"{'game':<42}{'players':>8}"
    for side in sides:
        head += f"{side + ' best':>11}{'median':>9}"
    head += f"{'new/old':>9}{'actions/game':>14}" if old else f"{'actions/game':>14}"
    print(head)
    for i, row in enumerate(work["rows"]):
        line = f"{row['label']:<42}{row['options']['players']:>8}"
        medians: dict[str, float | None] = {}
        for side in sides:
            figures = column(results[side], "rows", i)
            best, median = summary([f and f[0] for f in figures], True)
            medians[side] = median
            line += f"{fmt(best):>11}{fmt(median):>9}"
        lengths = {side: column(results[side], "rows", i)[0] for side in sides}
        new_length = lengths["new"][1] if lengths["new"] else None
        length = fmt(new_length, 1)
        if old:
            old_med, new_med = medians["old"], medians["new"]
            line += f"{trees.ratio(new_med, old_med) if old_med and new_med else '-':>9}"
            if lengths["old"] and new_length is not None and lengths["old"][1] != new_length:
                length += " (differs)"
        print(line + f"{length:>14}")
    if args.gc:
        collections(work, results, sides)
    print()
    print("per call on 200 mid-game states at 4 players, µs (best of 5 passes per round)")
    head = f"{'game':<42}{'call':>14}"
    for side in sides:
        head += f"{side + ' best':>11}{'median':>9}"
    print(head + (f"{'new/old':>9}" if old else ""))
    for i, row in enumerate(work["calls"]):
        for call in ("clone", "legal_actions", "view"):
            line = f"{row['label']:<42}{call:>14}"
            medians = {}
            for side in sides:
                figures = column(results[side], "calls", i)
                best, median = summary([f and f[call] for f in figures], False)
                medians[side] = median
                line += f"{fmt(best, 1):>11}{fmt(median, 1):>9}"
            if old:
                old_med, new_med = medians["old"], medians["new"]
                line += f"{trees.ratio(new_med, old_med) if old_med and new_med else '-':>9}"
            print(line)


def collections(work: dict[str, Any], results: dict[str, list[Any]], sides: list[str]) -> None:
    """Print, per row, the median share of the timed CPU seconds spent in garbage
    collections and the collections by generation of the first round (``--gc``)."""
    print()
    print("garbage collections: share of the timed CPU seconds (median of the rounds), and "
          "collections by generation 0/1/2 (first round)")
    head = f"{'game':<42}{'players':>8}"
    for side in sides:
        head += f"{side + ' share':>11}{'0/1/2':>12}"
    print(head)
    for i, row in enumerate(work["rows"]):
        line = f"{row['label']:<42}{row['options']['players']:>8}"
        for side in sides:
            figures = [f for f in column(results[side], "rows", i) if f]
            shares = sorted(f[2] for f in figures)
            share = f"{100 * shares[len(shares) // 2]:.1f}%" if shares else "-"
            counts = "/".join(map(str, figures[0][3])) if figures else "-"
            line += f"{share:>11}{counts:>12}"
        print(line)


if __name__ == "__main__":
    main()
