"""People: guest nicknames with session tokens and optional accounts (argon2 hashes)."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import re
import secrets
import unicodedata
from datetime import timedelta
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import select
from sqlalchemy.orm import Session

from evolutio.server.db import SessionToken, User, utcnow
from evolutio.server.passwords import weak
from evolutio.server.texts import say

_hasher = PasswordHasher()
_NAME = re.compile(r"^[\w][\w .\-]{1,23}$")
RESERVED = ("bot", "admin", "system", "server")
#: a session token (and its cookie) lasts this long from the login
SESSION_DAYS = 30


@functools.cache
def _dummy_hash() -> str:
    """A hash of a random password, checked when the name is unknown (constant-time login)."""
    return _hasher.hash(secrets.token_urlsafe(16))


class AuthError(ValueError):
    """A refused name, password or token: the key of a sentence in ``texts/auth.toml`` and its
    fields (said in the request's language); ``str()`` is the English sentence."""

    def __init__(self, key: str, **fields: Any) -> None:
        super().__init__(say("en", key, **fields))
        self.key = key
        self.fields = fields


#: letters of other scripts that look like Latin ones (after casefolding): a name is compared
#: with these replaced, so ``аdmin`` (Cyrillic a) is ``admin`` and cannot pose as another
CONFUSABLES = str.maketrans({
    "а": "a", "в": "b", "е": "e", "ё": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p",
    "с": "c", "т": "t", "у": "y", "х": "x", "і": "i", "ї": "i", "ј": "j", "ѕ": "s", "ԁ": "d",
    "һ": "h", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ı": "i", "α": "a", "β": "b", "ε": "e",
    "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t", "υ": "u", "χ": "x",
    "ω": "w", "ѵ": "v", "ӏ": "l", "ⅰ": "i",
})


def clean_name(raw: object) -> str:
    """Validate a nickname: 2-24 letters, digits, spaces, dots, dashes; not reserved (also
    not by lookalike letters or compatibility forms such as fullwidth ones)."""
    if not isinstance(raw, str):
        raise AuthError("name_needed")
    name = " ".join(unicodedata.normalize("NFC", raw).split())
    if not _NAME.match(name):
        raise AuthError("name_letters")
    key = name_key(name)
    if len(key) > 80:
        raise AuthError("name_spelled_long")
    if key.split(":")[0] in RESERVED or key.startswith("bot"):
        raise AuthError("name_reserved", name=name)
    return name


def name_key(name: str) -> str:
    """What two names are compared by: NFKC, casefolded, lookalike letters made Latin."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded).translate(CONFUSABLES)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token(session: Session, user: User) -> str:
    """Create a session token for ``user``; only its hash is stored."""
    token = secrets.token_urlsafe(32)
    session.add(SessionToken(token_hash=hash_token(token), user_id=user.id))
    return token


def session_for_token(session: Session, token: str | None) -> tuple[User, SessionToken] | None:
    """The person of a session token and its session row: None for no token, an unknown,
    revoked or expired one (older than ``SESSION_DAYS``)."""
    if not token or len(token) > 200:
        return None
    row = session.get(SessionToken, hash_token(token))
    if row is None or row.created_at < utcnow() - timedelta(days=SESSION_DAYS):
        return None
    user = session.get(User, row.user_id)
    return None if user is None else (user, row)


def user_for_token(session: Session, token: str | None) -> User | None:
    """The person of a session token (see :func:`session_for_token`)."""
    found = session_for_token(session, token)
    return None if found is None else found[0]


def live_sessions(session: Session, hashes: list[str]) -> set[str]:
    """Those of the token hashes ``hashes`` whose session exists and has not expired."""
    cutoff = utcnow() - timedelta(days=SESSION_DAYS)
    live: set[str] = set()
    for start in range(0, len(hashes), 500):  # bounded IN lists
        live.update(session.scalars(
            select(SessionToken.token_hash).where(
                SessionToken.token_hash.in_(hashes[start:start + 500]),
                SessionToken.created_at >= cutoff)))
    return live


def revoke(session: Session, token: str) -> None:
    """Forget a session token (logout); an unknown one is ignored."""
    if len(token) <= 200:
        row = session.get(SessionToken, hash_token(token))
        if row is not None:
            session.delete(row)


def has_control(text: str) -> bool:
    """Whether ``text`` holds a control or other invisible format character (NUL among
    them, which PostgreSQL refuses in any text): no name has one."""
    return any(unicodedata.category(c)[0] == "C" for c in text)


def find_user(session: Session, name: str) -> User | None:
    """The person called ``name`` (compared by ``name_key``); None without a query for a name
    no person can have (a control character), the same on every database."""
    if has_control(name):
        return None
    return session.scalars(select(User).where(User.name_key == name_key(name))).first()


def create_guest(session: Session, raw_name: object) -> tuple[User, str]:
    """A guest: a free nickname and a token; no password."""
    name = clean_name(raw_name)
    if find_user(session, name) is not None:
        raise AuthError("name_taken", name=name)
    user = add_user(session, name, is_bot=False)
    session.flush()
    return user, new_token(session, user)


def check_password(raw: object, name: object = None) -> str:
    """A new password: 8 to 200 characters, not a common or trivial one."""
    if not isinstance(raw, str) or not 8 <= len(raw) <= 200:
        raise AuthError("password_length")
    why = weak(raw, name if isinstance(name, str) else None)
    if why is not None:
        raise AuthError(why)
    return raw


def register(
    session: Session, raw_name: object, raw_password: object, current: User | None
) -> tuple[User, str]:
    """Create an account; a guest registering under its own name keeps its games and rating."""
    name = clean_name(raw_name)
    password = check_password(raw_password, name)
    existing = find_user(session, name)
    if existing is not None and not (
        current is not None and existing.id == current.id and existing.password_hash is None
    ):
        raise AuthError("name_taken", name=name)
    if existing is not None:
        user = existing
    elif current is not None and current.password_hash is None and not current.is_bot:
        user = current
        user.name, user.name_key = name, name_key(name)
    else:
        user = add_user(session, name, is_bot=False)
    user.password_hash = _hasher.hash(password)
    session.flush()
    return user, new_token(session, user)


def login(session: Session, raw_name: object, raw_password: object) -> tuple[User, str]:
    if not isinstance(raw_name, str) or not isinstance(raw_password, str):
        raise AuthError("name_and_password")
    if has_control(raw_name):
        raise AuthError("name_letters")
    user = find_user(session, raw_name.strip()) if len(raw_name) <= 100 else None
    bad = AuthError("wrong_login")
    if user is None or user.password_hash is None:
        # the same work as for a real account: the answer's time tells no name apart
        with contextlib.suppress(VerificationError, InvalidHashError):
            _hasher.verify(_dummy_hash(), raw_password)
        raise bad
    try:
        _hasher.verify(user.password_hash, raw_password)
    except (VerificationError, InvalidHashError):
        raise bad from None
    if _hasher.check_needs_rehash(user.password_hash):
        user.password_hash = _hasher.hash(raw_password)
    return user, new_token(session, user)


def change_password(session: Session, user: User, raw_old: object, raw_new: object,
                    keep: str | None) -> list[str]:
    """Set an account's new password after checking its current one; every other session of
    the person (all but the token hash ``keep``) is revoked. The revoked token hashes."""
    if user.password_hash is None:
        raise AuthError("no_password_yet")
    if not isinstance(raw_old, str):
        raise AuthError("wrong_password")
    try:
        _hasher.verify(user.password_hash, raw_old)
    except (VerificationError, InvalidHashError):
        raise AuthError("wrong_password") from None
    user.password_hash = _hasher.hash(check_password(raw_new, user.name))
    others = [row for row in session.scalars(
        select(SessionToken).where(SessionToken.user_id == user.id)) if row.token_hash != keep]
    for row in others:
        session.delete(row)
    return [row.token_hash for row in others]


def add_user(session: Session, name: str, is_bot: bool) -> User:
    """A new person or bot level (rated per game from its first game on)."""
    user = User(name=name, name_key=name_key(name), is_bot=is_bot)
    session.add(user)
    return user


def bot_user(session: Session, level: str) -> User:
    """The rating holder of a bot level (``bot:normal``), created on first use."""
    name = f"bot:{level}"
    user = find_user(session, name)
    if user is None:
        user = add_user(session, name, is_bot=True)
        session.flush()
    return user
