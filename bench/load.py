"""Server load: many WebSocket clients on loopback playing games through the server.

Each game (``--game``, default: the server's default game, with its default options) has its
seats played by WebSocket clients that pick a random legal action after a short think time;
in a simultaneous decision every waiting seat acts. For each number of concurrent games the
script reports the actions applied per second and the latency of an action: from sending
``act`` to receiving the state frame of the next version (stored, applied and broadcast).
Every figure is of the steady window: it opens once the last game has started and lasts
``--seconds``, so connecting and starting hundreds of games does not count.

    .venv/bin/python -m bench.load                      # 10, 50, 100, 200 games
    .venv/bin/python -m bench.load --games 20 --seconds 5
    .venv/bin/python -m bench.load --game toy           # the platform's simultaneous-bid game
    .venv/bin/python -m bench.load --url http://host:8000   # an already running server
    .venv/bin/python -m bench.load --processes 1,2,4 --games 40   # several processes
    .venv/bin/python -m bench.load --games 500 --think 1.0  # 500 games, one action/s each
    .venv/bin/python -m bench.load --compare main       # main's server too, same clients
    .venv/bin/python -m bench.load --compare 51c7a58,main   # two older servers beside this one
    .venv/bin/python -m bench.load --clock 300          # rooms with a clock per decision
    .venv/bin/python -m bench.load --games 20 --analyses 3  # the analysis worker busy beside
    .venv/bin/python -m bench.load --games 20 --total-actions 100000 --rss   # the soak
    .venv/bin/python -m bench.load --games 20 --total-actions 40000 --rss --tracemalloc /tmp/tm

Soak: ``--total-actions N`` plays the levels again and again (in turn) until N actions in all
have been applied, each level's games played to their end (or ``--seconds``); ``--rss``
samples the server process's resident memory (``/proc/PID/statm``) once a second, reports it
after each level (when its games are over and their sockets closed) and at the end the RSS
after the warm-up (``--warmup``, a share of the actions), at the end, the growth and the peak.
``--tracemalloc DIR`` runs the server under ``tracemalloc`` and has it write a snapshot into
DIR after each level (``evolutio.server.memtrace``; compare two with ``python -m
evolutio.server.memtrace DIR/snap-1.tracemalloc DIR/snap-5.tracemalloc``).

Bounded: every level stops ``--seconds`` (default 20) after its last game started, once all
its games are over, or after ``--max-actions`` per seat. The games of a level are left
unfinished when it stops; the server runs with a day's ``--grace``, so no bot takes their
seats over while a later level is measured (before, bots played the earlier levels' games
in the later levels' windows).
The server runs in its own process (on a 2-core machine it shares the CPUs with the
clients); ``cpu ms/act`` is the server process's CPU time per applied action while every
game is under way (``+setup`` counts from the first seat connecting to the last socket
closed: connecting, starting and leaving too), ``client ms`` this (client) process's while
every game is under way. With ``--compare REF`` the server of REF's tree (checked out by
``bench.trees``) runs beside this tree's, each level is played against both in turn
(alternating which goes first) with the same clients, and the ratios new/old follow; with
several revisions (``--compare A,B``) each gets its server, its row and its ratio. With
``--analyses N`` N finished Evolution games are stored before the server starts and their
analyses asked for as each level begins (``bench.beside``): the server's analysis worker
(``--analysis-workers`` 1, the default) searches while the live games are measured, and a
line after each level says how many analyses were still running.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets

from bench import beside, cluster_load, trees
from bench.clients import Stats, cpu_seconds, free_port, guest, seat, start_room, wait_ready
from evolutio.server import memtrace


def start_server(db: Path, tree: Path | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """``evolutio serve`` on a free port with a fresh SQLite file, from ``tree``'s ``src``
    (None: the installed package, this tree); returns the process and its base URL."""
    port = free_port()
    code = "import sys; from evolutio.cli import main; sys.argv[0] = 'evolutio'; main()"
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree / "src")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            code,
            "serve",
            "--port",
            str(port),
            "--db",
            f"sqlite:///{db}",
            "--bot-delay",
            "0",
            "--grace",  # a finished level's rooms wait: no bot takes them over meanwhile
            "86400",
            "--exempt",  # every client comes from loopback here
            "127.0.0.1",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    base = f"http://127.0.0.1:{port}"
    return proc, wait_ready(proc, base, 30)


async def level(
    base: str,
    game: str,
    games: int,
    seconds: float,
    think: float,
    max_actions: int,
    tag: str,
    pid: int | None,
    clock: int = 0,
    round_: int = 0,
) -> dict[str, Any]:
    """Create ``games`` rooms with a guest per seat, start them, play for ``seconds`` once
    every game has started; ``round_`` varies the clients' choices from level to level."""
    gate = asyncio.Semaphore(16)
    url = base.replace("http", "ws", 1)

    async def prepare(http: httpx.AsyncClient, g: int) -> tuple[str, list[str]]:
        async with gate:
            tokens = [await guest(http, f"L{tag}g{g}s0")]
            body: dict[str, Any] = {"options": {}} if not game else {"game": game, "options": {}}
            if clock:
                body["clock"] = clock
            r = await http.post(
                "/api/rooms", json=body, headers={"authorization": f"Bearer {tokens[0]}"}
            )
            r.raise_for_status()
            summary = r.json()["room"]
            for s in range(1, len(summary["seats"])):
                tokens.append(await guest(http, f"L{tag}g{g}s{s}"))
            # seat the other guests over one short-lived socket each
            for token in tokens[1:]:
                async with websockets.connect(f"{url}/ws/{summary['id']}?token={token}") as ws:
                    await ws.send(json.dumps({"type": "chat", "text": "/join"}))
                    await ws.send(json.dumps({"type": "ping"}))
                    while json.loads(await ws.recv()).get("type") != "pong":
                        pass
            return summary["id"], tokens

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        rooms = await asyncio.gather(*(prepare(http, g) for g in range(games)))
    stats = Stats()
    rng = random.Random(games + 100_003 * round_)
    stop = [time.monotonic() + seconds + 3600]  # set once every game has started
    tasks = []
    for room, tokens in rooms:
        for token in tokens:
            tasks.append(
                seat(
                    base, room, token, stats, stop, think, max_actions, random.Random(rng.random())
                )
            )
    starters = [start_room(base, room, tokens[0], gate) for room, tokens in rooms]
    cpu_before = cpu_seconds(pid)
    runners = [asyncio.create_task(t) for t in tasks]
    await asyncio.sleep(0.5)  # let every seat connect before the games start
    await asyncio.gather(*starters)
    stop[0] = time.monotonic() + seconds
    # the steady window: every game under way, up to the stop (no connecting, no closing)
    window_from = time.perf_counter()
    window_cpu = cpu_seconds(pid)
    client_before = time.process_time()
    # the window ends at the stop, or earlier once every game is over
    await asyncio.wait(runners, timeout=max(0.0, stop[0] - time.monotonic() - 0.05))
    window_to = time.perf_counter()
    window_cpu = cpu_seconds(pid) - window_cpu
    client = time.process_time() - client_before
    await asyncio.gather(*runners, return_exceptions=True)
    cpu = cpu_seconds(pid) - cpu_before
    # figures of the steady window; ``+setup`` divides all the CPU by every action
    lat = sorted(x for t, x in zip(stats.done_at, stats.latencies, strict=True)
                 if window_from <= t <= window_to)
    steady = len(lat)
    elapsed = window_to - window_from
    return {
        "games": games,
        "actions": steady,
        "seconds": round(elapsed, 1),
        "actions_per_s": round(steady / elapsed, 1) if elapsed > 0 else 0.0,
        "p50_ms": round(1000 * statistics.median(lat), 1) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 1) if lat else None,
        "server_cpu_ms": round(1000 * window_cpu / steady, 2) if steady and pid else None,
        "with_setup_ms": round(1000 * cpu / len(stats.latencies), 2)
        if stats.latencies and pid else None,
        "client_cpu_ms": round(1000 * client / steady, 2) if steady else None,
        "finished": stats.finished // max(1, len(tasks) // max(1, games)),
        "errors": stats.errors,
        "all_actions": len(stats.latencies),
    }


