"""The e-mail endpoints: settings, adding an address, its verification, unsubscribing and
invitations (docs/protocol.md, "E-mail").

Only an account may have an address (a guest's name is gone with its cookie). An address is
verified by the signed link e-mailed to it; ``/mail/verify`` and ``/mail/unsubscribe`` are
pages opened from an e-mail, so they work without login, by their signed token alone.
"""

from __future__ import annotations

import html
import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from sqlalchemy import select

from evolutio.core.registry import get_game
from evolutio.server import auth
from evolutio.server.db import MailAddress, MailQueueRow, RoomRow, User, utcnow
from evolutio.server.guard import ApiError, lang_of
from evolutio.server.i18n import LANGUAGES
from evolutio.server.limits import Quota
from evolutio.server.mail import compose
from evolutio.server.mail.mailer import KINDS, WINDOWS, Mailer
from evolutio.server.mail.tokens import address_digest
from evolutio.server.people import People
from evolutio.server.texts import say

#: an address as people type one: something@host.tld, no spaces or angle brackets
ADDRESS = re.compile(r"^[^\s@<>\"',;]{1,64}@[^\s@<>\"',;]+\.[^\s@<>\"',;]{2,}$")
#: verification e-mails per person, and invitations per inviter, per hour
VERIFY_PER_HOUR = 5
INVITES_PER_HOUR = 20
SETTINGS = ("your_move", "invites", "digest")


def settings_json(mailer: Mailer, row: MailAddress | None) -> dict[str, Any]:
    """What ``GET /api/mail`` answers."""
    out: dict[str, Any] = {
        "enabled": mailer.enabled, "address": None, "verified": False, "your_move": True,
        "window": 6, "windows": list(WINDOWS), "invites": True, "digest": False,
        "digest_hour": mailer.settings.digest_hour, "lang": None,
    }
    if row is not None:
        out.update(address=row.address, verified=row.verified_at is not None,
                   your_move=row.your_move, window=row.window, invites=row.invites,
                   digest=row.digest, lang=row.lang)
    return out


def page(lang: str, sentence: str, status: int = 200) -> HTMLResponse:
    """A page for a link opened from an e-mail: one sentence and the way to the lobby."""
    return HTMLResponse(
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width">'
        '<link rel="stylesheet" href="/static/style.css"><title>evolutio</title></head>'
        f'<body><main class="panel" id="mail-page"><p>{html.escape(sentence)}</p>'
        f'<p><a href="/">{html.escape(say(lang, "mail_back"))}</a></p></main></body></html>',
        status_code=status, headers={"Cache-Control": "no-store"})


