"""Where the server's CPU goes per action: rooms played in process, each part timed.

Rooms run in this process on a temporary SQLite file, exactly as the server runs them
(``Room.act`` for every move: the action checked, stored and committed, applied, the log
entry written, the frames made and queued for every connection), without sockets: each seat
has one connection that never reads (its queue is emptied after every action), in the
language given by ``--langs`` (seat 0 the first, seat 1 the second, ...). Every action is a
random legal one. The figures are CPU milliseconds per action (``time.process_time``), so
they hold on a shared machine; the parts are exclusive (a part's time leaves out the parts
it calls), the rest is what no part names (checking the ``act`` against the room, timers,
the queue). Each ``act`` is read from its decoded JSON by ``server/inbound.py`` ("frame
parse") where the tree has it.

    .venv/bin/python -m bench.server_parts                    # evolution, 2 seats, 3000 actions
    .venv/bin/python -m bench.server_parts --game northstar --actions 2000
    .venv/bin/python -m bench.server_parts --compare main     # also main's tree, side by side
    .venv/bin/python -m bench.server_parts --clock 300        # rooms with a clock
    .venv/bin/python -m bench.server_parts --rooms 100 --actions 10000   # 100 rooms in turn

What the sockets cost (one WebSocket frame per connection and action) is measured by
``bench.load``, which runs a real server process.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import trees

#: (label, "module:attribute" or "module:Class.method"); a name missing in a tree is skipped
PARTS: list[tuple[str, str]] = [
    ("frame parse", "evolutio.server.inbound:parse"),
    ("engine: legal actions", "evolutio.core.match:Match.legal"),
    ("engine: apply", "evolutio.core.match:Match.act"),
    ("engine: view", "evolutio.core.match:Match.view"),
    ("undo: state copy", "evolutio.server.undo:before"),
    ("undo: state copy", "evolutio.server.undo:Undo.before"),
    ("log sentences", "evolutio.server.history:entry_texts"),
    ("legal descriptions", "evolutio.server.frames:legal_json"),
    ("legal descriptions", "evolutio.server.frames:Frames.legal_json"),
    ("decision prompt", "evolutio.server.frames:decision_prompt"),
    ("score", "evolutio.server.table:score_json"),
    ("state frame (rest)", "evolutio.server.frames:state_frame"),
    ("state frame (rest)", "evolutio.server.frames:Frames.state"),
    ("JSON encoding", "json:dumps"),
    ("JSON encoding", "evolutio.server.wire:dumps"),
    ("JSON encoding", "evolutio.server.wire:encode"),
    ("database commit", "evolutio.server.store:Store.add_action"),
    ("deadlines write", "evolutio.server.store:Store.save_deadlines"),
    ("timers", "evolutio.server.clocks:Timers.reset"),
    ("timers", "evolutio.server.clocks:Timers.schedule_bots"),
]

#: run in each tree's fresh process (this checkout's code on that tree's server): one JSON line.
PROBE = "import sys; from bench.server_parts import probe_main; probe_main(sys.argv[1:])"

SPENT: dict[str, float] = {}
_stack: list[float] = []


def timed(label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` charging its exclusive CPU time to ``label``."""

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _stack.append(0.0)
        start = time.process_time()
        try:
            return fn(*args, **kwargs)
        finally:
            took = time.process_time() - start
            inner = _stack.pop()
            SPENT[label] = SPENT.get(label, 0.0) + took - inner
            if _stack:
                _stack[-1] += took

    return wrapper


def instrument() -> None:
    """Wrap every part found in this tree (module attributes are replaced, so calls made
    through the module or the class are counted; names imported elsewhere are patched where
    they were imported into the frame module)."""
    for label, where in PARTS:
        module_name, _, attr = where.partition(":")
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        owner: Any = module
        *path, name = attr.split(".")
        for part in path:
            owner = getattr(owner, part, None)
        if owner is None or not hasattr(owner, name):
            continue
        setattr(owner, name, timed(label, getattr(owner, name)))


