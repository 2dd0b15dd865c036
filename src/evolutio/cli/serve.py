"""``evolutio serve``: the online server (lobby, rooms, chat, the browser game tool)."""

from __future__ import annotations

import logging
import os

import typer

from evolutio.cli.app import app, console, fail


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="Address to listen on (0.0.0.0 for all)."),
    port: int = typer.Option(8000, help="TCP port."),
    db: str = typer.Option(
        "",
        help="Database URL. Default: the SQLite file ./evolutio.db (sqlite:///PATH for "
        "another). PostgreSQL: postgresql://USER[:PASSWORD]@HOST[:PORT]/DB (postgres:// and "
        "postgresql+psycopg:// are the same; psycopg 3 is the driver). Migrations run at start.",
    ),
    grace: float = typer.Option(30.0, help="Seconds before a bot takes over an absent player."),
    bot_delay: float = typer.Option(0.3, help="Seconds a bot waits before moving."),
    empty_room_timeout: float = typer.Option(
        15.0, help="Minutes an open room nobody sits in may stay without activity before it "
        "closes (it is then listed nowhere). 0: never.",
    ),
    secure_cookies: bool = typer.Option(
        False,
        "--secure-cookies",
        help="Mark the login cookie Secure (HTTPS only). Set it behind a TLS proxy; a request "
        "that arrives over HTTPS "
        "gets it anyway.",
    ),
    exempt: list[str] = typer.Option(
        [],
        "--exempt",
        help="A client address the per-address limits leave alone (repeatable): a load "
        "tester, or a proxy that does not forward client addresses. Per-person limits apply.",
    ),
    redis: str = typer.Option(
        "",
        help="Redis URL (redis://HOST:PORT/DB): share the database's rooms with other server "
        "processes started with the same --db and --redis, on any ports or machines. A room "
        "is played by one process at a time (a lease in Redis, renewed); the others relay "
        "their clients to it, and take it over from the event log when that process dies. "
        "Use PostgreSQL. Without it: one process per database.",
    ),
    workers: int = typer.Option(
        1, help="Server processes on this port (more than 1 needs --redis)."
    ),
    lease: float = typer.Option(
        3.0, help="Seconds a room's lease lasts unrenewed: how soon another process takes "
        "over the rooms of one that died (with --redis).",
    ),
    create_database: bool = typer.Option(
        False,
        "--create-database",
        help="Start a new, empty SQLite database even where one disappeared: its lock file "
        "(DB.lock) is there but the database is not. Without it such a start is refused, so "
        "that a deleted or moved database is never silently replaced by an empty one.",
    ),
    smtp: str = typer.Option(
        "", help="SMTP server for e-mail (docs/deploy.md): smtp://[USER:PASSWORD@]HOST[:PORT] "
        "(STARTTLS when offered), smtp+starttls://... (STARTTLS required, port 587) or "
        "smtps://... (TLS, port 465); ?from=ADDRESS sets the sender. Without it the server "
        "sends no e-mail, and its settings page says so.",
    ),
    public_url: str = typer.Option(
        "", help="The address people reach the server at (https://play.example.org), for the "
        "links in e-mails. Default: http://HOST:PORT.",
    ),
    metrics_port: int = typer.Option(
        0, help="Also serve /metrics on this port (on --host); with --workers N each worker "
        "serves its own figures on one port of BASE to BASE+N-1, labelled process=\"0\" to "
        "N-1. 0: only on the main port.",
    ),
    analysis_workers: int = typer.Option(
        1, "--analysis-workers", min=0,
        help="Processes that analyse finished games on request (the replay's Analyse), at a "
        "lower priority than the live games; 0: no analyses.",
    ),
    analysis_budget: str = typer.Option(
        "", "--analysis-budget",
        help="The search per decision of an analysis (as evolutio analyse --budget), for "
        "every game; by default each game's own (100 iterations; Darwin's Choice 200).",
    ),
    allow_bot_imports: bool = typer.Option(
        False, "--allow-bot-imports",
        help="Let a room's host seat a bot by import path with /bot (/bot "
        "package.module:Class or /bot path/to/bot.py:Class): code of this machine, run in "
        "the server's process. Off by default; for a private server.",
    ),
) -> None:
    """Start the server: SQLite by default, migrations applied, games resumed.

    Several processes (--redis) share rooms: clients connect to any of them."""
    try:
        import uvicorn

        from evolutio.server.app import create_app
        from evolutio.server.db import default_db_url, hide_password
        from evolutio.server.limits import Limits
        from evolutio.server.lock import DatabaseMissing
        from evolutio.server.mail.mailer import MailSettings
        from evolutio.server.mail.smtp import SmtpTarget, SmtpUrlError
        from evolutio.server.process import EXIT_FATAL, options, run
    except ImportError as exc:
        raise fail(
            f"the server needs the 'server' extra ({exc.name} is missing): "
            "pip install 'evolutio[server]'"
        ) from None
    if not 0 < port < 65536:
        raise fail(f"port {port} is out of range (1-65535)")
    if grace < 0 or bot_delay < 0 or empty_room_timeout < 0:
        raise fail("--grace, --bot-delay and --empty-room-timeout must not be negative")
    if workers < 1 or (workers > 1 and not redis):
        raise fail("--workers must be at least 1, and more than 1 needs --redis")
    from evolutio.bots.base import BotError
    from evolutio.bots.ismcts import Budget

    try:
        if analysis_budget:
            Budget.parse(analysis_budget)
    except BotError as exc:
        raise fail(f"--analysis-budget: {exc}") from None
    if lease < 0.5:
        raise fail("--lease must be at least 0.5 seconds")
    if metrics_port:
        from evolutio.server.cluster.scrape import ports_taken

        last = metrics_port + workers - 1
        if metrics_port < 1 or last > 65535 or port in range(metrics_port, last + 1):
            raise fail(f"--metrics-port: {metrics_port} to {last} must be free ports other "
                       "than --port")
        if taken := ports_taken(host, metrics_port, workers):
            raise fail(f"--metrics-port: port {taken[0]} is in use")
    public = (public_url or f"http://{host}:{port}").rstrip("/")
    if not public.startswith(("http://", "https://")):
        raise fail("--public-url must start with http:// or https://")
    if smtp:
        try:
            SmtpTarget.parse(smtp, "localhost")
        except SmtpUrlError as exc:
            raise fail(str(exc)) from None
    mail = MailSettings(smtp=smtp or None, public_url=public)
    url = db or default_db_url()
    shown = hide_password(url)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    if workers > 1:
        from evolutio.server.cluster.workers import SETTINGS, settings

        os.environ[SETTINGS] = settings(url, redis, grace=grace, bot_delay=bot_delay,
                                        secure_cookies=secure_cookies, exempt=exempt,
                                        lease=lease, host=host, workers=workers,
                                        create_database=create_database,
                                        metrics_port=metrics_port,
                                        analysis_workers=analysis_workers,
                                        analysis_budget=analysis_budget,
                                        empty_room_timeout=empty_room_timeout * 60,
                                        smtp=smtp, public_url=public,
                                        bot_imports=allow_bot_imports)
        console.print(f"evolutio server on http://{host}:{port}/  ({workers} processes, "
                      f"database: {shown}, redis: {hide_password(redis)})")
        uvicorn.run("evolutio.server.cluster.workers:application", factory=True,
                    workers=workers, **options(host=host, port=port, log_level="warning",
                    ws_max_size=1024 * 1024, ws_per_message_deflate=False, lifespan="on"))
        return
    try:
        application = create_app(
            url,
            grace=grace,
            bot_delay=bot_delay,
            secure_cookies=secure_cookies,
            limits=Limits(exempt=frozenset(exempt)),
            redis=redis or None,
            lease=lease,
            create_database=create_database,
            analysis_workers=analysis_workers,
            analysis_budget=analysis_budget,
            empty_room_timeout=empty_room_timeout * 60,
            mail=mail,
            bot_imports=allow_bot_imports,
        )
    except DatabaseMissing as exc:  # deleted or moved: not to be replaced by an empty one
        raise fail(str(exc), EXIT_FATAL) from None
    except Exception as exc:  # a bad URL or driver: say so, no traceback
        if redis and type(exc).__module__.startswith("redis"):
            raise fail(f"cannot use Redis {hide_password(redis)!r}: {exc}") from None
        raise fail(f"cannot use database {shown!r}: {exc}") from None
    if metrics_port:
        from evolutio.server.cluster.scrape import own_port

        own_port(application, host, metrics_port, 1)
    where = f", redis: {hide_password(redis)}" if redis else ""
    console.print(f"evolutio server on http://{host}:{port}/  (database: {shown}{where})")
    status = run(
        application,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
        lifespan="on",
    )
    if status:  # a fatal stop: a supervisor must not take it for a clean one
        raise fail(application.state.fatal, status)
