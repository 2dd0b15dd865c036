"""The browser game tool in Debian's chromium: create a room, add a bot, play a whole game by
clicking the server's legal actions, then open the replay and download the record."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves

from evolutio.core.match import replay
from evolutio.core.record import Record

pytestmark = BROWSER_MARKS


async def play_in_browser(base: str) -> tuple[str, list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 900})
        await list_moves(page)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", "Wren")
        await page.click("#guest")
        # the lobby's form is generated from the default game's declared options
        assert await page.input_value("#game") == "evolution"
        assert "Evolution" in await page.inner_text("#game-summary")
        await page.fill("#new-players", "2")
        await page.check("#new-half_deck")
        assert await page.is_disabled("#new-expansions-base")
        await page.click("#create")
        await page.wait_for_selector("#seats .add-bot")
        room = page.url.rstrip("/").split("/")[-1]
        # the host's controls send /option: three seats
        await page.fill("#opt-players", "3")
        await page.dispatch_event("#opt-players", "change")
        await page.wait_for_selector("#seats li[data-seat='2']")
        await page.click("#seats .add-bot")
        await page.wait_for_selector(
            "#seats li[data-seat='1'] a, #seats li[data-seat='1']:has-text('(normal)')"
        )
        # the chat takes commands too
        await page.fill("#chat-input", "/bot easy")
        await page.press("#chat-input", "Enter")
        await page.wait_for_selector("#start:not([disabled])")
        await page.fill("#chat-input", "/who")
        await page.click("#chat-send")
        await page.wait_for_selector("#chat .private:has-text('(easy)')")
        await page.click("#start")
        clicks = 0
        while True:
            # a long list comes grouped by card or animal (.pick-group): a group picks its thing
            await page.wait_for_selector(
                "#legal button.act, #legal .pick-group, #game-over", timeout=20_000
            )
            if await page.query_selector("#game-over"):
                break
            # pick through the table first when a hand card is clickable, then act
            card = await page.query_selector(".hand .card.clickable")
            if card is not None and clicks % 3 == 0:
                await card.click()
            button = await page.query_selector("#legal button.act, #legal .pick-group")
            if button is None:
                continue
            try:
                await button.click(timeout=2_000)
            except Exception:  # re-rendered under the pointer: look again
                continue
            clicks += 1
            await page.wait_for_timeout(15)
        assert clicks > 5
        assert await page.inner_text("#game-over")
        # the whole log is on the page, and the seats kept their names
        assert await page.locator("#log div").count() > clicks
        await page.click("#replay-link")
        await page.wait_for_selector("#replay-slider")
        for _ in range(3):
            await page.click("#replay-next")
        assert "3/" in await page.inner_text("#replay-step")
        assert await page.locator("#replay-table .player").count() == 3
        await page.click("#replay-last")
        async with page.expect_download() as info:
            await page.click("#replay-panel-download")
        download = await info.value
        path = await download.path()
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
        # the language switch renders the page in Russian
        await page.select_option("#lang", "ru")
        # (a selector, not wait_for_function: the page's CSP forbids evaluating strings)
        await page.wait_for_selector("#replay-first:text-is('В начало')")
        assert "Повтор" in await page.inner_text("main")
        await browser.close()
    return room, errors, record


def test_a_whole_game_in_the_browser(server: Server) -> None:
    room, errors, data = asyncio.run(asyncio.wait_for(play_in_browser(server.base), 240))
    assert errors == []
    record = Record.from_json(data)
    # the bots' seats: distinct naturalists' names with their levels
    assert record.players[0] == "Wren"
    assert record.players[1].endswith(" (normal)") and record.players[2].endswith(" (easy)")
    assert record.players[1] != record.players[2]
    match = list(replay(record))[-1][0]  # the same match, advanced to the end
    assert record.options["half_deck"] is True
    outcome = match.outcome()
    status = server.get(f"/api/rooms/{room}").json()["room"]
    assert outcome is not None and status["status"] == "over"
    assert list(outcome.scores) == status["outcome"]["scores"]
    assert server.get("/api/users/Wren").json()["games"] == 1
