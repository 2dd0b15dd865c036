"""E-mail against a real server process and a real SMTP server (aiosmtpd on a free port):
verification links, "your move" e-mails and their batching window, one-click unsubscribe,
nothing sent to an unverified address, invitations, the digest, and a queued e-mail that
survives a restart while the SMTP server is down."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from mailbox_harness import Inbox, links, smtp_server, text_of
from server_harness import Client, Server, free_port, is_state

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(scope="module")
def mail(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, Inbox]]:
    inbox = Inbox()
    port = free_port()
    controller = smtp_server(inbox, port)
    patch = pytest.MonkeyPatch()
    patch.setenv("EVOLUTIO_TEST_SMTP", f"smtp://127.0.0.1:{port}?from=game@example.org")
    patch.setenv("EVOLUTIO_TEST_MAIL_HOUR", "1")
    server = Server(tmp_path_factory.mktemp("mail") / "mail.db", grace=30.0)
    server.start()
    yield server, inbox
    server.stop()
    controller.stop()
    patch.undo()


def account(server: Server, name: str) -> str:
    r = httpx.post(server.base + "/api/register", json={"name": name, "password": "tangerine-42"})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def add_address(server: Server, token: str, address: str, lang: str = "en") -> None:
    r = httpx.post(server.base + "/api/mail/address", json={"address": address},
                   headers={"authorization": f"Bearer {token}", "accept-language": lang})
    assert r.status_code == 200, r.text
    assert r.json()["address"] == address and r.json()["verified"] is False


def verify(server: Server, inbox: Inbox, token: str, address: str) -> None:
    [message] = inbox.wait(address)
    [link] = [x for x in links(message) if "/mail/verify?t=" in x]
    page = httpx.get(link)  # no login: the signed link is enough
    assert page.status_code == 200 and address in page.text
    assert server.get("/api/mail", token).json()["verified"] is True


def turn_based(server: Server, tokens: list[str]) -> str:
    r = server.post("/api/rooms", tokens[0], json={"game": "toy", "options": {"players": 2},
                                                   "days": 1})
    assert r.status_code == 200, r.text
    room = str(r.json()["room"]["id"])

    async def seat() -> None:
        a = await Client.open(server, room, tokens[0])
        b = await Client.open(server, room, tokens[1])
        await b.say("/join")
        await a.until(lambda f: f["type"] == "room" and all(s["name"] for s in f["room"]["seats"]))
        await a.say("/start")
        await a.until(lambda f: is_state(f) and f["version"] == 0)
        await a.close()
        await b.close()

    asyncio.run(asyncio.wait_for(seat(), 30))
    return room


def test_the_your_move_email_links_to_the_table_and_unsubscribes(
    mail: tuple[Server, Inbox],
) -> None:
    server, inbox = mail
    tokens = [account(server, "Postman"), account(server, "Courier")]
    add_address(server, tokens[0], "postman@example.org")
    verify(server, inbox, tokens[0], "postman@example.org")
    r = server.post("/api/mail/settings", tokens[0], json={"window": 1})
    assert r.status_code == 200 and r.json()["window"] == 1
    room = turn_based(server, tokens)
    moves = inbox.wait("postman@example.org", 2)  # the verification, then "your move"
    move = moves[1]
    assert move["Subject"] == "Your move (1 game)" and move["From"] == "game@example.org"
    table = f"{server.base}/room/{room}"
    assert table in links(move)
    assert httpx.get(table).status_code == 200  # the link opens the table's page
    # nothing goes to the second player, who has no address
    assert not inbox.to("courier@example.org")
    # the batching window: the same decision is not mailed about again, even after it
    time.sleep(1.5)
    assert len(inbox.to("postman@example.org")) == 2
    # one click: the header's link, posted as a mail program does (RFC 8058), no login
    unsubscribe = move["List-Unsubscribe"].strip("<>")
    assert move["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert unsubscribe in links(move)
    done = httpx.post(unsubscribe, data={"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200, done.text
    assert server.get("/api/mail", tokens[0]).json()["your_move"] is False
    # a forged or altered token changes nothing
    assert httpx.get(unsubscribe[:-3] + "AAA").status_code == 400


def test_the_window_holds_and_a_new_decision_is_mailed_after_it(
    mail: tuple[Server, Inbox],
) -> None:
    server, inbox = mail
    tokens = [account(server, "Pigeon"), account(server, "Falcon")]
    add_address(server, tokens[0], "pigeon@example.org", "de")
    verify(server, inbox, tokens[0], "pigeon@example.org")
    server.post("/api/mail/settings", tokens[0], json={"window": 3})  # 3 s on this clock
    room = turn_based(server, tokens)
    first = inbox.wait("pigeon@example.org", 2)[1]
    assert first["Subject"] == "Du bist am Zug (1 Partie)"  # the person's language
    sent = time.monotonic()

    async def to_the_next_decision() -> None:
        """Both bid; then Falcon plays until the game waits for Pigeon again."""
        a = await Client.open(server, room, tokens[0])
        b = await Client.open(server, room, tokens[1])
        await a.until(is_state)
        await a.send({"type": "act", "version": 0, "index": 0})
        state = await b.until(is_state)
        await b.send({"type": "act", "version": 0, "index": 0})
        state = await b.until(lambda f: is_state(f) and f["version"] >= 2)
        while "0" not in state["clocks"]:
            await b.send({"type": "act", "version": state["version"], "index": 0})
            state = await b.until(lambda f, v=state["version"]: is_state(f) and f["version"] > v)
        await a.close()
        await b.close()

    asyncio.run(asyncio.wait_for(to_the_next_decision(), 30))
    # a new decision waits for Pigeon, but the window of 3 hours holds it back
    time.sleep(max(0.0, sent + 2.0 - time.monotonic()))
    assert len(inbox.to("pigeon@example.org")) == 2
    # once it has passed, the decision that waits is mailed about
    later = inbox.wait("pigeon@example.org", 3, timeout=10)[2]
    assert later["Subject"] == "Du bist am Zug (1 Partie)"
    assert f"{server.base}/room/{room}" in links(later)


def test_nothing_is_sent_to_an_unverified_address(mail: tuple[Server, Inbox]) -> None:
    server, inbox = mail
    tokens = [account(server, "Unsure"), account(server, "Certain")]
    add_address(server, tokens[0], "unsure@example.org")
    inbox.wait("unsure@example.org")  # the verification e-mail only
    turn_based(server, tokens)
    # a guest can have none; an invitation to the unverified person is not e-mailed
    assert server.post("/api/mail/address", server.guest("Drifter"),
                       json={"address": "x@example.org"}).status_code == 403
    r = server.post(f"/api/rooms/{turn_based(server, [tokens[1], account(server, 'Third')])}"
                    "/invite-by-mail", tokens[1], json={"name": "Unsure"})
    assert r.status_code == 200 and r.json()["mailed"] is False
    time.sleep(1.0)
    [only] = inbox.to("unsure@example.org")
    assert "/mail/verify?t=" in text_of(only)


def test_invitations_and_the_digest(mail: tuple[Server, Inbox]) -> None:
    server, inbox = mail
    tokens = [account(server, "Herald"), account(server, "Guest Star")]
    add_address(server, tokens[1], "star@example.org", "it")
    verify(server, inbox, tokens[1], "star@example.org")
    r = server.post("/api/rooms", tokens[0], json={"game": "toy", "options": {"players": 2}})
    room = r.json()["room"]["id"]
    r = server.post(f"/api/rooms/{room}/invite-by-mail", tokens[0],
                    json={"name": "guest star"})
    assert r.status_code == 200 and r.json() == {"invited": "Guest Star", "mailed": True}
    invite = inbox.wait("star@example.org", 2)[1]
    assert invite["Subject"].startswith("Herald ti invita")
    assert f"{server.base}/room/{room}" in links(invite)
    # only a player or the host invites
    outsider = account(server, "Outsider")
    assert server.post(f"/api/rooms/{room}/invite-by-mail", outsider,
                       json={"name": "Herald"}).status_code == 403
    # the digest: opted in, a game waiting, the day's hour passed (hour 0 on this clock)
    server.post("/api/mail/settings", tokens[1], json={"digest": True, "your_move": False})
    turn_based(server, tokens)
    digest = inbox.wait("star@example.org", 3)[2]
    assert digest["Subject"] == "Partite che ti aspettano (1 partita)"


def test_a_server_without_smtp_sends_nothing_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("EVOLUTIO_TEST_SMTP", raising=False)
    server = Server(tmp_path / "quiet.db")
    server.start()
    try:
        token = account(server, "Silent")
        assert server.get("/api/mail", token).json()["enabled"] is False
        r = server.post("/api/mail/address", token, json={"address": "s@example.org"})
        assert r.status_code == 409 and r.json()["error"] == "This server sends no e-mail."
    finally:
        server.stop()


def test_a_queued_email_survives_a_restart_while_smtp_is_down(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    port = free_port()  # nothing listens there yet
    monkeypatch.setenv("EVOLUTIO_TEST_SMTP", f"smtp://127.0.0.1:{port}")
    server = Server(tmp_path / "queue.db")
    server.start()
    controller = None
    try:
        token = account(server, "Patient")
        add_address(server, token, "patient@example.org")
        deadline = time.monotonic() + 10
        while "try 2 failed" not in server.log_text():  # tried, and failed, twice
            assert time.monotonic() < deadline, server.log_text()
            time.sleep(0.1)
        server.kill()
        inbox = Inbox()
        controller = smtp_server(inbox, port)
        server.start()
        [message] = inbox.wait("patient@example.org")
        assert "/mail/verify?t=" in text_of(message)
    finally:
        server.stop()
        if controller is not None:
            controller.stop()


def test_an_email_is_given_up_after_its_last_try(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("EVOLUTIO_TEST_SMTP", f"smtp://127.0.0.1:{free_port()}")
    monkeypatch.setenv("EVOLUTIO_TEST_MAIL_TRIES", "2")
    server = Server(tmp_path / "gone.db")
    server.start()
    try:
        add_address(server, account(server, "Hopeless"), "hopeless@example.org")
        deadline = time.monotonic() + 10
        while "given up after 2 tries" not in server.log_text():
            assert time.monotonic() < deadline, server.log_text()
            time.sleep(0.1)
        assert "try 3" not in server.log_text()
        shown = server.get("/metrics").text
        assert 'evolutio_mails_total{outcome="given_up"} 1.0' in shown
        assert 'evolutio_mails_total{outcome="retry"} 1.0' in shown
    finally:
        server.stop()
