"""The platform's shell in Debian's chromium with a game that brings no renderer: the toy
trick game (a simultaneous hidden bid, then tricks) is chosen in the lobby, its options are
set through the form generated from its declared options, and it is played to the end with
the table drawn by the shell's generic.js."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves

pytestmark = BROWSER_MARKS


async def guest(browser: Any, base: str, name: str, errors: list[str], path: str = "/") -> Any:
    """A page of its own (own cookies) logged in as the guest ``name``."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    await list_moves(context)
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}"))
    # the lobby's name field (a room's link shows the invitation to join instead)
    await page.goto(base + "/")
    await page.fill("#login input[name=name]", name)
    await page.click("#guest")
    await page.wait_for_selector("#who a")
    if path != "/":
        await page.goto(base + path)
    return page


async def create_toy_room(page: Any, players: int, tricks: int, clock: int = 0) -> str:
    """Choose the toy game in the lobby, fill its generated form and create the room."""
    await page.wait_for_selector("#game")
    await page.select_option("#game", "toy")
    await page.wait_for_selector("#new-tricks")
    assert "trick game" in await page.inner_text("#game-summary")
    assert await page.get_attribute("#new-players", "max") == "4"
    assert await page.get_attribute("#new-tricks", "max") == "3"
    # nothing of the default game's form is left
    assert await page.locator("#room-form [data-option]").count() == 2
    await page.fill("#new-players", str(players))
    await page.fill("#new-tricks", str(tricks))
    await page.fill("#clock", str(clock))
    await page.click("#create")
    await page.wait_for_selector("#seats .add-bot")
    return str(page.url.rstrip("/").split("/")[-1])


async def act_once(page: Any) -> bool:
    """Click the first legal action shown, if any."""
    button = await page.query_selector("#legal button.act")
    if button is None:
        return False
    try:
        await button.click(timeout=2_000)
    except Exception:  # re-rendered under the pointer: look again
        return False
    await page.wait_for_timeout(15)
    return True


