"""Picking instead of reading, in chromium: with Continents the first decision is a card, then
a place (two clicks, not a scan of every button), and the buttons name the card's faces; a
click on a card that cannot be used now says why, in English and, after the language switch,
in Russian (the engine's reason, said in the connection's language)."""

from __future__ import annotations

import asyncio
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

pytestmark = BROWSER_MARKS


async def new_game(page: Any, base: str, name: str, continents: bool) -> None:
    """Log in as a guest, make a two-seat Evolution room with a bot and start it."""
    chosen: dict[str, Any] = (
        {"expansions": ["continents"]} if continents else {"half_deck": True})
    await new_room(page, base, name, options={"players": 2, **chosen}, bots=1, start=True)


async def two_clicks(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    seen: dict[str, Any] = {"errors": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
        await new_game(page, base, "Pica", continents=True)
        # the bot may open the game: wait for our first decision with its grouped buttons
        await page.wait_for_selector("#legal .pick-group", timeout=20_000)
        # the hint's move is marked in the list: its own button, or the group that holds it
        # the hint is a search of its own (200 trial games): on a loaded machine it may take
        # a while longer than the table to come
        await page.wait_for_selector("#hint", timeout=60_000)
        await page.wait_for_selector("#legal .hinted", timeout=60_000)
        seen["hinted"] = await page.locator("#legal .hinted").count()
        seen["first"] = await page.locator("#legal button").all_inner_texts()
        seen["groups"] = await page.locator("#legal .pick-group").count()
        seen["counted"] = await page.inner_text("#prompt .muted")
        before = await page.locator(".player.me .animal").count()
        # click 1: a card (its group button); the buttons left name its faces and a place
        group = page.locator("#legal .pick-group").first
        seen["group"] = (await group.locator(".group-name").inner_text()).strip()
        await group.click()
        await page.wait_for_selector(".player.me .hand .card.selected")
        seen["after_card"] = await page.locator("#legal button.act").all_inner_texts()
        # click 2: the place, on the table
        head = page.locator(".player.me .loc-head.clickable").first
        place = await head.get_attribute("data-location")
        await head.click()
        await page.wait_for_selector(f".player.me .location.loc-{place} .animal")
        seen["after"] = await page.locator(".player.me .animal").count() - before
        seen["place"] = place
        await browser.close()
    return seen


def test_continents_first_decision_is_a_card_then_a_place(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(two_clicks(server.base), 120))
    assert seen["errors"] == []
    # some 20 legal actions (each card in each continent, pass, and traits when the bot
    # opened) read as one button per card and pass
    total = int(seen["counted"].split("/")[-1].rstrip(")"))
    assert total > 12 and seen["groups"] >= 5, seen
    assert seen["hinted"] == 1
    assert len(seen["first"]) <= 12 and len(seen["first"]) < total, seen["first"]
    assert not any("#" in text for text in seen["first"]), seen["first"]
    # after the card: its two places (and any trait it gives), naming the card by its faces
    animal = [t for t in seen["after_card"] if " as a new animal in " in t]
    assert len(animal) == 2, seen["after_card"]
    assert all(t.startswith(f"Play {seen['group']} as a new animal in ") for t in animal), seen
    assert seen["after"] == 1 and seen["place"] in ("laurasia", "gondwana")


async def why_not(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    seen: dict[str, Any] = {"errors": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
        await new_game(page, base, "Corvo", continents=False)
        # development: play one card as an animal, then pass, until our feeding turn comes
        played = False
        for _ in range(80):
            await page.wait_for_selector("#prompt, #game-over", timeout=60_000)
            if await page.query_selector("#game-over"):
                break
            try:
                kind = await page.get_attribute("#prompt", "data-kind", timeout=2_000)
                if kind == "feed":
                    break
                animal = page.locator("#legal button.act", has_text="as a new animal")
                group = page.locator("#legal .pick-group")
                if kind == "develop" and not played and await animal.count():
                    await animal.first.click(timeout=2_000)
                    played = True
                elif kind == "develop" and not played and await group.count():
                    await group.first.click(timeout=2_000)
                else:
                    await page.locator("#legal button.act").last.click(timeout=2_000)
            except Exception:  # re-rendered under the pointer, or no longer our turn
                pass
            await page.wait_for_timeout(150)
        seen["kind"] = await page.get_attribute("#prompt", "data-kind")
        seen["played"] = played
        # a hand card cannot be used while feeding: the click says why, next to the card
        hand = page.locator(".player.me .hand .card.why-able").first
        await hand.click()
        note = page.locator(".player.me .hand .card .why-note")
        await note.wait_for()
        seen["en"] = await note.inner_text()
        await page.select_option("#lang", "ru")
        await page.wait_for_selector("#prompt[data-kind='feed'] b:has-text('Ваше решение')")
        await page.locator(".player.me .hand .card.why-able").first.click()
        await page.locator(".player.me .hand .card .why-note").wait_for()
        seen["ru"] = await page.locator(".player.me .hand .card .why-note").inner_text()
        await browser.close()
    return seen


def test_a_click_on_an_unusable_card_says_why_in_the_players_language(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(why_not(server.base), 150))
    assert seen["errors"] == []
    assert seen["played"] and seen["kind"] == "feed", seen
    assert seen["en"] == "Cards are played in the development phase; now it is feeding."
    assert seen["ru"] == "Карты играются в фазе развития, а сейчас фаза питания."


# two equal cards (the same name, the same choices) read as one group; the group shown keeps
# the other card's key, so that a hint naming that card marks it (room.js hintOnTable)
EQUAL_CARDS = """async () => {
  const picks = await import('/static/picks.js');
  const root = document.createElement('div');
  for (const id of [1, 2, 3]) {
    const card = document.createElement('span');
    card.dataset.pick = `card:${id}`;
    card.textContent = id === 3 ? 'Swimming' : 'Carnivore';
    root.append(card);
  }
  const items = [];
  let index = 0;
  for (const [id, name] of [[1, 'Carnivore'], [2, 'Carnivore'], [3, 'Swimming']]) {
    for (const place of ['Laurasia', 'Gondwana', 'the Ocean']) {
      items.push({ index: index++, text: `Play ${name} as a new animal in ${place}`,
                   notation: '', targets: [['card', id], ['location', place]] });
    }
  }
  items.push({ index: index++, text: 'Pass', notation: 'pass', targets: [] });
  const legal = picks.buttons(items, [], root, { pick: () => {} }, () => {});
  return [...legal.querySelectorAll('.pick-group')].map(
    (g) => [g.dataset.group, g.dataset.also, g.querySelector('.group-name').textContent]);
}"""


def test_equal_cards_are_one_group_that_keeps_both_keys(server: Server) -> None:
    async def groups() -> list[list[str]]:
        from playwright.async_api import async_playwright

        async with async_playwright() as p:
            browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = await browser.new_page()
            await page.goto(server.base + "/")
            await page.wait_for_selector("#app")
            shown = await page.evaluate(EQUAL_CARDS)
            await browser.close()
        return list(shown)

    shown = asyncio.run(asyncio.wait_for(groups(), 60))
    assert shown == [["card:1", "card:2", "Carnivore"], ["card:3", "", "Swimming"]]
