"""The walk: every kind of message a real server sends, in ru, it and de, holds no English
sentence (player names, game and option identifiers and numbers apart).

For each game and language one person is connected twice, once in that language and once in
English, and a second person and an anonymous watcher the same way. Every refusal and command
reply is asked for from both connections, every broadcast reaches both; then each sentence
of the foreign connection (system and command lines, errors, prompts, legal actions, the log,
the welcome's chat) must differ from every English sentence the English connections got, and
must hold none of a few English words no Russian, Italian or German sentence uses. A game is
played to its end with one move left to the clock, so the log holds a move by timeout.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import websockets
from server_harness import Server, is_state

from evolutio.server.texts import say, table

GAMES = ("toy", "evolution", "northstar", "darwin")
FOREIGN = ("ru", "it", "de")
#: English words that no Russian, Italian or German server sentence holds
ENGLISH = frozenset([
    "the", "your", "you", "is", "are", "and", "of", "with", "from", "not", "only", "this",
    "that", "seat", "seats", "game", "card", "cards", "player", "turn", "plays", "takes",
    "choose", "must", "has", "have", "waiting", "first", "already",
])
#: words a sentence may keep in every language: protocol fields, commands, identifiers
KEPT = frozenset([
    "text", "version", "index", "action", "type", "act", "chat", "resync", "ping", "json",
    "utf", "content", "application", "true", "false", "clock", "players", "join", "leave",
    "start", "bot", "kick", "option", "who", "help", "normal", "random", "easy", "hard",
    "expert", "nope", "colour", "zzz",
])
#: the refusal codes the walk triggers (each from both connections)
CODES = {
    "unknown_command", "seated", "bad_seat", "free", "bad_level", "bad_option", "not_ready",
    "bad_type", "bad_json", "bad_message", "too_long", "too_large", "not_playing", "not_host",
    "not_seated", "taken", "full", "anonymous", "not_open", "stale", "illegal",
}


class Talker:
    """One WebSocket in one language; keeps every frame."""

    def __init__(self, ws: Any, lang: str) -> None:
        self.ws = ws
        self.lang = lang
        self.frames: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None

    @classmethod
    async def open(cls, server: Server, room: str, token: str | None, lang: str) -> Talker:
        query = f"lang={lang}" + (f"&token={token}" if token else "")
        return cls(await websockets.connect(f"{server.ws_base}/ws/{room}?{query}",
                                            max_size=2**22), lang)

    async def next(self, timeout: float) -> dict[str, Any]:
        frame: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(frame)
        if is_state(frame):
            self.state = frame
        return frame

    async def until(self, pred: Any, timeout: float = 20.0) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            left = deadline - loop.time()
            if left <= 0:
                raise AssertionError(f"{self.lang}: timed out waiting for a frame")
            frame = await self.next(left)
            if pred(frame):
                return frame

    async def ask(self, message: Any) -> dict[str, Any]:
        """Send ``message`` and wait for its answer: an error or a private reply."""
        await self.ws.send(message if isinstance(message, (str, bytes)) else json.dumps(message))
        return await self.until(
            lambda f: f["type"] == "error" or (f["type"] == "chat" and f.get("private"))
        )

    async def line(self, pred: Any) -> dict[str, Any]:
        return await self.until(lambda f: f["type"] == "chat" and f["system"] and pred(f))


def sentences(frames: list[dict[str, Any]]) -> Iterator[tuple[str, str]]:
    """(where, sentence) of every text for people in ``frames``."""
    for frame in frames:
        kind = frame["type"]
        if kind == "welcome":
            yield from (("welcome", c["text"]) for c in frame["chat"] if c["system"])
        elif kind == "chat" and frame["system"]:
            yield "private" if frame.get("private") else "system", frame["text"]
        elif kind == "error":
            yield f"error {frame['code']}", frame["message"]
        elif is_state(frame):
            if frame["decision"] is not None:
                yield "prompt", frame["decision"]["prompt"]
            yield from (("legal", item["text"]) for item in frame["legal"] or ())
            yield from (("log", entry["text"]) for entry in frame["log"])


def words(text: str, names: list[str]) -> list[str]:
    """The words of ``text`` that must be translated: names, identifiers and ids removed."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    found = re.findall(r"[^\W\d_]+", text)
    return [w for w in found if w.lower() not in KEPT and not re.fullmatch(r"[A-Z]\d*", w)]


def english_in(foreign: list[tuple[str, str]], english: set[str], names: list[str],
               identifiers: set[str]) -> list[str]:
    """The foreign sentences that are English: equal to an English one, or holding an
    English word."""
    bad = []
    for where, text in foreign:
        left = [w for w in words(text, names) if w.lower() not in identifiers]
        if not left:
            continue
        if text in english:
            bad.append(f"{where}: {text!r} is the English sentence")
        elif any(w.lower() in ENGLISH for w in left):
            bad.append(f"{where}: {text!r} holds English words")
    return bad


