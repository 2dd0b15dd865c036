"""The /stats/GAME page in Debian's chromium: the shipped balance figures of a game, its
tables and plots (the names played fit a phone's width), in English and in German; a game
without figures says so."""

from __future__ import annotations

import asyncio

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = BROWSER_MARKS


async def _open(base: str) -> list[str]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await (await browser.new_context(viewport={"width": 1280, "height": 800})
                      ).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/stats/evolution")
        await page.wait_for_selector("#stats[data-game='evolution'] #stats-seats tbody tr")
        assert "Balance figures" in await page.inner_text("#stats h2")
        assert await page.locator("#stats-seats tbody tr").count() == 2
        assert await page.locator("#stats-survivor_traits tbody tr").count() > 0
        # the names played: play rate, plays per game, survival and uplift, intervals below
        played = page.locator("#stats-seat_played")
        assert await played.locator("thead th").count() == 5
        assert await played.locator("tbody tr").count() > 0
        assert await played.locator("tbody tr").first.locator("small.stats-ci").count() == 3
        # every plot drew: an SVG the browser decoded
        for plot in ("seats", "length", "uplift-survivor_traits", "played-seat_played"):
            image = page.locator(f"img.stats-plot[data-plot='{plot}']")
            await image.scroll_into_view_if_needed()
            await page.wait_for_function(
                "el => el.complete && el.naturalWidth > 0", arg=await image.element_handle())
        # a phone's width: the table of names played fits it without scrolling sideways
        await page.set_viewport_size({"width": 390, "height": 800})
        await played.scroll_into_view_if_needed()
        assert await played.evaluate("t => t.scrollWidth <= t.clientWidth + 1")
        box = await played.bounding_box()
        assert box is not None and box["width"] <= 390
        await page.select_option("#lang", "de")
        await page.wait_for_selector("#stats h2:has-text('Balance-Zahlen')")
        await page.goto(base + "/stats/nogame")
        await page.wait_for_selector("#stats[data-game='nogame'] p.muted")
        assert "noch keine Zahlen" in await page.inner_text("#stats")  # German stays chosen
        await browser.close()
    return errors


def test_the_stats_page_shows_a_game_s_figures(server: Server) -> None:
    assert asyncio.run(_open(server.base)) == []
