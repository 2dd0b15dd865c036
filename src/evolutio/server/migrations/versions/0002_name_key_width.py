"""Widen users.name_key to 80: a 24-character nickname can casefold to 72 ("ß" -> "ss").

PostgreSQL enforces VARCHAR lengths (SQLite does not, so nothing changes there and the
table is not rebuilt).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("users", "name_key", type_=sa.String(80), existing_nullable=False)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        op.alter_column("users", "name_key", type_=sa.String(40), existing_nullable=False)
