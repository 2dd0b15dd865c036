"""Helpers of the browser checks of the table's look (docs/web.md, "Browser checks"): a server
dealing every game from one seed, one chromium per module (Playwright's sync API, so that
one browser serves every test of a module), pages logged in by a guest's token, screenshot
baselines compared with a tolerance, the emoji scan and the keyboard-only player."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from server_harness import CHROMIUM, CHROMIUM_ARGS, Server

#: the seed every game of these modules is dealt from (the server's EVOLUTIO_SEED)
SEED = 7
#: the three games whose tables are checked (the toy is a demo)
GAMES = ("evolution", "northstar", "darwin")
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
BASELINES = Path(__file__).with_name("baselines")
#: set to 1 to rewrite the baselines instead of comparing with them
UPDATE_VARIABLE = "EVOLUTIO_UPDATE_BASELINES"
#: a pixel differs when one of its channels differs by more than this (0-255) ...
PIXEL_THRESHOLD = 24
#: ... and a shot matches its baseline while at most this fraction of its pixels differ
MAX_DIFFERING = 0.02
#: the things whose text changes from run to run: clocks, times, the room's id and link
MASKED = ".clock, #clocks, time, code, [data-time], [datetime], .timestamp"
#: a decision of the person's (not a wait for the others), or the end of the game
ASKED = "#prompt, #game-over"
#: what the person may act on: an action's button, or a thing on the table to pick
TARGETS = "#legal button:not([disabled]), [data-pick].clickable"


@pytest.fixture(scope="module")
def seeded_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per module with every game dealt from ``SEED``."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EVOLUTIO_SEED", str(SEED))
        srv = Server(tmp_path_factory.mktemp("looks") / "evolutio.db", grace=600.0)
        srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless chromium for the whole module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@dataclass
class Tab:
    """A page of its own context, logged in, with the page's errors collected."""

    page: Any
    errors: list[str] = field(default_factory=list)

    def close(self) -> None:
        self.page.context.close()


def open_tab(browser: Any, server: Server, token: str, size: str = "desktop") -> Tab:
    context = browser.new_context(viewport=SIZES[size], reduced_motion="reduce",
                                  locale="en-US", timezone_id="UTC")
    context.add_cookies([{"name": "evolutio_token", "value": token, "url": server.base}])
    tab = Tab(context.new_page())
    tab.page.on("pageerror", lambda exc: tab.errors.append(str(exc)))
    tab.page.set_default_timeout(20_000)
    return tab


def play_now(server: Server, token: str, game: str, opponents: int = 2, level: str = "easy",
             options: dict[str, Any] | None = None, clock: int = 0) -> str:
    """A room started at once: the guest at seat 1 and bots at the others (``clock``: seconds
    a decision, 0 for none)."""
    r = server.post("/api/play-now", token, json={
        "game": game, "opponents": opponents, "level": level, "options": options or {},
        "clock": clock})
    assert r.status_code == 200, r.text
    return str(r.json()["room"]["id"])


def open_room(server: Server, token: str, game: str, players: int = 3,
              options: dict[str, Any] | None = None) -> str:
    """An open room (not started) of ``game`` with the guest as its host."""
    r = server.post("/api/rooms", token, json={
        "game": game, "options": {"players": players, **(options or {})}, "clock": 0})
    assert r.status_code == 200, r.text
    return str(r.json()["room"]["id"])


def goto_room(tab: Tab, server: Server, room: str, wait: str = ASKED) -> None:
    tab.page.goto(f"{server.base}/room/{room}")
    tab.page.wait_for_selector(wait)


# -- the layout of the first decision ---------------------------------------------------------

LAYOUT_JS = """() => {
  const box = (sel) => {
    const el = document.querySelector(sel);
    if (!el) return null;
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height,
            width: r.width, children: el.children.length, text: el.innerText.length};
  };
  return {innerWidth, innerHeight, scrollX, scrollY, myArea: box('#my-area'),
          hand: box('#hand'), decision: box('#decision'), legal: box('#legal'),
          prompt: box('#prompt')};
}"""


