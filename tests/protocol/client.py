"""A client of the evolutio server written from docs/protocol.md alone.

It imports nothing from evolutio: every URL, frame, field, order and rule it relies on is one
docs/protocol.md states, and it checks each frame it receives against those statements (a
broken promise raises ``ProtocolError`` naming the section). The tests start a real server
process and drive this client through whole games of every game the server lists.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import httpx
import websockets

JSON = dict[str, Any]

#: the keys of a state frame ("The state frame").
STATE_KEYS = {"type", "room", "version", "seat", "full", "view", "decision", "legal", "chosen",
              "controller", "controllers", "clock", "clocks", "banks", "outcome", "score", "undo",
              "log"}
#: the keys of a room summary ("Room summary").
SUMMARY_KEYS = {"id", "game", "options", "clock", "bank", "increment", "days", "turn_based",
                "status", "host_id", "host", "seats", "spectators", "version", "outcome", "private",
                "rematch"}
SEAT_KEYS = {"seat", "name", "bot", "user_id", "connected", "away", "resigned", "abandoned"}
OUTCOME_KEYS = {"scores", "ranks", "tiebreaks", "winners", "stats", "resigned"}
#: outcome keys present only sometimes: the final score in parts (the state frame's
#: ``score``), the game's own ranks when a resignation changed them and the seats a bot
#: finished after their people left
OUTCOME_OPTIONAL = {"breakdown", "game_ranks", "abandoned"}
#: keys no frame may carry anywhere ("Hidden information").
SECRET_KEYS = {"deck", "seed"}


class ProtocolError(AssertionError):
    """The server did something docs/protocol.md says it does not."""


def expect(condition: bool, what: str) -> None:
    if not condition:
        raise ProtocolError(what)


class Http:
    """The HTTP part ("HTTP"): guests, games, rooms, records, replays."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.client = httpx.Client(base_url=base, timeout=30)

    def call(self, method: str, path: str, token: str | None = None, body: Any = None) -> Any:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        r = self.client.request(method, path, headers=headers, json=body)
        data = r.json()
        if r.status_code != 200:
            expect(set(data) == {"error", "code"} and isinstance(data["code"], str),
                   f"an HTTP error is {{'error', 'code'}}: {data}")
            raise HttpError(r.status_code, data["error"], data["code"])
        return data

    def guest(self, name: str) -> tuple[JSON, str]:
        data = self.call("POST", "/api/guest", body={"name": name})
        expect(set(data) == {"user", "token"}, "login answers user + token")
        return data["user"], data["token"]

    def games(self) -> JSON:
        data = self.call("GET", "/api/games")
        for game in data["games"]:
            expect(set(game) == {"name", "title", "info", "options", "defaults", "web"},
                   f"a listed game's keys: {sorted(game)}")
        return data  # type: ignore[no-any-return]

    def create_room(self, token: str, game: str, options: JSON | None = None,
                    clock: int = 0) -> JSON:
        body = {"game": game, "options": options or {}, "clock": clock}
        summary: JSON = self.call("POST", "/api/rooms", token, body)["room"]
        check_summary(summary)
        return summary

    def room(self, room_id: str) -> JSON:
        return self.call("GET", f"/api/rooms/{room_id}")["room"]  # type: ignore[no-any-return]

    def record(self, room_id: str) -> JSON:
        return self.call("GET", f"/api/rooms/{room_id}/record")  # type: ignore[no-any-return]

    def replay(self, room_id: str, lang: str = "en") -> JSON:
        data = self.call("GET", f"/api/rooms/{room_id}/replay?lang={lang}")
        return data  # type: ignore[no-any-return]


class HttpError(Exception):
    def __init__(self, status: int, message: str, code: str = "") -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.message = message
        self.code = code


def check_summary(summary: JSON) -> None:
    expect(set(summary) == SUMMARY_KEYS, f"room summary keys: {sorted(summary)}")
    expect(summary["status"] in ("open", "playing", "over", "closed"), "room status")
    for i, seat in enumerate(summary["seats"]):
        expect(set(seat) == SEAT_KEYS and seat["seat"] == i, "seats count from 0 in JSON")


