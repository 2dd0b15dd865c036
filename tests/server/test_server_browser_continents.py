"""The browser game tool with Continents: the lobby creates a room with expansions, the host's
controls change them, and the table shows three food banks and each player's animals under
Laurasia, Gondwana and the Ocean while the game is played through the page."""

from __future__ import annotations

import asyncio
import json
import os
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

pytestmark = BROWSER_MARKS

LOCATIONS = ("laurasia", "gondwana", "ocean")

#: A hand-made Continents view: a disabled trait, a paralysed animal, an animal waiting for a
#: new card (Regeneration), a face-down card face shown to its owner, a card on the table.
CRAFTED: dict[str, Any] = {
    "game": "evolution",
    "seat": 0,
    "turn": 3,
    "phase": "feeding",
    "deck_size": 20,
    "food_bank": 9,
    "food_banks": {"laurasia": 2, "gondwana": 3, "ocean": 4},
    "step_location": "gondwana",
    "last_turn": False,
    "decision": {"seat": 0, "kind": "feed", "prompt": "Your feeding turn."},
    "links": [],
    "attack": None,
    "table_cards": [{"id": 40, "faces": ["shell"]}],
    "players": [
        {
            "seat": 0,
            "hand_size": 0,
            "hand": [],
            "discard_size": 0,
            "discard": [],
            "passed": False,
            "animals": [
                {
                    "id": 1,
                    "card": 10,
                    "faces": ["camouflage", "fat_tissue"],
                    "traits": [{"card": 11, "trait": "swimming"}, {"card": 12, "trait": "running"}],
                    "food": 0,
                    "fat": 0,
                    "fat_capacity": 0,
                    "need": 1,
                    "fed": False,
                    "hibernating": False,
                    "poisoned": False,
                    "location": "ocean",
                    "paralysed": False,
                    "disabled": [12],
                    "present": True,
                },
                {
                    "id": 2,
                    "card": None,
                    "faces": None,
                    "traits": [{"card": 13, "trait": "regeneration"}],
                    "food": 0,
                    "fat": 0,
                    "fat_capacity": 0,
                    "need": 0,
                    "fed": True,
                    "hibernating": False,
                    "poisoned": False,
                    "location": "laurasia",
                    "paralysed": False,
                    "disabled": [],
                    "present": False,
                },
            ],
        },
        {
            "seat": 1,
            "hand_size": 2,
            "hand": None,
            "discard_size": 0,
            "discard": None,
            "passed": False,
            "animals": [
                {
                    "id": 3,
                    "card": 14,
                    "faces": None,
                    "traits": [{"card": 15, "trait": "carnivore"}],
                    "food": 1,
                    "fat": 0,
                    "fat_capacity": 0,
                    "need": 2,
                    "fed": False,
                    "hibernating": False,
                    "poisoned": False,
                    "location": "gondwana",
                    "paralysed": True,
                    "disabled": [],
                    "present": True,
                }
            ],
        },
    ],
}

# The shell loads Evolution's renderer by name and draws the view with the generic picks: a
# legal action naming the Ocean makes its heading clickable.
RENDER = """async (view) => {
  const games = await import('/static/games.js');
  const i18n = await import('/static/i18n.js');
  const picks = await import('/static/picks.js');
  const board = (await games.loadBoard('evolution')).module;
  const legal = [{ index: 0, action: {}, targets: [['location', 'ocean']] }];
  const ctx = { mySeat: 0, names: { 0: 'Wren', 1: 'Bot' }, active: [0],
    t: (k) => i18n.t(k, 'evolution'), label: (id) => i18n.label('evolution', id),
    ...picks.pickContext([], picks.mentioned(legal), () => {}) };
  const el = picks.decorate(board.renderTable(view, ctx), ctx);
  el.id = 'crafted';
  document.getElementById('app').replaceChildren(el);
}"""


async def check_crafted(page: Any) -> None:
    """Every Continents detail of the view is drawn, from the view alone."""
    await page.evaluate(RENDER, CRAFTED)
    t = page.locator("#crafted")
    assert await t.locator("#banks .bank").count() == 3
    assert "Gondwana" in await t.locator(".step-location").inner_text()
    off = t.locator("[data-animal='1'] li.off")
    assert await off.count() == 1 and await off.get_attribute("data-card") == "12"
    assert (
        await t.locator("[data-animal='1'] li.off").evaluate(
            "el => getComputedStyle(el).textDecorationLine"
        )
        == "line-through"
    )
    assert "Camouflage" in await t.locator("[data-animal='1'] .facedown").inner_text()
    assert await t.locator(".player[data-seat='0'] .location.loc-ocean [data-animal='1']").count()
    ghost = t.locator(".location.loc-laurasia .animal.ghost[data-animal='2']")
    assert "waiting for a new animal" in await ghost.inner_text()
    assert await t.locator("[data-animal='3'].paralysed li.off").count() == 1
    assert await t.locator("[data-animal='3'] .facedown").count() == 0
    assert "Shell" in await t.locator("#table-cards .card[data-card='40']").inner_text()
    # a location mentioned by the legal actions is a pick like a card or an animal
    assert await t.locator(".player[data-seat='0'] .loc-ocean .loc-head.clickable").count() == 1


