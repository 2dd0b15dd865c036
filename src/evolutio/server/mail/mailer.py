"""The mail queue and the reminders: what is due is queued in the database, then sent.

Every ``tick`` the mailer (one task on the event loop) looks at this process's turn-based
rooms for people whose move it is and who are not at the table, queues one batched "your
move" e-mail per person for the games not mailed about within their window (and not for a
decision already mailed about), queues the daily digests that are due, then sends what the
queue holds that is due. A failed send is tried again after ``backoff`` seconds, doubled with
each try, and given up on (logged) after ``tries``. The queue is rows of ``mail_queue``: a
restart sends what was left. A row is claimed by moving its due time ``lease`` seconds
ahead, so two processes of one database do not send it twice, and a process that dies while
sending leaves it to be tried again after the lease.

Nothing is queued to an address that is not verified (the verification e-mail aside), and a
queued e-mail is dropped if its address was changed or unverified since.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from evolutio.server import metrics
from evolutio.server.db import MailAddress, MailMoveRow, MailQueueRow, User, utcnow
from evolutio.server.mail import compose
from evolutio.server.mail.smtp import SmtpTarget
from evolutio.server.mail.tokens import VERIFY_SECONDS, Signer, address_digest, load_key

if TYPE_CHECKING:
    from evolutio.server.rooms import Room
    from evolutio.server.store import Store

log = logging.getLogger("evolutio.server")
#: the windows a person may choose, in hours: at most one "your move" e-mail per game in one
WINDOWS = (1, 3, 6, 12, 24)
#: what an unsubscribe link can turn off
KINDS = ("move", "invite", "digest")
#: e-mails sent per tick at most (the rest wait for the next)
BATCH = 50
#: headers folded only past SMTP's line limit: a ``List-Unsubscribe`` link stays one token
#: (the default policy would encode a long one, and mail programs would not read it)
HEADERS = policy.SMTP.clone(max_line_length=998)


@dataclass(frozen=True)
class MailSettings:
    """How the server sends e-mail. ``smtp`` None: it sends none.

    ``hour`` is the length of an hour of the mail clock in seconds (windows and digest days
    are counted in it; tests shorten it), ``tick`` how often the queue is looked at,
    ``backoff`` the first wait after a failed send, ``tries`` the sends before giving up,
    ``digest_hour`` the hour of the day (UTC) from which each day's digest goes out,
    ``lease`` the seconds a claimed e-mail is left to its sender before another round may
    take it (longer than a send can take: ``smtp.TIMEOUT`` per step)."""

    smtp: str | None = None
    public_url: str = "http://127.0.0.1:8000"
    tick: float = 30.0
    hour: float = 3600.0
    backoff: float = 60.0
    tries: int = 8
    digest_hour: int = 7
    lease: float = 300.0


class Mailer:
    """The queue, its sender and the reminders of one server process."""

    def __init__(self, settings: MailSettings, store: Store,
                 rooms: Callable[[], Iterable[Room]]) -> None:
        self.settings = settings
        self.store = store
        self.rooms = rooms
        self.base = settings.public_url.rstrip("/")
        self.target = (SmtpTarget.parse(settings.smtp, urlsplit(self.base).hostname or "localhost")
                       if settings.smtp else None)
        with store.session() as s:
            self.signer = Signer(load_key(s))
        self.wake = asyncio.Event()

    @property
    def enabled(self) -> bool:
        return self.target is not None

    # -- links -------------------------------------------------------------------------------

    def link(self, path: str) -> str:
        return self.base + path

    def verify_link(self, user_id: int, address: str) -> str:
        token = self.signer.sign("verify", user_id, address_digest(address), VERIFY_SECONDS)
        return self.link(f"/mail/verify?t={token}")

    def unsubscribe_link(self, user_id: int, kind: str) -> str:
        return self.link(f"/mail/unsubscribe?t={self.signer.sign('unsub', user_id, kind)}")

    def settings_link(self) -> str:
        return self.link("/settings")

    def game_line(self, room: Room, lang: str) -> compose.GameLine:
        game = room.game
        return compose.GameLine(game.info.titles.get(lang, game.title),
                                [s.name for s in room.seats if s.name],
                                self.link(f"/room/{room.id}"))

    # -- queueing ----------------------------------------------------------------------------

    def queue(self, s: Session, user_id: int | None, kind: str, to: str, mail: compose.Mail,
              room_id: str | None = None) -> None:
        """Add one e-mail to the queue (the caller commits); due now."""
        s.add(MailQueueRow(user_id=user_id, kind=kind, room_id=room_id, to_address=to,
                           subject=mail.subject, text=mail.text, html=mail.html,
                           headers=mail.headers, next_at=utcnow()))
        self.wake.set()

    def clock(self) -> float:
        """Hours of the mail clock since the epoch."""
        return time.time() / self.settings.hour

    def window_passed(self, sent_at: datetime, hours: int) -> bool:
        return utcnow() - sent_at >= timedelta(seconds=hours * self.settings.hour)

    # -- reminders ---------------------------------------------------------------------------

    def waiting(self) -> dict[int, list[Room]]:
        """The turn-based rooms of this process that wait for each person's move while
        they are not at the table."""
        out: dict[int, list[Room]] = {}
        for room in self.rooms():
            match = room.match
            if room.status != "playing" or match is None or not room.timing.days:
                continue
            for seat in match.on_clock():
                user = room.seats[seat].user_id
                if user is not None and room.seats[seat].bot is None and not room.connected(user):
                    out.setdefault(user, []).append(room)
        return out

    def remind(self) -> int:
        """Queue the "your move" e-mails due now; the number queued."""
        waiting = self.waiting()
        if not waiting:
            return 0
        queued = 0
        with self.store.session() as s:
            rows = s.execute(
                select(MailAddress, User).join(User, User.id == MailAddress.user_id).where(
                    MailAddress.user_id.in_(list(waiting)), MailAddress.verified_at.is_not(None),
                    MailAddress.your_move.is_(True))
            ).all()
            for address, user in rows:
                sent = {m.room_id: m for m in s.scalars(select(MailMoveRow).where(
                    MailMoveRow.user_id == user.id,
                    MailMoveRow.room_id.in_([r.id for r in waiting[user.id]])))}
                due = []
                for room in waiting[user.id]:
                    last = sent.get(room.id)
                    if last is not None and (last.turn == room.turn
                                             or not self.window_passed(last.sent_at,
                                                                       address.window)):
                        continue
                    due.append(room)
                if not due:
                    continue
                lang = address.lang
                mail = compose.your_move(lang, user.name, [self.game_line(r, lang) for r in due],
                                         address.window, self.unsubscribe_link(user.id, "move"),
                                         self.settings_link())
                self.queue(s, user.id, "move", address.address, mail,
                           due[0].id if len(due) == 1 else None)
                now = utcnow()
                for room in due:
                    last = sent.get(room.id)
                    if last is None:
                        s.add(MailMoveRow(user_id=user.id, room_id=room.id, turn=room.turn,
                                          sent_at=now))
                    else:
                        last.turn, last.sent_at = room.turn, now
                queued += 1
            s.commit()
        return queued

    def digests(self) -> int:
        """Queue the daily digests due now: from ``digest_hour`` UTC, at the first round of
        the day that finds games waiting for the person, once a day; the number queued."""
        hours = self.clock()
        today = int(hours // 24)
        if hours % 24 < self.settings.digest_hour:
            return 0
        queued = 0
        with self.store.session() as s:
            rows = s.execute(
                select(MailAddress, User).join(User, User.id == MailAddress.user_id).where(
                    MailAddress.digest.is_(True), MailAddress.verified_at.is_not(None),
                    MailAddress.digest_day < today)
            ).all()
            if not rows:
                return 0
            waiting: dict[int, list[Room]] = {}
            for room in self.rooms():
                if room.status == "playing" and room.match is not None and room.timing.days:
                    for seat in room.match.on_clock():
                        if room.seats[seat].user_id is not None:
                            waiting.setdefault(room.seats[seat].user_id or 0, []).append(room)
            for address, user in rows:
                games = waiting.get(user.id, [])
                if games:
                    address.digest_day = today
                    lang = address.lang
                    mail = compose.digest(lang, user.name, [self.game_line(r, lang) for r in games],
                                          self.unsubscribe_link(user.id, "digest"),
                                          self.settings_link())
                    self.queue(s, user.id, "digest", address.address, mail)
                    queued += 1
            s.commit()
        return queued

    # -- sending -----------------------------------------------------------------------------

    def message(self, row: MailQueueRow) -> EmailMessage:
        assert self.target is not None
        msg = EmailMessage(policy=HEADERS)
        msg["From"] = self.target.sender
        msg["To"] = row.to_address
        msg["Subject"] = row.subject
        msg["Date"] = formatdate(localtime=False)
        msg["Message-ID"] = make_msgid(domain=self.target.sender.split("@")[-1])
        msg["Auto-Submitted"] = "auto-generated"
        for name, value in row.headers.items():
            msg[name] = str(value)
        msg.set_content(row.text, cte="quoted-printable")
        msg.add_alternative(row.html, subtype="html", cte="quoted-printable")
        return msg

    def claim(self) -> list[MailQueueRow]:
        """The due e-mails this process takes (their due time moved ``lease`` ahead); those
        whose address is no longer verified are dropped."""
        now = utcnow()
        taken: list[MailQueueRow] = []
        with self.store.session() as s:
            due = s.scalars(select(MailQueueRow).where(
                MailQueueRow.status == "queued", MailQueueRow.next_at <= now,
            ).order_by(MailQueueRow.next_at).limit(BATCH)).all()
            for row in due:
                claimed: Any = s.execute(
                    update(MailQueueRow)
                    .where(MailQueueRow.id == row.id, MailQueueRow.next_at == row.next_at,
                           MailQueueRow.status == "queued")
                    .values(next_at=now + timedelta(seconds=self.settings.lease))
                )
                if claimed.rowcount != 1:
                    continue
                if not self.still_wanted(s, row):
                    s.execute(update(MailQueueRow).where(MailQueueRow.id == row.id)
                              .values(status="failed", error="address changed or unverified"))
                    continue
                taken.append(row)
            s.commit()
        return taken

    @staticmethod
    def still_wanted(s: Session, row: MailQueueRow) -> bool:
        """Whether the row's address is still the person's (and verified, unless this is
        the verification e-mail itself)."""
        if row.user_id is None:
            return False
        address = s.get(MailAddress, row.user_id)
        if address is None or address.address != row.to_address:
            return False
        return row.kind == "verify" or address.verified_at is not None

    async def deliver(self) -> int:
        """Send the due e-mails; the number sent."""
        if self.target is None:
            return 0
        sent = 0
        for row in self.claim():
            try:
                await asyncio.to_thread(self.target.send, self.message(row))
            except Exception as exc:
                self.failed(row, exc)
                continue
            with self.store.session() as s:
                s.execute(update(MailQueueRow).where(MailQueueRow.id == row.id)
                          .values(status="sent", sent_at=utcnow(), tries=row.tries + 1,
                                  error=None))
                s.commit()
            metrics.mailed("sent")
            sent += 1
        return sent

    def failed(self, row: MailQueueRow, exc: Exception) -> None:
        """A send failed: try again later, or give up after the last try (logged)."""
        tries = row.tries + 1
        why = f"{type(exc).__name__}: {exc}"[:500]
        values: dict[str, Any] = {"tries": tries, "error": why}
        if tries >= self.settings.tries:
            values["status"] = "failed"
            metrics.mailed("given_up")
            log.warning("mail %d (%s to user %s): given up after %d tries: %s", row.id,
                        row.kind, row.user_id, tries, why)
        else:
            wait = self.settings.backoff * 2 ** (tries - 1)
            values["next_at"] = utcnow() + timedelta(seconds=wait)
            metrics.mailed("retry")
            log.warning("mail %d: try %d failed (%s); again in %.1f s", row.id, tries, why,
                        wait)
        with self.store.session() as s:
            s.execute(update(MailQueueRow).where(MailQueueRow.id == row.id).values(**values))
            s.commit()

    # -- the loop ----------------------------------------------------------------------------

    async def once(self) -> None:
        """One round: reminders and digests queued, then the due e-mails sent."""
        self.remind()
        self.digests()
        await self.deliver()

    async def run(self) -> None:
        """Rounds every ``tick`` seconds (sooner when an e-mail was queued) until cancelled;
        a failed round is logged and the next one runs. Without SMTP: nothing to do."""
        while self.enabled:
            try:
                await self.once()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the mail round failed")
            self.wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), self.settings.tick)
