"""Makes the toy game of tests/bots importable and registers it for the simulation tests."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))
