"""The /stats/GAME page in Debian's chromium: the shipped balance figures of a game, its
tables and plots, in English and in German (the whole page fits a phone's width in both); a
game without figures says so."""

from __future__ import annotations

import asyncio
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = BROWSER_MARKS


#: what scrolls sideways on the page: the page itself, or any element of the stats panel whose
#: content is wider than its box (a table on a phone's width scrolls on its own) or that ends
#: past the window's right edge
SIDEWAYS = """() => {
  const out = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth + 1) out.push(`page ${root.scrollWidth}`);
  for (const el of document.querySelectorAll("#stats, #stats *")) {
    const right = el.getBoundingClientRect().right;
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible")
      out.push(`${el.tagName}#${el.id} ${el.scrollWidth} > ${el.clientWidth}`);
    else if (right > window.innerWidth + 1) out.push(`${el.tagName}#${el.id} ends at ${right}`);
  }
  return out;
}"""


async def _sideways(page: Any) -> list[str]:
    """What on the page scrolls sideways or sticks out of the window (empty: nothing)."""
    return list(await page.evaluate(SIDEWAYS))


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
        # the names in play at the end: share of seats, uplift, win with and without it, each
        # with its interval below
        held = page.locator("#stats-survivor_traits")
        assert await held.locator("thead th").count() == 5
        assert await held.locator("tbody tr").count() > 0
        assert await held.locator("tbody tr").first.locator("small.stats-ci").count() == 4
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
        # a phone's width: the whole page, every table included, needs no sideways scroll
        await page.set_viewport_size({"width": 390, "height": 844})
        assert await _sideways(page) == []
        await page.select_option("#lang", "de")
        await page.wait_for_selector("#stats h2:has-text('Balance-Zahlen')")
        await page.wait_for_selector("#stats-survivor_traits tbody tr")
        assert await _sideways(page) == []  # the German words fit as well
        await page.goto(base + "/stats/nogame")
        await page.wait_for_selector("#stats[data-game='nogame'] p.muted")
        assert "noch keine Zahlen" in await page.inner_text("#stats")  # German stays chosen
        await browser.close()
    return errors


def test_the_stats_page_shows_a_game_s_figures(server: Server) -> None:
    assert asyncio.run(_open(server.base)) == []