def identifiers_of(server: Server, game: str) -> set[str]:
    """The game's option names and choices, which sentences quote as typed."""
    listing = httpx.get(server.base + "/api/games").json()["games"]
    entry = next(g for g in listing if g["name"] == game)
    out = {game}
    for spec in entry.get("options", []):
        out.update(re.findall(r"[^\W\d_]+", spec["name"].lower()))
        for choice in spec.get("choices") or ():
            out.update(re.findall(r"[^\W\d_]+", str(choice).lower()))
    return out


async def walk(server: Server, game: str, lang: str) -> None:
    tag = f"{game[:3]}{lang}"
    host_name, other_name = f"Ada{tag}", f"Bob{tag}"
    host, other = server.guest(host_name), server.guest(other_name)
    r = server.post("/api/rooms", host, json={"game": game, "options": {"players": 2}})
    assert r.status_code == 200, r.text
    room = r.json()["room"]["id"]
    pairs = []
    for token in (host, other, None):
        pairs.append((await Talker.open(server, room, token, lang),
                      await Talker.open(server, room, token, "en")))
    h_l, h_e = pairs[0]
    rng = random.Random(f"{game}{lang}")

    async def both(pair: tuple[Talker, Talker], message: Any) -> str:
        codes = {(await t.ask(message)).get("code", "reply") for t in pair}
        assert len(codes) == 1, codes
        return codes.pop()

    seen = set()
    for message in ("/help", "/who", "/nope", "/join", "/kick", "/kick 9", "/kick 2",
                    "/bot zzz", "/option", "/option players 99", "/option colour x",
                    "/option clock 99999", "/start", "", 5, "x" * 401):
        seen.add(await both(pairs[0], {"type": "chat", "text": message}))
    for raw in ('{"type": "zzz"}', "{", "[1]", b"\x00", "x" * 9000,
                '{"type": "act", "version": 0, "index": 0}'):
        seen.add(await both(pairs[0], raw))
    for message in ("/kick 1", "/leave", "/join 1", "/start"):
        seen.add(await both(pairs[1], {"type": "chat", "text": message}))
    seen.add(await both(pairs[2], {"type": "chat", "text": "hello"}))
    # lines for the whole room: options, bots, seats, the start
    for text in ("/option clock 2", "/bot random", "/kick 2", "/bot random"):
        await h_l.ws.send(json.dumps({"type": "chat", "text": text}))
        await h_e.line(lambda f, t=text: not f.get("private"))
    seen.add(await both(pairs[1], {"type": "chat", "text": "/join"}))
    await h_l.ws.send(json.dumps({"type": "chat", "text": "/start"}))
    await h_e.until(is_state)
    # a late watcher gets the room's lines so far in its welcome
    pairs.append((await Talker.open(server, room, None, lang),
                  await Talker.open(server, room, None, "en")))
    for talker in pairs[3]:
        await talker.until(lambda f: f["type"] == "welcome")
    seen.add(await both(pairs[0], {"type": "chat", "text": "/join"}))
    seen.add(await both(pairs[0], {"type": "chat", "text": "/leave"}))
    seen.add(await both(pairs[0], {"type": "act", "version": -1, "index": 0}))
    seen.add(await both(pairs[1], {"type": "act", "version": 0, "index": 0}))
    # play to the end: random legal moves, one decision left to the clock
    timed_out = asked_illegal = False
    acted = -1
    while h_l.state is None or h_l.state["outcome"] is None:
        state = h_l.state
        if state is None or not state["legal"] or state["version"] == acted:
            await h_l.next(20)
        elif not asked_illegal:
            asked_illegal = True
            seen.add(await both(pairs[0], {"type": "act", "version": state["version"],
                                            "index": 9999}))
        elif not timed_out and state["version"] > 2:
            timed_out = True
            await h_l.until(lambda f: is_state(f) and any(e["by"] == "timeout"
                                                          for e in f["log"]))
        else:
            acted = state["version"]
            await h_l.ws.send(json.dumps({"type": "act", "version": acted,
                                          "index": rng.randrange(len(state["legal"]))}))
    for talker in (h_l, h_e):
        await talker.until(lambda f: f["type"] == "room" and f["room"]["status"] == "over")
    seen.add(await both(pairs[0], {"type": "chat", "text": "/who"}))
    seen.add(await both(pairs[0], {"type": "chat", "text": "/help"}))
    assert seen >= CODES, CODES - seen
    await h_l.ws.send(json.dumps({"type": "resync"}))
    full = await h_l.until(lambda f: is_state(f) and f["full"])
    assert any(e["by"] == "timeout" for e in full["log"])
    assert all(e["text"] for e in full["log"] if e["by"] == "timeout")
    for talker in (t for pair in pairs for t in pair):  # every frame read, then closed
        await talker.ws.send(json.dumps({"type": "ping", "ref": "end"}))
        await talker.until(lambda f: f["type"] == "pong" and f["ref"] == "end")
        await talker.ws.close()

    names = [host_name, other_name, "Darwin (random)", "anonymous"]
    identifiers = identifiers_of(server, game)
    english = {text for pair in pairs for _, text in sentences(pair[1].frames)}
    foreign = [s for pair in pairs for s in sentences(pair[0].frames)]
    assert len(foreign) > 60
    assert {where for where, _ in foreign} >= {"welcome", "system", "private", "prompt",
                                              "legal", "log"}
    bad = english_in(foreign, english, names, identifiers)
    assert not bad, "\n".join(bad[:20])


