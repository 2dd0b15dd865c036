"""Real server processes for the protocol tests, started by the server tests' harness.

The harness only starts and stops the process; everything said over HTTP and WebSocket goes
through tests/protocol/client.py, which follows docs/protocol.md alone.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))

from server_harness import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose absent players keep their seats for 30 s (no take-over in a test)."""
    srv = Server(tmp_path_factory.mktemp("protocol") / "evolutio.db", grace=30.0)
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def quick_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server where a bot takes an absent player's seat over after half a second."""
    srv = Server(tmp_path_factory.mktemp("protocol-quick") / "evolutio.db", grace=0.5)
    srv.start()
    yield srv
    srv.stop()
