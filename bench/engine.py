"""Engine benchmark for every registered game, beside another revision in the same run.

Run: ``.venv/bin/python -m bench.engine [--compare REF] [--rounds N] [--games N]
[--game NAME ...] [--players N ...] [--greedy] [--expansions A,B] [--warm] [--gc]``.

Each round runs one probe per tree (this checkout and REF, default ``main``, checked out in a
temporary worktree by ``bench.trees``), alternating which goes first. The probe is this
checkout's code (``bench.playout``) on the tree's engine, so REF needs no bench of its own.
It reports random-playout actions per CPU second (``time.process_time``: the machine may be
shared) for every row -- Evolution with each of its five deck configurations (and
``--expansions``), North Star without and with Flight and in its Climate edition, and every
other registered game, at each ``--players`` count -- with
``--greedy`` also games played by the game's greedy heuristic at every seat; then, on
mid-game states at 4 players, the cost of one ``clone``, ``legal_actions``, ``view`` and
``determinize`` call, the legal actions listed per decision and the memory of a clone. Each
row prints the best and the median over the rounds for both trees, and new / old of the
medians. ``--compare none`` measures this tree alone. ``--warm`` plays each row's games
once, untimed, before timing them (what a process that played them before keeps: the
engine without its first-time costs); ``--gc`` also prints the share of the timed CPU
seconds spent in garbage collections (``gc.callbacks``). Prints figures only.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from bench import trees
from bench.playout import (
    Chooser,
    game_of,
    greedy,
    memory_per_state,
    midgame_states,
    per_call_us,
    play_games,
    playout,
)

#: Evolution's deck configurations, base first and every expansion but Plants and Ice Age
#: last (the per-call rows read the first and the last).
EVOLUTION_DECKS = (
    ["base"],
    ["base", "time_to_fly", "gift"],
    ["base", "continents"],
    ["base", "plants"],
    ["base", "time_to_fly", "gift", "continents"],
)
#: North Star's configurations: the base game, and with the Flight expansion ...
NORTHSTAR_DECKS: tuple[list[str], ...] = ([], ["flight"])
#: ... and the option sets measured beside its default: the Climate edition, alone and with
#: Flight (docs/rules/northstar.md, "Climate with Flight").
NORTHSTAR_SETTINGS: tuple[dict[str, Any], ...] = ({}, {"edition": "climate"})
#: the order of the games measured; a game registered later follows them.
ORDER = ("evolution", "northstar", "darwin", "toy")
#: games too short to time at the common count play this many times more.
GAMES_FACTOR = {"toy": 20}
#: the calls timed per mid-game state.
CALLS = ("clone", "legal_actions", "view", "determinize")

#: run inside the tree measured (argv[1] the JSON plan): prints one JSON document.
PROBE = "from bench.engine import probe; probe()"


def game_and_options(name: str, options: dict[str, Any]) -> tuple[Any, Any]:
    """The game and its normalised options, or Nones for what this tree does not have."""
    try:
        game = game_of(name)
        return game, game.normalize_options(options)
    except Exception:  # a game or an option this tree does not have
        return None, None


#: CPU seconds spent in garbage collections, and the collections by generation (--gc).
_collected: list[Any] = [0.0, [0, 0, 0], 0.0]


def _on_collection(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _collected[2] = time.process_time()
    else:
        _collected[0] += time.process_time() - _collected[2]
        _collected[1][info["generation"]] += 1


def throughput(row: dict[str, Any], warm: bool) -> list[Any] | None:
    """[actions per CPU second, actions per game, share of the time in collections,
    collections by generation] of one row, or None where the tree cannot play it."""
    game, options = game_and_options(row["game"], row["options"])
    if game is None:
        return None
    chooser: Callable[[int], Chooser] | None = None
    if row["kind"] == "greedy":
        try:
            greedy(game, options["players"])
        except Exception:  # a game without a heuristic in this tree
            return None

        def chooser(index: int) -> Chooser:
            """Game ``index``'s greedy bots, seeded by the game."""
            return greedy(game, options["players"], index)

    if warm:  # the same games once, untimed: what they make is kept
        rng = random.Random(1)
        for i in range(row["games"]):
            playout(game, game.new(options, 1 + i), rng, chooser(i) if chooser else None)
    _collected[0], _collected[1] = 0.0, [0, 0, 0]
    run = play_games(game, options, row["games"], chooser=chooser)
    share = _collected[0] / run.seconds if run.seconds else 0.0
    return [run.actions_per_s, run.actions_per_game, share, list(_collected[1])]


