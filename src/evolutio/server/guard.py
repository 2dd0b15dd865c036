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
from urllib.parse import parse_qs, urlsplit

from evolutio.core.game import JSON
from evolutio.server.texts import request_lang, say, table

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


#: the stable ``code`` of an HTTP error body by status, where the refusal names none
CODES = {400: "bad_request", 401: "need_name", 403: "forbidden", 404: "not_found",
         405: "method_not_allowed", 409: "conflict", 413: "too_large",
         415: "bad_content_type", 429: "rate_limited", 500: "internal", 503: "unavailable"}


class ApiError(Exception):
    """An HTTP refusal: the status, a stable ``code`` for programs and a message for people
    (``{"error": message, "code": code}``). ``key`` names a sentence of :mod:`texts` said in
    the request's language (:func:`texts.request_lang`); other text is sent as written."""

    def __init__(
        self,
        status: int,
        key: str,
        /,
        headers: dict[str, str] | None = None,
        code: str | None = None,
        **fields: Any,
    ) -> None:
        self.status = status
        self.key = key if key in table() else None
        self.fields = fields
        self.message = key if self.key is None else say("en", key, **fields)
        super().__init__(self.message)
        self.code = code or CODES.get(status, "error")
        self.headers = headers

    def body(self, lang: str) -> JSON:
        """The error body in ``lang``."""
        text = self.message if self.key is None else say(lang, self.key, **self.fields)
        return {"error": text, "code": self.code}


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the host (and port) the request was sent to."""
    return origin != "null" and urlsplit(origin).netloc == host


#: posts that a signed token in their link alone authorizes, sent by mail programs as forms
#: (RFC 8058's one-click unsubscribe): no JSON or same-origin check, which they cannot pass
TOKEN_POSTS = frozenset({"/mail/unsubscribe"})


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
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        lang = request_lang(headers.get("accept-language"), (query.get("lang") or [None])[0])
        if "\x00" in scope.get("path", "") or b"%00" in scope.get("query_string", b""):
            # no name or id holds it, and PostgreSQL refuses it in text: a clear 400 here
            await self.answer(send_with_headers, ApiError(400, "nul_in_request"), lang)
            return
        if length.isdigit() and int(length) > self.max_body:
            await self.answer(send_with_headers, self.too_large(), lang)
            return
        if method not in SAFE and scope.get("path") not in TOKEN_POSTS:
            refusal = self.refusal(headers)
            if refusal is not None:
                log.warning("%s %s refused: %s", method, scope.get("path"), refusal.message)
                await self.answer(send_with_headers, refusal, lang)
                return
        body = bytearray()
        more = method not in SAFE or bool(length and length != "0")
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.max_body:  # refused as soon as it is too long
                await self.answer(send_with_headers, self.too_large(), lang)
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

    def too_large(self) -> ApiError:
        return ApiError(413, "body_too_large", max=self.max_body)

    @staticmethod
    def refusal(headers: dict[str, str]) -> ApiError | None:
        """Why a state-changing request is refused, or None."""
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        # a page of another site can send neither this type nor an Authorization header
        # without a CORS preflight, which this server never grants
        if kind != "application/json" and "authorization" not in headers:
            return ApiError(415, "json_only")
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, headers.get("host", "")):
            return ApiError(403, "cross_site")
        if headers.get("sec-fetch-site") in ("cross-site", "same-site"):
            return ApiError(403, "cross_site_fetch")
        return None

    @staticmethod
    async def answer(send: Send, error: ApiError, lang: str) -> None:
        data = json.dumps(error.body(lang), ensure_ascii=False).encode()
        await send({
            "type": "http.response.start",
            "status": error.status,
            "headers": [(b"content-type", b"application/json"),
                        (b"content-length", str(len(data)).encode())],
        })
        await send({"type": "http.response.body", "body": data})


class BadJSON(ValueError):
    """Input that is not acceptable JSON: the key of a sentence in ``texts/errors.toml`` and
    its fields (said in the sender's language); ``str()`` is the English sentence."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(say("en", key, **fields))
        self.key = key
        self.fields = fields


def load_json(raw: str | bytes) -> Any:
    """Parse JSON from a client, refusing what would hurt later with a clear message: bad
    UTF-8, nesting deeper than ``MAX_DEPTH``, integers too long to convert, lone surrogates
    (they cannot be stored nor sent back as UTF-8)."""
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise BadJSON("json_utf8") from None
    try:
        data = json.loads(text)
    except RecursionError:
        raise BadJSON("json_deep") from None
    except json.JSONDecodeError as exc:
        raise BadJSON("json_syntax", line=exc.lineno, column=exc.colno) from None
    except ValueError:  # integers over the conversion limit
        raise BadJSON("json_number") from None
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise BadJSON("json_surrogate") from None
    except RecursionError:
        raise BadJSON("json_deep") from None
    except ValueError:
        raise BadJSON("json_number") from None
    return data


def lang_of(request: Any) -> str:
    """The language an HTTP request or WebSocket asks for (``lang`` query parameter, then
    ``Accept-Language``; English otherwise), see :func:`texts.request_lang`."""
    return request_lang(request.headers.get("accept-language"), request.query_params.get("lang"))
