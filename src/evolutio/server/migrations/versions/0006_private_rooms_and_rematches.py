"""Private rooms and rematches: two columns of ``rooms``.

``rooms.private`` marks a room left out of every public list (the lobby, finished games,
histories); it is reached by its invite link only. ``rooms.rematch`` holds the id of the room
a finished game's players were offered as its rematch. Resignations need no column: a
resigned seat says so in the room's ``seats`` JSON. Ratings over time need none either: every
finished game's ``participations`` row keeps the rating after it.

Revision ID: 0006
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "rooms",
        sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("rooms", sa.Column("rematch", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("rematch")
        batch.drop_column("private")
