"""A turn-based game played by e-mail in Debian's chromium: two people at a table with two
days per move, on a fast clock (an hour of half a second, a day of twelve). The one with a
verified address is e-mailed when the other has moved and left, opens the e-mail's link and
lands at the table with the decision before them; the game goes on into the next day, and
the second "your move" e-mail waits for the end of the first one's window."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import pytest
from mailbox_harness import Inbox, links, smtp_server
from server_harness import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Server,
    free_port,
    list_moves,
    new_room,
)

pytestmark = BROWSER_MARKS

#: seconds in an hour of the mail clock, and in a day of the turn-based clock (24 hours)
HOUR = 0.5
DAY = 24 * HOUR
#: the "your move" window chosen on the settings page: a game at most once a day
WINDOW = 24
#: the deal of every game (the server's EVOLUTIO_SEED): the second seat leads each trick
#: and takes it (hands 4 7 10 and 8 11 13), so every card of the first seat's answers one
SEED = 2
ADDRESS = "postbox@example.org"
DESKTOP = {"width": 1280, "height": 900}


async def person(browser: Any) -> Any:
    """A browser context of its own (its own cookies), moves listed as buttons."""
    context = await browser.new_context(viewport=DESKTOP)
    await list_moves(context)
    return context


async def tab(context: Any, name: str, errors: list[str]) -> Any:
    """A new tab of ``name``'s browser whose script errors are kept in ``errors``."""
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(f"{name}: {exc}"))
    return page


async def is_asked(page: Any) -> list[str]:
    """Wait until the page asks its person to play a card; the cards offered."""
    await page.wait_for_selector("#prompt[data-kind='play'] #legal button.act")
    return list(await page.locator("#legal button.act").all_inner_texts())


async def play_and_wait_for(page: Any, seat: int) -> None:
    """Play the first card offered, then wait until the page shows ``seat`` asked."""
    await page.locator("#legal button.act").first.click()
    await page.wait_for_selector(f"#waiting[data-kind='play'] .waiting-seat[data-seat='{seat}']")


def table_links(message: Any) -> list[str]:
    """The links of an e-mail that lead to a table."""
    return [x for x in links(message) if "/room/" in x]


async def by_mail(base: str, inbox: Inbox) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        # Postbox: an account, an address confirmed by its link, one e-mail a day per game
        mine = await person(browser)
        a = await tab(mine, "Postbox", errors)
        await a.goto(base + "/")
        await a.evaluate("""() => fetch('/api/register', {method: 'POST',
            headers: {'Content-Type': 'application/json'},
            body: JSON.stringify({name: 'Postbox', password: 'tangerine-42'})})""")
        await a.goto(base + "/settings")
        await a.fill("#mail-address", ADDRESS)
        await a.click("#mail-save")
        await a.wait_for_selector("#mail-note")
        [verification] = await asyncio.to_thread(inbox.wait, ADDRESS)
        [confirm] = [x for x in links(verification) if "/mail/verify" in x]
        await a.goto(confirm)
        await a.goto(base + "/settings")
        await a.wait_for_selector("#mail-window")
        await a.select_option("#mail-window", str(WINDOW))
        await a.wait_for_selector("#mail-note")  # saved, and the panel drawn again
        seen["window"] = await a.input_value("#mail-window")
        seen["mail_state"] = await a.inner_text("#mail-state")
        seen["your_move_on"] = await a.is_checked("#mail input[name=your_move]")
        # a turn-based room of the toy game, two days per move, created in the lobby
        await a.goto(base + "/")
        room = await new_room(a, game="toy", options={"players": 2, "tricks": 3}, days=2)
        table = f"{base}/room/{room}"
        # Courier, in another browser, opens the table's link and joins as a guest
        theirs = await person(browser)
        b = await tab(theirs, "Courier", errors)
        await b.goto(table)
        await b.fill("#invite-name", "Courier")
        await b.click("#invite-join")
        await b.wait_for_selector("#seats li[data-seat='1']:has-text('Courier')")
        await a.wait_for_selector("#start:not([disabled])")
        await a.click("#start")
        for page in (a, b):  # both bid at the table
            await page.wait_for_selector("#prompt[data-kind='bid'] #legal button.act")
            await page.locator("#legal button.act").first.click()
        # day one: Courier leads; Postbox sees it and leaves the table
        await a.wait_for_selector("#waiting[data-kind='play'] .waiting-seat[data-seat='1']")
        seen["options"] = await a.inner_text("#room-options")
        await a.close()
        await is_asked(b)
        seen["mails_before"] = len(inbox.to(ADDRESS))  # Postbox was at the table or not asked
        await play_and_wait_for(b, 0)
        await b.close()
        # the reminder, then its link opened in Postbox's browser: the table, the decision
        first = (await asyncio.to_thread(inbox.wait, ADDRESS, 2))[1]
        first_at = time.monotonic()
        seen["first"] = {"subject": first["Subject"], "links": table_links(first)}
        a = await tab(mine, "Postbox", errors)
        await a.goto(seen["first"]["links"][0])
        seen["first_cards"] = await is_asked(a)
        seen["first_url"] = a.url
        seen["who"] = await a.inner_text("#who")
        seen["prompt"] = await a.inner_text("#prompt-text")
        seen["clock"] = await a.inner_text("#prompt .clock")
        seen["log"] = await a.inner_text("#log")
        await play_and_wait_for(a, 1)
        await a.close()
        # the next day's moves: Courier comes back and leads again, then leaves
        b = await tab(theirs, "Courier", errors)
        await b.goto(table)
        seen["courier_cards"] = await is_asked(b)
        await play_and_wait_for(b, 0)
        await b.close()
        seen["asked_again_after"] = time.monotonic() - first_at
        # the game waits for Postbox again, but the window of a day holds the e-mail back
        await asyncio.sleep(max(0.0, first_at + WINDOW * HOUR - 1.0 - time.monotonic()))
        seen["mails_within_window"] = len(inbox.to(ADDRESS))
        second = (await asyncio.to_thread(inbox.wait, ADDRESS, 3))[2]
        seen["second_after"] = time.monotonic() - first_at
        seen["second"] = {"subject": second["Subject"], "links": table_links(second)}
        a = await tab(mine, "Postbox", errors)
        await a.goto(seen["second"]["links"][0])
        seen["second_cards"] = await is_asked(a)
        seen["timeouts"] = await a.locator("#log .by-timeout").count()
        await browser.close()
    seen["errors"] = errors
    seen["table"] = table
    return seen


