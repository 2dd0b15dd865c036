"""Storage: SQLAlchemy 2 models and the engine factory.

Games are event-sourced: ``ActionRow`` holds every applied action in order, written before
it is broadcast, so a restarted server rebuilds each game by replaying its rows.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    create_engine,
    event,
)
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    pass


class User(Base):
    """A person (guest or account) or a bot level; its ratings are per game (``Rating``)."""

    __tablename__ = "users"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    # the casefolded name: up to three characters per character of a 24-character name
    name_key: Mapped[str] = mapped_column(String(80), unique=True, nullable=False)
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    is_bot: Mapped[bool] = mapped_column(Boolean, default=False, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class Rating(Base):
    """A person's or a bot level's rating in one game (openskill mu and sigma)."""

    __tablename__ = "ratings"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True, index=True)
    mu: Mapped[float] = mapped_column(Float, default=25.0, nullable=False)
    sigma: Mapped[float] = mapped_column(Float, default=25.0 / 3, nullable=False)
    games: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    wins: Mapped[int] = mapped_column(Integer, default=0, nullable=False)


class SessionToken(Base):
    """A login: the SHA-256 of the token the browser holds in a cookie."""

    __tablename__ = "sessions"
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), nullable=False, index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class RoomRow(Base):
    """A room: its game, options, seats, clock and, once started, seed and outcome."""

    __tablename__ = "rooms"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), nullable=False)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    seed: Mapped[int] = mapped_column(Integer, nullable=False)
    clock: Mapped[int] = mapped_column(Integer, nullable=False)
    status: Mapped[str] = mapped_column(String(16), nullable=False, index=True)
    host_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    seats: Mapped[list[Any]] = mapped_column(JSON, nullable=False)
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: each waiting seat's decision deadline ({"seat": seconds since the epoch}), kept so a
    #: restart does not give a pending decision a full new clock
    deadlines: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: the time control besides ``clock`` (server/timing.py): each player's time bank and
    #: increment in seconds, or days per move (a turn-based room); 0 when unused
    bank: Mapped[int] = mapped_column(Integer, default=0, server_default="0", nullable=False)
    increment: Mapped[int] = mapped_column(Integer, default=0, server_default="0",
                                           nullable=False)
    days: Mapped[int] = mapped_column(Integer, default=0, server_default="0", nullable=False)
    #: each seat's time bank in seconds ({"seat": seconds}) as its current decision began
    banks: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: left out of every public list; reached by its invite link only (migration 0006)
    private: Mapped[bool] = mapped_column(Boolean, default=False, nullable=False)
    #: the room offered to this finished game's players as its rematch
    rematch: Mapped[str | None] = mapped_column(String(16), nullable=True)
    #: the version of the game's rules the game was played under (``GameInfo.rules``;
    #: NULL in rows from before migration 0007, read as 1)
    rules: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)
    started_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class ActionRow(Base):
    """One applied action of a room's game, in order; the game's event log."""

    __tablename__ = "actions"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    action: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    by: Mapped[str] = mapped_column(String(16), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class ChatRow(Base):
    """A chat line of a room (already length-checked; escaped by the client on display)."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), nullable=False, index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class Participation(Base):
    """Who sat where in a finished game, with score, rank and rating change."""

    __tablename__ = "participations"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), nullable=False, index=True)
    score: Mapped[int] = mapped_column(Integer, nullable=False)
    rank: Mapped[int] = mapped_column(Integer, nullable=False)
    rating_before: Mapped[float] = mapped_column(Float, nullable=False)
    rating_after: Mapped[float] = mapped_column(Float, nullable=False)


class LessonProgress(Base):
    """How far an account came in one lesson (guests keep theirs in the browser)."""

    __tablename__ = "lesson_progress"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    lesson: Mapped[str] = mapped_column(String(40), primary_key=True)
    #: the steps made (the next one to play), and whether the lesson was finished once
    step: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    done: Mapped[bool] = mapped_column(Boolean, default=False, nullable=False)
    updated_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class PuzzleRatingRow(Base):
    """A puzzle's Glicko-2 rating, created at its first rated attempt (migration 0009)."""

    __tablename__ = "puzzle_ratings"
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    puzzle: Mapped[str] = mapped_column(String(64), primary_key=True)
    rating: Mapped[float] = mapped_column(Float, nullable=False)
    rd: Mapped[float] = mapped_column(Float, nullable=False)
    vol: Mapped[float] = mapped_column(Float, nullable=False)
    plays: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    solved: Mapped[int] = mapped_column(Integer, default=0, nullable=False)


class PuzzleSolverRow(Base):
    """A person's puzzle rating in one game (Glicko-2), attempts and streaks (migration 0009)."""

    __tablename__ = "puzzle_solvers"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    rating: Mapped[float] = mapped_column(Float, nullable=False)
    rd: Mapped[float] = mapped_column(Float, nullable=False)
    vol: Mapped[float] = mapped_column(Float, nullable=False)
    attempts: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    solved: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    streak: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    best_streak: Mapped[int] = mapped_column(Integer, default=0, nullable=False)


