"""Ice Age in the browser: a room created with the Ice Age expansion is played against a bot
through the page until the first extinction phase ends; the natural change then revealed is
drawn on the table (in the page's language) and told in the room's log."""

from __future__ import annotations

import asyncio
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

from evolutio.games.evolution.nature import active_set

pytestmark = BROWSER_MARKS


async def play_until_revealed(base: str) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await new_room(page, base, "Lark", options={"players": 2, "expansions": ["ice_age"]},
                       bots=1)
        seen["options"] = await page.inner_text("#room-options")
        await page.click("#start")
        # before the first extinction no natural change is in force
        await page.wait_for_selector("#nature")
        seen["before"] = await page.locator("#nature-card[data-change]").count()
        clicks = 0
        while clicks < 80 and not await page.query_selector("#nature-card[data-change]"):
            await page.wait_for_selector(
                "#legal button.act, #nature-card[data-change], #game-over", timeout=20_000
            )
            button = await page.query_selector("#legal button.act")
            if button is None:
                continue
            try:
                await button.click(timeout=2_000)
            except Exception:  # re-rendered under the pointer: look again
                continue
            clicks += 1
            await page.wait_for_timeout(15)
        seen["clicks"] = clicks
        card = page.locator("#nature-card[data-change]")
        await card.wait_for()
        seen["change"] = await card.get_attribute("data-change")
        seen["card"] = await card.inner_text()
        seen["log"] = await page.locator("#log .log-entry").all_inner_texts()
        # the page in Russian: the card's name and the log line in Russian
        await page.select_option("#lang", "ru")
        await page.wait_for_selector("#log .log-entry:has-text('вскрывает природное изменение')")
        seen["card_ru"] = await page.locator("#nature-card").inner_text()
        await browser.close()
    return errors, seen


def test_the_revealed_natural_change_is_drawn_and_logged(server: Server) -> None:
    errors, seen = asyncio.run(asyncio.wait_for(play_until_revealed(server.base), 200))
    assert errors == []
    assert "Ice Age" in seen["options"]
    assert seen["before"] == 0 and seen["clicks"] > 0
    change = active_set().by_id(seen["change"])
    assert change is not None
    assert change.name("en") in seen["card"] and change.describe("en") in seen["card"]
    assert change.name("ru") in seen["card_ru"]
    revealed = [line for line in seen["log"] if "reveals the natural change" in line]
    assert len(revealed) == 1 and f"“{change.name('en')}”" in revealed[0], seen["log"]

