"""Session-wide test setup: the PostgreSQL switch of the server tests (tests/server/pg_cluster.py).

With ``EVOLUTIO_TEST_DATABASE=postgresql`` each module's and each test's databases are dropped
from the session's cluster once that module or test is over; otherwise these do nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "server"))

from pg_cluster import ON_POSTGRES, created, drop_since


@pytest.fixture(scope="module", autouse=ON_POSTGRES)
def _module_databases() -> Iterator[None]:
    before = created()
    yield
    drop_since(before)


@pytest.fixture(autouse=ON_POSTGRES)
def _test_databases() -> Iterator[None]:
    before = created()
    yield
    drop_since(before)
