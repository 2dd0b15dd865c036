"""Alembic migrations of the server database."""
