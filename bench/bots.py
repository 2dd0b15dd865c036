"""Bot benchmark for every game: search speed beside another revision, and strength.

Speed (``--speed``): positions with a real choice are taken from greedy games of each game;
each bot decides every position once; the table gives CPU milliseconds per decision and ISMCTS
iterations per CPU second (``time.process_time``, since the machine is shared), in this tree
and, with ``--compare REF``, in REF's tree (a temporary git worktree, see ``bench.trees``)
on the same positions (this checkout's ``bench.playout`` finds them and times the bots on
each tree's engine), with the ratio new/old.

Strength (``--match A,B``, repeatable): ``--games`` games of ``--game`` with seats rotated
(game ``i`` seats bot A at seat ``i mod players``, B everywhere else); prints A's win rate
with its 95% Wilson interval. A side written ``ref:SPEC`` is REF's bot: a proxy that keeps a
copy of the game in a subprocess of REF's tree, replays every action into it (games are
deterministic for their options, seed and actions) and asks REF's bot there, so the new
``hard`` can meet the previous ``hard`` at equal time per decision. ``--paired`` deals each
seed to ``players`` games in a row, bot A at each seat once, so that the luck of the deal
cancels between the two sides.

Timed bots (``hard``, ``ismcts:1s``) read the wall clock, so on a shared machine the busier
side thinks less. ``--clock cpu`` makes every bot process, REF's included, read its own CPU
time instead (``time.process_time``), so that a match means the same at any load and can run
at low priority beside other work. ``--results FILE`` appends each finished game to a JSON
lines file and, run again with the same match, seed and trees, plays only the games missing
from it, so a long match can be stopped and resumed; ``python -m bench.results FILE``
summarises such a file (paired seeds, sign test, the rate as the games went on).
``--first-game N`` plays games N and up only, so that a match can be split between runs (two
machines, or a run whose earlier file is kept elsewhere), each writing its own file.

    .venv/bin/python -m bench.bots --speed --compare main
    .venv/bin/python -m bench.bots --compare main --match hard,ref:hard --games 200
    nice .venv/bin/python -m bench.bots --compare main --match hard,ref:hard --games 200 \
        --clock cpu --results hard.jsonl          # resumable, fair at any load
    nice -n 19 .venv/bin/python -m bench.bots --compare main --match hard,ref:hard \
        --games 200 --paired --clock cpu --results strength-hard.jsonl  # docs/benchmarks.md
    .venv/bin/python -m bench.bots --compare main --match hard,ref:hard --games 200 \
        --paired --clock cpu --first-game 100 --results second-half.jsonl  # games 100-199
    .venv/bin/python -m bench.bots --match ismcts:10,greedy --games 200
    .venv/bin/python -m bench.bots --match ismcts:400:ucb,ismcts:400 --games 100 --paired
                                           # a search setting screened (docs/bots.md)
    .venv/bin/python -m bench.bots --quick --compare main     # a few minutes' smoke run
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any

from bench import trees
from bench.playout import choice_positions, decision_times, game_of
from bench.results import load_results, summarise
from evolutio.bots import InformationSet, make_bot
from evolutio.core.match import Match
from evolutio.sim.runner import derive_seed, game_seed
from evolutio.sim.stats import Rate

GAMES = ("evolution", "northstar", "darwin")

#: run in each tree: positions from greedy games, then every bot decides each one.
SPEED_PROBE = "from bench.bots import speed_probe; speed_probe()"


def speed_probe() -> None:
    """The speed probe's body (argv: game, players, specs, positions, seed): per spec the
    CPU milliseconds per decision and the search's iterations, as one JSON document."""
    name, players, specs, count, seed = sys.argv[1:6]
    game = game_of(name)
    positions = choice_positions(game, {"players": int(players)}, int(count), int(seed))
    print(json.dumps(decision_times(game, specs.split(","), positions)))


