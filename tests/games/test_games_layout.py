"""Every game package is laid out as docs/architecture.md's table "One layout for every game"
says: each module of the table is there unless the table names the game among those that
leave it out (and then it is not there), no module keeps an old name of a job, and the
driver has one signature in every game. The table is read from the document itself, so that
the document and the packages cannot drift apart."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "architecture.md"
GAMES_DIR = ROOT / "src" / "evolutio" / "games"
HEADING = "### One layout for every game"
#: the games of the project: every package under games/ with an adapter.
GAMES = sorted(p.parent.name for p in GAMES_DIR.glob("*/game.py"))


def _names(cell: str) -> list[str]:
    """The backticked names of a table cell (``web/`` keeps its slash)."""
    return re.findall(r"`([a-z_]+/?)`", cell)


def layout() -> list[tuple[str, list[str], list[str]]]:
    """The table's rows: (module, its old names, the games that leave it out)."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index(HEADING):]
    rows = []
    for line in section.splitlines()[1:]:
        if line.startswith("#"):
            break
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, f"a row of four cells: {line}"
        module, _job, old, left_out = cells
        games = re.findall(r"\b[a-z]+\b", left_out.split("(")[0])
        rows.append((_names(module)[0], _names(old), games))
    return rows


def present(game: str, module: str) -> bool:
    """Whether ``game`` has ``module``: a file ``module.py``, a package, or a folder ``web/``."""
    folder = GAMES_DIR / game
    if module.endswith("/"):
        return (folder / module).is_dir()
    return (folder / f"{module}.py").is_file() or (folder / module / "__init__.py").is_file()


def test_the_table_is_read_whole() -> None:
    rows = layout()
    modules = [module for module, _, _ in rows]
    assert len(modules) == len(set(modules)) == 21
    assert {"state", "actions", "events", "rules", "driver", "view", "texts", "game",
            "web/"} <= set(modules)
    assert GAMES == ["darwin", "evolution", "northstar", "toy"]
    for module, _, left_out in rows:
        assert set(left_out) <= set(GAMES), f"{module}: unknown games in {left_out}"


@pytest.mark.parametrize("game", GAMES)
def test_every_job_of_the_table_is_in_its_module(game: str) -> None:
    missing = [m for m, _, out in layout() if game not in out and not present(game, m)]
    assert missing == [], f"{game} lacks {missing} (docs/architecture.md)"


@pytest.mark.parametrize("game", GAMES)
def test_a_module_left_out_is_not_there(game: str) -> None:
    extra = [m for m, _, out in layout() if game in out and present(game, m)]
    assert extra == [], f"{game} has {extra}: take it out of the table's last column"


@pytest.mark.parametrize("game", GAMES)
def test_no_module_keeps_an_old_name(game: str) -> None:
    old = [name for _, names, _ in layout() for name in names if present(game, name)]
    assert old == [], f"{game} still has {old}"


@pytest.mark.parametrize("game", [g for g in GAMES if present(g, "driver")])
def test_the_driver_has_one_signature(game: str) -> None:
    """Read from the source (a compiled build keeps no annotations at run time)."""
    tree = ast.parse((GAMES_DIR / game / "driver.py").read_text(encoding="utf-8"))
    advance = next(node for node in tree.body
                   if isinstance(node, ast.FunctionDef) and node.name == "advance")
    args = advance.args
    assert [a.arg for a in args.args] == ["state", "events"]
    assert not (args.vararg or args.kwarg or args.kwonlyargs or args.posonlyargs)
    assert [ast.unparse(a.annotation) if a.annotation else None for a in args.args] == [
        "State", "list[Event]"]
    assert advance.returns is not None and ast.unparse(advance.returns) == "None"