def layout_faults(seen: dict[str, Any]) -> list[str]:
    """What of the first decision's layout is wrong (an empty list when all is right)."""
    faults: list[str] = []
    width, height = seen["innerWidth"], seen["innerHeight"]
    for name, sel in (("myArea", "#my-area"), ("hand", "#hand")):
        box = seen[name]
        if box is None:
            faults.append(f"{sel} is not on the page")
            continue
        where = (f"{sel}: top {box['top']:.0f} bottom {box['bottom']:.0f} left {box['left']:.0f}"
                 f" right {box['right']:.0f} in a viewport of {width}x{height}")
        empty = box["children"] == 0 or box["height"] == 0
        if sel == "#my-area" and empty:
            if not 0 <= box["top"] < height:
                faults.append(f"{where} (empty): its top is out of view")
        elif not (box["top"] >= 0 and box["bottom"] <= height and box["left"] >= 0
                  and box["right"] <= width):
            faults.append(f"{where}: not wholly in view")
    decision = seen["decision"]
    if decision is None:
        faults.append("#decision is not on the page")
    elif decision["height"] > 0.25 * height:
        parts = ", ".join(f"{k} {seen[k]['height']:.0f}px" for k in ("prompt", "legal")
                          if seen[k] is not None)
        faults.append(f"#decision is {decision['height']:.0f}px high, over 25% of {height}px"
                      f" ({decision['height'] / height:.0%}; {parts})")
    return faults


# -- screenshots against their baselines ------------------------------------------------------


def shoot(tab: Tab, room: str) -> bytes:
    """The viewport, with clocks, times and the room's id masked, animations and caret off."""
    page = tab.page
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    page.mouse.move(0, 0)
    masks = [page.locator(MASKED), page.get_by_text(room)]
    shot: bytes = page.screenshot(animations="disabled", caret="hide", mask=masks,
                                  mask_color="#ff00ff")
    return shot


def compare_with_baseline(shot: bytes, name: str, out: Path) -> str | None:
    """None when ``shot`` matches ``baselines/NAME.png`` (or, with EVOLUTIO_UPDATE_BASELINES=1,
    once the baseline is rewritten); otherwise why not, with the new shot and a diff image
    written under ``out``."""
    import io

    from PIL import Image, ImageChops

    baseline = BASELINES / f"{name}.png"
    if os.environ.get(UPDATE_VARIABLE) == "1":
        BASELINES.mkdir(exist_ok=True)
        baseline.write_bytes(shot)
        return None
    out.mkdir(parents=True, exist_ok=True)
    actual_path = out / f"{name}.actual.png"
    actual_path.write_bytes(shot)
    if not baseline.exists():
        return (f"no baseline {baseline}; the shot is {actual_path}"
                f" (make the baselines with {UPDATE_VARIABLE}=1)")
    actual = Image.open(io.BytesIO(shot)).convert("RGB")
    expected = Image.open(baseline).convert("RGB")
    if actual.size != expected.size:
        return (f"{name}: size {actual.size} != the baseline's {expected.size};"
                f" the shot is {actual_path}")
    diff = ImageChops.difference(actual, expected)
    channels = diff.split()
    worst = ImageChops.lighter(ImageChops.lighter(channels[0], channels[1]), channels[2])
    differing = worst.point(lambda v: 255 if v > PIXEL_THRESHOLD else 0)
    histogram = differing.histogram()
    count = sum(histogram[1:])
    fraction = count / (actual.size[0] * actual.size[1])
    if fraction <= MAX_DIFFERING:
        actual_path.unlink()
        return None
    diff_path = out / f"{name}.diff.png"
    marked = Image.blend(expected, Image.new("RGB", expected.size, "white"), 0.7)
    marked.paste(Image.new("RGB", expected.size, "red"), mask=differing)
    marked.save(diff_path)
    return (f"{name}: {fraction:.2%} of pixels differ (at most {MAX_DIFFERING:.0%} may);"
            f" baseline {baseline}, new shot {actual_path}, diff {diff_path}"
            f" (if the change is meant, refresh with {UPDATE_VARIABLE}=1)")


