"""The game log in the browser, in Russian: a short toy game against a bot in which the host
lets the clock play one decision. The log tells what happened, naming the players (never an
order such as "Сыграть карту", never a seat counted from 0), and the move the clock made is
marked "по истечении времени" (a drawn timer icon before it); the prompt is the game's Russian
one."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room
from test_server_browser_toy import act_once

pytestmark = BROWSER_MARKS


async def short_game_in_russian(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 900})
        await list_moves(context)
        await context.add_init_script("localStorage.setItem('evolutio.lang', 'ru')")
        page = await context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await new_room(page, base, "Вера", "toy", {"players": 2, "tricks": 1}, clock=2,
                       bots=1, start=True)
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
        seen["mark_icon"] = await page.locator("#log .log-by.timeout svg.icon").first.count()
        seen["lines"] = await page.locator("#log .log-entry .log-line[data-type]").evaluate_all(
            "els => els.map(e => [e.dataset.type, e.className])")
        # the waiting line's name of a decision kind: the game's label, in Russian
        seen["kinds"] = await page.evaluate(
            "import('/static/talk.js').then((m) => [m.kindLabel('toy', 'bid'),"
            " m.kindLabel('toy', 'play')])")
        # a renderer's logGroups and logIcon: headings split the entries, new lines are read out
        seen["grouped"] = await page.evaluate("""async () => {
          const talk = await import('/static/talk.js');
          const draw = await import('/static/draw.js');
          const board = { logGroups: { round: 'round', phase: 'phase' },
                          logIcon: (type) => type === 'eat' ? draw.shellIcon('target') : null };
          const panel = document.createElement('div');
          const log = document.createElement('div');
          log.className = 'log'; panel.append(log); document.body.append(panel);
          const first = [{ v: 1, seat: 0, by: 'human', text: 'Ann eats. Round 2 Phase B Bob draws.',
            lines: [{ type: 'eat', text: 'Ann eats.', seat: 0 }, { type: 'round', text: 'Round 2' },
                    { type: 'phase', text: 'Phase B' },
                    { type: 'draw', text: 'Bob draws.', seat: 1 }] }];
          talk.renderLog(log, first, { 0: 'Ann', 1: 'Bob' }, [{}, { bot: 'normal' }], board);
          const live0 = panel.querySelector('#log-live').textContent;
          const second = first.concat([{ v: 2, seat: 1, by: 'bot', text: 'Bob eats.',
            lines: [{ type: 'eat', text: 'Bob eats.', seat: 1 }] }]);
          talk.renderLog(log, second, { 0: 'Ann', 1: 'Bob' }, [{}, { bot: 'normal' }], board);
          const out = { order: [...log.children].map((el) =>
              el.className.split(' ')[0] + ':' + (el.dataset.v || el.dataset.group)),
            icons: log.querySelectorAll('.log-line[data-type=eat] > svg.icon').length,
            names: [...log.querySelectorAll('.log-line .seat-name')].map((el) => el.className),
            live0, live: panel.querySelector('#log-live').textContent,
            aria: panel.querySelector('#log-live').getAttribute('aria-live'),
            bot: log.querySelectorAll('.log-by.bot svg[aria-label]').length };
          panel.remove();
          return out;
        }""")
        seen["errors"] = errors
        await browser.close()
    return seen


def test_the_log_reads_as_events_in_russian(server: Server) -> None:
    seen = asyncio.run(short_game_in_russian(server.base))
    assert not seen["errors"], seen["errors"]
    assert "Сколько взяток" in seen["prompt"]
    assert seen["mark"].strip() == "по истечении времени"
    assert seen["mark_icon"] == 1
    assert seen["kinds"] == ["ставка", "ход картой"]
    entries = seen["entries"]
    assert entries and all(re.match(r"\d+\.\s", e) for e in entries), entries
    # events naming the players, in Russian; the bid the clock made is marked
    assert any("Вера делает ставку." in e and e.endswith("по истечении времени")
               for e in entries), entries
    assert any("Ставки открыты: Вера" in e for e in entries), entries
    assert any(re.search(r"Вера играет \d+", e) for e in entries), entries
    # one line per event, its type and the colour of the seat it names
    types = {t for t, _ in seen["lines"]}
    assert {"bid_made", "bids_revealed", "played"} <= types, types
    assert any("seat-0" in cls for t, cls in seen["lines"] if t == "bid_made"), seen["lines"]
    grouped = seen["grouped"]
    assert grouped["order"] == ["log-entry:1", "log-head:round", "log-head:phase", "log-entry:1",
                                "log-entry:2"], grouped
    assert grouped["icons"] == 2 and grouped["bot"] == 1, grouped
    assert grouped["names"] == ["seat-name seat-0", "seat-name seat-1", "seat-name seat-1"], grouped
    assert grouped["live0"] == "" and grouped["live"] == "Bob eats." and grouped["aria"] == "polite"
    assert "Сыграть карту" not in seen["log"] and "Play card" not in seen["log"]
    assert not re.search(r"#0\b|: 0:", seen["log"])
