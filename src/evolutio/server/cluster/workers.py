"""``evolutio serve --workers N``: the application factory each worker process calls.

uvicorn starts N processes on one port and each builds its own application (its own cluster
node) from the settings ``serve`` put in the environment variable :data:`SETTINGS`; with
``--metrics-port`` each also serves its own metrics on a port of its own (:mod:`scrape`).
"""

from __future__ import annotations

import json
import logging
import os

from fastapi import FastAPI

from evolutio.server.app import create_app
from evolutio.server.cluster.scrape import LABELS, own_port
from evolutio.server.limits import Limits
from evolutio.server.mail.mailer import MailSettings

#: the environment variable holding serve's settings (JSON) for the workers
SETTINGS = "EVOLUTIO_SERVE_SETTINGS"


def settings(db: str, redis: str, **fields: object) -> str:
    """The settings a worker needs, as :func:`application` reads them."""
    return json.dumps({"db": db, "redis": redis, **fields})


def application() -> FastAPI:
    """One worker's application on the shared database and Redis."""
    data = json.loads(os.environ[SETTINGS])
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    app = create_app(
        data["db"],
        grace=float(data.get("grace", 30.0)),
        bot_delay=float(data.get("bot_delay", 0.3)),
        secure_cookies=bool(data.get("secure_cookies", False)),
        limits=Limits(exempt=frozenset(data.get("exempt", []))),
        redis=data["redis"],
        lease=float(data.get("lease", 3.0)),
        create_database=bool(data.get("create_database", False)),
        analysis_workers=int(data.get("analysis_workers", 1)),
        analysis_budget=str(data.get("analysis_budget", "100")),
        empty_room_timeout=float(data.get("empty_room_timeout", 900.0)),
        mail=MailSettings(smtp=data.get("smtp") or None,
                          public_url=str(data.get("public_url") or "http://127.0.0.1:8000")),
        bot_imports=bool(data.get("bot_imports", False)),
    )
    if data.get("metrics_port"):  # this worker's own metrics port, and its label
        own_port(app, str(data.get("host", "127.0.0.1")), int(data["metrics_port"]),
                 int(data.get("workers", 1)))
    else:  # no port of its own: its figures still say whose they are
        LABELS["process"] = f"pid{os.getpid()}"
    return app
