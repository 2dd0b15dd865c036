"""A real SMTP server for the mail tests: aiosmtpd on a loopback port, keeping every message
it receives, and helpers to read them."""

from __future__ import annotations

import email
import re
import time
from email.message import Message
from email.policy import default
from typing import Any

from aiosmtpd.controller import Controller


class Inbox:
    """An aiosmtpd handler keeping every message it receives."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content, policy=default))
        return "250 OK"

    def to(self, address: str) -> list[Message]:
        return [m for m in self.messages if m["To"] == address]

    def wait(self, address: str, count: int = 1, timeout: float = 15.0) -> list[Message]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if len(self.to(address)) >= count:
                return self.to(address)
            time.sleep(0.05)
        raise AssertionError(f"{address}: {len(self.to(address))} e-mails, not {count}")


def smtp_server(inbox: Inbox, port: int) -> Controller:
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller


def text_of(message: Message) -> str:
    for part in message.walk():
        if part.get_content_type() == "text/plain":
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            return payload.decode(part.get_content_charset() or "utf-8")
    raise AssertionError("no plain text part")


def links(message: Message) -> list[str]:
    return re.findall(r"http://\S+", text_of(message))
