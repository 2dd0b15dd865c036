"""The mail's parts without a server: --smtp URLs, signed link tokens, written e-mails."""

from __future__ import annotations

import time

import pytest

from evolutio.server.mail import compose
from evolutio.server.mail.smtp import SmtpTarget, SmtpUrlError
from evolutio.server.mail.tokens import Signer


def test_smtp_urls_name_scheme_port_login_and_sender() -> None:
    plain = SmtpTarget.parse("smtp://relay.local", "play.example.org")
    assert (plain.scheme, plain.port, plain.user, plain.sender) == (
        "smtp", 25, None, "evolutio@play.example.org")
    submit = SmtpTarget.parse("smtp+starttls://me:p%40ss@mx.example.org?from=game@example.org",
                              "x")
    assert (submit.port, submit.user, submit.password, submit.sender) == (
        587, "me", "p@ss", "game@example.org")
    assert SmtpTarget.parse("smtps://mx.example.org:2465", "x").port == 2465
    assert SmtpTarget.parse("smtps://mx.example.org", "x").port == 465
    assert "p@ss" not in submit.shown() and "***" in submit.shown()
    for bad in ("http://mx", "smtp://", "smtp://mx?from=nobody", "smtp://mx:99999"):
        with pytest.raises(SmtpUrlError):
            SmtpTarget.parse(bad, "x")


def test_tokens_are_read_back_only_untouched_unexpired_and_for_their_purpose(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    signer = Signer(b"k" * 32)
    token = signer.sign("unsub", 42, "move")
    assert signer.read(token, "unsub") == (42, "move")
    assert signer.read(token, "verify") is None
    assert Signer(b"j" * 32).read(token, "unsub") is None
    head, mac = token.split(".")
    forged = signer.sign("unsub", 43, "move").split(".")[0] + "." + mac
    assert signer.read(forged, "unsub") is None
    assert signer.read(head, "unsub") is None and signer.read("", "unsub") is None
    short = signer.sign("verify", 7, "abc", seconds=60)
    assert signer.read(short, "verify") == (7, "abc")
    later = time.time() + 61
    monkeypatch.setattr(time, "time", lambda: later)
    assert signer.read(short, "verify") is None


def test_an_email_escapes_its_words_in_html_and_carries_one_click_unsubscribe() -> None:
    game = compose.GameLine("Trick", ["<b>Eve</b>", "Bob"], "https://x.org/room/R1?a=1&b=2")
    mail = compose.your_move("ru", "<script>", [game], 3, "https://x.org/u?t=T",
                             "https://x.org/settings")
    assert mail.subject == "Ваш ход (1 партия)"
    assert "<script>" not in mail.html and "&lt;script&gt;" in mail.html
    assert "&lt;b&gt;Eve&lt;/b&gt;" in mail.html
    assert 'href="https://x.org/room/R1?a=1&amp;b=2"' in mail.html
    assert "https://x.org/room/R1?a=1&b=2" in mail.text and "3 часа" in mail.text
    assert mail.headers == {"List-Unsubscribe": "<https://x.org/u?t=T>",
                            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    assert compose.verify("en", "Eve", "e@x.org", "https://x.org/v").headers == {}
