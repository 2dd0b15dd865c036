"""The table's extras in Debian's chromium, on a desktop and on a 390x844 phone: the live
score and the end-of-game breakdown, no horizontal scroll at 360 and 390 px (the lobby and a
table of every game), the bar to chat and log, the confirm before a pass, and undo of a
development card in Evolution between two people."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path
from typing import Any

import pytest
from server_harness import (
    BROWSER_MARKS,
    CHROMIUM,
    CHROMIUM_ARGS,
    Client,
    Server,
    at_version,
    is_state,
    list_moves,
)

pytestmark = BROWSER_MARKS

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
GAMES = ("toy", "evolution", "northstar", "darwin")


async def started_room(server: Server, token: str, game: str, start: bool = True) -> str:
    """A two-seat room of ``game`` with a random bot at seat 2, started (over the socket)
    unless the page is to start it."""
    room = server.room(token, game=game, players=2)
    client = await Client.open(server, room, token)
    await client.say("/bot random 2")
    await client.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
    if start:
        await client.say("/start")
        await at_version(client, 0)
    await client.close()
    return room


async def page_as(browser: Any, server: Server, token: str, viewport: dict[str, int],
                  errors: list[str]) -> Any:
    """A page of its own logged in by the guest's token cookie."""
    context = await browser.new_context(viewport=viewport)
    await list_moves(context)
    await context.add_cookies([{"name": "evolutio_token", "value": token, "url": server.base}])
    page = await context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    return page


async def scroll_width(page: Any) -> tuple[int, int]:
    return (await page.evaluate("document.documentElement.scrollWidth"),
            await page.evaluate("innerWidth"))


