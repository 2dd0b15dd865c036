"""Darwin's Choice in Debian's chromium through its own renderer: a 3-player room against two
bots is created from the lobby's generated form and played to the end by clicking the
server's legal actions; the table shows habitats as columns, species as their parts, the
market and the hand (modelled on tests/server/test_server_browser_toy.py)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves

pytestmark = BROWSER_MARKS
SHOT = Path(__file__).resolve().parents[3] / "docs" / "images" / "game-darwin.png"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server") / "evolutio.db", grace=1.0)
    srv.start()
    yield srv
    srv.stop()


async def act_once(page: Any) -> bool:
    """Pass when passing is offered (set apart in #legal-end, sent on a second click), else
    click the first action or group (a long list comes grouped: a group picks its card,
    then its actions show): the game moves on quickly."""
    button = (await page.query_selector("#legal-end button.act")
              or await page.query_selector("#legal button.act, #legal .pick-group"))
    if button is None:
        return False
    try:
        await button.click(timeout=2_000)
    except Exception:  # re-rendered under the pointer: look again
        return False
    await page.wait_for_timeout(15)
    return True


async def three_players(base: str, shot: bool) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1400, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", "Rosa")
        await page.click("#guest")
        await page.wait_for_selector("#game")
        await page.select_option("#game", "darwin")
        await page.wait_for_selector("#new-eras")
        seen["summary"] = await page.inner_text("#game-summary")
        await page.fill("#new-players", "3")
        await page.fill("#new-eras", "3")
        await page.click("#create")
        await page.wait_for_selector("#seats .add-bot")
        await page.click("#seats .add-bot")
        await page.wait_for_timeout(200)
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        await page.wait_for_selector("#table .darwin .habitat")
        seen["habitats"] = await page.locator("#table .habitat").count()
        seen["market"] = await page.locator("#table .market .dcard").count()
        clicks = 0
        shot_taken = False
        while True:
            await page.wait_for_selector(
                "#legal button.act, #legal .pick-group, #game-over", timeout=30_000
            )
            if await page.query_selector("#game-over"):
                break
            species = await page.locator("#table .species").count()
            if shot and not shot_taken and species >= 2:
                await page.screenshot(path=str(SHOT), full_page=True)
                shot_taken = True
            seen["max_species"] = max(seen.get("max_species", 0), species)
            if await act_once(page):
                clicks += 1
        seen["clicks"] = clicks
        seen["hand_cards"] = await page.locator("#table .myhand .dcard").count()
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        await browser.close()
    return errors, seen


def test_a_three_player_game_against_bots(server: Server) -> None:
    errors, seen = asyncio.run(asyncio.wait_for(three_players(server.base, False), 600))
    assert errors == []
    assert "four eras" in seen["summary"]  # the card set's note is on the rules page
    assert seen["habitats"] == 4 and seen["market"] == 5
    # a draw and a pass at least in each of the three eras (the draw takes one click since
    # the split draw: the first button of the list)
    assert seen["clicks"] >= 6
    assert len(seen["ranking"]) == 3