def hidden_problems(game: str, view: JSON, seat: int | None) -> list[str]:
    """What ``seat``'s view shows of other seats' hidden data ("Hidden information" and the
    game's view table: fields other seats always see as null, and those null until revealed)."""
    problems = []
    players = view.get("players", [])
    for player in players:
        mine = player["seat"] == seat
        always = ["hand"] + (["discard"] if game == "evolution" else [])
        for key in always:
            if key in player and mine == (player[key] is None):
                problems.append(f"players[{player['seat']}].{key} seen from seat {seat}")
        if game == "toy" and not mine and not view["bids_revealed"] and player["bid"] is not None:
            problems.append(f"players[{player['seat']}].bid before the reveal")
        if game == "evolution" and not mine:
            problems += [  # faces stay hidden unless the animal card lies face up as a trait
                f"faces of animal {a['id']}" for a in player["animals"]
                if a["faces"] is not None and a["card"] not in [t["card"] for t in a["traits"]]
            ]
    return problems


def secret_keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        found = {k for k in value if k in SECRET_KEYS}
        for item in value.values():
            found |= secret_keys(item)
        return found
    if isinstance(value, list):
        return set().union(*(secret_keys(v) for v in value)) if value else set()
    return set()


class Table:
    """One WebSocket of one person in one room, keeping what the docs say a client keeps:
    the room summary, the latest state, the log by ``v``, chat lines and errors."""

    def __init__(self, ws: Any, game: str) -> None:
        self.ws = ws
        self.game = game
        self.frames: list[JSON] = []
        self.welcome: JSON = {}
        self.summary: JSON = {}
        self.state: JSON | None = None
        self.log: dict[int, JSON] = {}
        self.chat: list[JSON] = []
        self.errors: list[JSON] = []
        self.seat: int | None = None
        self.resyncs = 0
        self.states = 0
        #: state frames whose decision names several seats
        self.simultaneous = 0
        self.pending_resync = False
        #: the ``ref`` and version of this seat's ``act`` awaiting its answer, if any
        self.awaiting: tuple[int, int] | None = None
        #: acts sent by index and by action JSON
        self.forms = {"index": 0, "action": 0}
        self._ref = 0

    @classmethod
    async def open(cls, ws_base: str, room: str, token: str | None, game: str,
                   lang: str = "en") -> Table:
        """Connect; the first frame is ``welcome`` ("Server to client")."""
        query = f"?lang={lang}" + (f"&token={token}" if token else "")
        table = cls(await websockets.connect(f"{ws_base}/ws/{room}{query}", max_size=2**22),
                    game)
        first = await table.recv()
        expect(first["type"] == "welcome", f"the first frame is welcome, not {first['type']}")
        # then a full state once the game started (a system line first when the seat comes
        # back from a bot), then the room ("Frames in order")
        while (await table.recv())["type"] != "room":
            pass
        kinds = [f["type"] for f in table.frames]
        expect(kinds in (["welcome", "room"], ["welcome", "state", "room"],
                         ["welcome", "chat", "state", "room"]), f"on connecting: {kinds}")
        expect(("state" in kinds) == (first["room"]["status"] != "open"), "a state once started")
        if "state" in kinds:
            expect(table.frames[-2]["full"], "the state on connecting is full")
        return table

    def ref(self) -> int:
        self._ref += 1
        return self._ref

    async def send(self, frame: JSON) -> None:
        await self.ws.send(json.dumps(frame))

    async def recv(self, timeout: float = 20.0) -> JSON:
        frame: JSON = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        self.take(frame)
        return frame

    def take(self, frame: JSON) -> None:
        kind = frame["type"]
        if kind == "welcome":
            expect(set(frame) == {"type", "room", "you", "chat"}, "welcome keys")
            check_summary(frame["room"])
            self.welcome, self.summary, self.seat = frame, frame["room"], frame["you"]["seat"]
            expect(len(frame["chat"]) <= 50, "welcome.chat holds at most 50 lines")
        elif kind == "room":
            check_summary(frame["room"])
            self.summary = frame["room"]
            you = self.welcome["you"]["id"]  # your seat: the one whose user_id is you.id
            seats = [s["seat"] for s in self.summary["seats"] if you and s["user_id"] == you]
            self.seat = seats[0] if seats else None
        elif kind == "chat":
            expect({"type", "name", "text", "system", "time"} <= set(frame), "chat keys")
            self.chat.append(frame)
        elif kind == "error":
            expect(set(frame) <= {"type", "code", "message", "ref"}, "error keys")
            self.errors.append(frame)
            if self.awaiting is not None and frame["ref"] == self.awaiting[0]:
                self.awaiting = None  # the act was refused
        elif kind == "state":
            self.take_state(frame)
        else:
            expect(kind == "pong", f"unknown frame type {kind}")

    def take_state(self, frame: JSON) -> None:
        """Check one state frame against "The state frame" and "Hidden information"."""
        self.states += 1
        expect(set(frame) == STATE_KEYS, f"state keys: {sorted(frame)}")
        expect(frame["seat"] == self.seat, "a state frame carries this connection's seat")
        expect(frame["view"].get("seat") == self.seat, "the view is this seat's")
        decision, version = frame["decision"], frame["version"]
        waiting = [] if decision is None else decision["seats"]
        self.simultaneous += len(waiting) > 1
        mine = self.seat is not None and self.seat in waiting
        if mine:
            legal = frame["legal"]
            expect(isinstance(legal, list) and len(legal) > 0, "legal when in decision.seats")
            for i, entry in enumerate(legal):
                expect(set(entry) == {"index", "action", "notation", "text", "targets", "confirm"}
                       and entry["index"] == i and isinstance(entry["action"]["type"], str)
                       and isinstance(entry["confirm"], bool), "a legal entry")
                expect(all(len(t) == 2 for t in entry["targets"]), "targets are pairs")
                # a field at its default (null among them) is left out (the games' tables)
                expect(None not in entry["action"].values(), f"no null field: {entry}")
        else:
            expect(frame["legal"] is None, "legal is null unless this seat is to act")
        expect(not (frame["chosen"] and mine), "a seat that has chosen is not waited for")
        expect(frame["controllers"].keys() == {str(s) for s in waiting}, "controllers keys")
        expect(frame["clocks"].keys() == {str(s) for s in waiting}, "clocks keys")
        expect(frame["banks"] is None or all(isinstance(v, (int, float)) and v >= 0
                                             for v in frame["banks"].values()), "banks")
        expect((frame["controller"] is None) == (decision is None), "controller null when over")
        expect((frame["outcome"] is None) == (decision is not None), "outcome once over")
        score = frame["score"]
        if score is not None:
            expect(set(score) == {"seats", "tiebreak"} and all(
                seat["total"] == sum(points for _, points in seat["parts"])
                for seat in score["seats"]), "a score's parts add up to its total")
        expect(isinstance(frame["undo"], bool) and not (frame["undo"] and self.seat is None),
               "undo is offered to a seated player only")
        if frame["outcome"] is not None:
            keys = set(frame["outcome"])
            expect(OUTCOME_KEYS <= keys <= OUTCOME_KEYS | OUTCOME_OPTIONAL, "outcome keys")
            if "breakdown" in keys:
                expect([s["total"] for s in frame["outcome"]["breakdown"]["seats"]]
                       == frame["outcome"]["scores"], "the breakdown adds up to the scores")
        problems = hidden_problems(self.game, frame["view"], self.seat)
        expect(not problems, f"hidden data shown: {problems}")
        expect("seed" not in secret_keys(frame), "no seed in a frame")
        expect(not secret_keys(frame.get("view")), "no deck or seed in a view")
        known = -1 if self.state is None else self.state["version"]
        if frame["full"]:
            vs = [e["v"] for e in frame["log"]]
            expect(vs == list(range(1, version + 1)), f"a full frame has the whole log: {vs}")
            self.log = {e["v"]: e for e in frame["log"]}
        else:
            expect(version >= known, f"versions never go back ({known} -> {version})")
            expect(all(e["v"] == version for e in frame["log"]) and len(frame["log"]) <= 1,
                   "a non-full frame carries only its version's log entry")
            for entry in frame["log"]:
                self.log[entry["v"]] = entry
        for entry in frame["log"]:
            expect(set(entry) == {"v", "seat", "text", "by", "lines"} and entry["by"] in
                   ("human", "bot", "timeout"), "log entry")
            lines = entry["lines"]
            expect(all(isinstance(x["type"], str) and x["text"] for x in lines)
                   and all(set(x) <= {"type", "text", "seat"} for x in lines),
                   "a log entry's lines: type, text, seat")
            expect(not lines or " ".join(x["text"] for x in lines) == entry["text"],
                   "the lines' sentences make the entry's text")
        self.state = frame
        if self.awaiting is not None and (decision is None or any(
                e["seat"] == self.seat and e["v"] > self.awaiting[1] for e in frame["log"])):
            self.awaiting = None  # the act was applied: its log entry is this seat's
        if not frame["full"] and version > known + 1 and known >= 0:
            self.resyncs += 1
            self.pending_resync = True

    async def until(self, pred: Any, timeout: float = 30.0) -> JSON:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            expect(left > 0, "timed out waiting for a frame")
            frame = await self.recv(left)
            if pred(frame):
                return frame

    async def command(self, text: str) -> JSON:
        """A chat command: answered by a ``room`` frame (or a private line), or an error with
        the command's ``ref``."""
        ref = self.ref()
        await self.send({"type": "chat", "text": text, "ref": ref})
        return await self.until(
            lambda f: f["type"] == "room" or (f["type"] == "error" and f["ref"] == ref)
            or (f["type"] == "chat" and f.get("private"))
        )

    async def resync(self) -> JSON:
        """``resync``: the whole current state comes as a ``full`` frame."""
        await self.send({"type": "resync"})
        frame = await self.until(lambda f: f["type"] == "state" and f["full"])
        return frame

    async def close(self) -> None:
        await self.ws.close()


