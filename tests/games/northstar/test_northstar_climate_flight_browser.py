"""North Star's Climate edition with the Flight expansion in Debian's chromium: a whole
2-player game against a bot, from the lobby's choices to the end, with the climate track,
the Cliff and the Climate's cards set aside on the table (docs/rules/northstar.md, "Climate
with Flight")."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, new_room
from test_northstar_browser import FLIGHT_PRIORITY, act, guest

pytestmark = BROWSER_MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server") / "evolutio.db", grace=1.0)
    srv.start()
    yield srv
    srv.stop()


async def climate_flight_game(base: str) -> tuple[str, list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {"zones": set()}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await guest(browser, base, "Iris", errors)
        # the edition's choices in order: evolution, climate
        both = {"edition": "1", "expansions": ["flight"], "players": 2}
        room = await new_room(page, game="northstar", options=both, clock=0, bots=1, start=True)
        await page.wait_for_selector("#prompt[data-kind='food'] #legal button.act")
        seen["hand"] = await page.locator("#table .player.me #hand .card").count()
        seen["zone_count"] = await page.locator("#climate .clim-zone").count()
        seen["cliff"] = await page.locator("#table #cliff").count()
        seen["set_aside"] = await page.inner_text("#table .st-aside b")
        for _ in range(3000):
            if await page.query_selector("#game-over"):
                break
            here = page.locator("#climate .clim-zone.here")
            if await here.count():
                seen["zones"].add(await here.first.get_attribute("data-zone"))
            if not await act(page, seen, FLIGHT_PRIORITY):
                await page.wait_for_selector(
                    "#legal button.act, #legal .pick-group, #game-over", timeout=30_000
                )
            avian = await page.locator("#table .species.avian").count()
            seen["most_avian"] = max(seen.get("most_avian", 0), avian)
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        log = " ".join(await page.locator("#log div").all_inner_texts())
        seen["climate_log"] = log.count("the climate is")
        seen["cliff_log"] = log.count("The Cliff gets")
        await browser.close()
    return room, errors, seen


def test_a_whole_climate_game_with_flight_in_the_browser(server: Server) -> None:
    room, errors, seen = asyncio.run(asyncio.wait_for(climate_flight_game(server.base), 600))
    assert errors == []
    assert seen["hand"] == 5  # Climate: 4 cards + 1 for the one species
    assert seen["zone_count"] == 7 and seen["cliff"] >= 1
    assert seen["set_aside"] == "112"  # the Climate's: half of the 225 cards, none for Flight
    assert seen.get("avian", 0) >= 1 and seen["most_avian"] >= 1, seen
    assert seen["climate_log"] >= 1 and seen["cliff_log"] >= 1, seen
    assert len(seen["ranking"]) == 2
    status = server.get(f"/api/rooms/{room}").json()["room"]
    assert status["status"] == "over" and status["game"] == "northstar"
    assert status["options"]["edition"] == "climate"
    assert status["options"]["expansions"] == ["flight"]
