"""Ratings per game: a ``ratings`` row per (user, game) instead of one rating per user.

Every rating so far was earned in the games its holder took part in: each (user, game) pair
found in ``participations`` joined with ``rooms`` gets a row with the user's rating, the games
played and won there (a player's first seat in a room counts, as when it was rated). Then the
rating columns leave ``users``.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

from collections import defaultdict

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

RATING_COLUMNS = ("mu", "sigma", "games", "wins")


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    bind = op.get_bind()
    users = {
        row.id: (row.mu, row.sigma)
        for row in bind.execute(sa.text("SELECT id, mu, sigma FROM users"))
    }
    rows = bind.execute(
        sa.text(
            "SELECT p.user_id, p.room_id, p.seat, p.rank, r.game FROM participations p "
            "JOIN rooms r ON r.id = p.room_id ORDER BY p.room_id, p.seat"
        )
    )
    games: dict[tuple[int, str], int] = defaultdict(int)
    wins: dict[tuple[int, str], int] = defaultdict(int)
    seen: set[tuple[int, str]] = set()
    for row in rows:
        if (row.user_id, row.room_id) in seen:
            continue  # a bot level seated twice counts once, by its first seat
        seen.add((row.user_id, row.room_id))
        key = (row.user_id, row.game)
        games[key] += 1
        wins[key] += int(row.rank == 1)
    table = sa.table(
        "ratings",
        sa.column("user_id", sa.Integer()),
        sa.column("game", sa.String()),
        sa.column("mu", sa.Float()),
        sa.column("sigma", sa.Float()),
        sa.column("games", sa.Integer()),
        sa.column("wins", sa.Integer()),
    )
    values = [
        {"user_id": uid, "game": game, "mu": users[uid][0], "sigma": users[uid][1],
         "games": count, "wins": wins[uid, game]}
        for (uid, game), count in sorted(games.items())
        if uid in users
    ]
    if values:
        op.bulk_insert(table, values)
    # ALTER TABLE ... DROP COLUMN in place (SQLite 3.35+ too): rebuilding the table would
    # trip the foreign keys that point at users
    for column in RATING_COLUMNS:
        op.drop_column("users", column)


def downgrade() -> None:
    """Back to one rating per user: the rating of the game each user played most."""
    op.add_column("users", sa.Column("mu", sa.Float(), nullable=False, server_default="25.0"))
    op.add_column(
        "users", sa.Column("sigma", sa.Float(), nullable=False, server_default=str(25.0 / 3))
    )
    op.add_column("users", sa.Column("games", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("users", sa.Column("wins", sa.Integer(), nullable=False, server_default="0"))
    bind = op.get_bind()
    best: dict[int, tuple[int, float, float, int]] = {}
    for row in bind.execute(sa.text("SELECT user_id, mu, sigma, games, wins FROM ratings")):
        if row.user_id not in best or row.games > best[row.user_id][0]:
            best[row.user_id] = (row.games, row.mu, row.sigma, row.wins)
    for uid, (count, mu, sigma, won) in best.items():
        bind.execute(
            sa.text("UPDATE users SET mu = :mu, sigma = :sigma, games = :g, wins = :w "
                    "WHERE id = :id"),
            {"mu": mu, "sigma": sigma, "g": count, "w": won, "id": uid},
        )
    op.drop_index("ix_ratings_game", "ratings")
    op.drop_table("ratings")
