"""What the cluster's parts use of the process's part that makes them (``node.Cluster``).

``node.py`` makes its parts (questions, forwarding, the shared lobby list, relays, proxies)
and hands each itself; typed here by what they use of it, the parts import nothing of
``node.py`` and the imports go one way (tests/test_layers.py).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from evolutio.server.cluster.lease import Leases
    from evolutio.server.cluster.outage import Outage
    from evolutio.server.conn import Conn
    from evolutio.server.hub import Hub
    from evolutio.server.rooms import Room

#: one kind of question (:mod:`ask`): its arguments and the asker's language -> (status, body)
Handler = Callable[[dict[str, Any], str], Awaitable[tuple[int, Any]]]


class Asking(Protocol):
    """The questions to other processes (``ask.Asks``), as the forwarded requests use them."""

    @property
    def handlers(self) -> dict[str, Handler]: ...

    async def ask(self, node: str, kind: str, args: dict[str, Any], lang: str) -> Any: ...


class Owner(Protocol):
    """This process's part in the cluster (``node.Cluster``), as its parts use it."""

    @property
    def node(self) -> str: ...

    @property
    def lease(self) -> float: ...

    @property
    def hub(self) -> Hub: ...

    @property
    def leases(self) -> Leases: ...

    @property
    def redis(self) -> Any: ...

    @property
    def asks(self) -> Asking: ...

    @property
    def handle(self) -> Callable[[Room, Conn, str], None] | None: ...

    def spawn(self, work: Coroutine[Any, Any, Any]) -> None: ...

    async def publish(self, node: str, kind: str, cid: str, payload: str) -> bool: ...

    async def tell(self, node: str, kind: str, cid: str, payload: str) -> None: ...

    @property
    def outage(self) -> Outage: ...

    def unreachable(self, exc: BaseException, where: str) -> bool: ...

    async def place(self, room_id: str) -> tuple[Room | None, str | None]: ...
