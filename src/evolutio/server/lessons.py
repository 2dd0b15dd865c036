"""Lessons over HTTP: a game's guided first game, step by step (docs/lessons.md).

- ``GET /api/lessons``: every game's lessons (title, summary, steps) and, for an account,
  how far it came in each.
- ``POST /api/lessons/GAME/LESSON/start``: the table of a step (``step``, default 0).
- ``POST /api/lessons/GAME/LESSON/act``: a move (``index`` in the step's legal moves, or a
  JSON ``action``); the answer says whether it was the move taught (then made), another
  legal move (the lesson's hint) or refused by the rules (the engine's reason), in the
  request's language.
- ``POST /api/lessons/GAME/LESSON/why``: things clicked on the table that no legal move
  uses: the game's explanation, answered as a refused move.
- ``POST /api/lessons/GAME/LESSON/next``: on to the next step once the move is made.
- ``POST /api/lessons/GAME/LESSON/play``: after the lesson, a short real game against an
  easy bot (Play now with the lesson's options).

The lesson being played is held in memory per person (an account or guest by its id, a
visitor without a name by a cookie), at most ``KEPT`` of them, the least recently used
forgotten: a step is rebuilt from the lesson's data, so nothing of it needs saving.
Accounts' progress is kept in the database (``lesson_progress``); guests keep theirs in the
browser.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi import FastAPI, Request, Response
from sqlalchemy import select

from evolutio.core import lessons
from evolutio.core.game import IllegalAction, OptionError, decision_prompt, describe_choice
from evolutio.core.lessons import Lesson, Table
from evolutio.core.registry import available_games
from evolutio.server import lobby, reasons
from evolutio.server.db import LessonProgress, User, utcnow
from evolutio.server.frames import sent_action
from evolutio.server.guard import ApiError, lang_of
from evolutio.server.hub import Hub
from evolutio.server.people import People
from evolutio.server.table import confirms, outcome_json, score_json
from evolutio.server.texts import say

Body = Callable[[Request], Awaitable[dict[str, Any]]]
#: people with a lesson open, kept in memory at most (the least recently used go first)
KEPT = 512
#: the cookie that names a visitor without a name while they learn
COOKIE = "evolutio_learner"
#: wrong tries after which the answer also names the move taught
SHOW_AFTER = 2


@dataclass
class Open:
    """One person's lesson in play: its table, the wrong tries on this step and the answer
    to the last move."""

    table: Table
    tries: int = 0
    result: dict[str, Any] | None = field(default=None)


class Desk:
    """The lessons in play, per person, bounded (``KEPT``)."""

    def __init__(self, kept: int = KEPT) -> None:
        self.kept = kept
        self.open: OrderedDict[tuple[str, str, str], Open] = OrderedDict()

    def put(self, key: tuple[str, str, str], opened: Open) -> None:
        self.open[key] = opened
        self.open.move_to_end(key)
        while len(self.open) > self.kept:
            self.open.popitem(last=False)

    def get(self, key: tuple[str, str, str]) -> Open | None:
        opened = self.open.get(key)
        if opened is not None:
            self.open.move_to_end(key)
        return opened


def listing(lang: str) -> list[dict[str, Any]]:
    """Every game's lessons in ``lang``."""
    out = []
    for name in sorted(available_games()):
        for lesson in lessons.lessons(name):
            out.append({"game": name, "id": lesson.id, "title": lesson.title[lang],
                        "summary": lesson.summary[lang], "steps": len(lesson.steps)})
    return out


def legal_json(table: Table, lang: str) -> list[dict[str, Any]]:
    """The step's legal moves as a room's state frame lists them (docs/protocol.md)."""
    game, state = table.game, table.state
    return [{"index": i, "action": sent_action(a), "notation": a.notation(),
             "text": describe_choice(game, state, a, lang),
             "targets": [list(t) for t in game.action_targets(state, a)],
             "confirm": confirms(game, state, a)}
            for i, a in enumerate(table.legal())]


