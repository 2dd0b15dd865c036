"""Apply the Alembic migrations shipped inside the package (run at server start)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def upgrade(engine: Engine) -> None:
    """Bring the database behind ``engine`` to the newest schema."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
