"""Alembic environment: runs on the connection handed over by evolutio.server.migrate."""

from __future__ import annotations

from alembic import context

from evolutio.server.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