def routes(app: FastAPI, mailer: Mailer, people: People,
           body: Callable[[Request], Awaitable[dict[str, Any]]]) -> None:
    store = mailer.store
    verifies = Quota(VERIFY_PER_HOUR, 3600.0)
    invites = Quota(INVITES_PER_HOUR, 3600.0)

    def account(request: Request) -> User:
        user = people.need_user(request)
        if user.password_hash is None:
            raise ApiError(403, "mail_account", code="account_needed")
        return user

    @app.get("/api/mail")
    async def api_mail(request: Request) -> dict[str, Any]:
        """The person's address and settings (the defaults before login), and whether this
        server sends e-mail at all (``enabled``)."""
        user = people.current(request)
        with store.session() as s:
            return settings_json(mailer, s.get(MailAddress, user.id) if user else None)

    @app.post("/api/mail/address")
    async def api_mail_address(request: Request) -> dict[str, Any]:
        """Set (and send the verification link to), or with an empty one remove, the address."""
        user = account(request)
        data = await body(request)
        raw = data.get("address")
        if raw in (None, ""):
            with store.session() as s:
                row = s.get(MailAddress, user.id)
                if row is not None:
                    s.delete(row)
                s.commit()
                return settings_json(mailer, None)
        if not mailer.enabled:
            raise ApiError(409, "mail_off", code="no_mail")
        if not isinstance(raw, str) or len(raw) > 254 or not ADDRESS.match(raw.strip()):
            raise ApiError(400, "mail_address_bad", code="bad_address")
        address = raw.strip()
        if not verifies.take(str(user.id)):
            raise ApiError(429, "mail_too_fast", code="too_fast")
        lang = lang_of(request)
        with store.session() as s:
            row = s.get(MailAddress, user.id)
            if row is None:
                row = MailAddress(user_id=user.id, address=address, lang=lang)
                s.add(row)
            elif row.address != address:
                row.address, row.verified_at = address, None
            row.lang = lang
            if row.verified_at is None:
                mail = compose.verify(lang, user.name, address,
                                      mailer.verify_link(user.id, address))
                mailer.queue(s, user.id, "verify", address, mail)
            s.commit()
            return settings_json(mailer, row)

    @app.post("/api/mail/settings")
    async def api_mail_settings(request: Request) -> dict[str, Any]:
        """Change what is sent: ``your_move``, ``window`` (hours), ``invites``, ``digest``,
        and ``lang``, the language e-mails are written in."""
        user = account(request)
        data = await body(request)
        for name in SETTINGS:
            if name in data and not isinstance(data[name], bool):
                raise ApiError(400, "mail_setting_bad", code="bad_setting", name=name)
        if "window" in data and data["window"] not in WINDOWS:
            raise ApiError(400, "mail_window_bad", code="bad_setting",
                           hours=", ".join(map(str, WINDOWS)))
        if "lang" in data and data["lang"] not in LANGUAGES:
            raise ApiError(400, "mail_lang_bad", code="bad_setting",
                           languages=", ".join(LANGUAGES))
        with store.session() as s:
            row = s.get(MailAddress, user.id)
            if row is None:
                raise ApiError(409, "mail_address_bad", code="no_address")
            for name in (*SETTINGS, "window", "lang"):
                if name in data:
                    setattr(row, name, data[name])
            s.commit()
            return settings_json(mailer, row)

    @app.get("/mail/verify", include_in_schema=False)
    async def mail_verify(request: Request, t: str = "") -> HTMLResponse:
        lang = lang_of(request)
        found = mailer.signer.read(t, "verify")
        with store.session() as s:
            row = s.get(MailAddress, found[0]) if found else None
            if found is None or row is None or address_digest(row.address) != found[1]:
                return page(lang, say(lang, "mail_link_bad"), 400)
            if row.verified_at is None:
                row.verified_at = utcnow()
                s.commit()
            return page(row.lang if row.lang in LANGUAGES else lang,
                        say(row.lang, "mail_verified", address=row.address))

    async def unsubscribe(request: Request, t: str) -> HTMLResponse:
        lang = lang_of(request)
        found = mailer.signer.read(t, "unsub")
        with store.session() as s:
            row = s.get(MailAddress, found[0]) if found else None
            if found is None or row is None or found[1] not in KINDS:
                return page(lang, say(lang, "mail_link_bad"), 400)
            field = {"move": "your_move", "invite": "invites", "digest": "digest"}[found[1]]
            setattr(row, field, False)
            s.commit()
            return page(row.lang, say(row.lang, f"mail_unsubscribed_{found[1]}"))

    @app.get("/mail/unsubscribe", include_in_schema=False)
    async def mail_unsubscribe(request: Request, t: str = "") -> HTMLResponse:
        return await unsubscribe(request, t)

    @app.post("/mail/unsubscribe", include_in_schema=False)
    async def mail_unsubscribe_post(request: Request, t: str = "") -> HTMLResponse:
        """RFC 8058's one click: the mail program posts to the ``List-Unsubscribe`` link."""
        return await unsubscribe(request, t)

    @app.post("/api/rooms/{room_id}/invite-by-mail")
    async def api_invite(room_id: str, request: Request) -> dict[str, Any]:
        """Invite a person to a room by e-mail, where they allow it: ``{"name"}`` answers
        ``{"invited", "mailed"}`` (``mailed`` false: they get no e-mailed invitations)."""
        user = people.need_user(request)
        data = await body(request)
        name = data.get("name")
        if not isinstance(name, str) or len(name) > 100:
            raise ApiError(400, "name_needed", code="bad_name")
        with store.session() as s:
            room = s.get(RoomRow, room_id)
            if room is None:
                raise ApiError(404, "no_room", code="no_room", room=room_id)
            if room.status == "over":
                raise ApiError(409, "mail_room_over", code="not_open")
            if room.host_id != user.id and not any(
                isinstance(x, dict) and x.get("user_id") == user.id for x in room.seats
            ):
                raise ApiError(403, "mail_not_in_room", code="not_in_room")
            target = auth.find_user(s, name)
            if target is None or target.is_bot:
                raise ApiError(404, "no_player", name=name[:40])
            if target.id == user.id:
                raise ApiError(400, "mail_self", code="bad_name")
            address = s.get(MailAddress, target.id)
            if (not mailer.enabled or address is None or address.verified_at is None
                    or not address.invites):
                return {"invited": target.name, "mailed": False}
            already = s.scalars(select(MailQueueRow.id).where(
                MailQueueRow.user_id == target.id, MailQueueRow.kind == "invite",
                MailQueueRow.room_id == room_id)).first()
            if already is None:
                if not invites.take(str(user.id)):
                    raise ApiError(429, "mail_too_fast", code="too_fast")
                game = get_game(room.game)
                title = game.info.titles.get(address.lang, game.title)
                line = compose.GameLine(title, [x.get("name") or "" for x in room.seats
                                                if isinstance(x, dict) and x.get("name")],
                                        mailer.link(f"/room/{room_id}"))
                mail = compose.invitation(address.lang, target.name, user.name, line,
                                          mailer.unsubscribe_link(target.id, "invite"),
                                          mailer.settings_link())
                mailer.queue(s, target.id, "invite", address.address, mail, room_id)
                s.commit()
            return {"invited": target.name, "mailed": True}