@pytest.mark.storage_neutral
@pytest.mark.parametrize("game", GAMES)
def test_every_message_is_said_in_the_connections_language(server: Server, game: str) -> None:
    async def go() -> None:
        for lang in FOREIGN:
            await walk(server, game, lang)

    asyncio.run(go())


def test_the_detection_finds_an_untranslated_sentence() -> None:
    """The check itself: an English sentence among Russian ones is found, by equality and by
    its English words; names and identifiers alone are not."""
    english = {"Ada plays a new animal A3", "Seats: 1: Ada, 2: free."}
    names = ["Ada"]
    assert english_in([("log", "Ada plays a new animal A3")], english, names, set())
    assert english_in([("log", "Ada plays новое животное A3")], english, names, set())
    assert not english_in([("log", "Ada выкладывает новое животное A3")], english, names, set())
    assert not english_in([("private", "Ada: players 2, clock 0")], english, names, {"players"})


def test_every_server_sentence_is_translated() -> None:
    """Every sentence of texts/*.toml, with its fields filled, differs from its English form
    in ru, it and de unless it holds only identifiers (sentences the walk cannot reach, such
    as the storage lines, are checked here)."""
    for key, texts in table().items():
        fields = {name: "7" for name in re.findall(r"\{(\w+)(?::[^}]*)?\}", texts["en"])}
        english = say("en", key, **fields)
        if not words(english, []):
            continue
        for lang in FOREIGN:
            said = say(lang, key, **fields)
            assert said != english, f"{key} [{lang}] is English"
            assert not {w.lower() for w in words(said, [])} & ENGLISH, f"{key} [{lang}]: {said}"


def test_http_errors_follow_the_request_language(server: Server) -> None:
    """HTTP error bodies: ``error`` in the language of ``lang`` or ``Accept-Language`` (English
    otherwise), ``code`` the same in every language."""
    token = server.guest("Httptalk")
    requests = [
        ("GET", "/api/rooms/nosuchroom", {}, None),
        ("GET", "/api/rooms?offset=x", {}, None),
        ("GET", "/api/names/chess", {}, None),
        ("GET", "/api/leaderboard?game=chess", {}, None),
        ("GET", "/nothing/here", {}, None),
        ("DELETE", "/api/games", {"content-type": "application/json"}, None),
        ("POST", "/api/rooms", {"content-type": "application/json"}, "{}"),
        ("POST", "/api/rooms", {"content-type": "text/plain"}, "{}"),
        ("POST", "/api/rooms", {"authorization": f"Bearer {token}",
                                "content-type": "application/json"}, "{"),
        ("POST", "/api/guest", {"content-type": "application/json"}, '{"name": "x"}'),
        ("POST", "/api/login", {"content-type": "application/json"},
         '{"name": "Nobody{n}", "password": "wrong password"}'),
    ]
    count = iter(range(1000))
    for method, path, headers, body in requests:
        def ask(extra: dict[str, str], query: str = "", m=method, p=path, h=headers,
                b=body) -> httpx.Response:
            sep = "&" if "?" in p else "?"
            url = server.base + p + (f"{sep}{query}" if query else "")
            content = None if b is None else b.replace("{n}", str(next(count)))
            return httpx.request(m, url, headers={**h, **extra}, content=content)

        plain = ask({})
        english = plain.json()
        assert plain.status_code >= 400 and set(english) == {"error", "code"}, (path, english)
        assert ask({"accept-language": "fr-FR, en;q=0.5"}).json() == english
        for lang in FOREIGN:
            for answer in (ask({"accept-language": f"{lang}-XX,en;q=0.8"}).json(),
                           ask({}, f"lang={lang}").json()):
                assert answer["code"] == english["code"], (path, answer)
                assert answer["error"] != english["error"], (path, lang, answer)
                assert not english_in([("http", answer["error"])], {english["error"]}, [],
                                      set()), (path, lang, answer)


def test_a_refused_room_is_explained_in_the_request_language(server: Server) -> None:
    """Options the game does not declare, values it does not allow, and options that do not
    go together (the game's own sentence), at room creation."""
    token = server.guest("Roomtalk")
    for game, options, english in (
        ("toy", {"colour": "red"}, "There is no option colour"),
        ("toy", {"players": 99}, "players must be a whole number from 2 to"),
        ("darwin", {"variant": "cooperative", "players": 3},
         "These options do not go together: The 2 vs 2 cooperative variant is played by 4 "
         "players."),
    ):
        answers = {
            lang: httpx.post(server.base + "/api/rooms",
                             json={"game": game, "options": options},
                             headers={"authorization": f"Bearer {token}",
                                      "accept-language": lang}).json()
            for lang in ("en", *FOREIGN)
        }
        assert answers["en"]["error"].startswith(english), answers
        assert {a["code"] for a in answers.values()} == {"bad_option"}
        for lang in FOREIGN:
            assert not english_in([("http", answers[lang]["error"])],
                                  {answers["en"]["error"]}, [], {"players", "toy"}), answers
