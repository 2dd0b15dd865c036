"""``evolutio migrate``: bring a server database to the newest schema without serving it.

``evolutio serve`` migrates at start too; a site with several server processes runs this once
before starting them (docs/deploy.md), so that no two processes migrate at the same time.
With ``--archive-replays`` it also archives the replay of every finished game that has none
(games that ended before archives were kept), to be run before an upgrade that changes rules.
"""

from __future__ import annotations

import typer

from evolutio.cli.app import app, fail


@app.command()
def migrate(
    db: str = typer.Option(
        "",
        help="Database URL, as for 'evolutio serve' (default: the SQLite file ./evolutio.db).",
    ),
    create_database: bool = typer.Option(
        False,
        "--create-database",
        help="As for 'evolutio serve': make a new, empty SQLite database even where one "
        "disappeared (its DB.lock is there but the database is not).",
    ),
    archive_replays: bool = typer.Option(
        False,
        "--archive-replays",
        help="Also archive the replay of every finished game that has none yet (run it "
        "before an upgrade that changes a game's rules: an archived replay never changes).",
    ),
) -> None:
    """Apply the server's database migrations (Alembic) and print the schema revision;
    with --archive-replays, archive the finished games' replays too."""
    try:
        from sqlalchemy import text

        from evolutio.server.db import (
            default_db_url,
            hide_password,
            make_engine,
            make_sessionmaker,
        )
        from evolutio.server.lock import missing
        from evolutio.server.migrate import upgrade
        from evolutio.server.process import EXIT_FATAL
        from evolutio.server.replays import archive_all
        from evolutio.server.store import Store
    except ImportError as exc:
        raise fail(
            f"migrations need the 'server' extra ({exc.name} is missing): "
            "pip install 'evolutio[server]'"
        ) from None
    url = db or default_db_url()
    shown = hide_password(url)
    try:
        engine = make_engine(url)
        gone = None if create_database else missing(engine)
        if gone is None:
            upgrade(engine)
            with engine.connect() as conn:
                revision = conn.execute(
                    text("SELECT version_num FROM alembic_version")).scalar()
            filled = archive_all(Store(make_sessionmaker(engine))) if archive_replays else None
        engine.dispose()
    except Exception as exc:  # a bad URL, an unreachable server, a failed migration
        raise fail(f"cannot migrate database {shown!r}: {str(exc).splitlines()[0]}") from None
    if gone is not None:  # deleted or moved: not to be replaced by an empty one
        raise fail(gone, EXIT_FATAL)
    typer.echo(f"database {shown} is at schema revision {revision}")  # one line, unwrapped
    if filled is not None:
        typer.echo(f"replays archived: {filled.archived} finished games ({filled.bytes} bytes)")
        for room_id, why in filled.refused.items():  # re-played as far as they go
            typer.echo(f"room {room_id} not archived: {why}")
