"""HTTP API against a real server process: people, rooms, pages, refusals."""

from __future__ import annotations

import httpx
from server_harness import Server


def test_pages_and_static_files(server: Server) -> None:
    for path in ("/", "/room/abc", "/replay/abc", "/profile/ann", "/leaderboard"):
        r = httpx.get(server.base + path)
        assert r.status_code == 200 and '<main id="app">' in r.text
    shell = ("app.js", "room.js", "replay.js", "games.js", "picks.js", "generic.js", "i18n.js")
    for name in (*shell, "style.css", "games/evolution/index.js", "games/evolution/board.css"):
        assert httpx.get(f"{server.base}/static/{name}").status_code == 200


def test_guest_names_and_tokens(server: Server) -> None:
    token = server.guest("Ann")
    me = server.get("/api/me", token).json()["user"]
    assert me["name"] == "Ann" and me["account"] is False
    taken = server.post("/api/guest", json={"name": "ann"})
    assert taken.status_code == 400 and "taken" in taken.json()["error"]
    for bad in ("", "x", "a" * 40, "bot:easy", "<script>", 7):
        r = server.post("/api/guest", json={"name": bad})
        assert r.status_code == 400 and r.json()["error"]
    assert server.get("/api/me").status_code == 401
    assert server.get("/api/me", "forged-token").status_code == 401


def test_accounts_with_passwords(server: Server) -> None:
    guest = server.guest("Carla")
    r = server.post("/api/register", guest, json={"name": "Carla", "password": "correct horse"})
    assert r.status_code == 200 and r.json()["user"]["account"] is True
    assert (
        server.post("/api/register", json={"name": "Dan", "password": "short"}).status_code == 400
    )
    bad = server.post("/api/login", json={"name": "Carla", "password": "wrong password"})
    assert bad.status_code == 401 and bad.json()["error"] == "Wrong name or password."
    ok = server.post("/api/login", json={"name": "carla", "password": "correct horse"})
    assert ok.status_code == 200 and "evolutio_token" in ok.cookies
    token = ok.json()["token"]
    assert server.get("/api/me", token).json()["user"]["name"] == "Carla"
    # someone else cannot register over an account
    other = server.post("/api/register", json={"name": "Carla", "password": "another one"})
    assert other.status_code == 400


def test_bad_requests_get_readable_errors(server: Server) -> None:
    token = server.guest("Eve")
    r = httpx.post(
        server.base + "/api/rooms",
        content=b"{not json",
        headers={"authorization": f"Bearer {token}"},
    )
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = server.post("/api/rooms", token, content=b"x" * 20000)
    assert r.status_code == 413
    r = server.post("/api/rooms", token, json=[1, 2])
    assert r.status_code == 400
    r = server.post("/api/rooms", token, json={"game": "chess"})
    assert r.status_code == 400 and "unknown game" in r.json()["error"]
    r = server.post("/api/rooms", token, json={"game": "evolution", "options": {"players": 99}})
    assert r.status_code == 400 and r.json()["error"]
    r = server.post("/api/rooms", token, json={"game": "toy", "clock": -5})
    assert r.status_code == 400
    assert server.post("/api/rooms", json={"game": "toy"}).status_code == 401
    assert server.get("/api/users/nobody").status_code == 404
    assert server.get("/api/rooms/nothere").status_code == 404
    room = server.room(token)
    r = server.get(f"/api/rooms/{room}/record")
    assert r.status_code == 409 and "not over" in r.json()["error"]


def test_rooms_listed_and_options_normalized(server: Server) -> None:
    token = server.guest("Finn")
    r = server.post("/api/rooms", token, json={"game": "evolution", "options": {"players": 3}})
    room = r.json()["room"]
    assert room["options"]["players"] == 3 and room["options"]["edition"] == 3
    assert len(room["seats"]) == 3 and room["seats"][0]["name"] == "Finn"
    listed = server.get("/api/rooms").json()["rooms"]
    assert any(x["id"] == room["id"] and x["status"] == "open" for x in listed)
    games = {g["name"] for g in server.get("/api/games").json()["games"]}
    assert "evolution" in games
    names = server.get("/api/names/evolution").json()["names"]
    assert names["ru"]["carnivore"] == "Хищник" and names["de"]["carnivore"]
