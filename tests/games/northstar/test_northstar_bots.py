"""Bots on North Star: every bot plays legal actions to the end in every option set; the
greedy bot (the game's heuristic) beats the random one; ISMCTS plays with it."""

from __future__ import annotations

import pytest

from evolutio.games.northstar.game import GAME
from evolutio.sim.runner import GameTask, batch_tasks, play_game, run_games


@pytest.mark.parametrize(
    "options",
    [{"players": 2}, {"players": 4, "hard_shell_bonus": 3},
     {"players": 6, "deck": "northstar"}, {"players": 3, "variant": "cs4500"}],
)
def test_greedy_and_random_play_to_the_end(options: dict[str, object]) -> None:
    bots = tuple(["greedy", "random"] * 3)[: int(str(options["players"]))]
    row = play_game(GameTask(0, "northstar", dict(options), 11, bots)).result
    assert row["error"] is None
    assert len(row["scores"]) == options["players"]


def test_greedy_beats_random() -> None:
    rows = run_games(batch_tasks("northstar", {"players": 2}, 3, 40, ["greedy", "random"],
                                 rotate=True), 1)
    assert all(r["error"] is None for r in rows)
    wins = sum(1 for r in rows if r["bots"][r["winners"][0]] == "greedy"
               and len(r["winners"]) == 1)
    assert wins >= 32, wins


def test_ismcts_plays_a_game() -> None:
    row = play_game(GameTask(0, "northstar", {"players": 2}, 4, ("ismcts:20", "greedy"))).result
    assert row["error"] is None and row["iterations"][0] > 0


def test_heuristic_is_declared() -> None:
    assert GAME.heuristic.rollout_depth > 0
    assert GAME.terminal is not None
