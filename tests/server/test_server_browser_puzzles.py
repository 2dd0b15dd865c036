"""The Puzzles page in Debian's chromium: a guest opens Evolution's puzzles from the header,
solves the puzzle shown by clicking its answer, and sees the verdict, the explanation, the
rating change and a streak of one (again on a phone, in Russian, with Darwin's Choice);
screenshots at 1280x800 and 390x844 when PUZZLES_SCREENSHOTS names a folder."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

from evolutio.core.puzzle import find, moves
from evolutio.core.registry import get_game

pytestmark = BROWSER_MARKS
SHOTS = os.environ.get("PUZZLES_SCREENSHOTS")


def _answer_index(game: str, pid: str) -> int:
    puzzle = find(game, pid)
    assert puzzle is not None
    rules = get_game(game)
    state = puzzle.state()
    return moves(rules, state, puzzle.seat).index(puzzle.answer_action(rules, state))


async def _solve(base: str, width: int, height: int, name: str, game: str,
                 lang: str = "en") -> list[str]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await (await browser.new_context(viewport={"width": width, "height": height})
                      ).new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", name)
        await page.click("#guest")
        await page.wait_for_selector("#who a")
        if lang != "en":
            await page.select_option("#lang", lang)
        await page.click("#nav-puzzles")
        await page.wait_for_selector(f"#puzzle-games tr[data-game='{game}']")
        if SHOTS:
            await page.screenshot(path=str(Path(SHOTS) / f"puzzles-{width}.png"))
        await page.click(f"#puzzle-games tr[data-game='{game}'] a")
        await page.wait_for_selector("#puzzles[data-puzzle] .puzzle-move")
        pid = await page.get_attribute("#puzzles", "data-puzzle")
        heading = {"en": "Puzzles", "ru": "Задачи"}[lang]
        assert heading in await page.inner_text("#puzzles h2")
        assert pid is not None
        assert await page.locator("#puzzle-table > *").count() > 0
        if SHOTS:
            await page.screenshot(path=str(Path(SHOTS) / f"puzzle-{game}-{width}.png"),
                                  full_page=True)
        await page.click(f".puzzle-move[data-index='{_answer_index(game, pid)}']")
        await page.wait_for_selector("#verdict[data-correct='true']")
        assert (await page.inner_text("#puzzle-explanation")).strip()
        change = await page.get_attribute("#rating-change", "data-change")
        assert change is not None and int(change) > 0
        assert "1" in await page.inner_text("#puzzle-streak")
        if SHOTS:
            await page.screenshot(path=str(Path(SHOTS) / f"puzzle-{game}-{width}-solved.png"),
                                  full_page=True)
        await page.click("#next-puzzle")
        await page.wait_for_selector(f"#puzzles:not([data-puzzle='{pid}']) .puzzle-move")
        await browser.close()
    return errors


def test_a_guest_solves_a_puzzle_in_the_browser(server: Server) -> None:
    errors = asyncio.run(_solve(server.base, 1280, 800, "Puzzler", "evolution"))
    assert errors == []


def test_the_puzzle_page_on_a_phone_in_russian(server: Server) -> None:
    errors = asyncio.run(_solve(server.base, 390, 844, "Phoner", "darwin", "ru"))
    assert errors == []