#: run in REF's tree: keeps games in step with the bench's and plays REF's bots on request.
PROXY_SERVER = r"""
import json, os, sys, time
if os.environ.get("EVOLUTIO_BENCH_CLOCK") == "cpu":
    time.perf_counter = time.process_time
from evolutio.bots import InformationSet, make_bot
from evolutio.core import get_game
games = {}


def serve():
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["kind"]
        if kind == "new":
            game = get_game(msg["game"])
            state = game.new(game.normalize_options(msg["options"]), msg["seed"])
            bots = {int(s): make_bot(spec, seed, game) for s, (spec, seed) in msg["bots"].items()}
            games[msg["id"]] = (game, state, bots)
            print(json.dumps({"ok": True}), flush=True)
        elif kind == "act":
            game, state, _ = games[msg["id"]]
            game.apply(state, msg["seat"], game.action_from_json(msg["action"]))
        elif kind == "choose":
            game, state, bots = games[msg["id"]]
            seat = msg["seat"]
            decision = game.decision(state)
            legal = game.legal_actions(state, seat)
            info = InformationSet.of(game, state, seat, msg["secret"])
            action = bots[seat].choose(game.view(state, seat), legal, decision, info)
            print(json.dumps({"action": action.to_json(),
                              "iterations": int(getattr(bots[seat], "last_iterations", 0))}),
                  flush=True)
        elif kind == "end":
            games.pop(msg["id"], None)


try:
    serve()
except BrokenPipeError:  # the match was stopped: nobody reads the answers any more
    os._exit(0)
"""


class RefProxy:
    """REF's bots in a subprocess of REF's tree, kept in step with this process's games."""

    def __init__(self, tree: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", PROXY_SERVER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(tree / "src")},
        )

    def send(self, message: dict[str, Any], answer: bool = False) -> Any:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        if not answer:
            return None
        line = self.process.stdout.readline()
        if not line:
            raise trees.TreeError("the reference bot's process ended")
        return json.loads(line)


_PROXY: RefProxy | None = None


def _proxy(tree: str) -> RefProxy:
    global _PROXY
    if _PROXY is None:
        _PROXY = RefProxy(Path(tree))
    return _PROXY


def use_clock(clock: str) -> None:
    """Make timed bots in this process (and the REF proxies it starts) read ``clock``:
    ``wall`` as the bots do, or ``cpu``, this process's own CPU time."""
    os.environ["EVOLUTIO_BENCH_CLOCK"] = clock
    if clock == "cpu":
        time.perf_counter = time.process_time


def play_one(
    task: tuple[str, dict[str, Any], int, int, list[str], str | None, str],
) -> dict[str, Any]:
    """One game: ``specs`` per seat (``ref:SPEC`` plays in REF's tree); winners and search
    figures per seat."""
    name, options, seed, index, specs, tree, clock = task
    use_clock(clock)
    match = Match.new(name, options, seed, specs, keep=False)
    game = match.game
    ref = {seat: spec[4:] for seat, spec in enumerate(specs) if spec.startswith("ref:")}
    bots = {
        seat: make_bot(spec, derive_seed(seed, "bot", seat), game)
        for seat, spec in enumerate(specs)
        if seat not in ref
    }
    proxy = _proxy(tree) if ref and tree else None
    if proxy is not None:
        seeds = {s: [spec, derive_seed(seed, "bot", s)] for s, spec in ref.items()}
        proxy.send(
            {
                "kind": "new",
                "id": index,
                "game": name,
                "options": options,
                "seed": seed,
                "bots": seeds,
            },
            answer=True,
        )
    iterations = [0] * len(specs)
    thinking = [0.0] * len(specs)
    while (decision := match.decision) is not None:
        seat = decision.seats[0]
        secret = derive_seed(seed, "info", match.version)
        tick = time.perf_counter()
        if seat in ref:
            assert proxy is not None
            got = proxy.send({"kind": "choose", "id": index, "seat": seat, "secret": secret}, True)
            action = game.action_from_json(got["action"])
            iterations[seat] += got["iterations"]
        else:
            legal = match.legal(seat)
            info = InformationSet.of(game, match.state, seat, secret, moves=match.version)
            action = bots[seat].choose(match.view(seat), legal, decision, info)
            iterations[seat] += int(getattr(bots[seat], "last_iterations", 0))
        thinking[seat] += time.perf_counter() - tick
        match.act(seat, action)
        if proxy is not None:
            proxy.send({"kind": "act", "id": index, "seat": seat, "action": action.to_json()})
    if proxy is not None:
        proxy.send({"kind": "end", "id": index})
    outcome = match.outcome()
    assert outcome is not None
    return {
        "index": index,
        "seed": seed,
        "specs": specs,
        "winners": list(outcome.winners),
        "iterations": iterations,
        "thinking": thinking,
    }


