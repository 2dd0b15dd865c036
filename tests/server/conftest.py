"""A real server process on a free loopback port with a temporary SQLite file."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from server_harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server per test module (names used by a module's tests are distinct)."""
    srv = Server(tmp_path_factory.mktemp("server") / "evolutio.db", grace=1.0)
    srv.start()
    yield srv
    srv.stop()