# -- emoji and icons --------------------------------------------------------------------------

#: code points of emoji and pictographs, which the pages must draw as SVG instead
EMOJI_RANGES = ((0x1F000, 0x1FAFF), (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x2190, 0x21FF),
                (0x2300, 0x23FF), (0x25A0, 0x25FF), (0xFE0F, 0xFE0F))
#: the private use area, where icon fonts keep their glyphs
PRIVATE_USE = (0xE000, 0xF8FF)

TEXTS_JS = """() => {
  const out = [['body text', document.body.innerText]];
  for (const el of document.querySelectorAll('*')) {
    const cls = typeof el.className === 'string' ? el.className.trim() : '';
    const name = el.id ? '#' + el.id
      : el.tagName.toLowerCase() + (cls ? '.' + cls.split(/\\s+/).join('.') : '');
    for (const attr of ['title', 'aria-label', 'alt', 'placeholder']) {
      const v = el.getAttribute(attr);
      if (v) out.push([`${name}[${attr}]`, v]);
    }
    for (const pseudo of ['::before', '::after']) {
      const c = getComputedStyle(el, pseudo).content;
      if (c && c !== 'none' && c !== 'normal') out.push([`${name}${pseudo} content`, c]);
    }
  }
  return out;
}"""

ICONS_JS = """() => {
  const faults = [];
  const isSvg = (src) => /^data:image\\/svg/i.test(src) || /\\.svg([?#].*)?$/i.test(src);
  for (const img of document.querySelectorAll('img, input[type=image]')) {
    const src = img.currentSrc || img.src || '';
    if (!isSvg(src)) faults.push(`<img> that is not an SVG: ${src || '(no src)'} ` +
                                 `(${img.outerHTML.slice(0, 120)})`);
  }
  for (const el of document.querySelectorAll('*')) {
    const bg = getComputedStyle(el).backgroundImage;
    for (const m of bg.matchAll(/url\\(["']?([^"')]+)["']?\\)/g)) {
      if (!isSvg(m[1])) faults.push(`a CSS background, not an SVG: ${m[1]} on ${el.tagName}`);
    }
  }
  const iconish = /icon|awesome|material|glyph|symbol|emoji|fontello|ionicons|feather/i;
  for (const font of document.fonts) {
    if (iconish.test(font.family)) faults.push(`an icon font: ${font.family}`);
  }
  const fontClasses = '[class*="fa-"], .material-icons, .glyphicon, [class*="icon-font"]';
  for (const el of document.querySelectorAll(fontClasses)) {
    faults.push(`an icon font's class: ${el.tagName.toLowerCase()}.${el.className}`);
  }
  return faults;
}"""


def emoji_found(texts: list[tuple[str, str]]) -> list[str]:
    """Each emoji, pictograph or private-use code point in ``texts`` (``(where, text)``
    pairs), with its context."""
    found: list[str] = []
    for where, text in texts:
        for i, ch in enumerate(text):
            cp = ord(ch)
            if any(lo <= cp <= hi for lo, hi in (*EMOJI_RANGES, PRIVATE_USE)):
                context = text[max(0, i - 25):i + 25].replace("\n", " ")
                found.append(f"U+{cp:04X} {ch!r} in {where}: ...{context}...")
    return found


def scan_page(tab: Tab) -> list[str]:
    """The page's emoji (as ``emoji_found``) and its icons that are not SVG."""
    texts = [(str(w), str(t)) for w, t in tab.page.evaluate(TEXTS_JS)]
    return emoji_found(texts) + [str(x) for x in tab.page.evaluate(ICONS_JS)]


# -- playing with the keyboard alone ----------------------------------------------------------

