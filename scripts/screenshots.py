"""Screenshots of the browser client, for people to look at and for the README.

Starts a real server on a temporary SQLite database with every game dealt from one seed
(``EVOLUTIO_SEED``), seats a guest against bots in a game of each game asked for, and saves
the lobby, each table and each game's lesson (``/learn/GAME``) at 1280x800 and 390x844 in
Debian's chromium::

    .venv/bin/python scripts/screenshots.py --out /tmp/shots                # every game
    .venv/bin/python scripts/screenshots.py --game darwin --players 3 --out /tmp/shots
    .venv/bin/python scripts/screenshots.py --game evolution -o expansions=time_to_fly,continents

``--actions N`` plays N of the guest's decisions first (as a player following the hints), to
show a table later in the game; ``--to-end`` then plays on to the end and takes the end of the
game as well; ``--full`` takes whole pages.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "server"))

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
GAMES = ("evolution", "northstar", "darwin")


def option_value(raw: str) -> Any:
    if raw.isdigit():
        return int(raw)
    if raw in ("true", "false"):
        return raw == "true"
    return raw.split(",") if "," in raw or raw in ("time_to_fly", "continents", "gift") else raw


async def shoot(args: argparse.Namespace) -> list[Path]:
    from playwright.async_api import async_playwright
    from server_harness import CHROMIUM, CHROMIUM_ARGS, Server

    out: list[Path] = []
    target = Path(args.out)
    target.mkdir(parents=True, exist_ok=True)
    extra = dict(kv.split("=", 1) for kv in args.option)
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["EVOLUTIO_SEED"] = str(args.seed)
        server = Server(Path(tmp) / "shots.db")
        server.start()
        try:
            token = server.guest(args.name)
            rooms = {}
            for game in args.game or GAMES:
                options: dict[str, Any] = {k: option_value(v) for k, v in extra.items()}
                r = server.post("/api/play-now", token, json={
                    "game": game, "opponents": args.players - 1, "level": args.level,
                    "options": options})
                assert r.status_code == 200, r.text
                rooms[game] = r.json()["room"]["id"]
            lessons = server.get("/api/lessons", token).json()["lessons"]
            taught = {lesson["game"] for lesson in lessons}
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for size, (width, height) in SIZES.items():
                    context = await browser.new_context(viewport={"width": width, "height": height},
                                                        reduced_motion="reduce")
                    cookie = {"name": "evolutio_token", "value": token, "url": server.base}
                    await context.add_cookies([cookie])
                    page = await context.new_page()
                    page.on("pageerror", lambda exc: print("page error:", exc, file=sys.stderr))
                    if args.lang != "en":
                        await page.goto(server.base + "/")
                        await page.select_option("#lang", args.lang)
                    await page.goto(server.base + "/")
                    # the cards' pictures, the lessons' links and the queue's games load after
                    # the page: wait for the requests to settle
                    await page.wait_for_load_state("networkidle")
                    await page.wait_for_timeout(600)
                    path = target / f"lobby-{size}.png"
                    await page.screenshot(path=str(path), full_page=args.full)
                    out.append(path)
                    for game, room in rooms.items():
                        await page.goto(f"{server.base}/room/{room}")
                        await page.wait_for_selector("#table > *")
                        await page.wait_for_timeout(500)
                        if size == "desktop":
                            for _ in range(args.actions):
                                await act_once(page)
                        await page.mouse.move(0, 0)  # no tooltip left open by the last click
                        await page.wait_for_timeout(400)
                        path = target / f"{game}-{size}.png"
                        await page.screenshot(path=str(path), full_page=args.full)
                        out.append(path)
                        # the game's lesson ("Learn to play"), at its first step, where it has one
                        if game in taught:
                            await page.goto(f"{server.base}/learn/{game}")
                            await page.wait_for_selector("#lesson-text")
                            await page.wait_for_timeout(400)
                            path = target / f"{game}-lesson-{size}.png"
                            await page.screenshot(path=str(path), full_page=args.full)
                            out.append(path)
                        await page.goto(f"{server.base}/room/{room}")
                        await page.wait_for_selector("#table > *")
                        if args.to_end and size == "desktop":
                            for _ in range(2000):
                                acted = await act_once(page)
                                if not acted and await page.locator("#game-over").count():
                                    break
                            await page.locator("#game-over").scroll_into_view_if_needed()
                            path = target / f"{game}-over-{size}.png"
                            await page.screenshot(path=str(path), full_page=args.full)
                            out.append(path)
                    await context.close()
                await browser.close()
        finally:
            server.stop()
    return out


async def act_once(page: Any) -> bool:
    """One move of the guest's, as a player following the hints would make it: the hinted
    thing on the table (then the move it completes, or the next thing to pick), else a move
    button that ends nothing, else a thing on the table, else the ending move (clicked twice,
    as it asks). False once the game is over or nothing came to do."""
    try:
        await page.wait_for_selector("#prompt, #game-over", timeout=15000)
    except Exception:  # waiting on the others
        return False
    if await page.locator("#game-over").count():
        return False
    plain = page.locator("#legal button.act:not(.ends)")
    hinted = page.locator("#table .hinted.clickable")
    thing = page.locator("#table [data-pick].clickable")
    if await hinted.count() or (not await plain.count() and await thing.count()):
        await (hinted if await hinted.count() else thing).first.click()
        await page.wait_for_timeout(300)
        for _ in range(3):  # the next pick, until the move is played
            if not await page.locator("#prompt .selected, #table .selected").count():
                break
            if await plain.count():
                await plain.first.click()
            elif await thing.count():
                await thing.first.click()
            else:
                break
            await page.wait_for_timeout(300)
    elif await plain.count():
        await plain.first.click()
    else:
        await page.locator("#legal button.act").first.click()
        if await page.locator("#legal button.armed").count():
            await page.locator("#legal button.armed").first.click()
    await page.wait_for_timeout(600)
    return True


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default="screenshots")
    parser.add_argument("--game", action="append", choices=(*GAMES, "toy"))
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--name", default="Anna")
    parser.add_argument("--lang", default="en", choices=("en", "ru", "it", "de"))
    parser.add_argument("--actions", type=int, default=0)
    parser.add_argument("--full", action="store_true")
    parser.add_argument("--to-end", action="store_true",
                        help="then play the game to its end and take the end of game too")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    for path in asyncio.run(shoot(args)):
        print(path)


if __name__ == "__main__":
    main()
