"""The lobby's quick ways in and out of games: Play now, rematches, hints.

- ``POST /api/play-now``: a room of the chosen game with the caller at seat 1 and bots of one
  level at every other seat, started at once; in the game's easy way in (a beginners'
  variant) when asked and the game declares one.
- ``POST /api/rooms/ID/rematch``: after a game, a new room with the same game, options,
  clock, privacy and seats (bots kept where they sat); each of the game's people who asks
  gets the same new room and sits at their old seat. A game against bots only starts again
  at once.
- ``GET /api/rooms/ID/hint``: the move a small information-set search
  (:mod:`evolutio.bots.hints`) would make for the caller's decision now, with one line of
  why (its share in trial games beside the next best move's); only in rooms where no other
  person plays. The search runs in a small thread pool, off the event loop.

Finished games' histories and rating charts are in :mod:`evolutio.server.records`.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

from fastapi import FastAPI, Request
from sqlalchemy import update

from evolutio.bots.base import InformationSet
from evolutio.bots.hints import Advice, advise
from evolutio.core import options as opts
from evolutio.core.game import decision_prompt, describe_choice
from evolutio.core.registry import get_game
from evolutio.server import commands, i18n
from evolutio.server.conn import RoomError
from evolutio.server.db import RoomRow, User
from evolutio.server.frames import sent_action
from evolutio.server.guard import ApiError, lang_of
from evolutio.server.hub import Hub
from evolutio.server.limits import Quota
from evolutio.server.people import People, address
from evolutio.server.rooms import Room
from evolutio.server.seating import Seat, Seats, bot_name
from evolutio.server.seeds import game_seed
from evolutio.server.texts import say

Body = Callable[[Request], Awaitable[dict[str, Any]]]
#: the levels Play now offers (the bots a room offers, but the random one)
PLAY_LEVELS = ("easy", "normal", "hard")


def _error(exc: RoomError) -> ApiError:
    return ApiError(429 if exc.code == "too_many_rooms" else 400, exc.message)


def play_now(hub: Hub, user: User, data: dict[str, Any]) -> Room:
    """A started room: ``data["game"]``, the caller at seat 0 and ``data["opponents"]`` bots
    of ``data["level"]`` (default: the game's fewest players, at least two, and ``normal``);
    ``data["options"]`` are the game's options as for ``POST /api/rooms``; ``data["easy"]``
    true plays the game's easy way in (``GameInfo.easy_options``, under those options)."""
    name = data.get("game")
    if not isinstance(name, str) or not name:
        raise ApiError(400, "Name the game to play: 'game'.")
    try:
        game = get_game(name)
    except Exception:
        raise ApiError(400, f"The game '{name[:40]}' is not installed.") from None
    info = game.info
    opponents = data.get("opponents", max(info.min_players, 2) - 1)
    low, high = info.min_players - 1, info.max_players - 1
    if type(opponents) is not int or not low <= opponents <= high:
        raise ApiError(400, f"'opponents' is a number from {low} to {high} for this game.")
    level = data.get("level", "normal")
    if level not in PLAY_LEVELS:
        raise ApiError(400, f"'level' is one of {', '.join(PLAY_LEVELS)}.")
    options = data.get("options") or {}
    if not isinstance(options, dict):
        raise ApiError(400, "'options' must be an object.")
    easy = data.get("easy", False)
    if not isinstance(easy, bool):
        raise ApiError(400, "'easy' is true or false.")
    if easy:
        if not info.easy_options:
            raise ApiError(400, f"The game '{name}' has no easy way in; leave out 'easy'.")
        options = {**info.easy_options, **options}  # options named as well come first
    seats = opts.seat_option(game.options_spec())
    if seats is not None:
        options = {**options, seats.name: opponents + 1}
    elif opponents + 1 != info.min_players:
        raise ApiError(400, f"This game is played by {info.min_players} players.")
    try:
        spec = commands.playable_bot(level, name)
        times = {k: data[k] for k in ("bank", "increment", "days") if k in data}
        room = hub.create_room(name, options, data.get("clock", 0), user, times,
                               private=data.get("private", False))
        for seat in range(1, len(room.seats)):
            room.seats[seat] = Seat(None, bot_name(room.seats, spec, seat), spec)
        room.start(game_seed(), user.name)
    except RoomError as exc:
        raise _error(exc) from None
    return room


def rematch_seat(hub: Hub, user: User, old_id: str) -> tuple[int, str | None]:
    """``user``'s seat in the finished room ``old_id`` and the id of its rematch, if one was
    made; refused when the room is unknown, not over, or not ``user``'s game."""
    old = hub.room(old_id)
    if old is not None:
        status, seats, taken = old.status, old.seats, old.rematch
    else:
        with hub.store.session() as s:
            row = s.get(RoomRow, old_id)
        if row is None:
            raise ApiError(404, f"No room '{old_id[:40]}'.")
        status, seats, taken = row.status, Seats(Seat.from_row(x) for x in row.seats), row.rematch
    if status != "over":
        raise ApiError(409, "A rematch comes after the game is over.")
    mine = [i for i, seat in enumerate(seats) if seat.user_id == user.id]
    if not mine:
        raise ApiError(403, "Only the game's players can ask for its rematch.")
    return mine[0], taken


def join_rematch(new: Room, user: User, seat: int) -> None:
    """``user`` sits in the open rematch ``new``: at ``seat`` (theirs before) if it is free,
    else at the first free one; nothing when they sit there already or it has started."""
    if new.status == "open" and new.seat_of(user.id) is None:
        index = seat if new.seats[seat].free else next(
            (i for i, s in enumerate(new.seats) if s.free), None)
        if index is not None:
            new.seats[index] = Seat(user.id, user.name)
            new.save()
            new.system("rematch_joined", name=user.name)
            new.send_room()


def rematch(hub: Hub, user: User, old_id: str) -> Room:
    """The rematch of the finished room ``old_id``, made by the first of its people to ask;
    each who asks sits at their old seat (when it is still free)."""
    mine, taken = rematch_seat(hub, user, old_id)
    new = hub.room(taken) if taken else None
    if new is not None:
        join_rematch(new, user, mine)
        return new
    old = hub.room(old_id)
    if old is not None:
        old_seats = old.seats
        game, options, clock, private = old.game_name, old.options, old.clock, old.private
        times = {"bank": old.timing.bank, "increment": old.timing.increment,
                 "days": old.timing.days}
    else:  # finished long ago or before a restart: its row
        with hub.store.session() as s:
            row = s.get(RoomRow, old_id)
        assert row is not None
        old_seats = Seats(Seat.from_row(x) for x in row.seats)
        game, options, clock, private = row.game, dict(row.options), row.clock, row.private
        times = {"bank": row.bank, "increment": row.increment, "days": row.days}
    try:
        new = hub.create_room(game, options, clock, user, times, private=private)
    except RoomError as exc:
        raise _error(exc) from None
    new.seats = Seats(Seat(None, seat.name, seat.bot) if seat.bot else Seat()
                      for seat in old_seats)
    new.seats[mine] = Seat(user.id, user.name)
    new.save()
    if not any(seat.free for seat in new.seats):  # only bots besides the asker: play at once
        try:
            new.start(game_seed(), user.name)
        except RoomError as exc:
            raise _error(exc) from None
    if old is not None:
        old.rematch = new.id
        old.save()
        old.system("rematch_offered", name=user.name)
        old.send_room()
    else:
        with hub.store.session() as s:
            s.execute(update(RoomRow).where(RoomRow.id == old_id).values(rematch=new.id))
            s.commit()
    return new


#: hints search in at most this many threads at once; more requests wait their turn, so
#: that hints cannot take every core from the games being played
HINT_THREADS = 2
_hint_pool: ThreadPoolExecutor | None = None
#: the last hints given, by room, the actions before the decision, its version and the seat:
#: asked again (another language, another process, the page drawn again), a hint is not
#: searched again
_given: OrderedDict[tuple[str, int, int, int], Advice] = OrderedDict()
GIVEN_KEPT = 512


def _pool() -> ThreadPoolExecutor:
    global _hint_pool
    if _hint_pool is None:
        _hint_pool = ThreadPoolExecutor(HINT_THREADS, thread_name_prefix="hint")
    return _hint_pool


async def hint(hub: Hub, user: User, room_id: str, version: str, lang: str) -> dict[str, Any]:
    """The search's move for ``user``'s decision at ``version`` of ``room_id``, with why."""
    room = hub.room(room_id)
    if room is None:
        raise ApiError(404, f"No room '{room_id[:40]}'.")
    seat = room.seat_of(user.id)
    match = room.match
    if seat is None or match is None or not room.waits_for(seat):
        raise ApiError(409, say(lang, "hint_not_yours"))
    if any(s.user_id not in (None, user.id) for s in room.seats):
        raise ApiError(403, say(lang, "hint_people"))
    asked = int(version) if version.isdigit() and len(version) < 10 else -1
    # the current version, or an earlier one of the simultaneous decision still open (the
    # others' hidden choices change nothing this seat may do)
    if not match.stands(seat, asked):
        raise ApiError(409, say(lang, "hint_stale"))
    decision = match.decision
    assert decision is not None
    legal, state, opened = list(match.legal(seat)), match.state, match.opened
    # the actions before the decision tell it from another at the same version (an undo)
    key = (room.id, hash(repr(match.record.actions[:opened])), opened, seat)
    advice = _given.get(key)
    if advice is None:
        info = InformationSet.of(match.game, state.clone(), seat, room.seed)
        seed = room.seed * 7919 + opened  # one hint per decision, however often asked
        work = partial(advise, match.game, info, match.view(seat), legal, decision, seed)
        advice = await asyncio.get_running_loop().run_in_executor(_pool(), work)
        _given[key] = advice
        while len(_given) > GIVEN_KEPT:
            _given.popitem(last=False)
    action = legal[advice.index]
    if room.match is not match or not match.stands(seat, asked) or action not in match.legal(seat):
        raise ApiError(409, say(lang, "hint_stale"))
    text = describe_choice(room.game, state, action, lang)  # as the seat's buttons say it
    prompt = decision_prompt(room.game, state, decision, lang).strip()
    if prompt and prompt[-1] not in ".?!:":
        prompt += "."
    runner = advice.runner_up
    share, other_share = round(100 * advice.share), round(100 * advice.runner_share)
    fields: dict[str, Any] = {"action": text.rstrip("."), "trials": advice.trials,
                              "share": share}
    if advice.trials == 0:
        why = say(lang, "hint_why_only", **fields)
    elif runner is None:
        why = say(lang, "hint_why_alone", **fields)
    else:
        # the search's choice is its most tried move; a move tried less may show a mean as
        # high, and then the sentence says they are too close to tell apart
        other = describe_choice(room.game, state, legal[runner], lang).rstrip(".")
        sentence = "hint_why" if share > other_share else "hint_why_close"
        why = say(lang, sentence, other=other, other_share=other_share, **fields)
    return {
        "version": asked,
        "index": advice.index,
        "action": sent_action(action),
        "notation": action.notation(),
        "text": text,
        "prompt": prompt,
        "why": why,
        "trials": advice.trials,
        "share": share,
        "next": None if runner is None else {"index": runner, "share": other_share},
    }


def routes(app: FastAPI, hub: Hub, people: People, body: Body, new_rooms: Quota) -> None:
    """Add the routes of this module to ``app``."""

    def counted(request: Request) -> None:
        where = address(request)
        if hub.limits.counted(where) and not new_rooms.take(where):
            raise ApiError(429, "Too many new rooms from your address; try again later.")

    @app.post("/api/play-now")
    async def api_play_now(request: Request) -> dict[str, Any]:
        user = people.need_user(request)
        data = await body(request)
        counted(request)
        return {"room": play_now(hub, user, data).summary()}

    @app.post("/api/rooms/{room_id}/rematch")
    async def api_rematch(room_id: str, request: Request) -> dict[str, Any]:
        user = people.need_user(request)
        await body(request)
        _, taken = rematch_seat(hub, user, room_id)  # refusals first: they count nothing
        if taken is None or (hub.room(taken) is None and not hub.cluster.elsewhere(taken)):
            counted(request)  # a new room is made; joining a rematch made elsewhere is free
        there = await hub.cluster.rematch(user, room_id, lang_of(request))
        if there is not None:  # decided where the finished room is held
            return {"room": there}
        return {"room": rematch(hub, user, room_id).summary()}

    @app.get("/api/rooms/{room_id}/hint")
    async def api_hint(room_id: str, request: Request, version: str = "",
                       lang: str = "en") -> dict[str, Any]:
        lang = lang if lang in i18n.LANGUAGES else "en"
        user = people.need_user(request)
        if hub.room(room_id) is None:  # asked where it is played
            there = await hub.cluster.hint(user, room_id, version, lang, lang_of(request))
            if there is not None:
                return there
        return await hint(hub, user, room_id, version, lang)
