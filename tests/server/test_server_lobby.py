"""Play now, resigning, rematches, private rooms, histories and rating charts over HTTP and
the WebSocket, against a real server process."""

from __future__ import annotations

import asyncio
import random
from typing import Any

from server_harness import Client, Server, is_state


async def finish(client: Client, rng: random.Random) -> dict[str, Any]:
    """Play ``client``'s seat with random legal actions until the game is over (bots play
    the others)."""
    state = client.state or await client.until(is_state)
    while state["outcome"] is None:
        version = state["version"]
        if state["legal"]:
            index = rng.randrange(len(state["legal"]))
            await client.send({"type": "act", "version": version, "index": index})
        state = await client.until(
            lambda f, seen=version: is_state(f) and f["version"] > seen, timeout=30)
    return state


def test_play_now_starts_a_game_against_bots(server: Server) -> None:
    token = server.guest("Quick")
    r = server.post("/api/play-now", token, json={"game": "toy", "opponents": 2, "level": "easy"})
    assert r.status_code == 200, r.text
    room = r.json()["room"]
    assert room["status"] == "playing"
    assert room["seats"][0]["name"] == "Quick"
    assert all(s["bot"] for s in room["seats"][1:]) and len(room["seats"]) == 3
    # each bot its own naturalist's name with its level
    assert [s["name"] for s in room["seats"][1:]] == ["Darwin (random)", "Lamarck (random)"]
    assert room["private"] is False and room["rematch"] is None

    async def main() -> dict[str, Any]:
        client = await Client.open(server, room["id"], token)
        state = await finish(client, random.Random(3))
        await client.close()
        return state

    state = asyncio.run(main())
    assert state["outcome"]["resigned"] == []
    assert sorted(state["outcome"]["ranks"])[0] == 1
    # against bots only, the rematch is under way at once, with the same bots
    again = server.post(f"/api/rooms/{room['id']}/rematch", token, json={}).json()["room"]
    assert again["status"] == "playing" and again["id"] != room["id"]
    assert [s["name"] for s in again["seats"]] == [s["name"] for s in room["seats"]]
    # the bots are rated by level, under the bot:LEVEL holder, whatever their names
    board = server.get("/api/leaderboard?game=toy").json()["players"]
    assert "bot:random" in {p["name"] for p in board}  # toy: no heuristic, random bots
    assert not {"Darwin (random)", "Lamarck (random)"} & {p["name"] for p in board}


def test_play_now_refuses_bad_input_and_needs_a_name(server: Server) -> None:
    assert server.post("/api/play-now", None, json={"game": "toy"}).status_code == 401
    token = server.guest("Picky")
    for body, words in [
        ({"game": "nogame"}, "not installed"),
        ({"game": "toy", "opponents": 9}, "from 1 to 3"),
        ({"game": "toy", "opponents": True}, "from 1 to 3"),
        ({"game": "toy", "level": "godlike"}, "easy, normal, hard"),
        ({"game": "toy", "options": {"tricks": 99}}, "tricks"),
        ({}, "Name the game"),
    ]:
        r = server.post("/api/play-now", token, json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)
    # nothing was made
    assert not [x for x in server.get("/api/rooms").json()["rooms"] if x["host"] == "Picky"]


def test_play_now_takes_the_games_easy_way_in_when_asked(server: Server) -> None:
    token = server.guest("Newcomer")
    games = {g["name"]: g["info"] for g in server.get("/api/games").json()["games"]}
    assert games["darwin"]["easy_options"] == {"variant": "beginner"}
    assert games["darwin"]["easy_label"]["de"] == "Anfängerregeln"
    assert games["toy"]["easy_options"] == {} and games["toy"]["easy_label"] == {}
    easy = server.post("/api/play-now", token, json={"game": "darwin", "easy": True})
    assert easy.status_code == 200, easy.text
    assert easy.json()["room"]["options"]["variant"] == "beginner"
    assert easy.json()["room"]["status"] == "playing"
    standard = server.post("/api/play-now", token, json={"game": "darwin"}).json()["room"]
    assert standard["options"]["variant"] == "standard"
    # options sent beside it come first; the base game with the half deck for Evolution
    short = server.post("/api/play-now", token, json={
        "game": "evolution", "easy": True, "options": {"half_deck": False}}).json()["room"]
    assert short["options"]["expansions"] == ["base"] and short["options"]["half_deck"] is False
    for body, words in [({"game": "toy", "easy": True}, "no easy way in"),
                        ({"game": "darwin", "easy": "yes"}, "true or false")]:
        r = server.post("/api/play-now", token, json=body)
        assert r.status_code == 400 and words in r.json()["error"], (body, r.text)


