"""Clocks in Debian's chromium: a timeout marked in the log (in two languages), every seat's
clock shown, a turn-based game resumed after a browser restart on a phone with its clocks,
and the move announced to a hidden tab (title, sound, desktop notification)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

pytestmark = BROWSER_MARKS

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

#: a hidden tab that records what it is asked to announce (the page's own code unchanged)
HIDDEN_TAB = """
Object.defineProperty(document, "hidden", { get: () => true });
Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
window.__notes = []; window.__tones = 0;
class FakeNotification {
  constructor(title, options) { window.__notes.push({ title, body: options && options.body }); }
  close() {}
}
FakeNotification.permission = "granted";
FakeNotification.requestPermission = async () => "granted";
window.Notification = FakeNotification;
class FakeAudio {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { window.__tones += 1;
    return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    connect: (d) => d }; }
}
window.AudioContext = FakeAudio;
"""


async def until(page: Any, expression: str, timeout: float = 15.0) -> None:
    """Poll ``expression`` in the page until it is true (the page's CSP refuses the string
    functions ``wait_for_function`` would evaluate)."""
    for _ in range(int(timeout / 0.1)):
        if await page.evaluate(expression):
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"never true: {expression}")


async def login(browser: Any, base: str, name: str, errors: list[str],
                viewport: dict[str, int] = DESKTOP) -> tuple[Any, Any]:
    context = await browser.new_context(viewport=viewport)
    await list_moves(context)
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}"))
    await page.goto(base + "/")
    await page.fill("#login input[name=name]", name)
    await page.click("#guest")
    await page.wait_for_selector("#who a")
    return context, page


#: the toy game for two with one trick, as the lobby's form takes it
TOY = {"players": 2, "tricks": 1}


async def timeout_in_the_log(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        _, page = await login(browser, base, "Dawdler", errors)
        await new_room(page, game="toy", options=TOY, clock=300)
        await page.wait_for_selector("#room-options:has-text('5:00 per decision')")
        # the host switches to a time bank, then back to a short clock per decision
        await page.select_option("#opt-time-mode", "bank")
        await page.wait_for_selector("#room-options:has-text('time bank 5:00 + 0s')")
        await page.fill("#opt-increment", "4")
        await page.dispatch_event("#opt-increment", "change")
        await page.wait_for_selector("#room-options:has-text('time bank 5:00 + 4s')")
        await page.select_option("#opt-time-mode", "move")
        await page.wait_for_selector("#room-options:has-text('1:00 per decision')")
        await page.fill("#opt-clock", "3")
        await page.dispatch_event("#opt-clock", "change")
        await page.wait_for_selector("#room-options:has-text('3s per decision')")
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        # the bid: every seat's clock above the decision, the player's own one running
        await page.wait_for_selector("#prompt[data-kind='bid']")
        await page.wait_for_selector("#clocks .seat-clock.running")
        seen["clocks"] = await page.locator("#clocks .seat-clock").all_inner_texts()
        # nobody clicks: the clock runs out and the server bids for the player
        mark = page.locator("#log .by-timeout")
        await mark.first.wait_for(timeout=20_000)
        seen["mark_en"] = await mark.first.inner_text()
        seen["mark_title"] = await mark.first.get_attribute("title")
        seen["marked_line"] = await page.locator("#log div:has(.by-timeout)").first.inner_text()
        # the same log, read again in German after a reload
        await page.select_option("#lang", "de")
        await page.wait_for_selector("#log .by-timeout:has-text('Zeitablauf')")
        seen["mark_de"] = await page.locator("#log .by-timeout").first.inner_text()
        await browser.close()
    seen["errors"] = errors
    return seen


def test_a_timeout_is_marked_in_the_log(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(timeout_in_the_log(server.base), 120))
    assert seen["errors"] == []
    assert any(re.fullmatch(r"Dawdler [123]s", c) for c in seen["clocks"]), seen["clocks"]
    assert "by timeout" in seen["mark_en"] and "server played" in seen["mark_title"]
    assert re.match(r"\d+\.\s+Dawdler ", seen["marked_line"]), seen["marked_line"]
    assert "durch Zeitablauf" in seen["mark_de"]


async def turn_based_resumed(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context, page = await login(browser, base, "Penpal", errors)
        room = await new_room(page, game="toy", options=TOY, days=2, bots=1, start=True)
        await page.wait_for_selector("#prompt[data-kind='bid'] #legal button.act")
        seen["options"] = await page.inner_text("#room-options")
        seen["prompt_clock"] = await page.inner_text("#prompt .clock")
        # the lobby shows the room as turn-based
        await page.click("header nav a[href='/']")
        row = page.locator(f"tr[data-room='{room}']")
        await row.wait_for()
        seen["lobby_row"] = await row.inner_text()
        seen["lobby_badge"] = await row.locator(".turn-based").count()
        cookies = await context.cookies()
        await context.close()
        # the browser is gone for a while: no bot takes the seat of a turn-based game
        await asyncio.sleep(2.5)
        # a new browser with the same login, on a phone, with the tab hidden
        context = await browser.new_context(viewport=PHONE)
        await list_moves(context)
        await context.add_cookies(cookies)
        await context.add_init_script(HIDDEN_TAB)
        page = await context.new_page()
        page.on("pageerror", lambda exc: errors.append(f"again: {exc}"))
        await page.goto(f"{base}/room/{room}")
        await page.wait_for_selector("#prompt[data-kind='bid'] #legal button.act")
        seen["who"] = await page.inner_text("#who")
        seen["seat_clocks"] = await page.locator("#clocks .seat-clock").all_inner_texts()
        seen["away_bot"] = await page.locator("#seats .away").count()
        await until(page, "window.__notes.length > 0")
        seen["notes"] = await page.evaluate("window.__notes")
        seen["tones"] = await page.evaluate("window.__tones")
        await until(page, "document.title.startsWith('( )')")
        seen["title"] = await page.title()
        seen["overflow"] = await page.evaluate(
            "document.documentElement.scrollWidth - window.innerWidth")
        # the sound toggle is kept: muted, a later move makes no sound
        await page.uncheck("#notify-sound")
        seen["muted"] = await page.evaluate("localStorage.getItem('evolutio.mute')")
        await page.locator("#legal button.act").first.click()
        await page.wait_for_selector("#prompt[data-kind='play'] #legal button.act, #game-over",
                                     timeout=20_000)
        seen["tones_after"] = await page.evaluate("window.__tones")
        await browser.close()
    seen["errors"] = errors
    return seen


def test_a_turn_based_game_resumes_after_a_browser_restart(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(turn_based_resumed(server.base), 120))
    assert seen["errors"] == []
    assert "turn-based" in seen["options"] and "2 d per move" in seen["options"]
    # whole days and hours left: 2d 0h when the frame came within 0.05 s of the move's start
    # (the server sends tenths of a second), 1d 23h once any time has passed
    assert re.fullmatch(r"(2d 0h|1d 23h)", seen["prompt_clock"].strip()), seen["prompt_clock"]
    assert "turn-based" in seen["lobby_row"] and seen["lobby_badge"] == 1
    # the same person, the same game, its clocks still counting days
    assert "Penpal" in seen["who"]
    assert any(c.startswith("Penpal") and c.endswith("1d 23h") for c in seen["seat_clocks"])
    assert seen["away_bot"] == 0
    # the hidden tab was told: a desktop notification, two tones, a blinking title
    assert seen["notes"][0]["title"].startswith("Your move")
    assert seen["tones"] == 2 and seen["title"].startswith("( ) Your move")
    assert seen["overflow"] <= 0
    assert seen["muted"] == "1" and seen["tones_after"] == 2
