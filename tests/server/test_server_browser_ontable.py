"""Playing on the table, in chromium, in the default table-first layout: a move that names a
card on the table has no button until its card is picked (then "as a new animal" completes
it); a card dragged onto an animal is played on it, as two taps would; the hinted move's
card is marked on the table; and the decision bar keeps to a quarter of the window."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = BROWSER_MARKS


#: the first (card, animal of the person's) pair a drag may join: a dragstart marks the
#: animals the card may be dropped on (``.drop-ok``), a dragend clears them again
DROPPABLE = """() => {
  for (const card of document.querySelectorAll("#hand [data-pick][draggable=true]")) {
    const start = {bubbles: true, dataTransfer: new DataTransfer()};
    card.dispatchEvent(new DragEvent("dragstart", start));
    const ok = document.querySelector("#my-area .animal[data-pick].drop-ok");
    card.dispatchEvent(new DragEvent("dragend", {bubbles: true}));
    if (ok) return [card.dataset.pick, ok.dataset.pick];
  }
  return null;
}"""


async def grows(page: Any, selector: str, than: int, timeout: float) -> bool:
    """Whether the count of ``selector`` goes above ``than`` within ``timeout`` seconds."""
    for _ in range(int(timeout * 10)):
        if await page.locator(selector).count() > than:
            return True
        await page.wait_for_timeout(100)
    return False


async def drag(page: Any, card: str, animal: str) -> bool:
    """Drag ``card`` onto ``animal``; whether it then lies on the animal. The drop picks both,
    as two taps would; a card of two faces still asks which (a button), a pair trait its
    second animal."""
    dragged = card.split(":")[1]
    target = f"#my-area .animal[data-pick='{animal}']"
    await page.locator(f"#hand [data-pick='{card}']").drag_to(page.locator(target))
    on_animal = f"{target} .traits li[data-card='{dragged}']"
    # the drop either completes the move (the card lies on the animal once the new state is
    # drawn) or picks the card and the animal and waits for the rest (a face, a partner)
    picked = f"#hand [data-pick='{card}'].selected"
    if not await grows(page, f"{on_animal}, {picked}", 0, 15):
        return False
    if not await grows(page, on_animal, 0, 3):  # not a move sent and drawn meanwhile
        assert await page.locator(f"{target}.selected").count(), animal
        buttons = page.locator("#legal > button.act")
        second = page.locator("#my-area .animal.clickable")
        if not await buttons.count() and await second.count():
            await second.first.click()
        else:
            await buttons.first.click()
        if await page.locator("#legal button.armed").count():
            await page.locator("#legal button.armed").first.click()
    return await grows(page, on_animal, 0, 5)


async def my_decision(page: Any) -> None:
    """Wait for a decision of the person's (the bot may move first)."""
    await page.wait_for_selector("#prompt", timeout=20_000)


async def on_the_table(server: Server) -> dict[str, Any]:
    from playwright.async_api import TimeoutError as PlaywrightTimeout
    from playwright.async_api import async_playwright

    seen: dict[str, Any] = {"errors": []}
    token = server.guest("Tabla")
    r = server.post("/api/play-now", token, json={
        "game": "evolution", "opponents": 1, "level": "easy", "options": {"half_deck": True}})
    assert r.status_code == 200, r.text
    room = r.json()["room"]["id"]
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(viewport={"width": 1280, "height": 800})
        await context.add_cookies([{"name": "evolutio_token", "value": token, "url": server.base}])
        page = await context.new_page()
        page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
        await page.goto(f"{server.base}/room/{room}")
        await my_decision(page)
        seen["bar"] = await page.evaluate(
            "document.querySelector('#decision').getBoundingClientRect().height / innerHeight")
        seen["first_buttons"] = await page.locator("#legal button.act").all_inner_texts()
        # the hint is a search of its own, answered off the server's loop: wait for it
        with contextlib.suppress(PlaywrightTimeout):
            await page.wait_for_selector("#table .hinted", timeout=20_000)
        seen["hinted"] = await page.locator("#table .hinted").count()
        # a tap on a card: the move it completes, "as a new animal", gets its button
        await page.locator("#hand [data-pick].clickable").first.click()
        await page.wait_for_selector("#legal button.act:has-text('as a new animal')")
        seen["after_card"] = await page.locator("#legal button.act").all_inner_texts()
        before = await page.locator("#my-area .animal").count()
        await page.locator("#legal button.act:has-text('as a new animal')").first.click()
        assert await grows(page, "#my-area .animal", before, 10)
        # drag a card onto an animal of the person's it may go on: the drop picks both, as two
        # taps would, and the card lies on the animal once its move is complete
        dropped = False
        for _ in range(40):
            await page.wait_for_selector("#prompt, #game-over", timeout=20_000)
            if await page.locator("#game-over").count():
                break
            pair = await page.evaluate(DROPPABLE)
            if pair:
                dropped = await drag(page, *pair)
                break
            # not a development decision with a card to drag: play the first move and go on
            button = page.locator("#legal button.act").first
            if not await button.count():
                await page.locator("#table [data-pick].clickable").first.click()
                continue
            await button.click()
            if await page.locator("#legal button.armed").count():
                await page.locator("#legal button.armed").first.click()
            await page.wait_for_timeout(300)
        seen["dropped"] = dropped
        await browser.close()
    return seen


def test_play_on_the_table_by_taps_and_by_drag(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(on_the_table(server), 150))
    assert seen["errors"] == []
    assert seen["bar"] <= 0.25, seen["bar"]
    # the first development decision: the cards' moves are on the table, only pass is a button
    assert seen["first_buttons"] and all("Play" not in text for text in seen["first_buttons"]), seen
    assert seen["hinted"] >= 1
    assert any("as a new animal" in text for text in seen["after_card"]), seen["after_card"]
    assert seen["dropped"], seen
