"""The rules a room's game was played under: ``rooms.rules``.

A stored game's record names the version of its game's rules (``GameInfo.rules``), so that
the replay of a finished game refused under later rules says what changed. Rows from before
this migration hold NULL, read as version 1, as a record without the field is.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("rules", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("rules")
