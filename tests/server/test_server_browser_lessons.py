""""Learn to play" in chromium: from the lobby's game card, each game's lesson is played to
its end in English and in Russian (the narrator's text in the page's language at every
step, the move taught clicked as a player would: its button, or its card's group first),
then its short real game against an easy bot opens; the rules page leads to the lesson too."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

from evolutio.core import lessons
from evolutio.core.lessons import Table

pytestmark = BROWSER_MARKS
CASES = [(game, lang) for game in ("evolution", "northstar", "darwin") for lang in ("en", "ru")]


def taught(game: str, index: int) -> tuple[int, str | None, bool]:
    """The step's taught move: its index in the legal moves, the group ("kind:id") its
    button sits in when the list is grouped, and whether it asks for a confirming click."""
    lesson = lessons.lessons(game)[0]
    table = Table(lesson, index)
    legal = table.legal()
    action = table.asked_action()
    targets = table.game.action_targets(table.state, action)
    group = f"{targets[0][0]}:{targets[0][1]}" if targets and len(legal) > 8 else None
    return legal.index(action), group, bool(table.game.confirms(table.state, action))


async def click_move(page: Any, index: int, group: str | None, confirm: bool) -> None:
    button = f'#legal button.act[data-index="{index}"]'
    if group is not None and await page.locator(button).count() == 0:
        await page.click(f'#legal .pick-group[data-group="{group}"]')
    await page.click(button)
    if confirm:
        await page.click(f"{button}.armed")


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_a_lesson_from_the_lobby_to_the_real_game(server: Server, game: str, lang: str) -> None:
    from playwright.async_api import async_playwright

    lesson = lessons.lessons(game)[0]

    async def main() -> None:
        errors: list[str] = []
        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = await browser.new_context(viewport={"width": 1280, "height": 800})
            await context.add_init_script(f"localStorage.setItem('evolutio.lang', '{lang}')")
            page = await context.new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(server.base + "/")
            await page.fill("#login input[name=name]", f"Pupil {game} {lang}")
            await page.click("#guest")
            await page.wait_for_selector("#who a")
            await page.click(f'.game-card[data-game="{game}"] a.learn-link:visible')
            for i, step in enumerate(lesson.steps):
                await page.wait_for_selector(f'#lesson-step[data-step="{i}"]')
                assert await page.inner_text("#lesson-text") == step.text[lang]
                await click_move(page, *taught(game, i))
                await page.wait_for_selector('#lesson-result[data-kind="right"]')
                if i + 1 < len(lesson.steps):
                    await page.click("#lesson-next")
            await page.click("#lesson-play")
            await page.wait_for_url("**/room/*")
            await page.wait_for_selector("#seats")
            assert "easy" in await page.inner_text("#seats")
            # the rules page leads to the same lesson
            await page.goto(f"{server.base}/rules/{game}")
            await page.click("#rules-learn:visible")
            await page.wait_for_selector('#lesson-step[data-step="0"]')
            await browser.close()
        assert errors == []

    asyncio.run(main())
