"""Signed links: a verification link (expires) and an unsubscribe link (works without login).

A token is ``PAYLOAD.MAC``, both base64url: the payload names its purpose, the person, a
detail (a digest of the address being verified, or what to unsubscribe from) and an expiry
(0: none); the MAC is HMAC-SHA256 with the database's own key (``mail_keys``), cut to 128
bits. Nothing is stored per token: a changed address no longer matches its old links.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import secrets
import time

from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from evolutio.server.db import MailKeyRow

#: a verification link works for this many seconds
VERIFY_SECONDS = 2 * 24 * 3600


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def address_digest(address: str) -> str:
    """What a verification link says of the address it verifies (not the address itself)."""
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()[:16]


def load_key(session: Session) -> bytes:
    """The signing key of this database, made at first use (several processes: one wins)."""
    row = session.get(MailKeyRow, "links")
    if row is None:
        session.add(MailKeyRow(name="links", value=secrets.token_hex(32)))
        try:
            session.commit()
        except IntegrityError:
            session.rollback()
        row = session.get(MailKeyRow, "links")
        assert row is not None
    return bytes.fromhex(row.value)


class Signer:
    """Makes and reads the tokens of one key."""

    def __init__(self, key: bytes) -> None:
        self.key = key

    def _mac(self, payload: bytes) -> bytes:
        return hmac.new(self.key, payload, hashlib.sha256).digest()[:16]

    def sign(self, purpose: str, user_id: int, detail: str, seconds: int = 0) -> str:
        """A token for ``purpose`` of ``user_id`` with ``detail``, valid for ``seconds``
        (0: always)."""
        expires = int(time.time()) + seconds if seconds else 0
        payload = f"{purpose}:{user_id}:{detail}:{expires}".encode()
        return f"{_b64(payload)}.{_b64(self._mac(payload))}"

    def read(self, token: str, purpose: str) -> tuple[int, str] | None:
        """The person and detail of a genuine, unexpired token for ``purpose``; else None."""
        if len(token) > 300 or token.count(".") != 1:
            return None
        head, mac = token.split(".")
        try:
            payload, given = _unb64(head), _unb64(mac)
        except (binascii.Error, ValueError):
            return None
        if not hmac.compare_digest(self._mac(payload), given):
            return None
        parts = payload.decode(errors="replace").split(":")
        if len(parts) != 4 or parts[0] != purpose or not parts[1].isdigit():
            return None
        expires = int(parts[3]) if parts[3].isdigit() else -1
        if expires < 0 or (expires and expires < time.time()):
            return None
        return int(parts[1]), parts[2]
