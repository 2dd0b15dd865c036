"""The SMTP server e-mails go through, set by URL, and the sending of one message.

``smtp://[USER:PASSWORD@]HOST[:PORT]`` (port 25) speaks plain SMTP and upgrades with
STARTTLS when the server offers it; ``smtp+starttls://`` (port 587) requires STARTTLS;
``smtps://`` (port 465) is TLS from the first byte. ``?from=ADDRESS`` sets the sender
(default: ``evolutio@`` the public host). Certificates are verified against the system's
authorities. Sending is blocking: the mailer runs it in a worker thread.
"""

from __future__ import annotations

import smtplib
import ssl
from dataclasses import dataclass
from email.message import EmailMessage
from urllib.parse import parse_qs, unquote, urlsplit

SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}
#: seconds one connection or command may take before the try counts as failed
TIMEOUT = 20.0


class SmtpUrlError(ValueError):
    """An ``--smtp`` URL that names no usable server (said to the operator at start)."""


@dataclass(frozen=True)
class SmtpTarget:
    """Where and how to hand e-mails over."""

    scheme: str
    host: str
    port: int
    user: str | None
    password: str | None
    sender: str

    @classmethod
    def parse(cls, url: str, public_host: str) -> SmtpTarget:
        """The target of ``url`` (``SmtpUrlError`` when it is not one of ``SCHEMES``)."""
        parts = urlsplit(url)
        scheme = parts.scheme.lower()
        if scheme not in SCHEMES:
            raise SmtpUrlError(f"--smtp must start with {', '.join(s + '://' for s in SCHEMES)}")
        if not parts.hostname:
            raise SmtpUrlError("--smtp names no host")
        try:
            port = parts.port or SCHEMES[scheme]
        except ValueError:
            raise SmtpUrlError("--smtp has a bad port") from None
        sender = parse_qs(parts.query).get("from", [""])[0] or f"evolutio@{public_host}"
        if "@" not in sender:
            raise SmtpUrlError("--smtp: from= must be an e-mail address")
        return cls(scheme, parts.hostname, port,
                   unquote(parts.username) if parts.username else None,
                   unquote(parts.password) if parts.password else None, sender)

    def shown(self) -> str:
        """The URL fit to print: no password."""
        who = f"{self.user}:***@" if self.user else ""
        return f"{self.scheme}://{who}{self.host}:{self.port}"

    def send(self, message: EmailMessage) -> None:
        """Hand ``message`` over (raises ``OSError`` or ``smtplib.SMTPException`` on failure)."""
        context = ssl.create_default_context()
        client: smtplib.SMTP
        if self.scheme == "smtps":
            client = smtplib.SMTP_SSL(self.host, self.port, timeout=TIMEOUT, context=context)
        else:
            client = smtplib.SMTP(self.host, self.port, timeout=TIMEOUT)
        with client:
            client.ehlo()
            if self.scheme == "smtp+starttls" or (
                self.scheme == "smtp" and client.has_extn("starttls")
            ):
                client.starttls(context=context)
                client.ehlo()
            if self.user is not None:
                client.login(self.user, self.password or "")
            client.send_message(message, from_addr=self.sender)
