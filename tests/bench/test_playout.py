"""bench.playout, the benches' one playout loop, and the probes that run it in another tree."""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import bench
from bench import engine, trees
from bench.playout import (
    choice_positions,
    game_of,
    greedy,
    midgame_states,
    play_games,
    playout,
    randomly,
)

ROOT = Path(__file__).resolve().parents[2]


def hand_loop(name: str, players: int, games: int) -> int:
    """The loop every bench used to write for itself: seeds 1.., one Random(1)."""
    game = game_of(name)
    options = game.normalize_options({"players": players})
    rng = random.Random(1)
    actions = 0
    for i in range(games):
        state = game.new(options, 1 + i)
        while (now := game.decision(state)) is not None:
            seat = now.seats[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            actions += 1
    return actions


def test_play_games_plays_what_the_hand_loop_played() -> None:
    for name, players in (("toy", 3), ("darwin", 2)):
        run = play_games(game_of(name), {"players": players}, 3)
        assert run.games == 3
        assert run.actions == hand_loop(name, players, 3)
        assert run.seconds > 0 and run.actions_per_s > 0


def test_a_chooser_sees_every_action_and_a_watch_its_events() -> None:
    game = game_of("toy")
    options = game.normalize_options({"players": 2})
    plain = playout(game, game.new(options, 5), random.Random(9))
    seen: list[tuple[int, Any, list[Any]]] = []
    chosen = playout(game, game.new(options, 5), random.Random(9), randomly(random.Random(9)),
                     lambda seat, action, events: seen.append((seat, action, events)))
    assert chosen == plain == len(seen)
    assert all(isinstance(events, list) for _, _, events in seen)
    watched: list[Any] = []
    alone = playout(game, game.new(options, 5), random.Random(9), None,
                    lambda seat, action, events: watched.append(action))
    assert alone == plain and watched == [action for _, action, _ in seen]


def test_greedy_games_end() -> None:
    game = game_of("darwin")
    options = game.normalize_options({"players": 2})
    state = game.new(options, 2)
    assert playout(game, state, random.Random(1), greedy(game, 2)) > 0
    assert game.outcome(state) is not None


def test_sampled_states_carry_the_seat_asked_and_positions_a_choice() -> None:
    game = game_of("darwin")
    states = midgame_states(game, {"players": 4}, 12)
    assert len(states) == 12
    for state, seat in states:
        decision = game.decision(state)
        assert decision is not None and decision.seats[0] == seat
    for state in choice_positions(game, {"players": 2}, 4, seed=3):
        decision = game.decision(state)
        assert decision is not None
        assert len(game.legal_actions(state, decision.seats[0])) > 1


def test_every_bench_imports_as_a_module() -> None:
    names = {m.name for m in pkgutil.walk_packages(bench.__path__, "bench.")}
    assert {"bench.engine", "bench.load", "bench.cluster_load", "bench.darwin.feasibility",
            "bench.evolution.listing"} <= names
    for name in sorted(names):
        importlib.import_module(name)


def probe_toy(tree: Path) -> Any:
    work = engine.plan(1, ["toy"], [2], states=3)
    return trees.probe(tree, engine.PROBE, [json.dumps(work)])


def test_the_engine_probe_runs_this_checkouts_bench_on_a_tree_without_it(
    tmp_path: Path,
) -> None:
    # a tree of the old layout (or none): only its engine, its src, is taken from it
    (tmp_path / "src").symlink_to(ROOT / "src")
    for tree in (ROOT, tmp_path):
        result = probe_toy(tree)
        assert Path(result["source"]).resolve() == (ROOT / "src/evolutio/__init__.py")
        (per_s, per_game, _, _), = result["rows"]
        assert per_s > 0 and per_game == 8.0
        assert set(result["calls"][0]) >= {"clone", "legal_actions", "view", "determinize"}
