"""The server's memory snapshots (``server/memtrace.py``): what a soak reads to find what
grows, with and without tracing."""

from __future__ import annotations

import json
import os
import signal
import time
import tracemalloc
from pathlib import Path

import pytest

from evolutio.server import memtrace


class Cycle:
    """An object in a reference cycle with itself."""

    def __init__(self) -> None:
        self.me = self


def test_a_snapshot_counts_cycles_and_frees_them(tmp_path: Path) -> None:
    for _ in range(50):
        Cycle()  # unreachable at once, freed only by the collector
    first = memtrace.snapshot(tmp_path)
    data = json.loads(first.read_text())
    assert first.name == "snap-0.json" and not first.with_suffix(".tracemalloc").exists()
    assert data["garbage_types"]["Cycle"] >= 50 and data["rss_mb"] > 0
    assert data["objects"]["function"] > 0
    second = json.loads(memtrace.snapshot(tmp_path).read_text())
    assert "Cycle" not in second["garbage_types"]  # the first snapshot freed them


def test_traced_snapshots_compare_by_line(tmp_path: Path) -> None:
    tracemalloc.start(4)
    try:
        memtrace.snapshot(tmp_path)
        kept = [bytearray(100_000) for _ in range(20)]  # 2 MB held on this line
        memtrace.snapshot(tmp_path)
    finally:
        tracemalloc.stop()
    shown = memtrace.compare(tmp_path / "snap-0.json", tmp_path / "snap-1.tracemalloc",
                             top=3, group="lineno")
    assert len(kept) == 20
    first = shown.splitlines()[0]
    assert first.startswith("+2.0") and "test_server_memtrace.py" in shown
    assert "traced MB" in shown and "rss MB" in shown


def test_install_answers_sigusr2_only_when_asked(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(memtrace.ENV, raising=False)
    assert not memtrace.install()
    monkeypatch.setenv(memtrace.ENV, str(tmp_path / "snaps"))
    monkeypatch.setenv(memtrace.FRAMES_ENV, "0")
    before = signal.getsignal(signal.SIGUSR2)
    try:
        assert memtrace.install() and not tracemalloc.is_tracing()
        os.kill(os.getpid(), signal.SIGUSR2)
        deadline = time.monotonic() + 5
        while not (tmp_path / "snaps" / "snap-0.json").exists():
            assert time.monotonic() < deadline
            time.sleep(0.01)
    finally:
        signal.signal(signal.SIGUSR2, before)