def processes(args: argparse.Namespace) -> None:
    """``--processes``: one level (the first of ``--games``) over several server processes."""
    counts = [int(x) for x in args.processes.split(",") if x.strip().isdigit()]
    if not counts or min(counts) < 1 or max(counts) > 16:
        raise SystemExit(f"--processes takes counts like 1,2,4, not {args.processes!r}")
    games = int(args.games.split(",")[0])
    cluster_load.run(counts, args.game, games, args.seconds, args.think, args.max_actions)


class RssSampler:
    """The resident memory of a process (``/proc/PID/statm``), sampled once a second in a
    thread, beside the total of actions applied when each sample was taken."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.actions = 0
        self.samples: list[tuple[int, float]] = []  # (actions so far, MB)
        self.marks: list[tuple[int, float]] = []  # after each level: (actions so far, MB)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def rss_mb(self) -> float:
        try:
            pages = int(Path(f"/proc/{self.pid}/statm").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            return 0.0
        return pages * os.sysconf("SC_PAGE_SIZE") / 1e6

    def _run(self) -> None:
        while not self._done.wait(1.0):
            self.samples.append((self.actions, self.rss_mb()))

    def start(self) -> None:
        self.marks.append((0, self.rss_mb()))
        self._thread.start()

    def mark(self, actions: int) -> float:
        """Count a level's actions and note the RSS once its games are over."""
        self.actions += actions
        mb = self.rss_mb()
        self.marks.append((self.actions, mb))
        return mb

    def stop(self) -> None:
        self._done.set()
        self._thread.join(5)

    def report(self, warmup: float) -> str:
        """Start, warm (the first level's end past ``warmup`` of the actions), end, growth
        and peak, in MB."""
        total = self.marks[-1][0]
        warm = next(m for m in self.marks[1:] if m[0] >= warmup * total) if total else self.marks[0]
        end = self.marks[-1]
        peak = max([mb for _, mb in self.samples] + [mb for _, mb in self.marks])
        return (
            f"server rss MB: start {self.marks[0][1]:.1f}, warm {warm[1]:.1f} "
            f"(after {warm[0]} actions), end {end[1]:.1f} (after {end[0]} actions), "
            f"growth {end[1] - warm[1]:+.1f}, peak {peak:.1f}"
        )

    def trace(self) -> str:
        return "rss after each level (actions:MB): " + " ".join(
            f"{a}:{mb:.1f}" for a, mb in self.marks
        )


