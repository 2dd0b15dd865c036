"""The lesson routes against a real server: the list, a step's table, the answers to a wrong,
another and the right move in the learner's language, the next step, progress kept for an
account (and only for it), the real game at the end, and migration 0008."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
from alembic import command
from alembic.config import Config
from pg_cluster import database_url
from server_harness import Server
from sqlalchemy import inspect

from evolutio.server.db import make_engine
from evolutio.server.migrate import MIGRATIONS, upgrade

BASE = "/api/lessons/evolution/first_game"


def index_of(frame: dict[str, Any], notation: str) -> int:
    return next(m["index"] for m in frame["legal"] if m["notation"] == notation)


def test_the_lesson_list_names_every_games_lesson(server: Server) -> None:
    r = server.get("/api/lessons?lang=de")
    assert r.status_code == 200, r.text
    data = r.json()
    games = {x["game"] for x in data["lessons"]}
    assert games == {"evolution", "northstar", "darwin"}
    evo = next(x for x in data["lessons"] if x["game"] == "evolution")
    assert evo["title"].startswith("Spielen lernen") and evo["steps"] == 7
    assert data["progress"] == {} and data["saved"] is False


def test_a_wrong_move_another_move_and_the_taught_one(server: Server) -> None:
    with httpx.Client(base_url=server.base) as web:  # a visitor: known by a cookie
        r = web.post(f"{BASE}/start?lang=ru", json={"step": 4})
        assert r.status_code == 200, r.text
        frame = r.json()
        assert (frame["step"], frame["steps"], frame["id"]) == (4, 7, "attack")
        assert "Атакуйте" in frame["text"] and frame["decision"]["kind"] == "feed"
        assert frame["view"] and frame["made"] is False
        # legal, but not the move taught: the step's hint, nothing changes
        r = web.post(f"{BASE}/act?lang=ru", json={"index": index_of(frame, "eat A1")})
        other = r.json()
        assert other["result"]["kind"] == "other" and "хищником" in other["result"]["text"]
        assert other["made"] is False and other["tries"] == 1
        assert "show" not in other["result"]
        # a second miss names the move taught
        r = web.post(f"{BASE}/act?lang=ru", json={"index": index_of(frame, "eat A1")})
        shown = r.json()["result"]["show"]
        assert shown["index"] == index_of(frame, "attack A1 A2")
        assert shown["said"].startswith("Ход, которому учит этот шаг")
        # next is refused until the move is made
        assert web.post(f"{BASE}/next", json={}).status_code == 409
        r = web.post(f"{BASE}/act?lang=ru", json={"index": index_of(frame, "attack A1 A2")})
        done = r.json()
        assert done["result"]["kind"] == "right" and done["made"] is True
        assert done["legal"] == [] and "Жертва съедена" in done["result"]["text"]
        assert web.post(f"{BASE}/act", json={"index": 0}).status_code == 409
        r = web.post(f"{BASE}/next?lang=en", json={})
        following = r.json()
        assert (following["step"], following["id"], following["seat"]) == (5, "defence", 1)
        assert following["result"] is None and following["tries"] == 0
        assert following["decision"]["kind"] == "defend"


def test_a_refused_move_gets_the_engines_reason_in_the_learners_language(
        server: Server) -> None:
    with httpx.Client(base_url=server.base) as web:
        frame = web.post(f"{BASE}/start", json={"step": 4}).json()
        wolf, deer = frame["legal"][index_of(frame, "attack A1 A2")]["targets"]
        fish = 3  # the swimming animal: no land carnivore catches it
        attack = {"type": "attack", "animal": wolf[1], "target": fish}
        english = web.post(f"{BASE}/act?lang=en", json={"action": attack}).json()["result"]
        assert english["kind"] == "refused" and "swimming" in english["text"].lower()
        russian = web.post(f"{BASE}/act?lang=ru", json={"action": attack}).json()["result"]
        assert russian["kind"] == "refused" and russian["text"] != english["text"]
        assert "show" in russian  # the second miss names the move taught
        broken = web.post(f"{BASE}/act?lang=de", json={"action": {"type": "attack"}}).json()
        assert broken["result"]["kind"] == "refused" and broken["made"] is False
        # a click on the fish: no move uses it, and the game says why
        why = web.post(f"{BASE}/why?lang=en", json={"targets": [["animal", fish]]}).json()
        assert why["result"]["kind"] == "refused" and why["result"]["text"]
        usable = web.post(f"{BASE}/why", json={"targets": [deer]}).json()
        assert usable["result"]["kind"] == "usable" and usable["tries"] == why["tries"]
        assert web.post(f"{BASE}/why", json={"targets": "x"}).status_code == 400
        done = web.post(f"{BASE}/act", json={"index": index_of(frame, "attack A1 A2")}).json()
        assert done["result"]["kind"] == "right"


def test_bad_requests_are_refused(server: Server) -> None:
    with httpx.Client(base_url=server.base) as web:
        assert web.post("/api/lessons/evolution/nope/start", json={}).status_code == 404
        assert web.post("/api/lessons/toy/first_game/start", json={}).status_code == 404
        assert web.post("/api/lessons/nogame/first_game/start", json={}).status_code == 404
        assert web.post(f"{BASE}/start", json={"step": 99}).status_code == 400
        assert web.post(f"{BASE}/act", json={"index": 0}).status_code == 409  # not started
        web.post(f"{BASE}/start", json={})
        assert web.post(f"{BASE}/act", json={"index": 40}).status_code == 400
        assert web.post(f"{BASE}/act", json={"index": "0"}).status_code == 400


def test_an_accounts_progress_is_kept_and_a_guests_is_not(server: Server) -> None:
    r = httpx.post(server.base + "/api/register",
                   json={"name": "Learner", "password": "pw-long-enough-1"})
    assert r.status_code == 200, r.text
    account = r.json()["token"]
    guest = server.guest("Guesty")
    for token in (account, guest):
        start = server.post("/api/lessons/northstar/first_game/start", token,
                            json={"step": 1}).json()
        move = next(m["index"] for m in start["legal"] if m["action"]["type"] == "species")
        assert server.post("/api/lessons/northstar/first_game/act", token,
                           json={"index": move}).json()["made"] is True
    mine = server.get("/api/lessons", account).json()
    assert mine["saved"] is True
    assert mine["progress"] == {"northstar/first_game": {"step": 2, "done": False}}
    theirs = server.get("/api/lessons", guest).json()
    assert theirs["progress"] == {} and theirs["saved"] is False


def test_the_lesson_ends_in_a_game_against_an_easy_bot(server: Server) -> None:
    token = server.guest("Finisher")
    last = server.post("/api/lessons/darwin/first_game/start", token, json={"step": 10}).json()
    assert last["last"] is True and last["play"]["options"]["variant"] == "beginner"
    assert server.post("/api/lessons/darwin/first_game/act", token,
                       json={"index": index_of(last, "pass")}).json()["made"]
    r = server.post("/api/lessons/darwin/first_game/play", token, json={})
    assert r.status_code == 200, r.text
    room = r.json()["room"]
    assert room["game"] == "darwin" and room["status"] == "playing"
    assert room["options"]["variant"] == "beginner"
    assert [s["bot"] for s in room["seats"]][1].endswith("easy")
    assert server.post("/api/lessons/darwin/first_game/play", json={}).status_code == 401


def test_migration_0008_adds_and_removes_the_progress_table(tmp_path: Path) -> None:
    engine = make_engine(database_url(tmp_path / "old.db"))
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "0007")
    assert "lesson_progress" not in inspect(engine).get_table_names()
    upgrade(engine)
    columns = {c["name"] for c in inspect(engine).get_columns("lesson_progress")}
    assert columns == {"user_id", "game", "lesson", "step", "done", "updated_at"}
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0007")
    assert "lesson_progress" not in inspect(engine).get_table_names()
    engine.dispose()
