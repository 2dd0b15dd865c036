"""Darwin's Choice in Debian's chromium through its own renderer: a 3-player room against two
bots is created from the lobby's generated form and played to the end by clicking the
server's legal actions; the table shows habitats as columns, species as their parts, the
market and the hand (modelled on tests/server/test_server_browser_toy.py). The table's draw
form proposes the split the game's own heuristic draws (the hint's shortlist)."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "server"))
from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, list_moves, new_room

from evolutio.core.match import Match
from evolutio.games.darwin.actions import Draw, DrawSplit
from evolutio.games.darwin.heuristic import action_value

pytestmark = BROWSER_MARKS
SHOT = Path(__file__).resolve().parents[3] / "docs" / "images" / "game-darwin.png"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("server") / "evolutio.db", grace=1.0)
    srv.start()
    yield srv
    srv.stop()


async def act_once(page: Any) -> bool:
    """Pass when passing is offered (set apart in #legal-end, sent on a second click), else
    click the first action or group (a long list comes grouped: a group picks its card,
    then its actions show): the game moves on quickly."""
    button = (await page.query_selector("#legal-end button.act")
              or await page.query_selector("#legal button.act, #legal .pick-group"))
    if button is None:
        return False
    try:
        await button.click(timeout=2_000)
    except Exception:  # re-rendered under the pointer: look again
        return False
    await page.wait_for_timeout(15)
    return True


async def three_players(base: str, shot: bool) -> tuple[list[str], dict[str, Any]]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page(viewport={"width": 1400, "height": 1000})
        await list_moves(page)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", "Rosa")
        await page.click("#guest")
        await page.wait_for_selector("#game")
        await page.select_option("#game", "darwin")
        await page.wait_for_selector("#new-eras")
        seen["summary"] = await page.inner_text("#game-summary")
        await new_room(page, game="darwin", options={"players": 3, "eras": 3}, bots=2,
                       start=True)
        await page.wait_for_selector("#table .darwin .habitat")
        seen["habitats"] = await page.locator("#table .habitat").count()
        seen["market"] = await page.locator("#table .market .dcard").count()
        clicks = 0
        shot_taken = False
        while True:
            await page.wait_for_selector(
                "#legal button.act, #legal .pick-group, #game-over", timeout=30_000
            )
            if await page.query_selector("#game-over"):
                break
            species = await page.locator("#table .species").count()
            if shot and not shot_taken and species >= 2:
                await page.screenshot(path=str(SHOT), full_page=True)
                shot_taken = True
            seen["max_species"] = max(seen.get("max_species", 0), species)
            if await act_once(page):
                clicks += 1
        seen["clicks"] = clicks
        seen["hand_cards"] = await page.locator("#table .myhand .dcard").count()
        seen["ranking"] = await page.locator("#game-over li").all_inner_texts()
        await browser.close()
    return errors, seen


def test_a_three_player_game_against_bots(server: Server) -> None:
    errors, seen = asyncio.run(asyncio.wait_for(three_players(server.base, False), 600))
    assert errors == []
    assert "four eras" in seen["summary"]  # the card set's note is on the rules page
    assert seen["habitats"] == 4 and seen["market"] == 5
    # a draw and a pass at least in each of the three eras (the draw takes one click since
    # the split draw: the first button of the list)
    assert seen["clicks"] >= 6
    assert len(seen["ranking"]) == 3


#: the table's draw form (split.js) drawn alone from a view, with the legal counts as its only
#: knowledge: what it proposes, small and large
SPLIT_FORM = """async ([view, counts]) => {
  const { splitForm } = await import("/static/games/darwin/split.js");
  const hot = (kind, n) => counts.some(([s, l]) => (kind === "draw_small" ? s : l) === n);
  const ctx = { t: (key) => key, mySeat: view.seat, hot, pick: () => {}, picked: () => false };
  const form = splitForm(view, ctx);
  return [Number(form.querySelector("#split-small").value),
          Number(form.querySelector("#split-large").value)];
}"""


async def proposals(base: str, cases: list[tuple[Any, Any]]) -> list[list[int]]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = await browser.new_page()
        await page.goto(base + "/")
        out = [list(await page.evaluate(SPLIT_FORM, [view, counts])) for view, counts in cases]
        await browser.close()
    return out


def test_the_draw_form_proposes_the_split_the_game_draws(server: Server) -> None:
    """After some cards drawn one at a time, the form's two numbers are a split the heuristic
    (the bots' draw, the hint's shortlist) scores best: the hand as even as can be, not the
    cards left halved (four small held, six to draw: 1 small and 5 large, not 3 and 3)."""
    cases, best = [], []
    for singles in (["small"] * 4, [], ["large", "small", "large"], ["small"] * 7):
        match = Match.new("darwin", {"players": 3}, 11, ["A", "B", "C"])
        for deck in singles:
            match.act(0, Draw(deck))
        view, decision = match.view(0), match.decision
        assert decision is not None
        splits = [a for a in match.legal(0) if isinstance(a, DrawSplit)]
        top = max(action_value(view, a, decision) for a in splits)
        best.append([[a.small, a.large] for a in splits
                     if action_value(view, a, decision) == top])
        cases.append((view, [[a.small, a.large] for a in splits]))
    proposed = asyncio.run(proposals(server.base, cases))
    assert proposed[0] == [1, 5]
    assert proposed[1] == [5, 5]
    for shown, tops in zip(proposed, best, strict=True):
        assert shown in tops