def frame(opened: Open, lang: str) -> dict[str, Any]:
    """What the lesson page draws: the narrator's step, the table (the seat's view, the
    decision and the legal moves, as a room's state frame has them) and the last answer."""
    table = opened.table
    game, state, step, lesson = table.game, table.state, table.step, table.lesson
    decision = game.decision(state)
    outcome = game.outcome(state)
    return {
        "game": lesson.game,
        "lesson": lesson.id,
        "title": lesson.title[lang],
        "step": table.index,
        "steps": len(lesson.steps),
        "id": step.id,
        "text": step.text[lang],
        "seat": step.seat,
        "view": game.view(state, step.seat),
        "decision": None if decision is None else {
            **decision.to_json(), "prompt": decision_prompt(game, state, decision, lang)},
        "legal": legal_json(table, lang),
        "made": table.moved,
        "last": table.index + 1 == len(lesson.steps),
        "tries": opened.tries,
        "result": opened.result,
        "score": score_json(game, state),
        "outcome": None if outcome is None else outcome_json(game, state, outcome),
        "play": dict(lesson.play),
    }


def _answer(opened: Open, kind: str, text: str, lang: str) -> None:
    """Keep the answer to a move (``result``); a miss counts, and from the second one on
    the answer names the move taught."""
    table = opened.table
    result: dict[str, Any] = {"kind": kind, "text": text}
    if kind != "right":
        opened.tries += 1
        if opened.tries >= SHOW_AFTER:
            taught = table.asked_action()
            move = describe_choice(table.game, table.state, taught, lang)
            result["show"] = {"index": table.legal().index(taught), "text": move,
                              "said": say(lang, "lesson_shown", move=move.rstrip("."))}
    opened.result = result


def judge(opened: Open, data: dict[str, Any], lang: str) -> None:
    """The answer to a move: ``index`` in the step's legal moves, or a JSON ``action``
    (which the rules may refuse: their reason, in ``lang``)."""
    table = opened.table
    if table.moved:
        raise ApiError(409, "lesson_made")
    legal = table.legal()
    index, sent = data.get("index"), data.get("action")
    if isinstance(sent, dict) and index is None:
        try:
            action = table.game.action_from_json(sent)
        except IllegalAction as exc:
            return _answer(opened, "refused", reasons.refusal(table.game, exc, lang), lang)
        except (TypeError, ValueError, KeyError):
            raise ApiError(400, "lesson_move") from None
    elif type(index) is int and 0 <= index < len(legal):
        action = legal[index]
    else:
        raise ApiError(400, "lesson_move")
    verdict = table.judge(action, lang)
    _answer(opened, verdict.kind, verdict.text, lang)


def why(opened: Open, targets: Any, lang: str) -> None:
    """A click on things on the table: when no legal move uses them all, the game's
    explanation (or the server's "cannot be used now") is the answer, as a refused move."""
    table = opened.table
    if table.moved:
        raise ApiError(409, "lesson_made")
    if not (isinstance(targets, list) and 0 < len(targets) <= 4 and all(
            isinstance(t, list) and len(t) == 2 and isinstance(t[0], str)
            and isinstance(t[1], (str, int)) and not isinstance(t[1], bool) for t in targets)):
        raise ApiError(400, "lesson_move")
    asked = tuple((str(kind), ident) for kind, ident in targets)
    wanted = {(kind, str(ident)) for kind, ident in asked}
    game, state = table.game, table.state
    for action in table.legal():
        if wanted <= {(str(k), str(i)) for k, i in game.action_targets(state, action)}:
            opened.result = {"kind": "usable", "text": say(lang, "why_usable")}
            return
    text = game.explain(state, table.step.seat, asked, lang)
    _answer(opened, "refused", text or say(lang, "why_not_now"), lang)


