"""Time banks with an increment and turn-based rooms (days per move).

``rooms.bank``, ``rooms.increment`` and ``rooms.days`` hold a room's time control besides
the per-decision ``clock`` (0 when unused: every older room keeps its clock as it was);
``rooms.banks`` holds each seat's remaining bank so that a restart keeps it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

COLUMNS = ("bank", "increment", "days")


def upgrade() -> None:
    for name in COLUMNS:
        op.add_column("rooms", sa.Column(name, sa.Integer(), nullable=False, server_default="0"))
    op.add_column("rooms", sa.Column("banks", sa.JSON(), nullable=True))


def downgrade() -> None:
    for name in (*COLUMNS, "banks"):
        op.drop_column("rooms", name)