def test_resign_hands_the_seat_to_a_bot_and_ranks_last(server: Server) -> None:
    ann, bob = server.guest("Resa"), server.guest("Resb")
    room = server.room(ann, players=2)

    async def main() -> tuple[dict[str, Any], list[dict[str, Any]], dict[str, Any]]:
        a = await Client.open(server, room, ann)
        b = await Client.open(server, room, bob)
        await b.say("/join 2")
        await b.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"] == "Resb")
        await a.say("/resign")
        refused = await a.error("not_playing")
        await a.say("/start")
        await a.until(is_state)
        await b.until(is_state)
        await a.say("/resign")
        line = await b.until(lambda f: f["type"] == "chat" and "resigns" in f["text"])
        # the resigner gets the room without them and a watcher's state, in either order
        seen: dict[str, dict[str, Any]] = {}
        while len(seen) < 2:
            frame = await a.until(lambda f: f["type"] in ("room", "state"))
            if frame["type"] == "room" and frame["room"]["seats"][0]["resigned"]:
                seen["gone"] = frame
            elif frame["type"] == "state" and frame["seat"] is None:
                seen["spectator"] = frame
        assert seen["gone"]["room"]["seats"][0]["name"] == "Resa"
        # the resigned person watches: no seat, no legal actions
        assert seen["spectator"]["legal"] is None
        await a.say("/resign")
        await a.error("not_seated")
        end = await finish(b, random.Random(5))
        assert line["text"].startswith("Resa resigns")
        await a.close()
        await b.close()
        return end, [refused], line

    end, _, _ = asyncio.run(main())
    outcome = end["outcome"]
    assert outcome["resigned"] == [0]
    assert outcome["ranks"] == [2, 1] and outcome["winners"] == [1]
    profile = server.get("/api/users/Resa").json()
    assert profile["recent"][0]["rank"] == 2 and profile["ratings"]["toy"]["wins"] == 0
    # the record still replays: the game's own ranks are kept apart
    assert server.get(f"/api/rooms/{room}/replay").status_code == 200
    assert server.get(f"/api/rooms/{room}/record").json()["outcome"]["resigned"] == [0]


def test_rematch_keeps_game_options_bots_and_seats(server: Server) -> None:
    ann, bob = server.guest("Rema"), server.guest("Remb")
    r = server.post("/api/rooms", ann, json={"game": "toy", "options": {"players": 3, "tricks": 1},
                                             "clock": 30})
    room = r.json()["room"]["id"]

    async def main() -> None:
        a = await Client.open(server, room, ann)
        b = await Client.open(server, room, bob)
        await b.say("/join 3")
        await a.say("/bot random 2")
        await a.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["bot"] == "random")
        assert server.post(f"/api/rooms/{room}/rematch", ann, json={}).status_code == 409
        await a.say("/start")
        await asyncio.gather(finish(a, random.Random(1)), finish(b, random.Random(2)))
        await a.until(lambda f: f["type"] == "room" and f["room"]["status"] == "over")
        await a.close()
        await b.close()

    asyncio.run(main())
    stranger = server.guest("Remc")
    assert server.post(f"/api/rooms/{room}/rematch", stranger, json={}).status_code == 403
    first = server.post(f"/api/rooms/{room}/rematch", bob, json={})
    assert first.status_code == 200, first.text
    new = first.json()["room"]
    assert new["game"] == "toy" and new["options"]["tricks"] == 1 and new["clock"] == 30
    assert [s["name"] for s in new["seats"]] == [None, "Darwin (random)", "Remb"]
    assert new["status"] == "open" and new["host"] == "Remb"
    again = server.post(f"/api/rooms/{room}/rematch", ann, json={}).json()["room"]
    assert again["id"] == new["id"]
    assert [s["name"] for s in again["seats"]] == ["Rema", "Darwin (random)", "Remb"]
    assert server.get(f"/api/rooms/{room}").json()["room"]["rematch"] == new["id"]


