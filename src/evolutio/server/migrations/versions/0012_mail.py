"""E-mail by consent: addresses and settings, the outgoing queue, reminders sent, the key.

``mail_addresses`` holds one address per person, verified or not, with what they agreed to
receive; ``mail_queue`` every e-mail until it is sent or given up on (so it survives a
restart); ``mail_moves`` the last "your move" e-mail per person and game (the batching
window); ``mail_keys`` the secret that signs verification and unsubscribe links.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "mail_addresses",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("verified_at", sa.DateTime(), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("your_move", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("window", sa.Integer(), nullable=False, server_default="6"),
        sa.Column("invites", sa.Boolean(), nullable=False, server_default=sa.true()),
        sa.Column("digest", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("digest_day", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("created_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "mail_queue",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("room_id", sa.String(16), nullable=True),
        sa.Column("to_address", sa.String(254), nullable=False),
        sa.Column("subject", sa.String(300), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("html", sa.Text(), nullable=False),
        sa.Column("headers", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(8), nullable=False, server_default="queued"),
        sa.Column("tries", sa.Integer(), nullable=False, server_default="0"),
        sa.Column("next_at", sa.DateTime(), nullable=False),
        sa.Column("error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=True),
    )
    op.create_index("ix_mail_queue_user_id", "mail_queue", ["user_id"])
    op.create_index("ix_mail_queue_status", "mail_queue", ["status"])
    op.create_table(
        "mail_moves",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id"), primary_key=True),
        sa.Column("room_id", sa.String(16), primary_key=True),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("sent_at", sa.DateTime(), nullable=False),
    )
    op.create_table(
        "mail_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("mail_keys")
    op.drop_table("mail_moves")
    op.drop_index("ix_mail_queue_status", table_name="mail_queue")
    op.drop_index("ix_mail_queue_user_id", table_name="mail_queue")
    op.drop_table("mail_queue")
    op.drop_table("mail_addresses")