async def play(base: str, shot: str | None) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        room = await new_room(page, base, "Tern",
                              options={"players": 2, "expansions": ["continents"]})
        assert "Continents" in await page.inner_text("#room-options")
        # the host's controls: add Time to Fly and take it away again
        await page.click("#opt-expansions-time_to_fly")
        await page.wait_for_selector("#room-options:has-text('Time to Fly')")
        assert await page.is_checked("#opt-expansions-continents")
        await page.click("#opt-expansions-time_to_fly")
        await page.wait_for_selector("#room-options:not(:has-text('Time to Fly'))")
        # the lobby lists the room with its expansions
        await page.click("header a[href='/']")
        row = page.locator(f"tr[data-room='{room}'] .room-options")
        await row.wait_for()
        seen["lobby"] = await row.inner_text()
        await page.click(f"tr[data-room='{room}'] a")
        await page.wait_for_selector("#seats .add-bot")
        await page.click("#seats .add-bot")
        await page.wait_for_selector("#start:not([disabled])")
        await page.click("#start")
        await page.wait_for_selector("#banks .bank")
        placed: str | None = None
        clicks = 0
        while clicks < 40:
            await page.wait_for_selector(
                "#legal button.act, #legal .pick-group, #game-over", timeout=20_000
            )
            if await page.query_selector("#game-over"):
                break
            # the first time a location is offered: pick it on the table, then act in it
            head = await page.query_selector(".player.me .loc-head.clickable")
            if placed is None and head is not None:
                placed = await head.get_attribute("data-location")
                await head.click()
                await page.wait_for_selector(".player.me .loc-head.selected")
                texts = await page.locator("#legal button.act").all_inner_texts()
                seen["picked"] = texts
            # a long list comes grouped (.pick-group): a group picks its thing
            button = await page.query_selector("#legal button.act, #legal .pick-group")
            if button is None:
                continue
            try:
                await button.click(timeout=2_000)
            except Exception:  # re-rendered under the pointer: look again
                continue
            clicks += 1
            await page.wait_for_timeout(15)
        seen["placed"] = placed
        seen["clicks"] = clicks
        seen["banks"] = await page.locator("#banks .bank").all_inner_texts()
        seen["groups"] = [
            await page.locator(f".player[data-seat='{s}'] .location").count() for s in (0, 1)
        ]
        seen["heads"] = await page.locator(".player.me .loc-head b").all_inner_texts()
        if placed is not None:
            seen["placed_animals"] = await page.locator(
                f".player.me .location.loc-{placed} .animal"
            ).count()
        seen["facedown"] = await page.locator(".player.me .animal .facedown").count()
        seen["my_animals"] = await page.locator(".player.me .animal:not(.ghost)").count()
        if shot:
            await page.screenshot(path=shot, full_page=True)
        await check_crafted(page)
        # the game's table again, in Russian
        await page.select_option("#lang", "ru")
        await page.wait_for_selector("#table #banks .bank")
        seen["banks_ru"] = await page.locator("#table #banks .bank").all_inner_texts()
        await browser.close()
    return errors, seen


def test_a_continents_game_in_the_browser(server: Server) -> None:
    shot = os.environ.get("EVOLUTIO_SCREENSHOT")
    errors, seen = asyncio.run(asyncio.wait_for(play(server.base, shot), 200))
    assert errors == []
    assert "Continents" in seen["lobby"], seen["lobby"]
    assert seen["clicks"] > 5
    assert [b.split()[0] for b in seen["banks"]] == ["Laurasia", "Gondwana", "Ocean"]
    assert [b.split()[0] for b in seen["banks_ru"]] == ["Лавразия", "Гондвана", "Океан"]
    assert seen["groups"] == [3, 3]
    assert seen["heads"] == ["Laurasia", "Gondwana", "Ocean"]
    # picking a location on the table leaves only actions in that location
    assert seen["placed"] in LOCATIONS, json.dumps(seen)
    names = {"laurasia": "Laurasia", "gondwana": "Gondwana", "ocean": "Ocean"}
    assert all(names[seen["placed"]] in text for text in seen["picked"]), seen["picked"]
    # the owner sees the face-down side of each of their animal cards
    assert seen["facedown"] == seen["my_animals"]
