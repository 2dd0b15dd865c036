"""The lobby's quick ways in, in Debian's chromium (desktop and a 390x844 phone): Play now to
game over with a guest name asked inline, resigning and the rematch, a private room reached
by its link only, the history filtered per player, Watch for a full room, the rating chart,
and the hints of a guided first game."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

pytestmark = BROWSER_MARKS

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


async def page_for(browser: Any, base: str, errors: list[str], viewport: dict[str, int],
                   path: str = "/") -> Any:
    context = await browser.new_context(viewport=viewport)
    await list_moves(context)
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(base + path)
    return page


async def login(page: Any, name: str) -> None:
    """A guest named ``name``, from the lobby's name field; back to the page it was on (a
    room's link shows the invitation to join instead, test_server_browser_leave.py)."""
    here = page.url
    if urlsplit(here).path not in ("", "/"):
        await page.goto(urljoin(here, "/"))
    await page.fill("#login input[name=name]", name)
    await page.click("#guest")
    await page.wait_for_selector("#who a")
    if page.url != here:
        await page.goto(here)


async def play_to_the_end(page: Any) -> None:
    """Click the first legal action whenever one is shown, until the result shows."""
    for _ in range(400):
        await page.wait_for_selector("#legal button.act, #game-over", timeout=30_000)
        if await page.query_selector("#game-over"):
            return
        button = await page.query_selector("#legal button.act")
        if button is not None:
            with contextlib.suppress(Exception):  # re-rendered under the pointer: look again
                await button.click(timeout=2_000)
        await page.wait_for_timeout(20)
    raise AssertionError("the game did not end")