class PuzzleAttemptRow(Base):
    """One answer to a puzzle: right or wrong, and the solver's rating change (0 if unrated)."""

    __tablename__ = "puzzle_attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(40), nullable=False)
    puzzle: Mapped[str] = mapped_column(String(64), nullable=False)
    correct: Mapped[bool] = mapped_column(Boolean, nullable=False)
    rated: Mapped[bool] = mapped_column(Boolean, nullable=False)
    rating_before: Mapped[float] = mapped_column(Float, nullable=False)
    rating_after: Mapped[float] = mapped_column(Float, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class Follow(Base):
    """One person following another: the follower's friends list (migration 0011)."""

    __tablename__ = "follows"
    follower_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    followed_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True,
                                             index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class Block(Base):
    """One person blocking another: no invitations, chat lines or queue matches between
    them (migration 0011)."""

    __tablename__ = "blocks"
    blocker_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True,
                                            index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class MailAddress(Base):
    """A person's e-mail address and what they consented to be sent (migration 0012).

    Nothing but the verification link goes to an address before ``verified_at``."""

    __tablename__ = "mail_addresses"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254), nullable=False)
    verified_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    #: the language the person's e-mails are written in (their page's when last saved)
    lang: Mapped[str] = mapped_column(String(8), default="en", nullable=False)
    #: "your move" e-mails, and the hours within which a game is mailed about once at most
    your_move: Mapped[bool] = mapped_column(Boolean, default=True, nullable=False)
    window: Mapped[int] = mapped_column(Integer, default=6, nullable=False)
    invites: Mapped[bool] = mapped_column(Boolean, default=True, nullable=False)
    digest: Mapped[bool] = mapped_column(Boolean, default=False, nullable=False)
    #: the day (days since the epoch, mail clock) of the last digest sent
    digest_day: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class MailQueueRow(Base):
    """An e-mail to send, kept until sent or given up on: the queue survives restarts."""

    __tablename__ = "mail_queue"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True,
                                                index=True)
    #: verify, move, invite or digest; the room an invitation or reminder is about
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    room_id: Mapped[str | None] = mapped_column(String(16), nullable=True)
    to_address: Mapped[str] = mapped_column(String(254), nullable=False)
    subject: Mapped[str] = mapped_column(String(300), nullable=False)
    text: Mapped[str] = mapped_column(Text, nullable=False)
    html: Mapped[str] = mapped_column(Text, nullable=False)
    headers: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    #: queued, sent or failed (given up after the last try)
    status: Mapped[str] = mapped_column(String(8), default="queued", nullable=False,
                                        index=True)
    tries: Mapped[int] = mapped_column(Integer, default=0, nullable=False)
    next_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)
    sent_at: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class MailMoveRow(Base):
    """The last "your move" e-mail about one game to one person: its decision and time."""

    __tablename__ = "mail_moves"
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    room_id: Mapped[str] = mapped_column(String(16), primary_key=True)
    turn: Mapped[int] = mapped_column(Integer, nullable=False)
    sent_at: Mapped[datetime] = mapped_column(DateTime, nullable=False)


class MailKeyRow(Base):
    """The secret that signs the e-mails' links, made once per database."""

    __tablename__ = "mail_keys"
    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128), nullable=False)


def default_db_url(path: str | Path = "evolutio.db") -> str:
    return f"sqlite:///{Path(path).resolve()}"


def normalize_db_url(url: str) -> str:
    """``url`` with PostgreSQL's driver made explicit: psycopg 3, the one the server extra ships.

    ``postgresql://`` and ``postgres://`` (the form Heroku-style hosts hand out) become
    ``postgresql+psycopg://``; a URL naming its driver (``postgresql+psycopg2://``) and every
    other database are left alone. SQLAlchemy 2.0 would otherwise pick psycopg2.
    """
    for scheme in ("postgresql://", "postgres://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme) :]
    return url


def hide_password(url: str) -> str:
    """``url`` fit to print: a password in it shows as ``***``."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL and a busy timeout so a kill loses nothing."""
    url = normalize_db_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def make_sessionmaker(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)


class AnalysisRow(Base):
    """A finished game's move-by-move analysis (``evolutio.analysis``), made once by the
    server's analysis workers and served to every later viewer (migration 0011)."""

    __tablename__ = "analyses"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    #: ``done`` (``result`` holds the analysis) or ``failed`` (``reason`` says why)
    status: Mapped[str] = mapped_column(String(16), nullable=False)
    #: the search's budget per decision (``Budget``'s text form)
    budget: Mapped[str] = mapped_column(String(40), nullable=False)
    #: ``Analysis.to_json()`` (its sentences in English)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: the sentences of every analysed decision in each client language:
    #: ``{lang: {index: {"played", "best", "line": [sentence]}}}``
    words: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    #: seconds the analysis took in its worker
    seconds: Mapped[float] = mapped_column(Float, default=0.0, nullable=False)
    requested_by: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    finished_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)


class ReplayRow(Base):
    """A finished game's replay as it was shown when the game ended (server/replays.py): kept
    so that a later change of the rules, which may refuse the recorded actions, never makes
    the game unviewable (migration 0013)."""

    __tablename__ = "replays"
    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    #: the gzip-compressed JSON of ``replays.archive_json``: the views once, the sentences
    #: in every client language
    body: Mapped[bytes] = mapped_column(LargeBinary, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime, default=utcnow, nullable=False)
