"""The balance figures shipped with the package, served for /stats/GAME: the page, the
datasets and their plots, and refusals of games and plots that have none."""

from __future__ import annotations

import httpx
from server_harness import Server

from evolutio.sim.balance_data import shipped_dataset, shipped_games, shipped_plot


def test_every_game_ships_a_dataset_with_intervals_and_plots() -> None:
    assert shipped_games() == ["darwin", "evolution", "northstar", "toy"]
    for game in shipped_games():
        data = shipped_dataset(game)
        assert data is not None and data["game"] == game and data["finished"] >= 200
        assert {"seats", "length"} <= set(data["plots"])
        for seat in data["seats"]:
            assert seat["ci95"][0] <= seat["rate"] <= seat["ci95"][1]
        for plot in data["plots"]:
            svg = shipped_plot(game, plot)
            assert svg is not None and b"<svg" in svg[:500]
        if game == "toy":  # the demo game reports no names per seat
            continue
        # the names played: play rate, plays per game and survival, each with its interval
        items = data["features"]["seat_played"]["items"]
        assert items and {"played-seat_played", "uplift-seat_played"} <= set(data["plots"])
        assert "seat_survived" not in data["features"]
        for item in items:
            assert item["rate_ci95"][0] <= item["rate"] <= item["rate_ci95"][1]
            assert 0 <= item["survived"] <= item["plays"]
            assert item["survival"] == round(item["survived"] / item["plays"], 4)
            assert item["survival_ci95"][0] <= item["survival"] <= item["survival_ci95"][1]
            assert item["per_game"] == round(item["plays"] / data["finished"], 4)
    assert shipped_dataset("../evolution") is None and shipped_plot("toy", "../toy") is None


def test_the_stats_page_and_its_api(server: Server) -> None:
    page = httpx.get(server.base + "/stats/evolution")
    assert page.status_code == 200 and '<main id="app">' in page.text
    assert httpx.get(f"{server.base}/static/stats.js").status_code == 200
    assert server.get("/api/stats").json()["games"] == shipped_games()
    data = server.get("/api/stats/evolution").json()
    assert data["features"]["survivor_traits"]["items"]
    assert "uplift-survivor_traits" in data["plots"]
    assert data["features"]["seat_played"]["items"][0]["survival"] is not None
    assert server.get("/api/stats/evolution/played-seat_played.svg").status_code == 200
    plot = server.get("/api/stats/evolution/seats.svg")
    assert plot.status_code == 200 and plot.headers["content-type"].startswith("image/svg+xml")
    assert server.get("/api/stats/nogame").status_code == 404
    assert server.get("/api/stats/evolution/nothing.svg").status_code == 404
