"""Run folders: where ``evolutio simulate`` keeps a run's results when no ``--out`` is given,
``runs/GAME-YYYYmmdd-HHMMSS/`` under the current folder, and how ``report`` finds the latest.
"""

from __future__ import annotations

import time
from pathlib import Path

#: where ``simulate`` makes its run folders when no ``--out`` is given (under the current one).
RUNS = Path("runs")
#: a run folder's results file and the ``--records`` flag's folder in it.
RUN_RESULTS = "results.jsonl"
RUN_RECORDS = "records"


def run_folder(game: str, root: Path = RUNS) -> Path:
    """A new folder for a run of ``game``: ``root/GAME-YYYYmmdd-HHMMSS`` (``-2``, ``-3``...
    when a run of the same second has it)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = root / f"{game}-{stamp}"
    number = 2
    while folder.exists():
        folder = root / f"{game}-{stamp}-{number}"
        number += 1
    folder.mkdir(parents=True)
    return folder


def latest_run(root: Path = RUNS) -> Path | None:
    """The results file of the newest run folder under ``root`` (by modification time of its
    results), or ``None`` when there is none."""
    found = [path for path in root.glob(f"*/{RUN_RESULTS}") if path.is_file()]
    if not found:
        return None
    return max(found, key=lambda path: (path.stat().st_mtime, path.parent.name))
