"""Finishing a game is one transaction and safe to repeat; a bad room never stops a start.

Reproduces a kill -9 between the results and the room's status (the state the older,
two-commit finish left behind): the room is back at ``playing`` with its participations kept.
"""

from __future__ import annotations

from pathlib import Path

from faultkit import finished_game, sql
from server_harness import Server


def test_a_game_killed_inside_finish_is_finished_at_start_once(tmp_path: Path) -> None:
    server = Server(tmp_path / "finish.db")
    server.start()
    try:
        room = finished_game(server, ("Fia", "Gus"))
        server.kill()
        db = server.db
        before = sql(db, "SELECT games, mu FROM ratings ORDER BY user_id")
        sql(db, "UPDATE rooms SET status = 'playing', outcome = NULL, finished_at = NULL "
                "WHERE id = ?", room)
        assert sql(db, "SELECT count(*) FROM participations WHERE room_id = ?", room) == [(2,)]
        server.start()  # before the fix: "Application startup failed"
        r = server.get(f"/api/rooms/{room}")
        assert r.status_code == 200 and r.json()["room"]["status"] == "over", r.text
        assert server.get(f"/api/rooms/{room}/record").status_code == 200
        server.kill()
        # rated once: a second finish did not count the game again
        assert sql(db, "SELECT games, mu FROM ratings ORDER BY user_id") == before
        assert sql(db, "SELECT count(*) FROM participations WHERE room_id = ?", room) == [(2,)]
    finally:
        server.stop()


def test_one_bad_room_is_reported_and_skipped(tmp_path: Path) -> None:
    server = Server(tmp_path / "bad.db")
    server.start()
    token = server.guest("Hal")
    good = server.room(token)
    server.kill()
    sql(server.db, "INSERT INTO rooms (id, game, options, seed, clock, status, seats, "
                   "created_at) VALUES ('broken', 'toy', '\"x\"', 1, 0, 'playing', '[]', "
                   "'2026-01-01')")
    try:
        server.start()
        assert server.get(f"/api/rooms/{good}").json()["room"]["status"] == "open"
        assert "room broken cannot be resumed, skipped" in server.log_text()
        answer = server.get("/health")
        health = answer.json()
        assert health["skipped_rooms"] == ["broken"]
        # served (200), but degraded, and why
        assert answer.status_code == 200 and health["status"] == "degraded"
        assert health["reasons"] == ["rooms that could not be loaded or started: 1"]
    finally:
        server.stop()