def test_private_rooms_stay_out_of_every_list(server: Server) -> None:
    ann = server.guest("Privy")
    r = server.post("/api/rooms", ann, json={"game": "toy", "private": True})
    assert r.status_code == 200 and r.json()["room"]["private"] is True
    room = r.json()["room"]["id"]
    assert room not in [x["id"] for x in server.get("/api/rooms").json()["rooms"]]
    assert server.get(f"/api/rooms/{room}").json()["room"]["private"] is True
    bad = server.post("/api/rooms", ann, json={"game": "toy", "private": "yes"})
    assert bad.status_code == 400
    played = server.post("/api/play-now", ann, json={"game": "toy", "private": True}).json()
    pid = played["room"]["id"]

    async def main() -> None:
        c = await Client.open(server, pid, ann)
        await finish(c, random.Random(9))
        await c.close()

    asyncio.run(main())
    assert pid not in [x["id"] for x in server.get("/api/rooms").json()["finished"]]
    mine = server.get("/api/games/finished?player=Privy").json()
    assert mine["games"] == [] and mine["player"] == "Privy"
    assert server.get("/api/users/Privy").json()["recent"] == []
    chart = server.get("/api/users/Privy/ratings").json()["games"]["toy"]
    assert len(chart) == 1 and chart[0]["room"] is None


def test_history_per_player_with_winner_length_and_chart(server: Server) -> None:
    token = server.guest("Histo")
    ids = []
    for seed in (1, 2):
        room = server.post("/api/play-now", token, json={"game": "toy", "options": {"tricks": 1}})
        ids.append(room.json()["room"]["id"])

        async def main(rid: str = ids[-1], seed: int = seed) -> None:
            c = await Client.open(server, rid, token)
            await finish(c, random.Random(seed))
            await c.close()

        asyncio.run(main())
    data = server.get("/api/games/finished?player=histo&limit=1").json()
    assert data["player"] == "Histo" and data["more"] is True and len(data["games"]) == 1
    game = data["games"][0]
    assert game["id"] == ids[-1] and game["game"] == "toy" and game["options"]["tricks"] == 1
    assert game["actions"] > 0 and game["finished"] and game["started"]
    assert game["winners"] and set(game["winners"]) <= set(game["seats"])
    assert game["players"][0]["name"] == "Histo" and game["players"][0]["rank"] >= 1
    both = server.get("/api/games/finished?player=Histo&game=toy").json()["games"]
    assert [g["id"] for g in both] == ids[::-1]
    assert server.get("/api/games/finished?player=Nobody1").status_code == 404
    assert server.get("/api/games/finished?offset=x").status_code == 400
    # everyone's history still lists both (the old /api/rooms list keeps its fields)
    listed = server.get("/api/rooms").json()["finished"]
    assert {"id", "game", "seats", "outcome"} <= set(listed[0])
    chart = server.get("/api/users/Histo/ratings").json()
    points = chart["games"]["toy"]
    assert [p["room"] for p in points] == ids
    assert points[1]["before"] == points[0]["rating"]
    assert server.get("/api/users/Nobody1/ratings").status_code == 404