async def against_a_bot(base: str) -> tuple[str, list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await guest(browser, base, "Kit", errors)
        room = await create_toy_room(page, 2, 2)
        seen["game"] = await page.inner_text("#room-game")
        seen["options"] = await page.inner_text("#room-options")
        # the host's controls are generated too and send /option
        await page.fill("#opt-tricks", "3")
        await page.dispatch_event("#opt-tricks", "change")
        await page.wait_for_selector("#room-options:has-text('Tricks 3')")
        await page.fill("#opt-tricks", "2")
        await page.dispatch_event("#opt-tricks", "change")
        await page.wait_for_selector("#room-options:has-text('Tricks 2')")
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        # the bid: every seat at once, the progress shown
        await page.wait_for_selector("#prompt[data-kind='bid'] #legal button.act")
        seen["progress"] = await page.inner_text("#prompt #progress")
        seen["bids"] = await page.locator("#legal button.act").all_inner_texts()
        seen["generic"] = await page.locator("#table .table.generic").count()
        seen["hand"] = await page.locator(
            "#table .player.me [data-field='hand'] .chip"
        ).all_inner_texts()
        seen["other_hand"] = await page.inner_text("#table .player:not(.me) [data-field='hand']")
        # at a phone's width the room is one column and nothing runs off the screen
        await page.set_viewport_size({"width": 390, "height": 844})
        seen["phone_overflow"] = await page.evaluate(
            "document.documentElement.scrollWidth - window.innerWidth"
        )
        seen["phone_columns"] = await page.evaluate(
            "getComputedStyle(document.querySelector('.room-grid')).gridTemplateColumns"
        )
        await page.set_viewport_size({"width": 1280, "height": 900})
        await page.locator("#legal button.act").last.click()
        clicks = 1
        while True:
            await page.wait_for_selector("#legal button.act, #game-over", timeout=20_000)
            if await page.query_selector("#game-over"):
                break
            if await act_once(page):
                clicks += 1
        seen["clicks"] = clicks
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        seen["log"] = await page.locator("#log div").count()
        # the replay draws every step with the same generic renderer
        await page.click("#replay-link")
        await page.wait_for_selector("#replay-table .generic")
        await page.click("#replay-last")
        seen["replay_players"] = await page.locator("#replay-table .player").count()
        seen["replay_step"] = await page.inner_text("#replay-step")
        # ratings are per game: the profile lists the toy game, its link opens its leaderboard
        await page.click("#who a")
        await page.wait_for_selector("#ratings tr[data-game='toy']")
        seen["rated_games"] = await page.locator("#ratings tr[data-game]").count()
        await page.click("#ratings tr[data-game='toy'] a")
        await page.wait_for_selector("#leaderboard[data-game='toy']")
        seen["leaders"] = await page.locator("#leaderboard tr").all_inner_texts()
        seen["board_game"] = await page.input_value("#leaderboard-game")
        await browser.close()
    return room, errors, seen


def test_the_toy_game_against_a_bot(server: Server) -> None:
    room, errors, seen = asyncio.run(asyncio.wait_for(against_a_bot(server.base), 180))
    assert errors == []
    assert "Trick" in seen["game"]
    assert "Tricks 2" in seen["options"], seen["options"]
    assert seen["generic"] == 1
    assert seen["progress"].strip() in ("(0/2 chosen)", "(1/2 chosen)"), seen["progress"]
    assert len(seen["bids"]) == 3  # bids 0..2 with two tricks
    assert len(seen["hand"]) == 2 and all(c.isdigit() for c in seen["hand"])
    assert "hidden" in seen["other_hand"]
    assert seen["phone_overflow"] <= 0, seen["phone_overflow"]
    assert len(seen["phone_columns"].split()) == 1, seen["phone_columns"]
    # one bid and one card per trick
    assert seen["clicks"] == 3
    assert len(seen["ranking"]) == 2 and any(r.startswith("Kit:") for r in seen["ranking"])
    assert seen["log"] >= 5
    assert seen["replay_players"] == 2
    assert seen["rated_games"] == 1 and seen["board_game"] == "toy"
    assert any(row.split("\t")[1] == "Kit" for row in seen["leaders"][1:]), seen["leaders"]
    status = server.get(f"/api/rooms/{room}").json()["room"]
    assert status["status"] == "over" and status["game"] == "toy"
    assert status["options"]["tricks"] == 2
    # the outcome on the page is the server's
    scores = status["outcome"]["scores"]
    shown = sorted(f"{s['name']}: {scores[s['seat']]}" for s in status["seats"])
    assert sorted(seen["ranking"]) == shown


async def two_people_and_a_bot(base: str) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        host = await guest(browser, base, "Ada", errors)  # and a bot added by the chat
        room = await create_toy_room(host, 3, 1, clock=300)
        await host.fill("#chat-input", "/bot random 2")
        await host.press("#chat-input", "Enter")
        await host.wait_for_selector("#seats li[data-seat='1']:has-text('(random)')")
        other = await guest(browser, base, "Lark", errors, f"/room/{room}")
        await other.click("#seats li[data-seat='2'] .join-seat")
        await host.wait_for_selector("#start:not([disabled])")
        await host.click("#start")
        # Ada bids first: she has chosen and waits for Lark (the bot bids at once)
        await host.wait_for_selector("#prompt[data-kind='bid'] #legal button.act")
        await host.locator("#legal button.act").first.click()
        await host.wait_for_selector("#waiting #chosen")
        await host.wait_for_selector("#waiting .waiting-seat[data-seat='2']")
        seen["waiting"] = await host.inner_text("#waiting")
        seen["waiting_seats"] = await host.locator("#waiting .waiting-seat").count()
        # each seat still choosing shows its own clock
        seen["lark_clock"] = await host.inner_text("#waiting .waiting-seat[data-seat='2'] .clock")
        # Lark is asked, sees that Ada has bid without seeing her bid
        await other.wait_for_selector("#prompt[data-kind='bid'] #legal button.act")
        seen["lark_prompt"] = await other.inner_text("#prompt")
        seen["own_clock"] = await other.inner_text("#prompt .clock")
        seen["ada_bid"] = await other.inner_text("#table .player[data-seat='0'] [data-field='bid']")
        seen["ada_has_bid"] = await other.inner_text(
            "#table .player[data-seat='0'] [data-field='has_bid']"
        )
        await other.locator("#legal button.act").first.click()
        # the tricks: each page plays when it is asked
        for _ in range(200):
            if await host.query_selector("#game-over") and await other.query_selector("#game-over"):
                break
            acted = await act_once(host) or await act_once(other)
            if not acted:
                await host.wait_for_timeout(50)
        seen["over"] = [await pg.locator("#game-over li").count() for pg in (host, other)]
        seen["bids_revealed"] = await other.inner_text("#table [data-field='bids_revealed']")
        await browser.close()
    return errors, seen


def test_a_simultaneous_bid_between_two_people(server: Server) -> None:
    errors, seen = asyncio.run(asyncio.wait_for(two_people_and_a_bot(server.base), 180))
    assert errors == []
    assert "Chosen; waiting for the others" in seen["waiting"], seen["waiting"]
    assert "Lark" in seen["waiting"] and seen["waiting_seats"] == 1, seen["waiting"]
    assert "Ada" not in seen["waiting"]
    for clock in (seen["lark_clock"], seen["own_clock"]):
        # minutes and seconds, as clocks show them (clocks.js), after a drawn clock icon
        found = re.fullmatch(r"(\d+):(\d\d)", clock.strip())
        assert found, clock
        assert 0 < int(found[1]) * 60 + int(found[2]) <= 300
    assert "(2/3 chosen)" in seen["lark_prompt"], seen["lark_prompt"]
    assert seen["ada_bid"] == "hidden" and seen["ada_has_bid"] == "yes"
    assert seen["over"] == [3, 3]
    assert "yes" in seen["bids_revealed"]
