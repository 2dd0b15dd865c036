"""HTTP abuse: cross-site requests, framing, tokens in URLs, expired sessions, huge bodies.

Every answer carries the security headers; a state-changing request needs JSON (or an
Authorization header) and, from a browser, this site's Origin; bodies are refused as soon as
they stream past the limit."""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from faultkit import sql
from pg_cluster import database_url
from server_harness import Client, Server

from evolutio.server.app import create_app


def test_every_answer_carries_the_security_headers(server: Server) -> None:
    for path in ("/", "/room/abc", "/static/app.js", "/api/games", "/api/nothing", "/health"):
        r = httpx.get(server.base + path)
        csp = r.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
        assert r.headers["x-frame-options"] == "DENY", path
        assert r.headers["x-content-type-options"] == "nosniff", path
        assert r.headers["referrer-policy"] == "no-referrer", path


def test_cross_site_posts_are_refused(server: Server) -> None:
    url = server.base + "/api/guest"
    other = f"http://127.0.0.1:{server.port + 1}"  # another port of the same host
    form = httpx.post(url, data={"name": "Csrf One"})
    assert form.status_code == 415 and "application/json" in form.json()["error"]
    plain = httpx.post(url, content=b'{"name": "Csrf Two"}', headers={"content-type": "text/plain"})
    assert plain.status_code == 415
    foreign = httpx.post(url, json={"name": "Csrf Three"}, headers={"origin": other})
    assert foreign.status_code == 403 and "Origin" in foreign.json()["error"]
    null = httpx.post(url, json={"name": "Csrf Four"}, headers={"origin": "null"})
    assert null.status_code == 403
    fetch = httpx.post(url, json={"name": "Csrf Five"}, headers={"sec-fetch-site": "cross-site"})
    assert fetch.status_code == 403
    own = httpx.post(url, json={"name": "Csrf Six"}, headers={"origin": server.base})
    assert own.status_code == 200
    # none of the refused ones created anybody
    for name in ("Csrf One", "Csrf Two", "Csrf Three", "Csrf Four", "Csrf Five"):
        assert server.get(f"/api/users/{name}").status_code == 404


def rss(server: Server) -> int:
    """The server process's resident memory in bytes."""
    assert server.proc is not None
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    line = next(x for x in status.splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1]) * 1024


def test_bodies_are_capped_while_they_stream(server: Server) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"name": "'
        for _ in range(4096):  # 64 MiB, sent without a Content-Length
            yield b"x" * 16384

    before = rss(server)
    try:
        r = httpx.post(server.base + "/api/guest", content=chunks(),
                       headers={"content-type": "application/json"}, timeout=60)
        assert r.status_code == 413
    except httpx.HTTPError:
        pass  # the server may close the connection before the client finished writing
    assert rss(server) - before < 16 * 1024 * 1024  # never held the body
    declared = httpx.post(server.base + "/api/guest", content=b"{" + b" " * 20000 + b"}",
                          headers={"content-type": "application/json"})
    assert declared.status_code == 413


def test_tokens_only_in_headers_and_cookies_and_sessions_expire(server: Server) -> None:
    token = server.guest("Kim Token")
    assert server.get("/api/me", token).status_code == 200
    assert httpx.get(server.base + f"/api/me?token={token}").status_code == 401
    token2 = server.guest("Lou Expired")
    sql(server.db, "UPDATE sessions SET created_at = '2020-01-01 00:00:00' WHERE user_id = "
                   "(SELECT id FROM users WHERE name = 'Lou Expired')")
    assert server.get("/api/me", token2).status_code == 401
    assert server.post("/api/logout", token).json() == {"ok": True}
    assert server.get("/api/me", token).status_code == 401


def test_secure_cookies(tmp_path: Path) -> None:
    app = create_app(database_url(tmp_path / "tls.db"), secure_cookies=True)
    with TestClient(app) as client:
        r = client.post("/api/guest", json={"name": "Tls Tom"})
        assert r.status_code == 200
        cookie = r.headers["set-cookie"]
        assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
    plain = create_app(database_url(tmp_path / "plain.db"))
    with TestClient(plain, base_url="https://example.org") as client:
        r = client.post("/api/guest", json={"name": "Tls Ann"})
        assert "Secure" in r.headers["set-cookie"]  # HTTPS gets it without the option
    with TestClient(plain) as client:
        r = client.post("/api/guest", json={"name": "Tls Bob"})
        assert "Secure" not in r.headers["set-cookie"]


def test_half_open_requests_are_timed_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request that does not arrive whole in time (nothing sent, half a head, half a body)
    loses its connection; whole requests and WebSockets open past the deadline are not cut."""
    monkeypatch.setenv("EVOLUTIO_TEST_REQUEST_TIMEOUT", "1.0")
    server = Server(tmp_path / "slow.db")
    server.start()
    try:
        token = server.guest("Sly Loris")
        room = server.room(token)
        partial = (b"", b"GET /api/games HTTP/1.1\r\nHost: x\r\n",
                   b"POST /api/guest HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   b"Content-Length: 100\r\n\r\n{\"name\":")
        socks = []
        for data in partial:
            sock = socket.create_connection(("127.0.0.1", server.port))
            sock.sendall(data)
            socks.append(sock)

        async def watch() -> None:  # a socket open past the deadline still answers
            client = await Client.open(server, room, token)
            await asyncio.sleep(2.0)
            await client.send({"type": "ping", "ref": "late"})
            await client.until(lambda f: f["type"] == "pong")
            await client.close()

        with httpx.Client(base_url=server.base) as kept:
            assert kept.get("/api/games").status_code == 200
            asyncio.run(asyncio.wait_for(watch(), 20))
            for sock in socks:  # each was closed by the server (end of file)
                sock.settimeout(5)
                with contextlib.suppress(ConnectionResetError):
                    assert sock.recv(1024) == b""  # before the fix: held open (timeout)
                sock.close()
            assert kept.get("/api/games").status_code == 200
    finally:
        server.stop()
