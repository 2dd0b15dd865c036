"""Card texts in the browser: a tooltip with a trait's name and text on hover (desktop) and on
tap (a 390×844 phone), in English and Russian, for Evolution's hand cards, trait chips and
action buttons; the rules page from the lobby and from the table; GET /api/reference."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves

pytestmark = BROWSER_MARKS

TIP = "#tip:not([hidden])"


def reference(base: str, game: str) -> dict[str, Any]:
    res = httpx.get(f"{base}/api/reference/{game}", timeout=10)
    assert res.status_code == 200
    data: dict[str, Any] = res.json()
    return data


async def tip_of(page: Any) -> tuple[str, str, str]:
    """The open tooltip: the id it explains, its name line and its text."""
    tip = page.locator(TIP)
    await tip.wait_for(timeout=5_000)
    return (
        await tip.get_attribute("data-ref", timeout=2_000) or "",
        await tip.locator(".tip-name").inner_text(timeout=2_000),
        await tip.locator(".tip-text").inner_text(timeout=2_000),
    )


async def explain(page: Any, locator: Any, how: str) -> tuple[str, tuple[str, str, str]]:
    """Hover or tap the element until its tooltip shows (a bot's move may draw the table
    again under the pointer); the element's id and the tooltip."""
    for _ in range(4):
        ident = await locator.get_attribute("data-ref") or ""
        if how == "tap":
            await locator.tap()
        else:
            await page.mouse.move(5, 5)
            await locator.hover()
        try:
            await page.locator(TIP).wait_for(timeout=3_000)
            # read at once: a hint or a bot's move arriving draws the table again and
            # closes the tooltip
            return ident, await tip_of(page)
        except Exception:  # drawn again meanwhile: once more
            continue
    raise AssertionError(f"no tooltip on {how}")


async def tap_beside_tip(page: Any) -> None:
    """Tap a panel the open tooltip does not cover."""
    for selector in ("#log", "#chat", "#seats", "#conn"):
        target = page.locator(selector)
        await target.scroll_into_view_if_needed()
        await page.wait_for_timeout(100)
        box = await target.bounding_box()
        tip = await page.locator(TIP).bounding_box()
        if box is None or tip is None:
            continue
        x, y = box["x"] + 4, box["y"] + 4
        across = tip["x"] <= x <= tip["x"] + tip["width"]
        if not (across and tip["y"] <= y <= tip["y"] + tip["height"]):
            await page.touchscreen.tap(x, y)
            return
    raise AssertionError("the tooltip covers every panel")


async def start_game(page: Any, base: str, name: str, lang: str) -> None:
    """Log in as a guest in ``lang``, check the lobby's rules link, start Evolution vs a bot."""
    await page.goto(base + "/")
    await page.select_option("#lang", lang)
    await page.fill("#login input[name=name]", name)
    await page.click("#guest")
    await page.wait_for_selector("#new-room")
    await page.select_option("#game", "evolution")
    await page.fill("#new-players", "2")
    await page.click("#create")
    await page.wait_for_selector("#seats .add-bot")
    await page.click("#seats .add-bot")
    await page.wait_for_selector("#start:not([disabled])")
    await page.click("#start")


async def reach_trait_actions(page: Any) -> None:
    """Play new animals until some action button plays a trait (it then carries data-ref)."""
    for _ in range(30):
        await page.wait_for_selector("#legal button.act, #legal .pick-group", timeout=20_000)
        if await page.locator("#legal button.act[data-ref]").count():
            return
        groups = page.locator("#legal .pick-group")
        if await groups.count():  # a long list comes grouped: pick a card to see its plays
            await groups.first.click()
        else:  # the first actions put a card down as a new animal
            await page.locator("#legal button.act").first.click()
        await page.wait_for_timeout(100)
    raise AssertionError("no trait could be played")


async def rules_from_lobby(page: Any, texts: dict[str, str], carnivore: str) -> dict[str, Any]:
    await page.click("#games-panel li[data-game='evolution'] a.rules-link")
    await page.wait_for_selector("#rules-page[data-game='evolution'] #card-reference")
    row = page.locator("#card-reference tr[data-id='carnivore']")
    seen = {
        "headings": await page.locator("#rules-text h3").count(),
        "row": await row.inner_text(),
        "expected": (carnivore, texts["carnivore"]),
        "rows": await page.locator("#card-reference tr[data-id]").count(),
        "sections": await page.locator("#card-reference tr.group").all_inner_texts(),
        "summary": await page.inner_text("#rules-summary"),
    }
    # the filter keeps the rows whose name or text holds the words typed
    await page.fill("#reference-filter", carnivore)
    shown = page.locator("#card-reference tr[data-id]:not([hidden])")
    seen["filtered"] = await shown.count()
    seen["filtered_has"] = await row.is_visible()
    await page.fill("#reference-filter", "")
    seen["unfiltered"] = await shown.count()
    return seen


