"""The lobby's room form sends every ticked choice of a multi option: a room made with
Continents and Time to Fly ticked has both (the form once kept only the last box ticked)."""

from __future__ import annotations

import asyncio
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = BROWSER_MARKS


async def create(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", "Ticker")
        await page.click("#guest")
        await page.wait_for_selector("#who a")
        await page.select_option("#game", "evolution")
        await page.wait_for_selector("#new-expansions-continents")
        await page.check("#new-expansions-continents")
        await page.check("#new-expansions-time_to_fly")
        seen["ticked"] = [await page.is_checked(f"#new-expansions-{c}")
                          for c in ("continents", "time_to_fly")]
        await page.click("#create")
        await page.wait_for_selector("#seats .add-bot")
        room = page.url.rstrip("/").split("/")[-1]
        summary = await page.evaluate(
            "(id) => fetch('/api/rooms/' + id).then((r) => r.json())", room)
        seen["options"] = summary.get("room", summary)["options"]
        seen["shown"] = await page.inner_text("#room-options")
        # the host's boxes: both stay ticked, and unticking one keeps the other
        seen["host"] = [await page.is_checked(f"#opt-expansions-{c}")
                        for c in ("continents", "time_to_fly")]
        await page.click("#opt-expansions-continents")
        await page.wait_for_selector("#room-options:not(:has-text('Continents'))")
        seen["after"] = await page.inner_text("#room-options")
        await browser.close()
    seen["errors"] = errors
    return seen


def test_the_room_form_sends_every_ticked_expansion(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(create(server.base), 120))
    assert seen["errors"] == []
    assert seen["ticked"] == [True, True]
    assert {"continents", "time_to_fly"} <= set(seen["options"]["expansions"]), seen["options"]
    assert "Continents" in seen["shown"] and "Time to Fly" in seen["shown"], seen["shown"]
    assert seen["host"] == [True, True]
    assert "Time to Fly" in seen["after"] and "Continents" not in seen["after"], seen["after"]