def test_hint_names_the_searchs_move_only_without_other_people(server: Server) -> None:
    token = server.guest("Hinted")
    room = server.post("/api/play-now", token, json={"game": "evolution"}).json()["room"]["id"]

    async def mine() -> tuple[dict[str, Any], list[Any]]:
        # asked while the seat is connected: a seat left (1 s here) is played by a bot
        c = await Client.open(server, room, token)
        state = await c.until(lambda f: is_state(f) and bool(f["legal"]), timeout=30)
        asked = [f"/api/rooms/{room}/hint?version={state['version']}{lang}"
                 for lang in ("&lang=ru", "&lang=ru", "")]
        answers = [await asyncio.to_thread(server.get, path, token) for path in asked]
        await c.close()
        return state, answers

    state, (r, again, in_english) = asyncio.run(mine())
    v = state["version"]
    assert r.status_code == 200, r.text
    hint = r.json()
    assert hint["version"] == v and 0 <= hint["index"] < len(state["legal"])
    assert again.json() == hint  # the same move for the same decision
    # why: the move's share of its trial games, beside the next best move's
    en = in_english.json()
    assert en["index"] == hint["index"] and en["text"] == state["legal"][en["index"]]["text"]
    if hint["trials"]:
        assert hint["trials"] == 200 and 0 <= hint["share"] <= 100
        assert "пробных парти" in hint["why"] and en["text"].rstrip(".") in en["why"]
    if hint["next"] is not None:
        runner = state["legal"][hint["next"]["index"]]["text"].rstrip(".")
        assert hint["next"]["index"] != hint["index"] and runner in en["why"]
        if hint["share"] > hint["next"]["share"]:
            assert f"{hint['share']}% против {hint['next']['share']}%" in hint["why"]
        else:  # a move tried less scored as high: the sentence says they are too close
            assert f"({hint['share']}%)" in hint["why"] and "слишком близко" in hint["why"]
            assert f"{hint['next']['share']}%" in hint["why"]
    assert "trial games" in en["why"] or "only move" in en["why"]
    assert server.get(f"/api/rooms/{room}/hint?version={v + 5}", token).status_code == 409
    nosy = server.guest("Nosy")
    assert server.get(f"/api/rooms/{room}/hint?version={v}", nosy).status_code == 409
    assert server.get(f"/api/rooms/{room}/hint?version={v}").status_code == 401
    # a room with another person: no hints; a game without a heuristic: the search's own
    ann, bob = server.guest("Hinta"), server.guest("Hintb")
    shared = server.room(ann, game="toy", players=2)
    toy = server.post("/api/play-now", ann, json={"game": "toy"}).json()["room"]["id"]

    async def people() -> None:
        a = await Client.open(server, shared, ann)
        b = await Client.open(server, shared, bob)
        await b.say("/join 2")
        await b.until(lambda f: f["type"] == "room" and f["room"]["seats"][1]["name"] == "Hintb")
        await a.say("/start")
        first = await a.until(is_state)
        r = server.get(f"/api/rooms/{shared}/hint?version={first['version']}", ann)
        assert r.status_code == 403 and "other people" in r.json()["error"]
        await a.close()
        await b.close()
        c = await Client.open(server, toy, ann)
        st = await c.until(lambda f: is_state(f) and bool(f["legal"]))
        r = server.get(f"/api/rooms/{toy}/hint?version={st['version']}&lang=de", ann)
        assert r.status_code == 200, r.text
        assert "Probepartien" in r.json()["why"] or "einzige" in r.json()["why"]
        await c.close()

    asyncio.run(people())


def test_the_host_makes_a_room_private_before_the_start(server: Server) -> None:
    ann, bob = server.guest("Hosty"), server.guest("Guesty")
    room = server.room(ann, players=2)

    def listed() -> bool:
        return room in [x["id"] for x in server.get("/api/rooms").json()["rooms"]]

    async def main() -> None:
        a = await Client.open(server, room, ann)
        b = await Client.open(server, room, bob)
        await b.say("/private on")
        assert "host" in (await b.error("not_host"))["message"]
        await a.say("/private maybe")
        await a.error("bad_option")
        await a.say("/private on")
        line = await b.until(lambda f: f["type"] == "chat" and f.get("system"))
        assert "private" in line["text"]
        await b.until(lambda f: f["type"] == "room" and f["room"]["private"])
        assert not listed()
        await a.say("/private off")
        await b.until(lambda f: f["type"] == "room" and not f["room"]["private"])
        assert listed()
        await b.say("/join 2")
        await a.say("/start")
        await a.until(is_state)
        await a.say("/private on")
        await a.error("not_open")
        await a.close()
        await b.close()

    asyncio.run(main())
