"""Balance figures of each game from bot games, as shipped with the package
(:mod:`evolutio.sim.balance_data`), for the ``/stats/GAME`` page.

- ``GET /api/stats``: ``{"games": [name, ...]}``, the games with a dataset.
- ``GET /api/stats/{game}``: the dataset (``evolutio stats``'s ``stats.json``) and the names
  of its plots (``plots``); 404 for a game without one.
- ``GET /api/stats/{game}/{plot}.svg``: one plot.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Response

from evolutio.server.guard import ApiError
from evolutio.sim.balance_data import shipped_dataset, shipped_games, shipped_plot


def routes(app: FastAPI) -> None:
    """Add the ``/api/stats`` routes."""

    @app.get("/api/stats")
    async def api_stats_games() -> dict[str, Any]:
        return {"games": shipped_games()}

    @app.get("/api/stats/{game_name}")
    async def api_stats(game_name: str) -> dict[str, Any]:
        data = shipped_dataset(game_name)
        if data is None:
            raise ApiError(404, f"no balance figures for '{game_name}'")
        return data

    @app.get("/api/stats/{game_name}/{plot}.svg")
    async def api_stats_plot(game_name: str, plot: str) -> Response:
        svg = shipped_plot(game_name, plot)
        if svg is None:
            raise ApiError(404, f"no plot '{plot}' for '{game_name}'")
        return Response(svg, media_type="image/svg+xml",
                        headers={"Cache-Control": "public, max-age=3600"})
