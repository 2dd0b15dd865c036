"""The browser client's heartbeat in Debian's chromium: with its server frozen (SIGSTOP), a
room page notices the dead socket within 10 s by itself, says it reconnects, and once the
server runs again it is back with what happened meanwhile (a chat line sent to the frozen
server), on a socket of its own making."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Client, Server

pytestmark = BROWSER_MARKS


@pytest.fixture
def frozen_later(tmp_path: Path) -> Iterator[Server]:
    """A server of this test's own (it is frozen and thawed), always thawed and stopped."""
    srv = Server(tmp_path / "evolutio.db")
    srv.start()
    try:
        yield srv
    finally:
        if srv.proc is not None and srv.proc.poll() is None:
            os.kill(srv.proc.pid, signal.SIGCONT)
        srv.stop()


async def freeze_and_thaw(server: Server) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    assert server.proc is not None
    token = server.guest("Wanda")
    room = server.room(token)
    seen: dict[str, Any] = {"sockets": 0}
    host = await Client.open(server, room, token)
    await host.until(lambda f: f["type"] == "welcome")
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page()
        page.on("websocket", lambda _ws: seen.__setitem__("sockets", seen["sockets"] + 1))
        await page.goto(f"{server.base}/room/{room}")  # watched: no login needed
        await page.wait_for_selector("#seats li")
        await page.wait_for_function("document.querySelector('#conn').textContent === ''")
        os.kill(server.proc.pid, signal.SIGSTOP)
        frozen = time.monotonic()
        try:
            await host.say("said while frozen")  # queued in the frozen server's socket
            await page.wait_for_selector("#conn:has-text('reconnecting')", timeout=12_000)
            seen["noticed"] = time.monotonic() - frozen
        finally:
            os.kill(server.proc.pid, signal.SIGCONT)
        await page.wait_for_selector("#chat:has-text('said while frozen')", timeout=15_000)
        await page.wait_for_function("document.querySelector('#conn').textContent === ''")
        await browser.close()
    await host.close()
    return seen


def test_a_frozen_server_is_noticed_and_the_page_reconnects_by_itself(
    frozen_later: Server,
) -> None:
    seen = asyncio.run(freeze_and_thaw(frozen_later))
    assert seen["noticed"] <= 10.0
    assert seen["sockets"] >= 2  # the page opened a new socket itself