def strength(
    first: str,
    second: str,
    name: str,
    players: int,
    games: int,
    seed: int,
    workers: int,
    tree: Path | None,
    clock: str = "wall",
    results: Path | None = None,
    key: dict[str, Any] | None = None,
    paired: bool = False,
    first_game: int = 0,
) -> tuple[Rate, float, str, int, str]:
    """Win rate of ``first`` against ``players - 1`` of ``second``, seats rotated, and how
    many of the games were played in this run (the rest came from ``results``). ``paired``
    deals each seed to ``players`` games in a row, ``first`` at each seat once; the last
    item then tells how the seeds dealt at every seat went (``bench.results``).
    ``first_game`` skips the games before it: they belong to another run of the same match
    (another machine, or a results file kept elsewhere)."""
    done = load_results(results, key or {}) if results is not None else {}
    before = sum(index >= first_game for index in done)  # this run's share of the file
    tasks = []
    for index in range(first_game, games):
        if index in done:
            continue
        specs = [second] * players
        specs[index % players] = first
        tasks.append(
            (
                name,
                {"players": players},
                game_seed(seed, index // players if paired else index),
                index,
                specs,
                str(tree) if tree else None,
                clock,
            )
        )
    start = time.perf_counter()
    played: dict[int, dict[str, Any]] = {}
    if tasks:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_one, task) for task in tasks]
            for future in as_completed(futures):
                row = future.result()
                played[row["index"]] = row
                if results is not None:
                    with results.open("a") as out:
                        out.write(json.dumps({"key": key, **row}) + "\n")
                print(
                    f"  game {before + len(played)} of {games - first_game} "
                    f"({time.perf_counter() - start:.0f} s)",
                    file=sys.stderr,
                    flush=True,
                )
    rows = [row for _, row in sorted({**done, **played}.items())]
    summary = summarise(rows, key={**(key or {}), "players": players, "paired": paired})
    speed = f"{summary.speed:,.0f}" if summary.speed else "-"
    seeds = ""
    if paired and rows:
        seeds = (
            f"paired seeds won at every seat {summary.won_both}, lost at every seat "
            f"{summary.lost_both}, split {summary.split}; sign test p = {summary.sign_p:.2f}"
        )
    return summary.rate, time.perf_counter() - start, speed, len(played), seeds


