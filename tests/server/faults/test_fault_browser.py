"""Cross-site pages in chromium: a page of another site (here another port of the same host)
can neither act for its visitor nor frame the site, and the shell raises no CSP violation."""

from __future__ import annotations

import asyncio
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from server_harness import BROWSER_MARKS, CHROMIUM, CHROMIUM_ARGS, Server, free_port, list_moves

pytestmark = BROWSER_MARKS


def attacker_page(base: str) -> str:
    """A page that posts a login form (as text/plain, the JSON-looking trick), fetches with
    JSON, and frames the site."""
    return f"""<!doctype html><html><body>
<form id="f" method="POST" action="{base}/api/guest" enctype="text/plain" target="sink">
<input name='{{"name": "Evil Form", "x": "' value='"}}'></form>
<iframe name="sink"></iframe>
<iframe id="frame" src="{base}/"></iframe>
<script>
fetch("{base}/api/rooms", {{method: "POST", credentials: "include", mode: "no-cors",
  headers: {{"Content-Type": "text/plain"}}, body: '{{"game": "toy"}}'}});
document.getElementById("f").submit();
</script></body></html>"""


async def visit(base: str) -> tuple[list[str], Any]:

    page_bytes = attacker_page(base).encode()

    class Evil(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.send_header("content-length", str(len(page_bytes)))
            self.end_headers()
            self.wfile.write(page_bytes)

        def log_message(self, *_args: Any) -> None:
            pass

    port = free_port()
    evil_server = ThreadingHTTPServer(("127.0.0.1", port), Evil)
    threading.Thread(target=evil_server.serve_forever, daemon=True).start()
    evil = f"http://127.0.0.1:{port}"
    try:
        return await browse(base, evil)
    finally:
        evil_server.shutdown()


async def browse(base: str, evil: str) -> tuple[list[str], Any]:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        context = await browser.new_context()
        await list_moves(context)
        page = await context.new_page()
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text))
        # the victim is logged in on the site (a cookie)
        await page.goto(base + "/")
        await page.fill("#login input[name=name]", "Victim Vera")
        await page.click("#guest")
        await page.wait_for_selector("#who a")
        shell_csp = [m for m in console if "Content Security Policy" in m]
        sink: list[int] = []
        # the evil page's writes (POST); the lobby's own reads may still be answered
        page.on("response", lambda r: sink.append(r.status)
                if "/api/" in r.url and r.request.method == "POST" else None)
        await page.goto(evil + "/")
        await page.wait_for_timeout(1500)
        framed = page.frame_locator("#frame").locator("#login, #who")
        framed_count = await framed.count()
        await browser.close()
    return shell_csp, (sink, framed_count)


def test_cross_site_pages_cannot_act_nor_frame(server: Server) -> None:
    shell_csp, (statuses, framed) = asyncio.run(asyncio.wait_for(visit(server.base), 90))
    assert shell_csp == []  # the shell itself satisfies the policy
    assert server.get("/api/users/Evil Form").status_code == 404
    assert 200 not in statuses and 415 in statuses  # the form post was refused
    assert framed == 0  # frame-ancestors 'none': the site never renders in the frame
    rooms = server.get("/api/rooms").json()["rooms"]
    assert not [r for r in rooms if r["host"] == "Victim Vera"]