async def play(
    game: str, actions: int, langs: list[str], seed: int, clock: int = 0, rooms: int = 1
) -> dict[str, Any]:
    """Play random legal actions in ``rooms`` rooms at once, one action of each in turn (a
    finished game's room is replaced by a new one), until ``actions`` were applied."""
    from evolutio.server import auth, commands
    from evolutio.server.db import make_engine, make_sessionmaker
    from evolutio.server.hub import Hub
    from evolutio.server.migrate import upgrade
    from evolutio.server.rooms import Conn, Seat
    from evolutio.server.store import Store

    try:  # a tree whose Room.act takes the typed frame (server/inbound.py) gets it parsed
        inbound: Any = importlib.import_module("evolutio.server.inbound")
    except ImportError:  # an older tree's Room.act reads the decoded dict itself
        inbound = None

    def frame_of(msg: dict[str, Any]) -> Any:
        return msg if inbound is None else inbound.parse(msg)

    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        engine = make_engine(f"sqlite:///{Path(tmp) / 'parts.db'}")
        upgrade(engine)
        hub = Hub(Store(make_sessionmaker(engine)), bot_delay=0.0)

        async def nothing(*_: Any) -> None:
            return None

        done = 0
        cpu = 0.0
        games = 0
        users: list[Any] = []

        def new_room() -> tuple[Any, list[Any]]:
            nonlocal users, games
            with hub.store.session() as s:
                while len(users) < 8:
                    user, _ = auth.create_guest(s, f"P{games}x{len(users)}")
                    users.append(user)
                s.commit()
            room = hub.create_room(game, {}, clock, users[0])
            conns = []
            for i in range(len(room.seats)):
                user = users[i]
                room.seats[i] = Seat(user.id, user.name)
                conn = Conn(user.id, user.name, nothing, nothing, langs[i % len(langs)])
                room.conns.add(conn)
                conns.append(conn)
            commands.cmd_start(room, conns[0], [])
            users = users[len(room.seats):]
            games += 1
            return room, conns

        tables = [new_room() for _ in range(rooms)]
        turn = 0
        while done < actions:
            turn = (turn + 1) % len(tables)
            room, conns = tables[turn]
            if room.match is None or room.match.over:
                room.timers.stop()
                tables[turn] = room, conns = new_room()
            pending = room.match.pending()
            seat = pending[0] if len(pending) == 1 else rng.choice(pending)
            count = len(room.match.legal(seat))
            msg = {"type": "act", "version": room.match.version, "index": rng.randrange(count)}
            SPENT.clear() if done == 0 else None
            start = time.process_time()
            room.act(conns[seat], frame_of(msg))
            cpu += time.process_time() - start
            done += 1
            for conn in conns:
                while not conn.queue.empty():
                    conn.queue.get_nowait()
                conn.queued = 0
        for room, _ in tables:
            room.timers.stop()
        hub.close()
    parts = {k: round(1000 * v / done, 4) for k, v in sorted(SPENT.items(), key=lambda x: -x[1])}
    total = 1000 * cpu / done
    parts["rest"] = round(total - sum(parts.values()), 4)
    return {"actions": done, "games": games, "cpu_ms": round(total, 4), "parts": parts}


def probe_main(argv: list[str]) -> None:
    """One measurement in this process: print its JSON on the last line."""
    parser = argparse.ArgumentParser()
    parser.add_argument("--game", default="evolution")
    parser.add_argument("--actions", type=int, default=3000)
    parser.add_argument("--langs", default="en,en")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--clock", type=int, default=0)
    parser.add_argument("--rooms", type=int, default=1)
    parser.add_argument("--plain", action="store_true", help="no part timers (total only)")
    args = parser.parse_args(argv)
    if not args.plain:
        instrument()
    result = asyncio.run(
        play(args.game, args.actions, args.langs.split(","), args.seed, args.clock, args.rooms)
    )
    print(json.dumps(result))


def show(name: str, result: dict[str, Any]) -> None:
    print(f"{name}: {result['actions']} actions in {result['games']} games, "
          f"{result['cpu_ms']:.3f} CPU ms/action")
    for label, ms in result["parts"].items():
        print(f"  {label:<24} {ms:8.3f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="evolution", help="the game the rooms play")
    parser.add_argument("--actions", type=int, default=3000, help="actions per measurement")
    parser.add_argument("--langs", default="en,en",
                        help="each seat's connection language, comma-separated, in turn")
    parser.add_argument("--rounds", type=int, default=3, help="measurements per tree")
    parser.add_argument("--clock", type=int, default=0,
                        help="seconds per decision of the rooms (default: no clock)")
    parser.add_argument("--rooms", type=int, default=1,
                        help="rooms played at once, one action of each in turn (as a busy "
                        "server interleaves them; the default plays one room at a time)")
    parser.add_argument("--compare", default="", help="also measure this git revision's tree")
    args = parser.parse_args()
    if args.actions < 1 or args.rounds < 1 or not 1 <= args.rooms <= 1000:
        raise SystemExit("--actions and --rounds take a positive number, --rooms 1 to 1000")
    probe_args = ["--game", args.game, "--actions", str(args.actions),
                  "--langs", args.langs, "--clock", str(args.clock),
                  "--rooms", str(args.rooms)]
    with trees.sides(args.compare) as named:
        for name, tree in named.items():
            print(f"{name}: {trees.describe(tree)}")
        runs = trees.rounds(named, args.rounds,
                            lambda tree: trees.probe(tree, PROBE, probe_args))
        plain = trees.rounds(named, args.rounds,
                             lambda tree: trees.probe(tree, PROBE, [*probe_args, "--plain"]))
    best: dict[str, dict[str, Any]] = {}
    for name in named:
        best[name] = min(runs[name], key=lambda r: r["cpu_ms"])
        show(f"{name} (parts timed, best of {args.rounds})", best[name])
    print(f"\nCPU ms per action without part timers (best of {args.rounds}; median):")
    figures = {}
    for name in named:
        low, mid = trees.best_and_median([r["cpu_ms"] for r in plain[name]], False)
        figures[name] = low
        print(f"  {name}: {low:.3f} ({mid:.3f})")
    if "old" in figures:
        print(f"  new/old: {trees.ratio(figures['new'], figures['old'])}")
        print("\nparts, old -> new ms/action:")
        labels = list(dict.fromkeys([*best["old"]["parts"], *best["new"]["parts"]]))
        for label in labels:
            old = best["old"]["parts"].get(label, 0.0)
            new = best["new"]["parts"].get(label, 0.0)
            print(f"  {label:<24} {old:8.3f} {new:8.3f}  {trees.ratio(new, old)}")


if __name__ == "__main__":
    main()
