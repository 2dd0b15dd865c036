"""Names compared after NFKC and lookalike folding; decision deadlines kept with the room.

``users.name_key`` is recomputed with the new ``auth.name_key`` (NFKC, casefold, lookalike
letters made Latin); where two existing people would then share a key, the later keeps its
old key (it still logs in by its exact name's old form). ``rooms.deadlines`` holds each
waiting seat's deadline (seconds since the epoch) so that a restart keeps the clock.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from evolutio.server.auth import name_key

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("deadlines", sa.JSON(), nullable=True))
    bind = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("name_key", sa.String))
    rows = bind.execute(sa.select(users.c.id, users.c.name, users.c.name_key)
                        .order_by(users.c.id)).all()
    taken = {key for _, _, key in rows}
    for uid, name, key in rows:
        new = name_key(name)
        if new != key and new not in taken and len(new) <= 80:
            bind.execute(sa.update(users).where(users.c.id == uid).values(name_key=new))
            taken.discard(key)
            taken.add(new)


def downgrade() -> None:
    op.drop_column("rooms", "deadlines")
