"""Bounded memories: the records and replays cache (``server/kept.py``), by entries and by
bytes; the per-key quotas (``limits.Quota``), by keys."""

from __future__ import annotations

import pytest

from evolutio.server import limits
from evolutio.server.kept import Kept
from evolutio.server.limits import Quota


def test_the_cache_keeps_the_newest_values_within_both_bounds() -> None:
    kept = Kept(entries=3, size=1000)
    for i in range(5):
        kept.put(("replay", str(i)), b"x" * 100)
    assert len(kept) == 3 and kept.held == 300  # the entry bound: the oldest two went
    assert kept.get(("replay", "0")) is None and kept.get(("replay", "4")) == b"x" * 100
    kept.get(("replay", "2"))  # used now: the least used is 3
    kept.put(("replay", "big"), b"y" * 800)  # the byte bound: 2, 4 and big fit; 3 goes
    assert kept.get(("replay", "3")) is None
    assert kept.get(("replay", "2")) is not None and kept.held == 1000
    kept.put(("replay", "huge"), b"z" * 1001)  # larger than the whole cache: not kept
    assert kept.get(("replay", "huge")) is None and kept.held == 1000


def test_text_counts_its_utf8_bytes_and_a_replaced_value_its_new_size() -> None:
    kept = Kept(entries=10, size=100)
    kept.put("record", "ж" * 30)  # 60 bytes
    assert kept.held == 60
    kept.put("record", "ok")
    assert kept.held == 2 and kept.get("record") == "ok"


def test_a_quota_forgets_idle_keys_past_its_bound(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "KEYS", 100)
    quota = Quota(limit=2, window=10.0)
    for i in range(100):  # an address each, long ago
        assert quota.take(f"old{i}", now=0.0)
    assert quota.take("busy", now=100.0) and quota.take("busy", now=100.0)
    assert len(quota._times) <= 50  # the idle ones went (before the fix: never)
    assert not quota.take("busy", now=101.0)  # a key still counting keeps its count
    for i in range(200):  # many counting at once: the least recent are forgotten
        quota.take(f"new{i}", now=200.0 + i / 1000)
    assert len(quota._times) <= 100
