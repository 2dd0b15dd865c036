"""Questions to the process that plays a room, and their answers, over the message bus.

An HTTP request about a room another process plays (a hint, who is connected, a rematch) is
asked there: a question ``q`` goes to the owner's channel with a correlation id, the owner
runs the request's own code on its room and publishes the answer ``r`` (the HTTP status and
body, refusals included, said in the asker's language) back to the asker's channel, where the
waiting request takes it and answers its client with it unchanged. An owner that does not
answer within :data:`TIMEOUT` seconds gets the asker a 504 saying so, in the client's language.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from evolutio.core.game import JSON
from evolutio.server.cluster.owner import Handler
from evolutio.server.guard import ApiError

if TYPE_CHECKING:
    from evolutio.server.cluster.owner import Owner

log = logging.getLogger("evolutio.server")

#: seconds an asker waits for the owner's answer
TIMEOUT = 5.0

class Answered(ApiError):
    """Another process's refusal, passed on to the client unchanged (status and body)."""

    def __init__(self, status: int, body: JSON) -> None:
        super().__init__(status, str(body.get("error", "")), code=str(body.get("code", "")))
        self.answer = body

    def body(self, lang: str) -> JSON:
        return self.answer


def no_answer(seconds: float) -> ApiError:
    """The refusal of a question nobody answered (504, said in the request's language)."""
    return ApiError(504, "owner_silent", code="owner_silent", seconds=f"{seconds:g}")


class Asks:
    """This process's questions waiting for an answer, and the kinds of question it answers."""

    def __init__(self, cluster: Owner, timeout: float = TIMEOUT) -> None:
        self.cluster = cluster
        self.timeout = timeout
        self.waiting: dict[str, asyncio.Future[tuple[int, Any]]] = {}
        self.handlers: dict[str, Handler] = {}

    async def ask(self, node: str, kind: str, args: dict[str, Any], lang: str) -> Any:
        """The owner ``node``'s answer to the question ``kind``: its body when it succeeded;
        its refusal raised as :class:`Answered`; no answer in time: a 504 (:func:`no_answer`)."""
        cid = secrets.token_hex(8)
        done: asyncio.Future[tuple[int, Any]] = asyncio.get_running_loop().create_future()
        self.waiting[cid] = done
        question = {"kind": kind, "from": self.cluster.node, "lang": lang, "args": args}
        try:
            if not await self.cluster.publish(node, "q", cid, json.dumps(question)):
                # that process stopped listening since it was found alive: the room moves
                raise ApiError(503, "room_moving", code="room_moving")
            status, body = await asyncio.wait_for(done, self.timeout)
        except TimeoutError:
            log.warning("cluster: process %s did not answer %r within %g s", node, kind,
                        self.timeout)
            raise no_answer(self.timeout) from None
        finally:
            self.waiting.pop(cid, None)
        if status >= 400:
            raise Answered(status, body if isinstance(body, dict) else {"error": str(body)})
        return body

    def question(self, cid: str, payload: str) -> None:
        """A question from another process: answered on the event loop."""
        self.cluster.spawn(self._answer(cid, json.loads(payload)))

    async def _answer(self, cid: str, question: dict[str, Any]) -> None:
        lang = str(question.get("lang") or "en")
        handler = self.handlers.get(str(question.get("kind")))
        try:
            if handler is None:
                raise ApiError(404, "not_found")
            status, body = await handler(dict(question.get("args") or {}), lang)
        except ApiError as exc:
            status, body = exc.status, exc.body(lang)
        except Exception:
            log.exception("cluster: answering %r failed", question.get("kind"))
            status, body = 500, ApiError(500, "internal").body(lang)
        answer = json.dumps({"status": status, "body": body}, ensure_ascii=False)
        try:
            await self.cluster.publish(str(question["from"]), "r", cid, answer)
        except Exception as exc:  # Redis unreachable: the asker times out and says so
            if not self.cluster.unreachable(exc, "answering a question"):
                raise

    def answer(self, cid: str, payload: str) -> None:
        """The answer to one of this process's questions (late ones are dropped)."""
        done = self.waiting.get(cid)
        if done is not None and not done.done():
            data = json.loads(payload)
            done.set_result((int(data["status"]), data["body"]))
