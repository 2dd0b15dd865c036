"""Puzzles over HTTP: a puzzle without its answer, right and wrong attempts, both ratings
moving, streaks, the next puzzle near one's rating, and the migration's tables."""

from __future__ import annotations

from pathlib import Path

from pg_cluster import database_url
from server_harness import Server
from sqlalchemy import inspect

from evolutio.core.glicko import glicko2
from evolutio.core.puzzle import find, puzzles_of
from evolutio.core.registry import get_game
from evolutio.server.db import make_engine
from evolutio.server.migrate import upgrade


def _index_of_answer(game: str, pid: str, legal: list[dict[str, object]]) -> int:
    puzzle = find(game, pid)
    assert puzzle is not None
    rules = get_game(game)
    state = puzzle.state()
    answer = puzzle.answer_action(rules, state).to_json()
    return next(int(str(m["index"])) for m in legal if m["action"] == answer)


def test_glicko2_moves_both_sides_and_narrows_the_deviation() -> None:
    won = glicko2(1500, 350, 0.06, 1500, 200, 1.0)
    lost = glicko2(1500, 350, 0.06, 1500, 200, 0.0)
    assert won[0] > 1500 > lost[0] and won[1] < 350 and lost[1] < 350
    # beating a much stronger opponent gains more than beating a weaker one
    assert glicko2(1500, 200, 0.06, 1900, 100, 1.0)[0] - 1500 > (
        glicko2(1500, 200, 0.06, 1100, 100, 1.0)[0] - 1500)


def test_the_migration_creates_the_puzzle_tables(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "p.db"))
    upgrade(engine)
    tables = set(inspect(engine).get_table_names())
    assert {"puzzle_ratings", "puzzle_solvers", "puzzle_attempts"} <= tables
    engine.dispose()


def test_listing_and_a_puzzle_without_its_answer(server: Server) -> None:
    games = server.get("/api/puzzles").json()["games"]
    counts = {g["game"]: g["count"] for g in games}
    assert counts["evolution"] >= 20 and counts["northstar"] >= 20 and counts["darwin"] >= 20
    evo = next(g for g in games if g["game"] == "evolution")
    assert evo["themes"]["ice_age"] >= 1 and evo["me"]["rating"] == 1500
    pid = puzzles_of("northstar")[0].id
    body = server.get(f"/api/puzzles/northstar/{pid}?lang=de").json()
    puzzle = body["puzzle"]
    assert puzzle["id"] == pid and puzzle["legal"] and puzzle["view"]
    assert "answer" not in puzzle and "explanation" not in puzzle
    assert puzzle["title"] == find("northstar", pid).title["de"]  # type: ignore[union-attr]
    assert body["rated"] is False
    assert server.get("/api/puzzles/northstar/no-such-puzzle").status_code == 404
    assert server.get("/api/puzzles/chess/next").status_code == 404


def test_attempts_rate_the_solver_and_the_puzzle_and_count_a_streak(server: Server) -> None:
    token = server.guest("Solver")
    first = server.get("/api/puzzles/evolution/next", token).json()
    assert first["rated"] is True and first["me"]["rating"] == 1500
    puzzle = first["puzzle"]
    right = _index_of_answer("evolution", puzzle["id"], puzzle["legal"])
    result = server.post(f"/api/puzzles/evolution/{puzzle['id']}/attempt", token,
                         json={"index": right}).json()
    assert result["correct"] is True and result["rated"] is True
    assert result["rating"]["after"] > result["rating"]["before"] == 1500
    assert result["puzzle_rating"]["after"] < result["puzzle_rating"]["before"]
    assert result["me"]["streak"] == 1 and result["explanation"] and result["rule"]
    # a second try at the same puzzle is judged but not rated
    again = server.post(f"/api/puzzles/evolution/{puzzle['id']}/attempt", token,
                        json={"index": right}).json()
    assert again["rated"] is False and again["rating"]["change"] == 0
    assert again["me"]["streak"] == 1
    # the next puzzle is one not tried yet; a wrong answer ends the streak and costs rating
    second = server.get("/api/puzzles/evolution/next", token).json()["puzzle"]
    assert second["id"] != puzzle["id"]
    wrong = next(m["index"] for m in second["legal"]
                 if m["index"] != _index_of_answer("evolution", second["id"], second["legal"]))
    lost = server.post(f"/api/puzzles/evolution/{second['id']}/attempt", token,
                       json={"action": second["legal"][wrong]["action"]}).json()
    assert lost["correct"] is False and lost["rated"] is True
    assert lost["rating"]["after"] < lost["rating"]["before"]
    assert lost["puzzle_rating"]["after"] > lost["puzzle_rating"]["before"]
    assert lost["me"]["streak"] == 0 and lost["me"]["best_streak"] == 1
    assert lost["answer"]["text"]
    mine = next(g for g in server.get("/api/puzzles", token).json()["games"]
                if g["game"] == "evolution")["me"]
    assert mine["attempts"] == 3 and mine["solved"] == 2


def test_an_attempt_without_a_login_is_judged_unrated_and_bad_moves_refused(
    server: Server,
) -> None:
    pid = puzzles_of("darwin")[0].id
    puzzle = server.get(f"/api/puzzles/darwin/{pid}").json()["puzzle"]
    right = _index_of_answer("darwin", pid, puzzle["legal"])
    result = server.post(f"/api/puzzles/darwin/{pid}/attempt", json={"index": right}).json()
    assert result["correct"] is True and result["rated"] is False and "rating" not in result
    for bad in ({"index": 999}, {"index": True}, {"action": {"type": "nonsense"}}):
        r = server.post(f"/api/puzzles/darwin/{pid}/attempt", json=bad)
        assert r.status_code == 400 and r.json()["code"] == "bad_move"
