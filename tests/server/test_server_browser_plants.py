"""Plants in the browser: a room created with the Plants expansion (half deck) is played
against a bot through the page to the end: the plants are drawn in the middle of the table
with their tokens and kinds, the growth phase and the plants' events are told in the log,
and the game ends with its ranking."""

from __future__ import annotations

import asyncio
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

pytestmark = BROWSER_MARKS


async def play_to_the_end(base: str) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await new_room(page, base, "Fern", options={
            "players": 2, "expansions": ["plants"], "half_deck": True}, bots=1)
        seen["options"] = await page.inner_text("#room-options")
        await page.click("#start")
        # the first plants lie in the middle of the table from the start
        await page.wait_for_selector("#flora .plant")
        seen["plants"] = await page.locator("#flora .plant").count()
        seen["first_plant"] = await page.inner_text("#flora .plant >> nth=0")
        seen["status"] = await page.inner_text(".status-bar")
        clicks = 0
        while clicks < 900:
            # a long list comes grouped by card or animal (.pick-group): a group picks its
            # thing, and the buttons left then act (a feeding step that must feed may offer
            # only groups of plants per animal)
            await page.wait_for_selector(
                "#legal button.act, #legal .pick-group, #game-over", timeout=30_000
            )
            if await page.query_selector("#game-over"):
                break
            button = await page.query_selector("#legal button.act, #legal .pick-group")
            if button is None:
                continue
            try:
                await button.click(timeout=2_000)
            except Exception:  # re-rendered under the pointer: look again
                continue
            clicks += 1
            await page.wait_for_timeout(10)
        seen["clicks"] = clicks
        seen["over"] = await page.locator("#game-over li").count()
        seen["log"] = await page.locator("#log .log-entry").all_inner_texts()
        await browser.close()
    return errors, seen


def test_a_plants_game_against_a_bot_to_the_end(server: Server) -> None:
    errors, seen = asyncio.run(asyncio.wait_for(play_to_the_end(server.base), 560))
    assert errors == []
    assert "Plants" in seen["options"]
    assert seen["plants"] == 3  # two players: three plants at the start
    assert "P1" in seen["first_plant"]
    assert "Food on plants" in seen["status"]
    assert seen["over"] == 2, seen["clicks"]
    log = " ".join(seen["log"])
    assert "feeds on plant P" in log, log[-2000:]
    assert "grows to" in log or "appears with" in log or "dies (" in log, log[-3000:]
