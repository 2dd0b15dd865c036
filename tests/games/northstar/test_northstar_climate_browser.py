"""North Star's Climate edition in Debian's chromium: a whole 2-player game against a bot, from
the lobby's edition choice to the end, with the climate track drawn on the table."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server
from test_northstar_browser import act, guest

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server") / "evolutio.db", grace=1.0)
    srv.start()
    yield srv
    srv.stop()


async def climate_game(base: str) -> tuple[str, list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {"zones": set()}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await guest(browser, base, "Cleo", errors)
        await page.wait_for_selector("#game")
        await page.select_option("#game", "northstar")
        await page.wait_for_selector("#new-edition")
        seen["choices"] = await page.locator("#new-edition option").all_inner_texts()
        await page.select_option("#new-edition", "1")  # the choices' order: evolution, climate
        await page.fill("#clock", "0")
        await page.click("#create")
        await page.wait_for_selector("#seats .add-bot")
        room = str(page.url.rstrip("/").split("/")[-1])
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        await page.wait_for_selector("#prompt[data-kind='food'] #legal button.act")
        seen["hand"] = await page.locator("#table .player.me #hand .card").count()
        seen["zone_count"] = await page.locator("#climate .clim-zone").count()
        seen["slots"] = await page.locator("#table .player.me ul.traits > li").count()
        for _ in range(3000):
            if await page.query_selector("#game-over"):
                break
            here = page.locator("#climate .clim-zone.here")
            if await here.count():
                seen["zones"].add(await here.first.get_attribute("data-zone"))
            if not await act(page, seen):
                await page.wait_for_selector(
                    "#legal button.act, #legal .pick-group, #game-over", timeout=30_000
                )
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        log = " ".join(await page.locator("#log div").all_inner_texts())
        seen["climate_log"] = log.count("the climate is")
        await browser.close()
    return room, errors, seen


def test_a_whole_climate_game_in_the_browser(server: Server) -> None:
    room, errors, seen = asyncio.run(asyncio.wait_for(climate_game(server.base), 600))
    assert errors == []
    assert "Evolution: Climate" in seen["choices"]
    assert seen["hand"] == 5  # Climate: 4 cards + 1 for the one species
    assert seen["zone_count"] == 7 and seen["slots"] == 4
    assert seen["climate_log"] >= 1  # each round's Modify Environment said in the log
    assert len(seen["ranking"]) == 2
    status = server.get(f"/api/rooms/{room}").json()["room"]
    assert status["status"] == "over" and status["game"] == "northstar"
    assert status["options"]["edition"] == "climate"