def per_call(row: dict[str, Any], count: int, repeat: int) -> dict[str, float] | None:
    """Microseconds per call on ``count`` mid-game states, legal actions per decision and
    the bytes of a clone; None where the tree cannot play the row."""
    game, options = game_and_options(row["game"], row["options"])
    if game is None:
        return None
    states = midgame_states(game, options, count)
    rng = random.Random(3)
    calls = {
        "clone": lambda s, seat: s.clone(),
        "legal_actions": lambda s, seat: game.legal_actions(s, seat),
        "view": lambda s, seat: game.view(s, 0),
        "determinize": lambda s, seat: game.determinize(s, seat, rng),
    }
    out = {name: per_call_us(calls[name], states, repeat) for name in CALLS}
    sizes = [len(game.legal_actions(s.clone(), seat)) for s, seat in states]
    out["legal_mean"] = sum(sizes) / len(sizes)
    out["legal_max"] = float(max(sizes))
    out["clone_kib"] = memory_per_state(states) / 1024
    return out


def probe() -> None:
    """The probe's body: the plan in argv[1], one JSON document out."""
    work = json.loads(sys.argv[1])
    if work.get("gc"):
        gc.callbacks.append(_on_collection)
    import evolutio

    print(json.dumps({
        "source": evolutio.__file__,
        "rows": [throughput(row, work.get("warm", False)) for row in work["rows"]],
        "calls": [per_call(row, work["states"], work["repeat"]) for row in work["calls"]],
    }))


def games_in_order(only: list[str] | None) -> list[str]:
    """The registered games of this tree in :data:`ORDER`, or the ones asked for."""
    if only:
        return only
    from evolutio.core.registry import available_games

    names = list(available_games())
    return [n for n in ORDER if n in names] + [n for n in names if n not in ORDER]


def has_heuristic(name: str) -> bool:
    """Whether this tree's ``name`` has a heuristic for its greedy bot."""
    from evolutio.bots.levels import heuristic_of

    return heuristic_of(game_of(name)) is not None


def plan(games: int, only: list[str] | None, players: list[int], *, greedy_rows: bool = False,
         extra: list[str] | None = None, warm: bool = False, gc: bool = False,
         states: int = 200) -> dict[str, Any]:
    """The rows and per-call probes to run, filtered to some games when asked."""
    rows: list[dict[str, Any]] = []
    calls: list[dict[str, Any]] = []
    for name in games_in_order(only):
        decks: tuple[list[str], ...] = ([],)
        if name == "evolution":
            decks = EVOLUTION_DECKS + ((extra,) if extra else ())
        elif name == "northstar":
            decks = NORTHSTAR_DECKS
        kinds = ("random", "greedy") if greedy_rows and has_heuristic(name) else ("random",)
        settings = NORTHSTAR_SETTINGS if name == "northstar" else ({},)
        for deck in decks:
            for setting in settings:
                label = name + (" " + "+".join(deck) if deck else "") + "".join(
                    f" {value}" for value in setting.values())
                for kind in kinds:
                    for count in players:
                        options: dict[str, Any] = {"players": count, **setting}
                        if deck:
                            options["expansions"] = deck
                        rows.append({"label": label + (" greedy" if kind == "greedy" else ""),
                                     "game": name, "options": options, "kind": kind,
                                     "games": games * GAMES_FACTOR.get(name, 1)})
                if name != "evolution" or deck in (EVOLUTION_DECKS[0], EVOLUTION_DECKS[-1]):
                    options = {"players": 4, **setting, **({"expansions": deck} if deck else {})}
                    calls.append({"label": label, "game": name, "options": options})
    return {"states": states, "repeat": 5, "rows": rows, "calls": calls, "warm": warm,
            "gc": gc}


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
    parser.add_argument("--game", action="append", help="measure only this game (repeatable)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4],
                        help="player counts of the playout rows")
    parser.add_argument("--greedy", action="store_true",
                        help="also play each row with the game's greedy heuristic at every seat")
    parser.add_argument("--expansions", default="",
                        help="one more Evolution deck to measure, e.g. base,ice_age")
    parser.add_argument("--states", type=int, default=200, help="mid-game states per call row")
    parser.add_argument("--warm", action="store_true",
                        help="play each row's games once, untimed, before timing them")
    parser.add_argument("--gc", action="store_true",
                        help="also print the share of CPU time spent in garbage collections")
    args = parser.parse_args()
    if args.rounds < 1 or args.games < 1 or args.states < 1:
        raise SystemExit("--rounds, --games and --states must be at least 1")
    extra = [e for e in args.expansions.split(",") if e]
    work = plan(args.games, args.game, args.players, greedy_rows=args.greedy, extra=extra,
                warm=args.warm, gc=args.gc, states=args.states)
    if not work["rows"]:
        raise SystemExit("nothing to measure")
    spec = json.dumps(work)
    with trees.sides(args.compare) as named:
        results = trees.rounds(named, args.rounds, lambda tree: trees.probe(tree, PROBE, [spec]))
        old = f"{args.compare} ({trees.describe(named['old'])})" if "old" in named else None
    report(work, results, old, args)