def routes(app: FastAPI, hub: Hub, people: People, body: Body) -> None:
    """Add the lesson routes to ``app``."""
    desk = Desk()
    app.state.lessons = desk

    def person(request: Request, response: Response | None) -> tuple[User | None, str]:
        """Who is learning: the logged-in person, else the visitor's cookie (made now)."""
        user = people.current(request)
        if user is not None:
            return user, f"user:{user.id}"
        token = request.cookies.get(COOKIE, "")
        if not (16 <= len(token) <= 64 and token.replace("-", "").replace("_", "").isalnum()):
            if response is None:
                raise ApiError(409, "lesson_not_started")
            token = secrets.token_urlsafe(24)
            response.set_cookie(COOKIE, token, httponly=True, samesite="lax",
                                max_age=7 * 24 * 3600)
        return None, f"anon:{token}"

    def lesson_of(game: str, lesson_id: str) -> Lesson:
        try:
            found = lessons.find(game, lesson_id) if game in available_games() else None
        except OptionError:
            found = None
        if found is None:
            raise ApiError(404, "no_lesson", code="no_lesson", game=game[:40],
                           lesson=lesson_id[:40])
        return found

    def opened_of(request: Request, game: str, lesson_id: str) -> tuple[User | None, Open]:
        user, who = person(request, None)
        opened = desk.get((who, game, lesson_id))
        if opened is None:
            raise ApiError(409, "lesson_not_started")
        return user, opened

    def save(user: User | None, lesson: Lesson, step: int, done: bool) -> None:
        """An account's progress: the furthest step made, and once the lesson is done."""
        if user is None or user.password_hash is None:
            return  # guests and visitors keep theirs in the browser
        with hub.store.session() as s:
            row = s.get(LessonProgress, (user.id, lesson.game, lesson.id))
            if row is None:
                row = LessonProgress(user_id=user.id, game=lesson.game, lesson=lesson.id,
                                     step=0, done=False)
                s.add(row)
            row.step = max(row.step, step)
            row.done = row.done or done
            row.updated_at = utcnow()
            s.commit()

    def progress(user: User | None) -> dict[str, dict[str, Any]]:
        if user is None or user.password_hash is None:
            return {}
        with hub.store.session() as s:
            rows = s.scalars(select(LessonProgress).where(LessonProgress.user_id == user.id))
            return {f"{r.game}/{r.lesson}": {"step": r.step, "done": r.done} for r in rows}

    @app.get("/api/lessons")
    async def api_lessons(request: Request) -> dict[str, Any]:
        user = people.current(request)
        mine = await people.off_loop(lambda: progress(user))
        return {"lessons": listing(lang_of(request)), "progress": mine,
                "saved": user is not None and user.password_hash is not None}

    @app.post("/api/lessons/{game}/{lesson_id}/start")
    async def api_start(game: str, lesson_id: str, request: Request,
                        response: Response) -> dict[str, Any]:
        lesson = lesson_of(game, lesson_id)
        data = await body(request)
        step = data.get("step", 0)
        last = len(lesson.steps) - 1
        if type(step) is not int or not 0 <= step <= last:
            raise ApiError(400, "lesson_step", last=last)
        _, who = person(request, response)
        opened = Open(Table(lesson, step))
        desk.put((who, game, lesson_id), opened)
        return frame(opened, lang_of(request))

    @app.post("/api/lessons/{game}/{lesson_id}/act")
    async def api_act(game: str, lesson_id: str, request: Request) -> dict[str, Any]:
        lesson = lesson_of(game, lesson_id)
        data = await body(request)
        user, opened = opened_of(request, game, lesson_id)
        lang = lang_of(request)
        judge(opened, data, lang)
        table = opened.table
        if table.moved:
            last = table.index + 1 == len(lesson.steps)
            await people.off_loop(lambda: save(user, lesson, table.index + 1, last))
        return frame(opened, lang)

    @app.post("/api/lessons/{game}/{lesson_id}/why")
    async def api_why(game: str, lesson_id: str, request: Request) -> dict[str, Any]:
        lesson_of(game, lesson_id)
        data = await body(request)
        _, opened = opened_of(request, game, lesson_id)
        lang = lang_of(request)
        why(opened, data.get("targets"), lang)
        return frame(opened, lang)

    @app.post("/api/lessons/{game}/{lesson_id}/next")
    async def api_next(game: str, lesson_id: str, request: Request) -> dict[str, Any]:
        lesson_of(game, lesson_id)
        await body(request)
        _, opened = opened_of(request, game, lesson_id)
        if not opened.table.moved:
            raise ApiError(409, "lesson_move")
        if opened.table.next():
            opened.tries, opened.result = 0, None
        return frame(opened, lang_of(request))

    @app.post("/api/lessons/{game}/{lesson_id}/play")
    async def api_play(game: str, lesson_id: str, request: Request) -> dict[str, Any]:
        lesson = lesson_of(game, lesson_id)
        await body(request)
        user = people.need_user(request)
        options = dict(lesson.play.get("options", {}))
        room = lobby.play_now(hub, user, {"game": game, "level": "easy", "options": options})
        return {"room": room.summary()}
