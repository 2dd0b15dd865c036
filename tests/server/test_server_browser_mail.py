"""The settings page adds an e-mail address, says it is unconfirmed, and shows it confirmed
once the link e-mailed to it (caught by a real SMTP server) was opened; a room's page invites
by name."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from mailbox_harness import Inbox, links, smtp_server
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, free_port

pytestmark = BROWSER_MARKS


async def add_and_verify(base: str, inbox: Inbox) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.evaluate("""() => fetch('/api/register', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Letterbox', password: 'tangerine-42'})})""")
        await page.goto(base + "/")
        await page.click("#settings-link")  # beside an account's name
        await page.fill("#mail-address", "letterbox@example.org")
        await page.click("#mail-save")
        await page.wait_for_selector("#mail-note")
        seen["before"] = await page.inner_text("#mail-state")
        message = await asyncio.to_thread(inbox.wait, "letterbox@example.org")
        [link] = [x for x in links(message[0]) if "/mail/verify" in x]
        await page.goto(link)
        seen["page"] = await page.inner_text("#mail-page")
        await page.goto(base + "/settings")
        await page.wait_for_selector("#mail-window")
        seen["after"] = await page.inner_text("#mail-state")
        # in a room: an invitation by name, to a person who gets none by e-mail
        await page.evaluate("""() => fetch('/api/guest', {method: 'POST',
            headers: {'Content-Type': 'application/json'}, credentials: 'omit',
            body: JSON.stringify({name: 'Pillarbox'})})""")
        room = await page.evaluate("""() => fetch('/api/rooms', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({game: 'toy', days: 1})}).then((r) => r.json())""")
        await page.goto(f"{base}/room/{room['room']['id']}")
        await page.fill("#mail-invite-name", "Pillarbox")
        await page.click("#mail-invite-send")
        await page.wait_for_selector("#mail-invite-note:has-text('Pillarbox')")
        seen["invite"] = await page.inner_text("#mail-invite-note")
        await browser.close()
    seen["errors"] = errors
    return seen


def test_an_address_is_added_and_verified_on_the_settings_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    inbox = Inbox()
    port = free_port()
    controller = smtp_server(inbox, port)
    monkeypatch.setenv("EVOLUTIO_TEST_SMTP", f"smtp://127.0.0.1:{port}")
    server = Server(tmp_path / "page.db")
    server.start()
    try:
        seen = asyncio.run(asyncio.wait_for(add_and_verify(server.base, inbox), 90))
    finally:
        server.stop()
        controller.stop()
    assert seen["errors"] == []
    assert seen["before"].startswith("Not confirmed yet")
    assert "letterbox@example.org is confirmed" in seen["page"]
    assert seen["after"] == "Confirmed."
    assert seen["invite"] == "Pillarbox gets no invitations by e-mail; send them the link."