async def play_now_flow(base: str, viewport: dict[str, int], name: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await page_for(browser, base, errors, viewport)
        card = page.locator(".game-card[data-game='toy']")
        await card.wait_for()
        seen["cards"] = await page.locator(".game-card").count()
        seen["summary"] = await card.locator(".game-summary").inner_text()
        seen["opponents"] = await card.locator("select.opponents option").all_inner_texts()
        seen["level"] = await card.locator("select.level").input_value()
        # the card tells players, length and difficulty and links the rules
        seen["facts"] = await card.locator(".game-facts").inner_text()
        seen["rules_href"] = await card.locator("a.card-rules").get_attribute("href")
        seen["name_fields"] = await page.locator("input[name=name], #play-name").count()
        # no session: the lobby's one name field, then one click starts the game
        await page.fill("#login input[name=name]", name)
        await card.locator("select.opponents").select_option("2")
        await card.locator(".play-now").click()
        await page.wait_for_selector("#table")
        seen["url"] = page.url
        seen["seats"] = await page.locator("#seats li").all_inner_texts()
        await play_to_the_end(page)
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        seen["rematch"] = await page.locator("#rematch").count()
        seen["overflow"] = await page.evaluate(
            "document.documentElement.scrollWidth - window.innerWidth")
        # the lobby's history lists the game, filtered per player
        await page.click("header a[href='/']")
        await page.wait_for_selector("#history-player")
        await page.fill("#history-player", name)
        await page.click("#history-filter")
        # the filtered answer replaces the whole list (the unfiltered one may list it too)
        await page.wait_for_function(
            "(name) => { const rows = [...document.querySelectorAll("
            "'#history-table .history-row')];"
            " return rows.length > 0 && rows.every((r) => r.textContent.includes(name)); }",
            arg=name)
        rows = page.locator("#history-table .history-row")
        seen["history"] = await rows.all_inner_texts()
        # the Play now cards and the history fit the screen (a wide table scrolls inside)
        seen["history_overflow"] = await page.evaluate(
            "Math.max(...['#play-now', '#history'].map((s) => "
            "document.querySelector(s).getBoundingClientRect().right)) - window.innerWidth")
        # the profile: a rating chart per game and the player's history
        await page.click("#who a")
        await page.wait_for_selector("#rating-charts figure.chart[data-game='toy'] svg")
        seen["chart_dots"] = await page.locator("figure.chart[data-game='toy'] circle").count()
        await page.wait_for_selector("#history .history-row")
        seen["profile_history"] = await page.locator("#history .history-row").count()
        await browser.close()
    seen["errors"] = errors
    return seen


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_play_now_to_game_over(server: Server, viewport: dict[str, int]) -> None:
    name = f"Quick{viewport['width']}"
    seen = asyncio.run(asyncio.wait_for(play_now_flow(server.base, viewport, name), 240))
    assert seen["errors"] == []
    assert seen["cards"] >= 2  # every installed game has its card
    assert "trick game" in seen["summary"]
    assert "2–4 players" in seen["facts"] and "5 min" in seen["facts"], seen["facts"]
    assert "easy" in seen["facts"] and seen["rules_href"] == "/rules/toy"
    assert seen["name_fields"] == 1  # one name field on the lobby
    assert seen["opponents"] == ["1", "2", "3"] and seen["level"] == "normal"
    assert "/room/" in seen["url"]
    assert len(seen["seats"]) == 3 and name in seen["seats"][0]
    assert len(seen["ranking"]) == 3 and any(r.startswith(f"{name}:") for r in seen["ranking"])
    assert seen["rematch"] == 1
    assert seen["overflow"] <= 0 and seen["history_overflow"] <= 0
    assert len(seen["history"]) == 1 and "3" in seen["history"][0]
    assert seen["chart_dots"] == 2  # the starting rating and the one after the game
    assert seen["profile_history"] == 1
    # the page's history is the server's
    data = server.get(f"/api/games/finished?player={name}").json()["games"]
    assert len(data) == 1 and data[0]["players"][0]["name"] == name


async def resign_flow(base: str, viewport: dict[str, int], name: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await page_for(browser, base, errors, viewport)
        await login(page, name)
        card = page.locator(".game-card[data-game='toy']")
        await card.locator("select.opponents").select_option("2")
        await card.locator(".play-now").click()
        await page.wait_for_selector("#resign")
        # a confirm step first; "Cancel" changes nothing
        await page.click("#resign")
        await page.wait_for_selector("#resign-confirm")
        await page.click("#resign-no")
        await page.wait_for_selector("#resign")
        await page.click("#resign")
        await page.click("#resign-yes")
        # a bot plays the seat: the game goes on to its end and the result says it
        await page.wait_for_selector("#chat .sys:has-text('resigns')")
        seen["line"] = await page.inner_text("#chat .sys:has-text('resigns')")
        await page.wait_for_selector("#game-over", timeout=60_000)
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        seen["resign_left"] = await page.locator("#resign").count()
        seen["old_room"] = page.url.rstrip("/").split("/")[-1]
        # the rematch: same game, same bots, the player back at the same seat
        await page.click("#rematch")
        for _ in range(200):  # the page moves to the new room (history.pushState)
            if not page.url.rstrip("/").endswith(seen["old_room"]):
                break
            await page.wait_for_timeout(25)
        seen["new_room"] = page.url.rstrip("/").split("/")[-1]
        # only bots besides the player: the new game is under way at once
        await page.wait_for_selector("#resign")
        seen["new_seats"] = await page.locator("#seats li").all_inner_texts()
        await browser.close()
    seen["errors"] = errors
    return seen


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_resign_and_rematch(server: Server, viewport: dict[str, int]) -> None:
    name = f"Quitter{viewport['width']}"
    seen = asyncio.run(asyncio.wait_for(resign_flow(server.base, viewport, name), 240))
    assert seen["errors"] == []
    assert seen["line"].startswith(f"{name} resigns")
    # ranked last, marked
    assert seen["ranking"][-1].startswith(f"{name}:") and "resigned" in seen["ranking"][-1]
    assert seen["resign_left"] == 0
    old = server.get(f"/api/rooms/{seen['old_room']}").json()["room"]
    assert old["outcome"]["resigned"] == [0] and old["outcome"]["ranks"][0] == 3
    assert old["rematch"] == seen["new_room"]
    new = server.get(f"/api/rooms/{seen['new_room']}").json()["room"]
    assert new["game"] == "toy" and new["options"] == old["options"]
    assert [s["bot"] for s in new["seats"]] == [None, *[s["bot"] for s in old["seats"][1:]]]
    assert new["seats"][0]["name"] == name and new["status"] == "playing"
    assert len(seen["new_seats"]) == 3 and name in seen["new_seats"][0]


async def private_and_full(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        host = await page_for(browser, base, errors, DESKTOP)
        await login(host, "Hidey")
        private = await new_room(host, game="toy", private=True)
        await host.wait_for_selector("#private-note")
        # the host's switch lists it again and takes it back out
        await host.uncheck("#opt-private")
        await host.wait_for_selector("#private-note", state="detached")
        await host.check("#opt-private")
        await host.wait_for_selector("#private-note")
        # a full room (every seat taken, not started) offers Watch, not Join
        await host.click("header a[href='/']")
        await host.wait_for_selector("#create")
        full = await new_room(host, game="toy", private=False, bots=1)
        await host.wait_for_selector("#start:not([disabled])")
        other = await page_for(browser, base, errors, PHONE)
        await login(other, "Seeker")
        await other.wait_for_selector(f"#app tr[data-room='{full}']")
        seen["full_link"] = await other.inner_text(f"tr[data-room='{full}'] a")
        seen["private_listed"] = await other.locator(f"tr[data-room='{private}']").count()
        # the invite link still leads there, and a seat can be taken
        await other.goto(f"{base}/room/{private}")
        await other.wait_for_selector("#private-note")
        await other.click("#seats .join-seat")
        await other.wait_for_selector("#seats li[data-seat='1']:has-text('Seeker')")
        await host.goto(f"{base}/room/{private}")
        await host.wait_for_selector("#seats li[data-seat='1']:has-text('Seeker')")
        seen["host_sees"] = await host.inner_text("#seats li[data-seat='1']")
        await browser.close()
    seen["errors"] = errors
    return seen


def test_private_room_joinable_by_link_and_full_room_shows_watch(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(private_and_full(server.base), 120))
    assert seen["errors"] == []
    assert seen["full_link"] == "Watch"
    assert seen["private_listed"] == 0
    assert "Seeker" in seen["host_sees"]


async def hints_flow(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await page_for(browser, base, errors, DESKTOP)
        await login(page, "Newbie")
        # the easy way in comes first, by its name; the standard game beside it
        seen["easy"] = await page.locator(
            ".game-card[data-game='evolution'] .play-easy").inner_text()
        await page.locator(".game-card[data-game='evolution'] .play-now").click()
        # a first game: the hint is on, names one of the buttons and says why
        await page.wait_for_selector("#hint #hint-text", timeout=30_000)
        seen["hint"] = await page.inner_text("#hint-text")
        index = await page.get_attribute("#hint", "data-index")
        seen["hinted"] = await page.locator(
            f"#legal button.act.hinted[data-index='{index}']").count()
        # dismissed: gone, and it stays off (a switch brings it back)
        await page.click("#hint-off")
        await page.wait_for_selector("#hint-on")
        seen["after_off"] = await page.locator("#hint").count()
        await page.click("#hint-on")
        await page.wait_for_selector("#hint #hint-text")
        await browser.close()
    seen["errors"] = errors
    return seen


def test_hints_guide_a_first_game_and_can_be_dismissed(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(hints_flow(server.base), 120))
    assert seen["errors"] == []
    assert "Play now · base game, half deck" in seen["easy"]
    assert "trial games from here" in seen["hint"] or "the only move" in seen["hint"]
    assert seen["hinted"] == 1
    assert seen["after_off"] == 0


async def rematch_between_people(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        host = await page_for(browser, base, errors, DESKTOP)
        await login(host, "Duela")
        room = await new_room(host, game="toy", options={"tricks": 1})
        other = await page_for(browser, base, errors, PHONE, f"/room/{room}")
        await login(other, "Duelb")
        await other.click("#seats .join-seat")
        await host.wait_for_selector("#start:not([disabled])")
        await host.click("#start")
        for _ in range(200):
            if await host.query_selector("#game-over") and await other.query_selector("#game-over"):
                break
            acted = False
            for page in (host, other):
                button = await page.query_selector("#legal button.act")
                if button is not None:
                    with contextlib.suppress(Exception):
                        await button.click(timeout=2_000)
                        acted = True
            if not acted:
                await host.wait_for_timeout(50)
        # the second player asks first; the host is offered to join it and sits at seat 1
        await other.click("#rematch")
        await other.wait_for_selector("#start[disabled]")
        seen["other_seats"] = await other.locator("#seats li").all_inner_texts()
        await host.wait_for_selector("#rematch:has-text('Join the rematch')")
        seen["line"] = await host.inner_text("#chat .sys:has-text('rematch')")
        await host.click("#rematch")
        await host.wait_for_selector("#start:not([disabled])")
        await other.wait_for_selector("#seats li[data-seat='0']:has-text('Duela')")
        seen["seats"] = await host.locator("#seats li").all_inner_texts()
        seen["new_room"] = host.url.rstrip("/").split("/")[-1]
        seen["old_room"] = room
        await browser.close()
    seen["errors"] = errors
    return seen


def test_rematch_between_two_people_keeps_their_seats(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(rematch_between_people(server.base), 180))
    assert seen["errors"] == []
    assert seen["line"].startswith("Duelb offers a rematch")
    assert "free" in seen["other_seats"][0] and "Duelb" in seen["other_seats"][1]
    assert "Duela" in seen["seats"][0] and "Duelb" in seen["seats"][1]
    assert seen["new_room"] != seen["old_room"]
    new = server.get(f"/api/rooms/{seen['new_room']}").json()["room"]
    assert new["options"]["tricks"] == 1 and new["status"] == "open" and new["host"] == "Duelb"
