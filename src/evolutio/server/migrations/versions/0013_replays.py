"""Archived replays: what a finished game's replay shows, kept when the game ends.

``replays`` holds one row per finished game: the gzip-compressed replay (every step's public
view once, the log's sentences in each client language), so that a server whose rules
changed still shows the game as it was played (server/replays.py).

Revision ID: 0013
Revises: 0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "replays",
        sa.Column("room_id", sa.String(16), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("body", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replays")