async def layouts(server: Server) -> tuple[dict[str, Any], list[str]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    token = server.guest("Narrow")
    rooms = {game: await started_room(server, token, game) for game in GAMES}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for width in (360, 390):
            page = await page_as(browser, server, token, {"width": width, "height": 844}, errors)
            await page.goto(server.base + "/")
            await page.wait_for_selector("#create")
            seen[f"lobby-{width}"] = await scroll_width(page)
            seen[f"lang-{width}"] = await page.locator("#lang").bounding_box()
            for game, room in rooms.items():
                await page.goto(f"{server.base}/room/{room}")
                await page.wait_for_selector("#live-score")
                await page.wait_for_selector("#table > *")
                seen[f"{game}-{width}"] = await scroll_width(page)
            # one tap to the chat and to the log
            await page.click("#tab-chat")
            await page.wait_for_timeout(200)
            seen[f"chat-{width}"] = await page.locator("#chat-input").is_visible() and (
                await page.evaluate("document.querySelector('#chat-panel')"
                                    ".getBoundingClientRect().top < innerHeight"))
            await page.click("#tab-log")
            await page.wait_for_timeout(200)
            seen[f"log-{width}"] = await page.evaluate(
                "document.querySelector('#log-panel').getBoundingClientRect().top < innerHeight")
            await page.context.close()
        await browser.close()
    return seen, errors


def test_no_horizontal_scroll_on_phones(server: Server) -> None:
    seen, errors = asyncio.run(asyncio.wait_for(layouts(server), 180))
    assert errors == []
    for width in (360, 390):
        for name in ("lobby", *GAMES):
            scroll, inner = seen[f"{name}-{width}"]
            assert inner == width and scroll <= inner, (name, width, scroll)
        box = seen[f"lang-{width}"]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert seen[f"chat-{width}"] and seen[f"log-{width}"]


async def toy_to_the_end(server: Server, viewport: dict[str, int], name: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {"errors": errors}
    token = server.guest(name)
    room = await started_room(server, token, "toy", start=False)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await page_as(browser, server, token, viewport, errors)
        await page.goto(f"{server.base}/room/{room}")
        await page.click("#start")
        await page.wait_for_selector("#live-score")
        seen["live"] = await page.locator("#live-score .score-seat").all_inner_texts()
        await page.locator("#live-score .score-seat").first.locator("summary").click()
        seen["parts"] = await page.locator("#live-score .score-seat").first.locator(
            ".score-parts li").all_inner_texts()
        for _ in range(200):
            await page.wait_for_selector("#legal button.act, #game-over", timeout=20_000)
            if await page.query_selector("#game-over"):
                break
            button = await page.query_selector("#legal button.act")
            if button is not None:
                try:
                    await button.click(timeout=2_000)
                except Exception:  # re-rendered under the pointer: look again
                    continue
            await page.wait_for_timeout(20)
        await page.wait_for_selector("#breakdown")
        # the parts opened at the start stay open through every frame since
        seen["still_open"] = await page.locator("#live-score details[open]").count()
        seen["winners"] = await page.inner_text("#winners")
        seen["rows"] = await page.locator("#breakdown tbody tr").all_inner_texts()
        seen["stats"] = await page.inner_text("#stats")
        seen["totals"] = await page.locator("#breakdown tr.total th.num").all_inner_texts()
        seen["scroll"] = await scroll_width(page)
        seen["outcome"] = server.get(f"/api/rooms/{room}").json()["room"]["outcome"]
        await page.select_option("#lang", "de")
        await page.wait_for_selector("#breakdown:has-text('Gesamt')")
        seen["de_rows"] = await page.locator("#breakdown tbody tr").all_inner_texts()
        # the replay's last step shows the same panel
        await page.click("#replay-link")
        await page.wait_for_selector("#replay-slider")
        seen["replay_first"] = await page.locator("#replay-final #breakdown").count()
        await page.click("#replay-last")
        await page.wait_for_selector("#replay-final #breakdown")
        seen["replay_totals"] = await page.locator(
            "#replay-final #breakdown tr.total th.num").all_inner_texts()
        await browser.close()
    return seen


@pytest.mark.parametrize(("viewport", "name"), [(DESKTOP, "Wide Kit"), (PHONE, "Phone Kit")])
def test_live_score_and_breakdown(server: Server, viewport: dict[str, int], name: str) -> None:
    seen = asyncio.run(asyncio.wait_for(toy_to_the_end(server, viewport, name), 180))
    assert seen["errors"] == []
    # the bot's seat: a naturalist's name with its level
    assert seen["live"][0] == f"{name} 0" and seen["live"][1].endswith(" (random) 0"), seen["live"]
    bot = seen["live"][1].removesuffix(" 0")
    assert seen["parts"] == ["Cards in tricks taken: 0", "Exact bid bonus: 0"]
    assert seen["still_open"] == 1
    outcome = seen["outcome"]
    winners = [name if s == 0 else bot for s in outcome["winners"]]
    assert seen["winners"].split(": ")[1] == ", ".join(winners)
    # the breakdown's columns in seat order, as the score strip lists the seats
    assert seen["totals"] == [str(outcome["scores"][s]) for s in range(2)]
    assert seen["rows"][0].startswith("Cards in tricks taken")
    assert seen["rows"][1].startswith("Exact bid bonus")
    assert seen["rows"][-1].split()[0] == "Place"
    assert f"Exact bids: {outcome['stats']['exact_bids']}" in seen["stats"]
    assert seen["de_rows"][0].startswith("Karten in gewonnenen Stichen")
    assert seen["scroll"][0] <= seen["scroll"][1]
    assert seen["replay_first"] == 0 and seen["replay_totals"] == seen["totals"]


async def undo_and_confirm(server: Server, viewport: dict[str, int], names: tuple[str, str]
                           ) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {"errors": errors}
    host, guest = server.guest(names[0]), server.guest(names[1])
    room = server.room(host, game="evolution", players=2)
    client = await Client.open(server, room, guest)
    await client.say("/join 2")
    await client.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
    await client.close()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        pages = [await page_as(browser, server, token, viewport, errors) for token in (host, guest)]
        for page in pages:
            await page.goto(f"{server.base}/room/{room}")
            await page.wait_for_selector("#start")
        await pages[0].click("#start")
        await pages[0].wait_for_selector("#prompt, #waiting")
        mover = pages[0] if await pages[0].query_selector("#prompt") else pages[1]
        other = pages[1] if mover is pages[0] else pages[0]
        await mover.wait_for_selector("#legal button.act")
        # a pass waits for a second click; the first only arms it
        pass_button = mover.locator("#legal-end button.act")
        seen["end_buttons"] = await pass_button.count()
        await pass_button.first.click()
        await mover.wait_for_selector("#legal-end button.armed")
        seen["armed"] = await mover.inner_text("#legal-end button.armed")
        await mover.wait_for_timeout(300)
        seen["log_after_arm"] = await mover.locator("#log div").count()
        # play a card as a new animal, then take it back
        hand = await mover.locator("#table .player.me .hand .card").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        play = mover.locator("#legal button.act:not(.ends)").first
        card = await play.get_attribute("data-index")
        assert card is not None
        await play.click()
        await mover.wait_for_selector("#undo")
        await other.wait_for_selector("#log div")
        seen["other_saw"] = await other.inner_text("#log")
        seen["hand_after_play"] = await mover.locator("#table .player.me .hand .card").count()
        await mover.click("#undo")
        await mover.wait_for_selector("#legal button.act")
        await mover.wait_for_selector("#undo", state="detached")
        seen["hand_after_undo"] = await mover.locator("#table .player.me .hand .card").evaluate_all(
            "els => els.map(e => e.dataset.card)")
        seen["hand_before"] = hand
        await other.wait_for_selector("#chat .sys:has-text('takes back')")
        await other.wait_for_selector("#log div", state="detached")  # the full frame came
        seen["other_log"] = await other.locator("#log div").count()
        seen["mover_log"] = await mover.locator("#log div").count()
        seen["other_waits"] = await other.inner_text("#waiting")
        # now the pass for real: two clicks
        await mover.locator("#legal-end button.act").first.click()
        await mover.locator("#legal-end button.armed").click()
        await other.wait_for_selector("#log div")
        seen["passed"] = await other.inner_text("#log")
        seen["scroll"] = await scroll_width(mover)
        await browser.close()
    return seen


@pytest.mark.parametrize(("viewport", "names"), [
    (DESKTOP, ("Undo Ada", "Undo Bo")), (PHONE, ("Undo Cy", "Undo Di"))])
def test_confirm_and_undo(server: Server, viewport: dict[str, int], names: tuple[str, str]
                          ) -> None:
    seen = asyncio.run(asyncio.wait_for(undo_and_confirm(server, viewport, names), 180))
    assert seen["errors"] == []
    assert seen["end_buttons"] == 1
    assert seen["armed"].startswith("Confirm: ")
    assert seen["log_after_arm"] == 0  # the first click sent nothing
    assert "new animal" in seen["other_saw"]
    assert seen["hand_after_play"] == len(seen["hand_before"]) - 1
    assert seen["hand_after_undo"] == seen["hand_before"]  # the card is back in hand
    assert seen["other_log"] == 0 and seen["mover_log"] == 0
    assert seen["other_waits"]
    assert "no more cards" in seen["passed"] or "pass" in seen["passed"].lower()
    assert seen["scroll"][0] <= seen["scroll"][1]


# Evolution's renderer draws a view given to it, as the shell does (tests/server/
# test_server_browser_continents.py draws a crafted view the same way).
RENDER = """async (view) => {
  const games = await import('/static/games.js');
  const i18n = await import('/static/i18n.js');
  const picks = await import('/static/picks.js');
  const board = (await games.loadBoard('evolution')).module;
  const ctx = { mySeat: 0, names: { 0: 'Wren', 1: 'Bot' }, active: [],
    t: (k) => i18n.t(k, 'evolution'), label: (id) => i18n.label('evolution', id),
    ...picks.pickContext([], new Set(), null) };
  const el = picks.decorate(board.renderTable(view, ctx), ctx);
  el.id = 'drawn';
  document.getElementById('app').replaceChildren(el);
}"""


async def final_table(server: Server, view: dict[str, Any]) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport=DESKTOP)
        await list_moves(page)
        await page.goto(server.base + "/")
        await page.wait_for_selector("#app")
        await page.evaluate(RENDER, view)
        drawn = page.locator("#drawn")
        seen = {"animals": await drawn.locator("[data-animal]").count(),
                "tokens": await drawn.locator("[data-animal] .tokens").count(),
                "status": await drawn.locator(".status-bar").inner_text()}
        await browser.close()
    return seen


def test_evolution_final_table_shows_no_hunger(server: Server) -> None:
    """After the last extinction the food is gone from every animal: the final table shows
    the survivors without "0/1" counters, and no "last turn" flag."""
    from evolutio.core.match import Match

    match, rng = Match.new("evolution", {}, 2), random.Random(2)
    while not match.over:
        seat = match.pending()[0]
        match.act(seat, rng.choice(match.legal(seat)))
    view = match.view(0)
    assert view["phase"] == "over" and view["last_turn"]
    assert any(a["food"] < a["need"] for p in view["players"] for a in p["animals"])
    seen = asyncio.run(asyncio.wait_for(final_table(server, view), 60))
    assert seen["animals"] > 0 and seen["tokens"] == 0
    assert "last turn" not in seen["status"].lower()


SHOTS = os.environ.get("EVOLUTIO_TABLE_SCREENSHOTS")


async def screenshots(server: Server, folder: Path) -> None:
    """The README's pictures: the lobby (Play now, the games, the rooms), an Evolution game on
    a phone, and the end of a game between bots with its breakdown."""
    from playwright.async_api import async_playwright

    token = server.guest("Wren")
    playing = server.room(token, game="evolution", players=2)
    host = await Client.open(server, playing, token)
    await host.say("/bot normal 2")
    await host.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"])
    await host.say("/start")
    state = await at_version(host, 0)
    rng = random.Random(4)
    while state["version"] < 14 and state["decision"] is not None:
        if state["legal"]:
            plays = [i for i in state["legal"] if not i["confirm"]] or state["legal"]
            await host.send({"type": "act", "version": state["version"],
                             "index": rng.choice(plays)["index"]})
        version = state["version"]
        state = await host.until(lambda f, v=version: is_state(f) and f["version"] > v, 30)
    over = server.room(token, game="evolution", players=2)
    watcher = await Client.open(server, over, token)
    for line in ("/kick 1", "/bot normal 1", "/bot easy 2", "/start"):
        await watcher.say(line)
    await watcher.until(lambda f: is_state(f) and f["outcome"] is not None, 300)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        phone = await page_as(browser, server, token, PHONE, [])
        await phone.goto(f"{server.base}/room/{playing}")
        await phone.wait_for_selector("#table .player")
        await phone.screenshot(path=str(folder / "phone-evolution.png"))
        desk = await page_as(browser, server, token, DESKTOP, [])
        await desk.goto(f"{server.base}/room/{over}")
        await desk.wait_for_selector("#game-over #breakdown")
        await desk.locator("#game-over").screenshot(path=str(folder / "game-over.png"))
        await desk.goto(f"{server.base}/")
        await desk.wait_for_selector("#games-panel")
        await desk.wait_for_timeout(500)  # the rooms and the finished games are listed
        await desk.screenshot(path=str(folder / "lobby.png"))
        await browser.close()
    await host.close()
    await watcher.close()


@pytest.mark.skipif(not SHOTS, reason="set EVOLUTIO_TABLE_SCREENSHOTS=FOLDER to refresh them")
def test_readme_screenshots(server: Server) -> None:
    folder = Path(SHOTS or ".")
    asyncio.run(asyncio.wait_for(screenshots(server, folder), 420))
    assert (folder / "phone-evolution.png").stat().st_size > 0
    assert (folder / "game-over.png").stat().st_size > 0
    assert (folder / "lobby.png").stat().st_size > 0