#: what the focused element is: an armed action, an action that ends a turn or a phase, another
#: action, a pick on the table, or none of these
FOCUS_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  if (el.matches('#legal button.armed')) return 'armed';
  const ends = '#legal button.ends:not([disabled]), #legal-end button:not([disabled])';
  if (el.matches(ends)) return 'end';
  if (el.matches('#legal button:not([disabled])')) return 'action';
  if (el.matches('[data-pick].clickable')) return 'pick';
  return null;
}"""
#: one look at the page before a decision: the game over, an armed action, how many targets and
#: ends, the decision's text; and the decision's element kept, to see when it is drawn again
STEP_JS = """([targets, ends]) => {
  const d = document.querySelector('#decision');
  window.__keyboardPrompt = document.querySelector('#decision > *');
  return {over: !!document.querySelector('#game-over'),
          armed: !!document.querySelector('#legal button.armed'),
          targets: document.querySelectorAll(targets).length,
          ends: document.querySelectorAll(ends).length,
          decision: d ? d.innerText : '(no #decision)'};
}"""
REDRAWN_JS = "() => !window.__keyboardPrompt || !window.__keyboardPrompt.isConnected"
#: the actions that end a turn or a phase
ENDS = "#legal button.ends:not([disabled]), #legal-end button:not([disabled])"
#: how often the keyboard player ends a turn or a phase while it could do something else
END_RATE = 0.15
#: ... and never among its first Enters
FIRST_MOVES = 12


@dataclass
class KeyboardGame:
    """How a game played by keyboard went."""

    over: bool = False
    decisions: int = 0
    presses: int = 0
    seconds: float = 0.0
    last: str = ""
    log: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    #: what each Enter was pressed on (armed, end, action, pick)
    trail: list[str] = field(default_factory=list)


def play_by_keyboard(tab: Tab, rng: random.Random, steps: int = 800,
                     seconds: float = 120.0, max_tabs: int = 500) -> KeyboardGame:
    """Play the person's decisions until ``#game-over`` with Tab and Enter alone: Tab until an
    action of ``#legal`` or a pick on the table has the focus (one of the first four, chosen
    by ``rng``; one that ends a turn or a phase only now and then while there are others, and
    never among the first ``FIRST_MOVES``), then Enter; an action that asks to be confirmed
    (``.armed``) is found again with Tab and confirmed with Enter."""
    page = tab.page
    result = KeyboardGame()
    start = time.monotonic()
    try:
        for _ in range(steps):
            if time.monotonic() - start > seconds:
                result.stuck.append(f"out of time after {seconds:.0f} s")
                break
            page.wait_for_selector(ASKED, timeout=30_000)
            seen = page.evaluate(STEP_JS, [TARGETS, ENDS])
            if seen["over"]:
                result.over = True
                break
            result.last = str(seen["decision"])[:600]
            ends, others = seen["ends"], seen["targets"] - seen["ends"]
            if seen["armed"]:
                wanted, skip = {"armed"}, 0
            elif others and (not ends or len(result.trail) < FIRST_MOVES
                             or rng.random() > END_RATE):
                wanted, skip = {"action", "pick"}, rng.randrange(min(others, 4))
            else:
                wanted, skip = {"end"}, 0
            landed = None
            for _tab in range(max_tabs):
                kind = page.evaluate(FOCUS_JS)
                if kind in wanted:
                    if skip == 0:
                        landed = kind
                        break
                    skip -= 1
                page.keyboard.press("Tab")
                result.presses += 1
            if landed is None:
                result.stuck.append(f"no action took the focus in {max_tabs} Tabs")
                break
            page.keyboard.press("Enter")
            result.presses += 1
            result.trail.append(landed)
            result.decisions += 1
            try:  # the decision is drawn again: a new state, a pick, an arming
                page.wait_for_function(REDRAWN_JS, timeout=10_000)
            except Exception:
                result.stuck.append(f"Enter on an {landed} changed nothing: {result.last}")
                if len(result.stuck) > 3:
                    break
        else:
            result.stuck.append(f"not over after {steps} decisions")
    finally:
        result.seconds = time.monotonic() - start
        result.log = [str(x) for x in page.locator("#log .log-entry").all_inner_texts()[-8:]]
    return result
