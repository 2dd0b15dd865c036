"""How far each account came in each lesson: ``lesson_progress``.

One row per (account, game, lesson): the steps made and whether the lesson was finished
(server/lessons.py, docs/lessons.md). Guests keep their progress in the browser.

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "lesson_progress",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("lesson", sa.String(40), primary_key=True),
        sa.Column("step", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("done", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lesson_progress")
