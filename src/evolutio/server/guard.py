"""The HTTP guard: one ASGI layer in front of every request (see docs/security.md).

- security headers on every HTTP answer (a Content-Security-Policy the browser client
  satisfies, no framing, nosniff, no referrer);
- request bodies capped while they stream in (never read whole first);
- a cross-site request forgery check: a request that changes anything (any method but GET,
  HEAD, OPTIONS) must carry ``Content-Type: application/json`` or an ``Authorization``
  header (a form or a page of another site can send neither without a CORS preflight, never
  granted) and, when the browser names an ``Origin``, the server's own.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

log = logging.getLogger("evolutio.server")

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

MAX_BODY = 16 * 1024
SAFE = frozenset({"GET", "HEAD", "OPTIONS"})
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class ApiError(Exception):
    """An HTTP refusal: the status and a message for people (``{"error": message}``)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the host (and port) the request was sent to."""
    return origin != "null" and urlsplit(origin).netloc == host


class Guard:
    """Wraps the application: headers, body cap, CSRF check (HTTP only; WebSockets pass)."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [
                    *message.get("headers", []), *(h for h in HEADERS if h[0] not in have)
                ]
            await send(message)

        headers = {k.decode("latin-1").lower(): v.decode("latin-1")
                   for k, v in scope.get("headers", [])}
        method = scope["method"]
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > self.max_body:
            await self.answer(send_with_headers, 413, self.too_large())
            return
        if method not in SAFE:
            refusal = self.refusal(headers)
            if refusal is not None:
                status, text = refusal
                log.warning("%s %s refused: %s", method, scope.get("path"), text)
                await self.answer(send_with_headers, status, text)
                return
        body = bytearray()
        more = method not in SAFE or bool(length and length != "0")
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.max_body:  # refused as soon as it is too long
                await self.answer(send_with_headers, 413, self.too_large())
                return
            more = bool(message.get("more_body"))
        done = False

        async def replay() -> Message:
            nonlocal done
            if not done:
                done = True
                return {"type": "http.request", "body": bytes(body), "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)

    def too_large(self) -> str:
        return f"Request body larger than {self.max_body} bytes."

    @staticmethod
    def refusal(headers: dict[str, str]) -> tuple[int, str] | None:
        """Why a state-changing request is refused (status, message), or None."""
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        # a page of another site can send neither this type nor an Authorization header
        # without a CORS preflight, which this server never grants
        if kind != "application/json" and "authorization" not in headers:
            return 415, "Send the request body as JSON (Content-Type: application/json)."
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, headers.get("host", "")):
            return 403, "Cross-site request refused (its Origin is not this site)."
        if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return 403, "Cross-site request refused (Sec-Fetch-Site)."
        return None

    @staticmethod
    async def answer(send: Send, status: int, text: str) -> None:
        data = json.dumps({"error": text}).encode()
        await send({
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"),
                        (b"content-length", str(len(data)).encode())],
        })
        await send({"type": "http.response.body", "body": data})


class BadJSON(ValueError):
    """Input that is not acceptable JSON; the message is for the sender."""


def load_json(raw: str | bytes) -> Any:
    """Parse JSON from a client, refusing what would hurt later with a clear message: bad
    UTF-8, nesting deeper than ``MAX_DEPTH``, integers too long to convert, lone surrogates
    (they cannot be stored nor sent back as UTF-8)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadJSON("The message is not valid UTF-8.") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadJSON("JSON nested too deeply.") from None
    except ValueError as exc:  # JSONDecodeError, and integers over the conversion limit
        raise BadJSON(f"The message is not valid JSON ({str(exc).split(':')[0]}).") from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJSON("The text holds a lone surrogate (invalid Unicode).") from None
    except RecursionError:
        raise BadJSON("JSON nested too deeply.") from None
    except ValueError:
        raise BadJSON("The message holds a number too large.") from None
    return data
