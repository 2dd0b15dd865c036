"""The e-mails, written in the person's language: a plain text part and a simple HTML one.

An e-mail is a list of blocks, each a sentence and optionally the link it leads to; the
plain text puts the link on its own line, the HTML makes the sentence the link (every text
escaped). Reminders, invitations and digests end with an unsubscribe link and carry it in
``List-Unsubscribe`` with ``List-Unsubscribe-Post`` (RFC 8058: one click from the mail
program, no login).
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field

from evolutio.server.texts import say

#: a block: its sentence, and the address it links to (None: plain text)
Block = tuple[str, str | None]


@dataclass(frozen=True)
class Mail:
    """One e-mail's subject, bodies and extra headers."""

    subject: str
    text: str
    html: str
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class GameLine:
    """A game an e-mail names: its title, the players' names and the link to its table."""

    title: str
    players: list[str]
    link: str


def write(subject: str, blocks: list[Block], footer: list[Block],
          unsubscribe: str | None = None) -> Mail:
    """The e-mail of these blocks, the footer's links after a rule."""
    text_lines: list[str] = []
    parts: list[str] = []
    for sentence, link in blocks:
        text_lines.append(sentence if link is None else f"{sentence}\n{link}")
        shown = html.escape(sentence)
        parts.append(f"<p>{shown}</p>" if link is None
                      else f'<p><a href="{html.escape(link)}">{shown}</a></p>')
    text = "\n\n".join(text_lines)
    if footer:
        text += "\n\n-- \n" + "\n".join(f"{s}: {link}" for s, link in footer if link)
        parts.append('<hr><p style="font-size:small;color:#666">' + " · ".join(
            f'<a href="{html.escape(link)}">{html.escape(s)}</a>' for s, link in footer if link
        ) + "</p>")
    headers = {}
    if unsubscribe is not None:
        headers = {"List-Unsubscribe": f"<{unsubscribe}>",
                   "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}
    page = (f'<!doctype html><html><body style="font-family:sans-serif">{"".join(parts)}'
            "</body></html>")
    return Mail(subject, text + "\n", page, headers)


def verify(lang: str, name: str, address: str, link: str) -> Mail:
    """The verification e-mail: the only one ever sent to an unverified address."""
    return write(say(lang, "mail_verify_subject"),
                 [(say(lang, "mail_verify_body", name=name, address=address), None),
                  (say(lang, "mail_verify_link"), link)], [])


def _games(lang: str, games: list[GameLine]) -> list[Block]:
    return [(say(lang, "mail_game_line", game=g.title, players=", ".join(g.players)), g.link)
            for g in games]


def _footer(lang: str, unsubscribe: str, settings: str) -> list[Block]:
    return [(say(lang, "mail_unsubscribe"), unsubscribe), (say(lang, "mail_settings"), settings)]


def your_move(lang: str, name: str, games: list[GameLine], hours: int, unsubscribe: str,
              settings: str) -> Mail:
    """One "your move" e-mail for every game of the batch."""
    blocks: list[Block] = [(say(lang, "mail_move_intro", name=name), None), *_games(lang, games),
                           (say(lang, "mail_move_window", hours=hours), None)]
    return write(say(lang, "mail_move_subject", count=len(games)), blocks,
                 _footer(lang, unsubscribe, settings), unsubscribe)


def invitation(lang: str, name: str, by: str, game: GameLine, unsubscribe: str,
               settings: str) -> Mail:
    """An invitation to a room, from ``by``."""
    blocks: list[Block] = [
        (say(lang, "mail_invite_body", name=name, by=by, game=game.title), None),
        (say(lang, "mail_open_table"), game.link),
    ]
    return write(say(lang, "mail_invite_subject", by=by, game=game.title), blocks,
                 _footer(lang, unsubscribe, settings), unsubscribe)


def digest(lang: str, name: str, games: list[GameLine], unsubscribe: str,
           settings: str) -> Mail:
    """The daily summary of the games that wait for the person's move."""
    blocks: list[Block] = [(say(lang, "mail_digest_intro", name=name), None),
                           *_games(lang, games)]
    return write(say(lang, "mail_digest_subject", count=len(games)), blocks,
                 _footer(lang, unsubscribe, settings), unsubscribe)
