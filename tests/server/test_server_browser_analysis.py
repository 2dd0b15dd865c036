"""A finished game's analysis in the browser: the end-of-game panel links to it, Analyse runs
it in the server's worker pool, the chart of win shares appears and a point jumps the replay
to its move, a marked move says what was better; a second browser sees the stored analysis
at once, without a new run (the server counts its runs in /metrics).

Screenshots of the analysed replay at 1280x800 and 390x844 go to ``$EVOLUTIO_SHOTS`` when set.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

import httpx
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server
from test_server_analyses import store_room, toy_record
from test_server_browser_toy import act_once, create_toy_room, guest

pytestmark = BROWSER_MARKS
#: a stored toy game whose analysis (at the server's default budget) marks two blunders
MARKED_SEED = 5


def runs(base: str) -> float:
    """The analyses the server has run (done), from /metrics."""
    for line in httpx.get(base + "/metrics").text.splitlines():
        if line.startswith('evolutio_analyses_run_total{result="done"}'):
            return float(line.rsplit(" ", 1)[1])
    raise AssertionError("no evolutio_analyses_run_total in /metrics")


async def analysed(base: str, shots: Path | None) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await guest(browser, base, "Ida", errors)
        await create_toy_room(page, 2, 1)
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        while not await page.query_selector("#game-over"):
            await page.wait_for_selector("#legal button.act, #game-over", timeout=20_000)
            await act_once(page)
        # the end-of-game panel links to the analysis; Analyse queues it and shows the chart
        await page.click("#analysis-link")
        await page.click("#analyse")
        await page.wait_for_selector("#analysis-chart", timeout=60_000)
        seen["played_points"] = await page.locator("#analysis-chart circle.dot").count()
        seen["runs_after_played"] = runs(base)
        # a stored game with blunders: its marks and the better move
        await page.goto(base + "/replay/marked")
        await page.click("#analyse")
        await page.wait_for_selector("#analysis-chart", timeout=60_000)
        seen["summary_rows"] = await page.locator("#analysis-summary tr[data-seat]").count()
        seen["marks"] = await page.locator("#analysis-chart circle.mark.blunder").count()
        mark = page.locator("#analysis-chart circle.mark.blunder").first
        seen["mark_step"] = await mark.get_attribute("data-step")
        await mark.click()
        await page.wait_for_selector("#analysis-mark")
        seen["step"] = await page.inner_text("#replay-step")
        seen["mark_text"] = await page.inner_text("#analysis-mark")
        seen["better"] = await page.inner_text("#better-move")
        seen["runs_after_marked"] = runs(base)
        # another person, another browser context: the stored analysis at once
        other = await browser.new_context(viewport={"width": 1280, "height": 800})
        second = await other.new_page()
        second.on("pageerror", lambda exc: errors.append(f"second: {exc}"))
        await second.goto(base + "/replay/marked#analysis")
        await second.wait_for_selector("#analysis-chart")
        seen["second_button"] = await second.locator("#analyse").count()
        await second.locator("#analysis-chart circle.mark.blunder").first.click()
        await second.wait_for_selector("#analysis-mark")
        seen["runs_after_second"] = runs(base)
        # German words for a German page
        await second.evaluate("localStorage.setItem('evolutio.lang', 'de')")
        await second.reload()
        await second.wait_for_selector("#analysis-chart")
        await second.locator("#analysis-chart circle.mark.blunder").first.click()
        seen["german"] = await second.inner_text("#analysis-mark")
        seen["overflow"] = []
        for width, height in ((1280, 800), (390, 844)):
            await second.set_viewport_size({"width": width, "height": height})
            await second.evaluate("localStorage.setItem('evolutio.lang', 'en')")
            await second.reload()
            await second.wait_for_selector("#analysis-chart")
            await second.locator("#analysis-chart circle.mark.blunder").first.click()
            await second.wait_for_selector("#analysis-mark")
            seen["overflow"].append(await second.evaluate(
                "document.documentElement.scrollWidth - window.innerWidth"))
            if shots is not None:
                await second.evaluate("document.querySelector('#replay-mark').scrollIntoView()")
                await second.screenshot(path=str(shots / f"analysis-{width}x{height}.png"))
        await browser.close()
    return errors, seen


def test_a_finished_game_analysed_in_the_browser_and_seen_again_without_a_new_run(
    tmp_path: Path,
) -> None:
    db = tmp_path / "analysis.db"
    server = Server(db, grace=1.0)
    store_room(server.url, "marked", toy_record(MARKED_SEED))
    server.start()
    shots = Path(os.environ["EVOLUTIO_SHOTS"]) if os.environ.get("EVOLUTIO_SHOTS") else None
    try:
        errors, seen = asyncio.run(asyncio.wait_for(analysed(server.base, shots), 240))
    finally:
        server.stop()
    assert errors == []
    assert seen["played_points"] >= 2
    assert seen["runs_after_played"] == 1
    assert seen["summary_rows"] == 2
    assert seen["marks"] >= 1
    assert seen["step"].startswith(f"Step {seen['mark_step']}/"), seen
    assert "?? blunder" in seen["mark_text"] and "better was" in seen["mark_text"]
    assert seen["better"].startswith(("Bid ", "Play ")), seen["better"]
    assert seen["runs_after_marked"] == 2
    assert seen["second_button"] == 0  # no Analyse: the stored one is shown
    assert seen["runs_after_second"] == 2  # and it was not run again
    assert "besser war" in seen["german"] and "grober Fehler" in seen["german"], seen["german"]
    assert all(x <= 0 for x in seen["overflow"]), seen["overflow"]  # nothing runs off