HEADER = (
    f"{'games':>6} {'actions':>8} {'act/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
    f"{'cpu ms/act':>10} {'+setup':>7} {'client ms':>9} {'done':>5} {'errors':>6}"
)


def row(r: dict[str, Any], name: str = "") -> str:
    return (
        f"{r['games']:>6} {r['actions']:>8} {r['actions_per_s']:>8} "
        f"{r['p50_ms']!s:>8} {r['p99_ms']!s:>8} {r['server_cpu_ms']!s:>10} "
        f"{r['with_setup_ms']!s:>7} "
        f"{r['client_cpu_ms']!s:>9} {r['finished']:>5} {r['errors']:>6}"
    ) + (f"  {name}" if name else "")


def ratios(new: dict[str, Any], old: dict[str, Any], name: str = "old") -> str:
    """new/old of actions/s, p50, p99 and server CPU per action."""
    keys = ("actions_per_s", "p50_ms", "p99_ms", "server_cpu_ms")
    parts = [f"{k} {trees.ratio(new[k] or 0.0, old[k] or 0.0)}" for k in keys]
    return f"{new['games']:>6} new/{name}: " + ", ".join(parts)


def schedule(levels: list[int], total_actions: int) -> Iterator[int]:
    """The levels once, or (with a total of actions to reach) in turn until stopped."""
    if not total_actions:
        yield from levels
        return
    while True:
        yield from levels


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", default="10,50,100,200", help="concurrent games per level, comma-separated"
    )
    parser.add_argument("--game", default="", help="the game to play (default: the server's)")
    parser.add_argument("--seconds", type=float, default=20.0, help="time limit per level")
    parser.add_argument(
        "--think",
        type=float,
        default=0.25,
        help="mean think time of a client before acting, seconds",
    )
    parser.add_argument("--max-actions", type=int, default=400, help="actions per seat at most")
    parser.add_argument(
        "--clock", type=int, default=0, help="seconds per decision (default: no clock)"
    )
    parser.add_argument(
        "--total-actions", type=int, default=0,
        help="soak: repeat the levels until this many actions were applied in all",
    )
    parser.add_argument(
        "--rss", action="store_true", help="sample the server process's resident memory"
    )
    parser.add_argument(
        "--warmup", type=float, default=0.1,
        help="with --rss: the share of the actions before the warm figure",
    )
    parser.add_argument(
        "--tracemalloc", default="", metavar="DIR",
        help="trace the server's allocations; a snapshot into DIR after each level",
    )
    parser.add_argument("--url", default="", help="use a running server instead of starting one")
    parser.add_argument("--processes", default="",
                        help="server processes per row, e.g. 1,2,4 (bench.cluster_load)")
    parser.add_argument(
        "--compare", default="",
        help="also run this git revision's server (or checkout's); several, comma-separated",
    )
    parser.add_argument("--analyses", type=int, default=0,
                        help="finished games whose analyses run beside the live ones")
    args = parser.parse_args()
    if args.analyses and (args.processes or args.url or args.compare):
        raise SystemExit("--analyses starts its own server: leave out --processes, --url and "
                         "--compare")
    if args.processes:
        processes(args)
        return
    try:
        levels = [int(x) for x in args.games.split(",") if x.strip()]
    except ValueError:
        raise SystemExit(f"--games takes numbers like 10,50,100, not {args.games!r}") from None
    if not levels or min(levels) < 1 or max(levels) > 1000:
        raise SystemExit("--games: 1 to 1000 games per level")
    if args.total_actions < 0 or not 0 <= args.warmup < 1:
        raise SystemExit("--total-actions must be at least 0, --warmup in [0, 1)")
    args.compare = trees.wanted(args.compare) or ""
    if args.rss and (args.url or args.compare):
        raise SystemExit("--rss samples the one server this bench starts: no --url, --compare")
    if args.compare and args.url:
        raise SystemExit("--compare starts both servers itself: leave out --url")
    if args.tracemalloc and (args.url or args.compare):
        raise SystemExit("--tracemalloc traces the one server this bench starts: no --url, "
                         "--compare")
    refs = [r.strip() for r in args.compare.split(",") if r.strip()]
    procs: list[subprocess.Popen[bytes]] = []
    with tempfile.TemporaryDirectory() as tmp, contextlib.ExitStack() as stack:
        servers: dict[str, tuple[str, int | None]] = {}
        try:
            if args.url:
                servers["new"] = (args.url.rstrip("/"), None)
            else:
                for i, ref in enumerate(refs):
                    old_tree = stack.enter_context(trees.checkout(ref))
                    proc, base = start_server(Path(tmp) / f"old{i}.db", old_tree)
                    procs.append(proc)
                    name = "old" if len(refs) == 1 else Path(ref).name or ref
                    servers[name] = (base, proc.pid)
                    print(f"{name}: {trees.describe(old_tree)} at {base}")
                analysed = beside.store_finished(Path(tmp) / "load.db", args.analyses)
                if args.tracemalloc:
                    os.environ[memtrace.ENV] = str(Path(args.tracemalloc).resolve())
                proc, base = start_server(Path(tmp) / "load.db")
                procs.append(proc)
                servers["new"] = (base, proc.pid)
                print(f"new: {trees.describe(trees.HERE)} at {base}")
            run_tag = str(int(time.time()) % 100000)
            print(
                f"game {args.game or 'default'}; think {args.think}s; "
                f"clock {args.clock or 'none'}; up to {args.seconds}s per level; "
                f"load average {os.getloadavg()[0]:.1f}"
            )
            print(HEADER + ("  rss MB" if args.rss else ""))
            sampler = RssSampler(servers["new"][1] or 0) if args.rss else None
            if sampler:
                sampler.start()
            done = 0
            for index, n in enumerate(schedule(levels, args.total_actions)):
                if args.total_actions and done >= args.total_actions:
                    break
                # each level starts with another server, so none always runs first
                names = list(servers)
                names = names[index % len(names):] + names[:index % len(names)]
                results = {}
                for name in names:
                    base, pid = servers[name]
                    if args.analyses:
                        beside.ask(base, analysed, f"{run_tag}x{index}")
                    results[name] = asyncio.run(
                        level(base, args.game, n, args.seconds, args.think,
                              args.max_actions,
                              f"{run_tag}x{index}n{n}s{list(servers).index(name)}",
                              pid, args.clock, index)
                    )
                    line = row(results[name], name if len(servers) > 1 else "")
                    if sampler:
                        line += f"  {sampler.mark(results[name]['all_actions']):.1f}"
                    print(line, flush=True)
                    if args.tracemalloc and name == "new" and pid:
                        os.kill(pid, signal.SIGUSR2)  # a snapshot (memtrace.install)
                    if args.analyses:
                        print(beside.state(base), flush=True)
                done += results["new"]["all_actions"]
                for name in servers:
                    if name != "new":
                        print(ratios(results["new"], results[name], name), flush=True)
                print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
            if args.total_actions:
                print(f"{done} actions in all", flush=True)
            if sampler:
                sampler.stop()
                print(sampler.trace())
                print(sampler.report(args.warmup), flush=True)
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(10)

if __name__ == "__main__":
    main()
