"""Friends and Play now with people in Debian's chromium: two people (a desktop and a phone)
follow each other and see each other online, one invites the other to a room (a lobby notice
with Join), they wait in different queues, then in the same one, and are seated together at
one table; screenshots at 1280x800 and 390x844 of the friends list
and the queue when FRIENDS_SCREENSHOTS names a folder."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server

pytestmark = BROWSER_MARKS
SHOTS = os.environ.get("FRIENDS_SCREENSHOTS")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
NEW_ROOM = """async () => {
  const answer = await fetch('/api/rooms', {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify({game: 'toy'})});
  return (await answer.json()).room.id;
}"""


async def person(browser: Any, base: str, viewport: dict[str, int], name: str,
                 errors: list[str]) -> Any:
    page = await (await browser.new_context(viewport=viewport)).new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    await page.goto(base + "/")
    await page.fill("#login input[name=name]", name)
    await page.click("#guest")
    await page.wait_for_selector("#who a")
    await page.wait_for_selector("#queue-game option[value='toy']", state="attached")
    return page


async def shot(page: Any, panel: str, name: str) -> None:
    if SHOTS:
        await page.locator(panel).scroll_into_view_if_needed()
        await page.screenshot(path=str(Path(SHOTS) / name))


async def queue(page: Any, pace: str, matched: bool = False) -> None:
    """Wait in the toy's queue of ``pace`` (``matched``: seated at once, no wait shown)."""
    await page.select_option("#queue-game", "toy")
    await page.select_option("#queue-pace", pace)
    await page.select_option("#queue-bots", "never")
    await page.click("#queue-join")
    if not matched:
        await page.wait_for_selector("#queue-leave:visible")


async def flow(base: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    errors: list[str] = []
    seen: dict[str, Any] = {}
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        ann = await person(browser, base, DESKTOP, "Qann", errors)
        bob = await person(browser, base, PHONE, "Qbob", errors)
        for page, other in ((ann, "Qbob"), (bob, "Qann")):
            await page.fill("#follow-name", other)
            await page.click("#follow-by-name")
            await page.wait_for_selector(f"li.friend[data-name='{other}'][data-online='yes']")
        await shot(ann, "#friends", "friends-1280.png")
        await shot(bob, "#friends", "friends-390.png")
        # an invitation: Ann opens a room and invites Bob, who sees a notice with Join
        room = await ann.evaluate(NEW_ROOM)
        await ann.goto(f"{base}/room/{room}")
        await ann.click("#invite-friend")
        await ann.click(".invite-one[data-name='Qbob']")
        await ann.wait_for_selector(".invite-status:has-text('Invited Qbob')")
        await bob.wait_for_selector(f".notice.invitation[data-room='{room}']")
        seen["notice"] = await bob.inner_text(".notice.invitation")
        await shot(bob, "#invitations", "invitation-390.png")
        await bob.click(".notice.invitation .join-invite")
        await bob.wait_for_url(f"**/room/{room}")
        seen["invited_to"] = room
        for page in (ann, bob):
            await page.goto(base + "/")
            await page.wait_for_selector("#queue-game option[value='toy']", state="attached")
        await queue(ann, "live")
        await queue(bob, "turns")  # another queue: both wait
        await ann.wait_for_selector("#queue-status:has-text('Looking for players')")
        await bob.wait_for_selector("#queue-count:has-text('1')")
        seen["count"] = await ann.inner_text("#queue-count")
        await shot(ann, "#queue", "queue-1280.png")
        await shot(bob, "#queue", "queue-390.png")
        await bob.click("#queue-leave")
        await bob.wait_for_selector("#queue-join:visible")
        await queue(bob, "live", matched=True)
        await ann.wait_for_url("**/room/*")
        await bob.wait_for_url("**/room/*")
        await ann.wait_for_selector("#seats li:has-text('Qbob')")
        seen["rooms"] = [ann.url.rsplit("/", 1)[-1], bob.url.rsplit("/", 1)[-1]]
        seen["seats"] = await bob.locator("#seats li").all_inner_texts()
        await browser.close()
    seen["errors"] = errors
    return seen


def test_two_people_meet_through_the_queue(server: Server) -> None:
    seen = asyncio.run(asyncio.wait_for(flow(server.base), 120))
    assert seen["errors"] == []
    assert seen["notice"].startswith("Qann invites you to a game of Trick")
    assert seen["count"] == "Waiting now: 1"
    assert seen["rooms"][0] == seen["rooms"][1]
    assert "Qann" in seen["seats"][0] and "Qbob" in seen["seats"][1]
    room = server.get(f"/api/rooms/{seen['rooms'][0]}").json()["room"]
    # people, not bots, were seated (a bot may take a seat over once the browsers closed)
    assert room["status"] == "playing" and [s["name"] for s in room["seats"]] == ["Qann", "Qbob"]
