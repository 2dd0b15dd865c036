"""Rate bots against each other: mixed tables, openskill (Plackett-Luce) ratings, a plot.

Game ``i`` draws its player count and its bots from a RNG seeded by the master seed and
``i``, so the schedule, and with iteration budgets the results, do not depend on workers.
Ratings are updated in game order, one table at a time, with the game's ranks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from openskill.models import PlackettLuce

from evolutio.core.game import JSON
from evolutio.sim.runner import GameTask, derive_seed, game_seed


def tournament_tasks(
    game: str,
    options: dict[str, Any],
    bots: Sequence[str],
    player_counts: Sequence[int],
    games: int,
    master_seed: int,
) -> list[GameTask]:
    """The schedule: each table seats distinct bots drawn at random, in random seat order.

    ``options`` are normalized options per player count (``options[str(n)]`` holds the options
    for ``n`` players).
    """
    tasks = []
    for index in range(games):
        rng = random.Random(derive_seed(master_seed, "table", index))
        count = player_counts[rng.randrange(len(player_counts))]
        seats = tuple(rng.sample(list(bots), count))
        tasks.append(
            GameTask(index, game, dict(options[str(count)]), game_seed(master_seed, index), seats)
        )
    return tasks


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating after the tournament, with its record."""

    bot: str
    mu: float
    sigma: float
    games: int
    wins: float

    @property
    def ordinal(self) -> float:
        """The conservative rating, mu - 3 sigma, used to rank."""
        return self.mu - 3 * self.sigma

    def to_json(self) -> JSON:
        return {
            "bot": self.bot,
            "mu": round(self.mu, 3),
            "sigma": round(self.sigma, 3),
            "ordinal": round(self.ordinal, 3),
            "games": self.games,
            "wins": round(self.wins, 3),
        }


def rate(rows: Sequence[JSON], bots: Sequence[str]) -> list[Rating]:
    """Openskill ratings of ``bots`` from finished games, best (by ordinal) first."""
    model = PlackettLuce()
    ratings = {bot: model.rating(name=bot) for bot in bots}
    games = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    for row in sorted(rows, key=lambda r: int(r["index"])):
        if row.get("error") is not None or row.get("ranks") is None:
            continue
        seats: list[str] = list(row["bots"])
        teams = [[ratings[bot]] for bot in seats]
        new = model.rate(teams, ranks=[float(r) for r in row["ranks"]])
        for bot, team in zip(seats, new, strict=True):
            ratings[bot] = team[0]
        for seat, bot in enumerate(seats):
            games[bot] += 1
            if seat in row["winners"]:
                wins[bot] += 1.0 / len(row["winners"])
    table = [Rating(bot, r.mu, r.sigma, games[bot], wins[bot]) for bot, r in ratings.items()]
    return sorted(table, key=lambda r: (-r.ordinal, r.bot))


def plot_ratings(ratings: Sequence[Rating], path: Path, title: str = "Bot ratings") -> Path:
    """A bar chart of mu with 3-sigma error bars, best first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(max(4.0, 1.2 * len(ratings) + 2), 3.6))
    xs = range(len(ratings))
    ax.bar(
        xs, [r.mu for r in ratings], yerr=[3 * r.sigma for r in ratings], capsize=5, color="#8172b2"
    )
    ax.set_xticks(list(xs), [r.bot for r in ratings], rotation=20, ha="right")
    ax.set_ylabel("openskill mu (bars: 3 sigma)")
    ax.set_title(title)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
