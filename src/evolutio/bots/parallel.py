"""Root parallelism for offline play: run one function in several forked processes at once.

A search bot's information set holds the true state inside a closure, which cannot be sent to
another process; a fork copies it with the rest of the process, so each child can sample and
search on its own and send back only its result (pickled through a pipe). ``os.fork`` is used
rather than ``multiprocessing`` because the simulation runner's workers are daemonic processes,
which ``multiprocessing`` forbids to have children. Meant for offline play (``evolutio play``,
``simulate``, benches): a server process with threads must not fork.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from typing import TypeVar, cast

T = TypeVar("T")

#: whether this platform can fork (root parallelism is refused where it cannot).
CAN_FORK = hasattr(os, "fork")


class ParallelError(RuntimeError):
    """A child process died or sent back nothing."""


def fork_map(count: int, work: Callable[[int], T]) -> list[T]:
    """``[work(0), work(1), ..., work(count - 1)]``, ``work(0)`` in this process and the others
    each in a forked child, all at the same time. A child's exception is raised here."""
    if count < 1:
        raise ValueError("fork_map needs at least one worker")
    if count == 1 or not CAN_FORK:
        return [work(i) for i in range(count)]
    children: list[tuple[int, int]] = []  # (pid, read end)
    for index in range(1, count):
        read, write = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:  # the child: do the work, send it, leave without cleanup of the parent's
            code = 0
            try:
                os.close(read)
                try:
                    payload = pickle.dumps((True, work(index)))
                except BaseException as exc:
                    payload = pickle.dumps((False, f"{type(exc).__name__}: {exc}"))
                with os.fdopen(write, "wb") as sink:
                    sink.write(payload)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(write)
        children.append((pid, read))
    try:
        first = work(0)
    finally:
        results: list[tuple[bool, object]] = []
        for pid, read in children:
            with os.fdopen(read, "rb") as got:
                data = got.read()
            os.waitpid(pid, 0)
            results.append(pickle.loads(data) if data else (False, "the process sent nothing"))
    out: list[T] = [first]
    for ok, value in results:
        if not ok:
            raise ParallelError(f"a search process failed: {value}")
        out.append(cast(T, value))
    return out
