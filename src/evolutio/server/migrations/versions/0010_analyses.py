"""Stored analyses of finished games: ``analyses``.

The server's analysis workers search every real decision of a finished game once
(``evolutio.analysis``); the result, with its sentences in each client language, is kept
here so that every later viewer of the replay gets it at once.

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "analyses",
        sa.Column("room_id", sa.String(16), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("budget", sa.String(40), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("words", sa.JSON(), nullable=True),
        sa.Column("reason", sa.Text(), nullable=True),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("requested_by", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("finished_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analyses")
