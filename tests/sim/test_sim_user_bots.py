"""Bots by import path in the batch runner: loaded from a file or a module, and replaced by
the game's default move (and counted) when they raise, overrun their limit or cheat."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from evolutio.bots.base import BotError
from evolutio.bots.imported import split_import
from evolutio.bots.levels import check_spec, make_bot
from evolutio.sim.runner import GameTask, batch_tasks, play_game
from evolutio.sim.stats import summarize

BOTS = '''
import time


class First:
    """Plays the first legal action."""

    def __init__(self, seed, game):
        self.game = game

    def choose(self, view, legal, decision, info=None):
        return legal[0]


class Raises:
    name = "raises"

    def __init__(self, seed, game):
        self.calls = 0

    def choose(self, view, legal, decision, info=None):
        self.calls += 1
        if self.calls % 2:
            raise RuntimeError("boom")
        return legal[-1]


class Sleeps:
    name = "sleeps"

    def __init__(self, seed, game):
        pass

    def choose(self, view, legal, decision, info=None):
        try:
            time.sleep(5)
        except Exception:  # a bot's own catch-all must not swallow the limit
            pass
        return legal[0]


class Cheats:
    name = "cheats"

    def __init__(self, seed, game):
        pass

    def choose(self, view, legal, decision, info=None):
        return "not an action"
'''


@pytest.fixture
def bot_file(tmp_path: Path) -> Path:
    path = tmp_path / "mybots.py"
    path.write_text(BOTS, encoding="utf-8")
    return path


def _play(spec: str, games: int = 3, limit: float | None = 5.0) -> list[dict[str, object]]:
    tasks = batch_tasks("toy", {}, 1, games, [spec, "random"])
    return [play_game(GameTask(t.index, t.game, t.options, t.seed, t.bots,
                               decision_limit=limit)).result for t in tasks]


def test_platform_specs_are_never_import_paths() -> None:
    for spec in ("random", "greedy:0.33", "ismcts:1.5s", "ismcts:400:ucb", "ismcts:1s:p2",
                 "policy:runs/p.npz", "hard"):
        assert split_import(spec) is None, spec
    assert split_import("bots/my.py:MyBot") == ("bots/my.py", "MyBot")
    assert split_import("mypkg.mybot:MyBot") == ("mypkg.mybot", "MyBot")


def test_a_bot_class_from_a_file_plays_whole_games(bot_file: Path) -> None:
    spec = f"{bot_file}:First"
    assert check_spec(spec, "toy") == spec  # kept as given: a path's case matters
    rows = _play(spec)
    assert all(row["error"] is None and row["winners"] for row in rows)
    assert all(row["fallbacks"] == [0, 0] and row["fallback_reason"] is None for row in rows)
    assert rows[0]["bots"] == [spec, "random"]


def test_a_bot_from_a_module_on_the_current_folder(
    bot_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = bot_file.parent / "userpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "players.py").write_text(BOTS, encoding="utf-8")
    monkeypatch.chdir(bot_file.parent)
    monkeypatch.setattr(sys, "path", list(sys.path))
    bot = make_bot("userpkg.players:First", 3, "toy")
    assert type(bot).__name__ == "First" and bot.name == "First"


def test_a_raising_bot_is_replaced_and_counted(bot_file: Path) -> None:
    rows = _play(f"{bot_file}:Raises")
    assert all(row["error"] is None and row["winners"] for row in rows)
    assert all(row["fallbacks"][0] >= 1 and row["fallbacks"][1] == 0  # type: ignore[index]
               for row in rows)
    assert "raised: RuntimeError: boom" in str(rows[0]["fallback_reason"])
    summary = summarize(rows)
    assert summary["fallbacks"] == sum(row["fallbacks"][0] for row in rows)  # type: ignore[index]
    assert "boom" in summary["first_fallback"]


def test_an_overrun_is_cut_at_the_limit(bot_file: Path) -> None:
    rows = _play(f"{bot_file}:Sleeps", games=1, limit=0.05)
    assert rows[0]["error"] is None and rows[0]["winners"]
    decisions = rows[0]["decisions"][0]  # type: ignore[index]
    assert rows[0]["fallbacks"][0] == decisions > 0  # type: ignore[index]
    assert "timeout" in str(rows[0]["fallback_reason"])
    assert rows[0]["think_seconds"][0] < decisions * 1.0  # type: ignore[index]


def test_an_illegal_answer_is_replaced(bot_file: Path) -> None:
    rows = _play(f"{bot_file}:Cheats", games=1)
    assert rows[0]["error"] is None
    assert "illegal" in str(rows[0]["fallback_reason"])


def test_bad_import_specs_are_refused_with_the_reason(bot_file: Path) -> None:
    with pytest.raises(BotError, match="no bot file"):
        make_bot("missing/bot.py:Bot", 0, "toy")
    with pytest.raises(BotError, match="has no Nobody"):
        make_bot(f"{bot_file}:Nobody", 0, "toy")
    with pytest.raises(BotError, match="cannot import the bot module"):
        make_bot("no_such_pkg.bots:Bot", 0, "toy")
