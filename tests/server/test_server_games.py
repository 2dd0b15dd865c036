"""The games' descriptions, names and browser folders over HTTP (in process)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from pg_cluster import database_url

from evolutio.core import registry
from evolutio.server.app import create_app

sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture()
def client(tmp_path: Path) -> Iterator[TestClient]:
    registry.register("webtoy", "webgame:GAME")
    try:
        app = create_app(database_url(tmp_path / "g.db"), bot_delay=0.0)
        with TestClient(app) as test_client:
            yield test_client
    finally:
        registry._registered.pop("webtoy", None)
        registry._loaded.pop("webtoy", None)


def test_games_describe_their_options_info_and_renderer(client: TestClient) -> None:
    body = client.get("/api/games").json()
    games = {g["name"]: g for g in body["games"]}
    assert [g["name"] for g in body["games"]] == registry.available_games()
    assert body["default"] == registry.default_game()
    toy = games["toy"]
    assert toy["info"]["simultaneous"] is True and toy["info"]["demo"] is True
    assert toy["info"]["min_players"] == 2 and toy["info"]["max_players"] == 4
    assert [o["name"] for o in toy["options"]] == ["players", "tricks"]
    assert toy["options"][0]["seats"] is True and toy["options"][1]["high"] == 3
    assert toy["defaults"] == {"players": 2, "tricks": 3}
    assert toy["web"] is None
    assert games["webtoy"]["web"] == "/static/games/webtoy/index.js"


def test_a_games_web_folder_is_served_under_its_name(client: TestClient) -> None:
    r = client.get("/static/games/webtoy/index.js")
    assert r.status_code == 200 and "webtoy" in r.text
    assert client.get("/static/games/webtoy/board.css").text.startswith(".webtoy")
    assert client.get("/static/games/toy/index.js").status_code == 404
    assert client.get("/static/app.js").status_code == 200


def test_names_come_from_the_games_labels(client: TestClient) -> None:
    names = client.get("/api/names/toy").json()["names"]
    assert set(names) == set(registry.get_game("toy").info.languages)
    evolution = client.get("/api/names/evolution").json()["names"]
    game = registry.get_game("evolution")
    assert evolution["ru"] == game.labels("ru") and evolution["en"]
    missing = client.get("/api/names/chess")
    assert missing.status_code == 404 and "unknown game" in missing.json()["error"]