async def desktop(base: str, ref: dict[str, Any]) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    seen: dict[str, Any] = {"errors": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1280, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
        await page.goto(base + "/")
        await page.select_option("#lang", "en")
        seen["lobby"] = await rules_from_lobby(page, ref["texts"]["en"], "Carnivore")
        await start_game(page, base, "Heron", "en")
        await page.wait_for_selector(".player.me .hand .face[data-ref]", timeout=20_000)
        # a hand card: hover its face
        face = page.locator(".player.me .hand .face[data-ref]").first
        seen["card"] = await explain(page, face, "hover")
        await page.mouse.move(5, 500)
        await page.wait_for_selector("#tip", state="hidden")
        await reach_trait_actions(page)
        button = page.locator("#legal button.act[data-ref]").first
        seen["button"] = await explain(page, button, "hover")
        # play it: the trait lands on the table as a chip with its own tooltip
        await button.click()
        chip = page.locator("#table li[data-ref]").first
        await chip.wait_for(timeout=20_000)
        seen["chip"] = await explain(page, chip, "hover")
        # the same chip in Russian
        await page.select_option("#lang", "ru")
        chip = page.locator("#table li[data-ref]").first
        await chip.wait_for(timeout=20_000)
        seen["chip_ru"] = await explain(page, chip, "hover")
        # the rules page from the table opens in a new tab and keeps the game open
        async with page.expect_popup() as popup_info:
            await page.click("#rules-link")
        popup = await popup_info.value
        await popup.wait_for_selector("#rules-page[data-game='evolution'] #card-reference")
        seen["popup_title"] = await popup.locator("#rules-page h2").inner_text()
        row = popup.locator("#card-reference tr[data-id='carnivore']")
        seen["popup_row"] = await row.inner_text()
        seen["still_in_room"] = await page.locator("#table").count()
        await browser.close()
    return seen


async def phone(base: str, ref: dict[str, Any]) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    seen: dict[str, Any] = {"errors": []}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
        )
        await list_moves(context)
        page = await context.new_page()
        page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
        await page.goto(base + "/")
        await page.select_option("#lang", "ru")
        seen["lobby"] = await rules_from_lobby(page, ref["texts"]["ru"], "Хищник")
        await start_game(page, base, "Avocet", "ru")
        face = page.locator(".player.me .hand .face[data-ref]").first
        await face.wait_for(timeout=20_000)
        seen["card"] = await explain(page, face, "tap")
        # a tap elsewhere closes it
        await tap_beside_tip(page)
        await page.wait_for_selector("#tip", state="hidden")
        seen["closed"] = True
        await reach_trait_actions(page)
        await page.locator("#legal button.act[data-ref]").first.click()
        chip = page.locator("#table li[data-ref]").first
        await chip.wait_for(timeout=20_000)
        seen["chip"] = await explain(page, chip, "tap")
        box = await page.locator(TIP).bounding_box()
        seen["tip_box"] = box
        await browser.close()
    return seen


def test_reference_api_and_pages(server: Server) -> None:
    data = reference(server.base, "evolution")
    assert set(data["texts"]) == {"en", "ru", "it", "de"}
    assert "Carnivore" in data["texts"]["en"]["sharp_vision"]
    assert data["rules"]["ru"].startswith("## ")
    assert [title for title, _ in data["groups"]["en"]][:2] == ["Base game", "Time to Fly"]
    assert reference(server.base, "toy")["texts"]["de"]["bid"]
    missing = httpx.get(f"{server.base}/api/reference/nothing", timeout=10)
    assert missing.status_code == 404 and "error" in missing.json()
    page = httpx.get(f"{server.base}/rules/darwin", timeout=10)
    assert page.status_code == 200 and "/static/app.js" in page.text


def test_tooltips_on_hover_and_rules_pages_on_the_desktop(server: Server) -> None:
    ref = reference(server.base, "evolution")
    names = httpx.get(f"{server.base}/api/names/evolution", timeout=10).json()["names"]
    seen = asyncio.run(asyncio.wait_for(desktop(server.base, ref), 240))
    assert seen["errors"] == []
    en, ru = ref["texts"]["en"], ref["texts"]["ru"]
    lobby = seen["lobby"]
    assert lobby["headings"] >= 4 and lobby["rows"] >= 50
    assert lobby["sections"][:3] == ["Base game", "Time to Fly", "Gift cards"]
    assert lobby["filtered_has"] and 1 <= lobby["filtered"] < lobby["rows"] == lobby["unfiltered"]
    assert lobby["expected"][0] in lobby["row"] and lobby["expected"][1] in lobby["row"]
    assert len(lobby["summary"]) > 20
    for key in ("card", "button", "chip"):
        ident, (tip_id, name, text) = seen[key]
        assert ident and tip_id == ident, key
        assert name == names["en"][ident] and text == en[ident], key
    ident, (tip_id, name, text) = seen["chip_ru"]
    assert tip_id == ident and name == names["ru"][ident] and text == ru[ident]
    assert seen["popup_title"].endswith("Правила")
    assert ru["carnivore"] in seen["popup_row"]
    assert seen["still_in_room"] == 1


def test_tooltips_on_tap_on_a_phone(server: Server) -> None:
    ref = reference(server.base, "evolution")
    names = httpx.get(f"{server.base}/api/names/evolution", timeout=10).json()["names"]
    seen = asyncio.run(asyncio.wait_for(phone(server.base, ref), 240))
    assert seen["errors"] == []
    ru = ref["texts"]["ru"]
    lobby = seen["lobby"]
    assert "Хищник" in lobby["row"] and ru["carnivore"] in lobby["row"]
    assert lobby["filtered_has"] and 1 <= lobby["filtered"] < lobby["rows"] == lobby["unfiltered"]
    for key in ("card", "chip"):
        ident, (tip_id, name, text) = seen[key]
        assert tip_id == ident and name == names["ru"][ident] and text == ru[ident], key
    assert seen["closed"]
    box = seen["tip_box"]
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