def choose(state: JSON, rng: random.Random, turn: int) -> JSON:
    """An ``act`` frame for one of ``state``'s legal actions: by ``index`` on even turns and
    by its ``action`` JSON on odd ones ("Client to server")."""
    legal = state["legal"]
    pick = legal[rng.randrange(len(legal))]
    frame: JSON = {"type": "act", "version": state["version"]}
    if turn % 2:
        frame["action"] = pick["action"]
    else:
        frame["index"] = pick["index"]
    return frame


async def step(table: Table, rng: random.Random, turn: int) -> bool:
    """Receive one frame and answer it as the docs say: after ``stale`` the full state comes
    right after it; after a gap, ``resync``; then act if asked. True once the game is over."""
    frame = await table.recv()
    if frame["type"] == "error":
        expect(frame["code"] == "stale", f"no error for an action from legal: {frame}")
        follow = await table.recv()
        expect(follow["type"] == "state" and follow["full"], "a full state right after stale")
    elif table.pending_resync:
        table.pending_resync = False
        await table.resync()
    return await act_if_asked(table, rng, turn)


async def act_if_asked(table: Table, rng: random.Random, turn: int) -> bool:
    """Act when this seat's latest state has legal actions and no act of its own awaits its
    answer ("Simultaneous decisions": another seat's choice raises the version, and its
    frame still offers this seat's legal list); True once over."""
    state = table.state
    if state is None:
        return False
    if state["decision"] is None:
        return True
    if state["legal"] and table.awaiting is None:
        frame = choose(state, rng, sum(table.forms.values()))  # index, action, index...
        frame["ref"] = table.ref()
        table.awaiting = (frame["ref"], state["version"])
        table.forms["index" if "index" in frame else "action"] += 1
        await table.send(frame)
    return False
