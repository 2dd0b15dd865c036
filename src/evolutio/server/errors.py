"""The HTTP answers to failures: each a JSON body in the request's language (``ApiError``).

Storage errors are a 503 with one log line and no traceback, and tell the hub, which watches
and probes the outage; Redis unreachable (``serve --redis``) is a 503 ``relay_paused``,
logged once per outage by the cluster; anything else is a 500 with its traceback logged.
"""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from evolutio.server import metrics
from evolutio.server.cluster.alone import Alone
from evolutio.server.cluster.node import Cluster
from evolutio.server.cluster.outage import Unreachable
from evolutio.server.guard import ApiError, lang_of
from evolutio.server.hub import Hub
from evolutio.server.store import StorageError, outage, reason

log = logging.getLogger("evolutio.server")


def install(app: FastAPI, hub: Hub, cluster: Cluster | Alone) -> None:
    """Register the handlers on ``app``."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body(lang_of(request)), status_code=exc.status,
                            headers=exc.headers)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        key = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, str(exc.detail))
        return await _api_error(request, ApiError(exc.status_code, key))

    @app.exception_handler(SQLAlchemyError)
    @app.exception_handler(StorageError)
    async def _storage(request: Request, exc: Exception) -> JSONResponse:
        """503, one log line, no traceback (handled here, not by the catch-all below,
        which Starlette re-raises to the server after answering); an outage is the hub's
        to watch and probe."""
        log.error("%s %s: storage error: %s", request.method, request.url.path, reason(exc))
        metrics.error("http_503")
        if outage(exc):
            hub.storage_failed(None, exc)
        return await _api_error(request, ApiError(503, "database_down"))

    @app.exception_handler(RedisError)
    @app.exception_handler(Unreachable)
    async def _paused(request: Request, exc: Exception) -> JSONResponse:
        """Redis unreachable (``serve --redis``): 503 ``relay_paused``; the outage is logged
        once (``cluster.outage``), not per request."""
        cluster.unreachable(exc, f"{request.method} {request.url.path}")
        metrics.error("http_503")
        return await _api_error(request, ApiError(503, "relay_paused", code="relay_paused"))

    @app.exception_handler(Exception)
    async def _crash(request: Request, exc: Exception) -> JSONResponse:
        log.exception("request failed", exc_info=exc)
        metrics.error("http_500")
        return await _api_error(request, ApiError(500, "internal"))
