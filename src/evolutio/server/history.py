"""The game log as people read it: one sentence per applied action, in every client language.

A choice made in a simultaneous decision is hidden until the game reveals it, so its entry
is written from the events' sentences ("Ann bids.", then "Bids revealed: ...") and never from
the action's (which would say the bid). Everything else is described by its action.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.core.game import JSON, Action, Decision, Event, Game, IllegalAction
from evolutio.core.match import replay
from evolutio.core.record import Record
from evolutio.server.i18n import LANGUAGES


@dataclass
class LogEntry:
    """One applied action of the in-memory log, described in every client language
    (the database keeps only the action's JSON)."""

    v: int
    seat: int
    texts: dict[str, str]
    by: str

    def to_json(self, lang: str = "en") -> JSON:
        text = self.texts.get(lang) or self.texts.get("en", "")
        return {"v": self.v, "seat": self.seat, "text": text, "by": self.by}


def still_choosing(
    chosen: set[int], before: Decision | None, after: Decision | None, seat: int
) -> set[int]:
    """The seats that have chosen in a simultaneous decision still open after ``seat`` acted.

    The game drops a seat that has chosen from ``decision.seats``: when the decision goes on
    (same kind, the others still waiting) ``seat`` joins the chosen; any other change ends it.
    """
    if (
        before is not None
        and after is not None
        and (before.simultaneous or chosen)
        and after.kind == before.kind
        and seat not in after.seats
        and set(after.seats) < set(before.seats)
    ):
        return chosen | {seat}
    return set()


def hidden(before: Decision | None, chosen: set[int]) -> bool:
    """Whether an action taken now is a hidden simultaneous choice (several seats were to
    choose, or others already have and wait for this one)."""
    return before is not None and (before.simultaneous or bool(chosen))


def action_texts(
    game: Game[Any], state: Any, action: Action, languages: Sequence[str] = LANGUAGES
) -> dict[str, str]:
    """The action's sentence in each language (before it is applied)."""
    return {lang: game.describe_action(state, action, lang) for lang in languages}


def event_texts(
    game: Game[Any],
    events: Sequence[Event],
    players: list[str],
    languages: Sequence[str] = LANGUAGES,
    options: Mapping[str, Any] | None = None,
) -> dict[str, str]:
    """What the events did, one sentence each, joined, in each language (worded for the
    game's ``options``, such as an edition's card names)."""
    out = {}
    for lang in languages:
        parts = (game.describe_event(e, lang, players, options=options) for e in events)
        out[lang] = " ".join(p for p in parts if p)
    return out


def replay_steps(record: Record, lang: str = "en") -> list[JSON]:
    """The public view after every action of a finished game, with the log's sentence in
    ``lang``, replayed by ``core.match.replay`` (bad records raise ``RecordError``)."""
    steps: list[JSON] = []
    chosen: set[int] = set()
    players = list(record.players)
    text: str | None = None
    hide = False
    before: Decision | None = None
    for match, step in replay(record):
        if step is not None:
            if hide:
                options = match.state.options
                text = event_texts(match.game, step.events, players, (lang,), options)[lang]
            chosen = still_choosing(chosen, before, match.decision, step.seat)
        steps.append({"view": match.view(None), "seat": None if step is None else step.seat,
                      "text": text})
        if len(steps) <= len(record.actions):
            before = match.decision
            hide = hidden(before, chosen)
            if not hide:
                data = record.actions[len(steps) - 1][1]
                try:
                    action = match.game.action_from_json(data)
                except IllegalAction:
                    text = ""  # replay() names the bad action on the next step
                else:
                    text = match.game.describe_action(match.state, action, lang)
    return steps
