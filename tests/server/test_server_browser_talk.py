"""The game log in the browser, in Russian: a short toy game against a bot in which the host
lets the clock play one decision. The log tells what happened, naming the players (never an
order such as "Сыграть карту", never a seat counted from 0), and the move the clock made is
marked "⏱ по истечении времени"; the prompt is the game's Russian one."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server
from test_server_browser_toy import act_once

pytestmark = BROWSER_MARKS


async def short_game_in_russian(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await context.add_init_script("localStorage.setItem('evolutio.lang', 'ru')")
        page = await context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", "Вера")
        await page.click("#guest")
        await page.wait_for_selector("#who a")
        await page.select_option("#game", "toy")
        await page.wait_for_selector("#new-tricks")
        await page.fill("#new-players", "2")
        await page.fill("#new-tricks", "1")
        await page.fill("#clock", "2")
        await page.click("#create")
        await page.wait_for_selector("#seats .add-bot")
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        # the first decision (the bid) is left to the clock
        await page.wait_for_selector("#prompt")
        seen["prompt"] = await page.inner_text("#prompt")
        await page.wait_for_selector("#log .log-by.timeout", timeout=15_000)
        over = "#chat .sys:has-text('Игра окончена')"
        for _ in range(300):
            if await page.query_selector(over) is not None:
                break
            if not await act_once(page):
                await page.wait_for_timeout(100)
        await page.wait_for_selector(over)
        seen["log"] = await page.inner_text("#log")
        seen["entries"] = await page.locator("#log .log-entry").all_inner_texts()
        seen["mark"] = await page.inner_text("#log .log-by.timeout")
        # the waiting line's name of a decision kind: the game's label, in Russian
        seen["kinds"] = await page.evaluate(
            "import('/static/talk.js').then((m) => [m.kindLabel('toy', 'bid'),"
            " m.kindLabel('toy', 'play')])")
        seen["errors"] = errors
        await browser.close()
    return seen


def test_the_log_reads_as_events_in_russian(server: Server) -> None:
    seen = asyncio.run(short_game_in_russian(server.base))
    assert not seen["errors"], seen["errors"]
    assert "Сколько взяток" in seen["prompt"]
    assert seen["mark"] == "⏱ по истечении времени"
    assert seen["kinds"] == ["ставка", "ход картой"]
    entries = seen["entries"]
    assert entries and all(re.match(r"\d+\. ", e) for e in entries), entries
    # events naming the players, in Russian; the bid the clock made is marked
    assert any("Вера делает ставку." in e and e.endswith("⏱ по истечении времени")
               for e in entries), entries
    assert any("Ставки открыты: Вера" in e for e in entries), entries
    assert any(re.search(r"Вера играет \d+", e) for e in entries), entries
    assert "Сыграть карту" not in seen["log"] and "Play card" not in seen["log"]
    assert not re.search(r"#0\b|: 0:", seen["log"])
