"""The game log as people read it: one entry per applied action, saying what happened, in
every client language.

An entry is written from the game's events (``describe_event``: "Ada plays a new animal A3",
"Carnivore A3 attacks A1"), players named and seats counted from 1, never from the action's
own sentence, which is an order to the player ("End your feeding turn"). An action whose
events say nothing is told by the game's optional ``describe_done`` ("Ada ends the feeding
turn"), except a hidden simultaneous choice, which is told only by its events ("Ann bids.",
then "Bids revealed: ..."). ``by`` says who chose: ``human``, ``bot`` (a bot seat's own
bot, or one playing for an absent person: the seat's ``bot`` in the room tells which) or
``timeout`` (the clock's default).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from evolutio.core.game import JSON, Action, Decision, Event, Game
from evolutio.core.match import replay
from evolutio.core.record import Record
from evolutio.server.i18n import LANGUAGES


@dataclass
class LogEntry:
    """One applied action of the in-memory log, described in every client language
    (the database keeps only the action's JSON); a language nobody has asked for yet is
    made by ``later`` when first sent (see :func:`log_entry`).

    ``lines`` holds, per language, one line per event that says something: ``{"type": the
    event's type, "text": its sentence}``, and ``"seat"`` when the event names one (an int
    ``seat`` field); ``texts`` is their sentences joined (or the ``describe_done`` sentence
    of an action whose events say nothing, which has no lines)."""

    v: int
    seat: int
    texts: dict[str, str]
    by: str
    later: Callable[[str], list[JSON]] | None = field(default=None, repr=False, compare=False)
    lines: dict[str, list[JSON]] = field(default_factory=dict, repr=False, compare=False)

    def _made(self, lang: str) -> None:
        if lang not in self.lines and self.later is not None and lang in LANGUAGES:
            said = self.later(lang)
            self.lines[lang] = said
            self.texts[lang] = joined(said)

    def text(self, lang: str = "en") -> str:
        """The entry's sentence in ``lang`` (English when it has none)."""
        self._made(lang)
        return self.texts.get(lang) or self.texts.get("en", "")

    def event_lines(self, lang: str = "en") -> list[JSON]:
        """The entry's lines in ``lang`` (English when it has none; [] when only a
        ``describe_done`` sentence tells it)."""
        self._made(lang)
        if lang in self.lines:
            return self.lines[lang]
        return self.lines.get("en", []) if not self.texts.get(lang) else []

    def to_json(self, lang: str = "en") -> JSON:
        return {"v": self.v, "seat": self.seat, "text": self.text(lang), "by": self.by,
                "lines": self.event_lines(lang)}


def event_lines(
    game: Game[Any],
    events: Sequence[Event],
    lang: str,
    players: list[str],
    options: Mapping[str, Any] | None = None,
) -> list[JSON]:
    """One line per event that says something in ``lang``: its type, its sentence and, when
    the event names a seat (an int field ``seat``), that seat."""
    out: list[JSON] = []
    for event in events:
        text = game.describe_event(event, lang, players, options=options)
        if not text:
            continue
        line: JSON = {"type": event.type, "text": text}
        seat = getattr(event, "seat", None)
        if isinstance(seat, int) and not isinstance(seat, bool):
            line["seat"] = seat
        out.append(line)
    return out


def joined(lines: Sequence[JSON]) -> str:
    """The lines' sentences as one text (the log entry's ``text``)."""
    return " ".join(str(line["text"]) for line in lines)


def hidden(before: Decision | None) -> bool:
    """Whether an action taken in the decision ``before`` is a hidden simultaneous choice
    (several seats take part: those to choose and those who have, ``Decision.chosen``)."""
    return before is not None and before.simultaneous


def entry_texts(
    game: Game[Any],
    state: Any,
    step: tuple[int, Action, Sequence[Event]],
    players: list[str],
    hide: bool,
    languages: Sequence[str] = LANGUAGES,
    options: Mapping[str, Any] | None = None,
) -> dict[str, str]:
    """The log entry of one applied action ``step`` = (seat, action, events), in each
    language: its events' sentences, else (unless the choice is ``hide``-den) the game's
    ``describe_done`` sentence; ``state`` is the state after the action; ``options`` word
    the sentences (such as an edition's card names)."""
    seat, action, events = step
    out = {}
    for lang in languages:
        text = joined(event_lines(game, events, lang, players, options))
        if not text and not hide:
            said = game.describe_done(state, seat, action, lang, players)
            text = "" if said is None else str(said)
        out[lang] = text
    return out


def log_entry(
    game: Game[Any],
    state: Any,
    step: tuple[int, Action, Sequence[Event]],
    players: list[str],
    hide: bool,
    version: int,
    by: str,
    options: Mapping[str, Any] | None = None,
) -> LogEntry:
    """The log entry of one applied action (as :func:`entry_texts`), in English now and in
    another language when it is first sent: the events' sentences need only the events,
    which stay as they are. A text from ``describe_done`` reads the state, which moves on,
    so then every language is written at once."""
    seat, _, events = step
    told = tuple(events)
    names = list(players)

    def said(lang: str) -> list[JSON]:
        return event_lines(game, told, lang, names, options)

    english = said("en")
    if not english:
        texts = entry_texts(game, state, step, names, hide, options=options)
        return LogEntry(version, seat, texts, by)
    return LogEntry(version, seat, {"en": joined(english)}, by, said, {"en": english})


class History:
    """A room's game log in memory (``room.log``): one :class:`LogEntry` per applied action,
    in order. It owns its entries: the room adds one per action, an undo takes the last
    back, a state frame reads them."""

    def __init__(self) -> None:
        self._entries: list[LogEntry] = []

    def __iter__(self) -> Iterator[LogEntry]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def add(self, game: Game[Any], state: Any, step: tuple[int, Action, Sequence[Event]],
            players: list[str], hide: bool, version: int, by: str) -> None:
        """The entry of one applied action (as :func:`log_entry`; ``state`` is the state after
        it, its options word the sentences)."""
        self._entries.append(log_entry(game, state, step, players, hide, version, by,
                                       state.options))

    def take_back(self, version: int) -> None:
        """Forget the entry of ``version`` when it is the last (an undo)."""
        if self._entries and self._entries[-1].v == version:
            self._entries.pop()

    def acted_since(self, seat: int, version: int) -> bool:
        """Whether a person at ``seat`` made one of the actions after ``version``."""
        for entry in reversed(self._entries):
            if entry.v <= version:
                return False
            if entry.seat == seat and entry.by == "human":
                return True
        return False

    def to_json(self, lang: str, full: bool, version: int) -> list[JSON]:
        """The entries a state frame carries, in ``lang``: all of them in a full one, else
        the entry of ``version`` (none when the last is older)."""
        if full:
            return [e.to_json(lang) for e in self._entries]
        last = self._entries[-1:]
        return [e.to_json(lang) for e in last if e.v == version]


def replayed(record: Record, languages: Sequence[str], source: str = "record",
             ) -> Iterator[tuple[JSON, int | None, dict[str, str] | None]]:
    """A finished game replayed by ``core.match.replay`` (bad records raise ``RecordError``):
    the public view after every action, the seat that acted (None at the start) and the
    log's sentence in each of ``languages`` (None at the start)."""
    players = list(record.players)
    before: Decision | None = None
    for match, step in replay(record, source):
        texts: dict[str, str] | None = None
        if step is not None:
            texts = entry_texts(match.game, match.state, (step.seat, step.action, step.events),
                                players, hidden(before), languages, match.state.options)
        yield match.view(None), None if step is None else step.seat, texts
        before = match.decision


def replay_steps(record: Record, lang: str = "en", steps: list[JSON] | None = None,
                 source: str = "record") -> list[JSON]:
    """The public view after every action of a finished game, with the log's sentence in
    ``lang`` (as :func:`replayed`). Steps go into ``steps`` when given, so that a caller
    keeps those made before a refusal."""
    steps = [] if steps is None else steps
    for view, seat, texts in replayed(record, (lang,), source):
        steps.append({"view": view, "seat": seat, "text": None if texts is None else texts[lang]})
    return steps