def speed(args: argparse.Namespace, compare: dict[str, Path]) -> None:
    specs = args.specs
    for name in args.game_list.split(","):
        for players in [int(p) for p in args.players_list.split(",")]:
            probe_args = [name, str(players), specs, str(args.positions), str(args.seed)]
            results = trees.rounds(
                compare,
                args.rounds,
                functools.partial(trees.probe, code=SPEED_PROBE, args=probe_args),
                quiet=True,
            )
            print(
                f"\n# {name}, {players} players, {args.positions} positions "
                f"(CPU ms per decision; ISMCTS iterations per CPU second)"
            )
            head = f"{'bot':<18}" + "".join(
                f"{label + ' ms':>14}{label + ' it/s':>14}" for label in compare
            )
            print(head + (f"{'ms ratio':>10}{'it/s ratio':>12}" if len(compare) > 1 else ""))
            for spec in specs.split(","):
                cells = []
                rates = []
                costs = []
                for label in compare:
                    runs = results[label]
                    ms = min(r[spec]["ms"] for r in runs)
                    rate = max(
                        (r[spec]["iterations"] / r[spec]["cpu"] if r[spec]["cpu"] else 0.0)
                        for r in runs
                    )
                    costs.append(ms)
                    rates.append(rate)
                    cells.append(f"{ms:>14.1f}{(f'{rate:,.0f}' if rate else '-'):>14}")
                line = f"{spec:<18}" + "".join(cells)
                if len(compare) > 1:  # new / old
                    new, old = list(compare).index("new"), list(compare).index("old")
                    line += f"{trees.ratio(costs[new], costs[old]):>10}"
                    line += f"{(trees.ratio(rates[new], rates[old]) if rates[old] else '-'):>12}"
                print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--compare", metavar="REF", help="a git revision or a checkout")
    parser.add_argument("--speed", action="store_true", help="decision time and iterations/s")
    parser.add_argument("--specs", default="greedy,ismcts:10,ismcts:100,ismcts:200ms")
    parser.add_argument("--game-list", default=",".join(GAMES), help="games for --speed")
    parser.add_argument("--players-list", default="2,4", help="player counts for --speed")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=1, help="speed runs per tree")
    parser.add_argument("--match", action="append", default=[], metavar="A,B")
    parser.add_argument("--game", default="evolution", help="the game of --match")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what timed bots read: the wall clock, or each bot process's CPU time",
    )
    parser.add_argument(
        "--results",
        type=Path,
        metavar="FILE",
        help="append each game to this JSON lines file; games already in it are not replayed",
    )
    parser.add_argument(
        "--paired",
        action="store_true",
        help="deal each game's seed once per seat, A at each seat once (luck cancels)",
    )
    parser.add_argument(
        "--first-game",
        type=int,
        default=0,
        metavar="N",
        help="play games N and up of --games only, so that a long match can be split "
        "between runs (each with its own --results file); with --paired, N must be a "
        "multiple of --players",
    )
    parser.add_argument("--quick", action="store_true", help="small counts, a smoke run")
    args = parser.parse_args()
    if not 0 <= args.first_game < args.games:
        parser.error(f"--first-game must be from 0 to {args.games - 1}, not {args.first_game}")
    if args.paired and args.first_game % args.players:
        parser.error(
            f"--first-game {args.first_game} would split a paired seed: "
            f"use a multiple of --players ({args.players})"
        )
    if args.quick:
        args.speed, args.positions, args.games = True, 4, 4
        args.specs = "greedy,ismcts:10,ismcts:50ms"
        if not args.match:
            args.match = ["ismcts:10,greedy"] + (
                ["ismcts:50ms,ref:ismcts:50ms"] if args.compare else []
            )
    with trees.sides(args.compare) as compare:
        if "old" in compare:
            print(f"# new: {trees.describe(trees.HERE)}, old: {args.compare} "
                  f"({trees.describe(compare['old'])})")
        if args.speed:
            speed(args, compare)
        if args.match:
            ref = compare.get("old")
            print(
                f"\n# strength: {args.game}, {args.players} players, seats rotated"
                f"{' on paired seeds' if args.paired else ''}, "
                f"95% Wilson interval, {args.workers} workers, {args.clock} clock"
            )
            print(
                f"{'match':<36}{'games':>6}{'win rate':>10}{'95% interval':>18}"
                f"{'seconds':>9}{'A it/s (' + args.clock + ')':>15}"
            )
            for pair in args.match:
                first, _, second = pair.partition(",")
                if not second:
                    parser.error(f"--match takes A,B, not '{pair}'")
                if (first + second).count("ref:") and ref is None:
                    parser.error("a ref: bot needs --compare REF")
                key = {
                    "match": pair,
                    "game": args.game,
                    "players": args.players,
                    "seed": args.seed,
                    "clock": args.clock,
                    "trees": {label: trees.describe(path) for label, path in compare.items()},
                }
                if args.paired:
                    key["paired"] = True
                rate, seconds, rate_text, played, seeds = strength(
                    first,
                    second,
                    args.game,
                    args.players,
                    args.games,
                    args.seed,
                    args.workers,
                    ref,
                    args.clock,
                    args.results,
                    key,
                    args.paired,
                    args.first_game,
                )
                low, high = rate.interval
                print(
                    f"{first + ' vs ' + second:<36}{rate.games:>6}{rate.rate:>10.1%}"
                    f"{f'{low:.1%} - {high:.1%}':>18}{seconds:>9.0f}{rate_text:>15}"
                    + (
                        f"  ({rate.games - played} from {args.results})"
                        if played < rate.games
                        else ""
                    ),
                    flush=True,
                )
                if seeds:
                    print(f"  {seeds}", flush=True)


if __name__ == "__main__":
    main()