def test_a_turn_based_game_goes_on_by_e_mail(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    inbox = Inbox()
    port = free_port()
    controller = smtp_server(inbox, port)
    monkeypatch.setenv("EVOLUTIO_TEST_SMTP", f"smtp://127.0.0.1:{port}")
    monkeypatch.setenv("EVOLUTIO_TEST_MAIL_HOUR", str(HOUR))
    monkeypatch.setenv("EVOLUTIO_TEST_DAY", str(DAY))
    monkeypatch.setenv("EVOLUTIO_SEED", str(SEED))
    server = Server(tmp_path / "turns.db")
    server.start()
    try:
        seen = asyncio.run(asyncio.wait_for(by_mail(server.base, inbox), 90))
    finally:
        server.stop()
        controller.stop()
    assert seen["errors"] == [], seen["errors"]
    assert seen["mail_state"] == "Confirmed." and seen["your_move_on"] is True
    assert seen["window"] == str(WINDOW)
    assert "turn-based: 2 d per move" in seen["options"], seen["options"]
    assert seen["mails_before"] == 1  # the verification only
    # the e-mail links to the table, and the link lands there with Postbox's decision
    assert seen["first"]["subject"] == "Your move (1 game)"
    assert seen["first"]["links"] == [seen["table"]] and seen["first_url"] == seen["table"]
    assert "Postbox" in seen["who"] and seen["prompt"] == "Play a card."
    assert seen["first_cards"] == ["Play card 4.", "Play card 7.", "Play card 10."], seen

    assert "Courier plays 8." in seen["log"], seen["log"]
    # two days of this clock are 24 s: the decision's clock shows seconds, not days
    clock = re.fullmatch(r"(\d+)s", seen["clock"].strip())
    assert clock and 0 < int(clock.group(1)) <= 2 * DAY, seen["clock"]
    assert seen["courier_cards"] == ["Play card 11.", "Play card 13."], seen["courier_cards"]
    # asked again well within the window, and not mailed again before it ended
    assert seen["asked_again_after"] < WINDOW * HOUR - 2.0, seen["asked_again_after"]
    assert seen["mails_within_window"] == 2
    assert seen["second_after"] >= WINDOW * HOUR - 1.0, seen["second_after"]
    assert seen["second"]["subject"] == "Your move (1 game)"
    assert seen["second"]["links"] == [seen["table"]]
    assert seen["second_cards"] == ["Play card 7.", "Play card 10."], seen["second_cards"]
    assert seen["timeouts"] == 0  # every move was a person's: no deadline of two days ran out
