"""Names, passwords and logins under abuse: lookalike and compatibility names cannot pose as
reserved or taken ones, common passwords are refused, failed logins are throttled per name
and per address, and room lists come in pages."""

from __future__ import annotations

import httpx
from server_harness import Server


def test_lookalike_and_fullwidth_names_are_the_same_name(server: Server) -> None:
    for name in ("\u0430dmin", "ＢＯＴ", "ｂot-9", "\u0455ystem", "Ｓｅｒｖｅｒ"):
        r = server.post("/api/guest", json={"name": name})
        assert r.status_code == 400 and "reserved" in r.json()["error"], name
    server.guest("Paula")
    for twin in ("ＰＡＵＬＡ", "P\u0430ula", "p\u0430ul\u0430"):
        r = server.post("/api/guest", json={"name": twin})
        assert r.status_code == 400 and "taken" in r.json()["error"], twin
    assert server.get("/api/users/ＰＡＵＬＡ").json()["name"] == "Paula"


def test_common_passwords_are_refused(server: Server) -> None:
    for password in ("12345678", "password", "Password1", "aaaaaaaa", "abcdefghij",
                     "qwertyuiop", "Quentin Q 1"):
        r = server.post("/api/register", json={"name": "Quentin Q", "password": password})
        assert r.status_code == 400, password
    ok = server.post("/api/register", json={"name": "Quentin Q", "password": "maple kettle 42"})
    assert ok.status_code == 200


def test_failed_logins_wait_per_name_then_per_address(server: Server) -> None:
    assert server.post("/api/register",
                       json={"name": "Rosa", "password": "lantern orbit 7"}).status_code == 200
    url = server.base + "/api/login"
    for _ in range(5):
        assert httpx.post(url, json={"name": "rosa", "password": "wrong guess"}).status_code == 401
    blocked = httpx.post(url, json={"name": "Rosa", "password": "lantern orbit 7"})
    assert blocked.status_code == 429 and int(blocked.headers["retry-after"]) >= 1
    assert "try again in" in blocked.json()["error"]
    # another name from the same address: free until the address's own limit (20 failures)
    statuses = [httpx.post(url, json={"name": f"nobody{i}", "password": "wrong guess"}).status_code
                for i in range(20)]
    assert statuses[:14] == [401] * 14 and statuses[-1] == 429



def test_guesses_cannot_lock_the_owner_out(server: Server) -> None:
    """Failed logins count per name and address: the owner logs in from another address, and
    from a device it logged in from before (its device cookie) even at the guessed address.
    Each client has an address of its own (127.0.0.x), apart from the other tests'."""
    assert server.post("/api/register",
                       json={"name": "Sofia", "password": "violet harbour 9"}).status_code == 200
    url = server.base + "/api/login"
    right = {"name": "sofia", "password": "violet harbour 9"}

    def client(address: str, cookies: httpx.Cookies | None = None) -> httpx.Client:
        return httpx.Client(transport=httpx.HTTPTransport(local_address=address),
                            cookies=cookies)

    with client("127.0.0.3") as home:  # the owner's device, before the guessing starts
        assert home.post(url, json=right).status_code == 200
        assert home.cookies.get("evolutio_device")
        device = home.cookies
    with client("127.0.0.4") as guesser:
        for _ in range(5):
            assert guesser.post(url, json={**right, "password": "wrong"}).status_code == 401
        assert guesser.post(url, json=right).status_code == 429  # this name here must wait
    with client("127.0.0.4", device) as owner:  # the owner's known device, same address
        assert owner.post(url, json=right).status_code == 200
    with client("127.0.0.5") as roaming:  # the owner on a new device elsewhere
        assert roaming.post(url, json=right).status_code == 200


def test_names_with_control_characters_are_bad_requests_on_every_database(
    server: Server,
) -> None:
    """A NUL (which PostgreSQL refuses in any text) or another control or format character
    in a name: 400 at login, no such player elsewhere, never a storage error."""
    for name in ("Ro\x00sa", "Rosa\x07", "Ro\u200bsa", "\x1b[31mRosa"):
        r = server.post("/api/login", json={"name": name, "password": "anything at all"})
        assert r.status_code == 400 and r.json()["code"] == "bad_name", (name, r.text)
        assert server.post("/api/guest", json={"name": name}).status_code == 400, name
    assert server.get("/api/users/Ro%00sa").status_code in (400, 404)
    assert server.get("/api/games/finished?player=Ro%00sa").status_code in (400, 404)


def test_room_lists_come_in_pages(server: Server) -> None:
    r = server.get("/api/rooms?limit=1&offset=0")
    body = r.json()
    assert r.status_code == 200 and body["limit"] == 1 and len(body["finished"]) <= 1
    assert {"rooms", "finished", "more", "offset", "live"} <= set(body)
    assert server.get("/api/rooms?limit=500").json()["limit"] == 50
    for bad in ("limit=-1", "offset=x", "limit=" + "9" * 30):
        assert server.get(f"/api/rooms?{bad}").status_code == 400, bad
