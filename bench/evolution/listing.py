"""Whether this tree lists the same legal actions, in the same order, as another revision.

Run: ``.venv/bin/python -m bench.evolution.listing [--compare REF] [--games N]``.

Plays random games of Evolution (the four deck configurations of ``bench.engine`` and
every set at once, at 2, 4 and 6 players, both editions) in this tree and in REF (default
``main``, checked out by ``bench.trees``), each in a fresh process (this checkout's
``bench.playout`` loop on each tree's engine), and hashes every
decision's seat, kind and legal actions (their JSON, in order), the action chosen and the
final scores. A configuration whose digests differ prints the first game and decision where
the two trees part. An engine change that is only about speed must print ``same`` on every
row. Prints findings only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from bench import trees
from bench.playout import game_of, playout

DECKS = (
    ["base"],
    ["base", "time_to_fly", "gift"],
    ["base", "continents"],
    ["base", "time_to_fly", "gift", "continents"],
    ["base", "time_to_fly", "gift", "continents", "ice_age"],
)

#: run inside the tree measured; argv[1] is the JSON plan, prints one JSON document.
PROBE = "from bench.evolution.listing import probe; probe()"


def probe() -> None:
    """The probe's body: every row's digest and each game's decision digests."""
    game = game_of("evolution")
    out = []
    for row in json.loads(sys.argv[1]):
        options = game.normalize_options(row["options"])
        total = hashlib.sha256()
        games = []
        for seed in range(row["games"]):
            rng = random.Random(seed)
            digests: list[str] = []

            def choose(state: Any, seat: int, decision: Any, legal: Sequence[Any],
                       rng: random.Random = rng, digests: list[str] = digests) -> Any:
                action = rng.choice(legal)
                text = json.dumps([seat, decision.kind, [a.to_json() for a in legal],
                                   action.to_json()], sort_keys=True)
                digests.append(hashlib.sha256(text.encode()).hexdigest()[:16])
                return action

            state = game.new(options, seed)
            playout(game, state, rng, choose)
            result = game.outcome(state)
            digests.append(json.dumps([list(result.scores), list(result.ranks)]))
            total.update("".join(digests).encode())
            games.append(digests)
        out.append({"digest": total.hexdigest(), "games": games})
    print(json.dumps(out))


def plan(games: int) -> list[dict[str, Any]]:
    rows = []
    for deck in DECKS:
        for players in (2, 4, 6):
            for edition in (3, 2):
                options = {"players": players, "expansions": deck, "edition": edition}
                rows.append({"options": options, "games": games})
    return rows


def parting(old: list[list[str]], new: list[list[str]]) -> str:
    """Where two runs of one row first differ: the game and the decision."""
    for game, (a, b) in enumerate(zip(old, new, strict=True)):
        for step, (x, y) in enumerate(zip(a, b, strict=False)):
            if x != y:
                return f"game {game}, decision {step}"
        if len(a) != len(b):
            return f"game {game}, length {len(a)} against {len(b)}"
    return "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", default="main", help="revision or checkout")
    parser.add_argument("--games", type=int, default=20, help="games per row")
    args = parser.parse_args()
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    rows = plan(args.games)
    spec = json.dumps(rows)
    with trees.checkout(args.compare) as other:
        old = trees.probe(other, PROBE, [spec])
        new = trees.probe(trees.HERE, PROBE, [spec])
        print(f"new: this tree ({trees.describe(trees.HERE)}); "
              f"old: {args.compare} ({trees.describe(other)}); {args.games} games per row")
    differ = 0
    for row, a, b in zip(rows, old, new, strict=True):
        o = row["options"]
        label = f"{'+'.join(o['expansions']):<36}{o['players']:>3}p  edition {o['edition']}"
        decisions = sum(len(g) - 1 for g in b["games"])
        if a["digest"] == b["digest"]:
            print(f"{label}  same ({decisions} decisions)")
        else:
            differ += 1
            print(f"{label}  DIFFERS at {parting(a['games'], b['games'])}")
    print("every row the same" if not differ else f"{differ} rows differ")


if __name__ == "__main__":
    main()