def report(work: dict[str, Any], results: dict[str, list[Any]], old: str | None,
           args: argparse.Namespace) -> None:
    """Print the tables: actions per CPU second per row, then per-call costs."""
    width = 2 + max(len(row["label"]) for row in work["rows"] + work["calls"])
    new_name = f"this tree ({trees.describe(trees.HERE)})"
    print(f"playouts, actions per CPU second, {args.rounds} rounds of {args.games} games "
          f"(toy {GAMES_FACTOR['toy']} times more)")
    print(f"new: {new_name}" + (f"; old: {old}" if old else ""))
    sides = ["old", "new"] if old else ["new"]
    head = f"{'game':<{width}}{'players':>8}"
    for side in sides:
        head += f"{side + ' best':>11}{'median':>9}"
    head += f"{'new/old':>9}" if old else ""
    print(head + f"{'games/s':>10}{'actions/game':>14}")
    for i, row in enumerate(work["rows"]):
        line = f"{row['label']:<{width}}{row['options']['players']:>8}"
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
        new_med = medians["new"]
        per_game = fmt(new_med / new_length, 1) if new_med and new_length else "-"
        print(line + f"{per_game:>10}{length:>14}")
    if args.gc:
        collections(work, results, sides, width)
    print()
    print(f"per call on {work['states']} mid-game states at 4 players, µs "
          f"(best of {work['repeat']} passes per round)")
    head = f"{'game':<{width}}{'call':>14}"
    for side in sides:
        head += f"{side + ' best':>11}{'median':>9}"
    print(head + (f"{'new/old':>9}" if old else ""))
    for i, row in enumerate(work["calls"]):
        for call in CALLS:
            line = f"{row['label']:<{width}}{call:>14}"
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
    print()
    print("per mid-game state at 4 players: legal actions listed (mean, max), KiB of a clone")
    print(f"{'game':<{width}}" + "".join(f"{side + ' legal':>14}{'KiB':>8}" for side in sides))
    for i, row in enumerate(work["calls"]):
        line = f"{row['label']:<{width}}"
        for side in sides:
            first = column(results[side], "calls", i)[0]
            legal = f"{first['legal_mean']:.1f}, {first['legal_max']:.0f}" if first else "-"
            line += f"{legal:>14}{fmt(first and first['clone_kib'], 1):>8}"
        print(line)


def collections(work: dict[str, Any], results: dict[str, list[Any]], sides: list[str],
                width: int) -> None:
    """Print, per row, the median share of the timed CPU seconds spent in garbage
    collections and the collections by generation of the first round (``--gc``)."""
    print()
    print("garbage collections: share of the timed CPU seconds (median of the rounds), and "
          "collections by generation 0/1/2 (first round)")
    head = f"{'game':<{width}}{'players':>8}"
    for side in sides:
        head += f"{side + ' share':>11}{'0/1/2':>12}"
    print(head)
    for i, row in enumerate(work["rows"]):
        line = f"{row['label']:<{width}}{row['options']['players']:>8}"
        for side in sides:
            figures = [f for f in column(results[side], "rows", i) if f]
            shares = sorted(f[2] for f in figures)
            share = f"{100 * shares[len(shares) // 2]:.1f}%" if shares else "-"
            counts = "/".join(map(str, figures[0][3])) if figures else "-"
            line += f"{share:>11}{counts:>12}"
        print(line)


if __name__ == "__main__":
    main()
