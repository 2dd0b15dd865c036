"""Terminal rendering of a seat's view with Rich: the game's own table when it has a terminal
renderer (``game.terminal``), else a readable tree of the view; and the legal actions.

It reads only the view JSON and the game's display names, so it never shows what the seat
may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from evolutio.core.game import JSON, Game
from evolutio.core.words import words

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan", "white")
#: view keys the generic tree leaves out (the game's name is in the title already).
SKIPPED_KEYS = ("game",)
#: the generic tree's own words, by language
WORDS = {
    "yes": words("yes", ru="да", it="sì", de="ja"),
    "no": words("no", ru="нет", it="no", de="nein"),
    "none": words("none", ru="нет", it="nessuno", de="keine"),
}


def seat_style(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def render_view(
    game: Game[Any], view: JSON, players: Sequence[str], language: str = "en"
) -> RenderableType:
    """The game's terminal table when it has one, else :func:`render_tree` of the view."""
    labels = game.labels(language)
    terminal = game.terminal
    if terminal is not None:
        rendered: RenderableType = terminal.render(view, labels, players, language)
        return rendered
    title = game.info.titles.get(language) or game.title
    return render_tree(title, view, labels, players, language)


def _heading(key: str, labels: Mapping[str, str]) -> str:
    """A view field's name: the game's ``view:<key>`` label, its label of ``key``, the key."""
    return labels.get(f"view:{key}") or labels.get(key) or key.replace("_", " ")


def _word(key: str, language: str) -> str:
    return WORDS[key].get(language) or WORDS[key]["en"]


def _cell(value: Any, language: str = "en") -> Text:
    """A scalar (or a short list) as a table cell or a leaf value."""
    if value is None:
        return Text("—", style="dim")
    if isinstance(value, bool):
        return Text(_word("yes" if value else "no", language),
                    style="green" if value else "dim")
    if isinstance(value, (int, float)):
        return Text(str(value), style="bold")
    if isinstance(value, (list, tuple)):
        if not value:
            return Text(_word("none", language), style="dim")
        return Text(", ".join(_item(v, language) for v in value))
    if isinstance(value, Mapping):
        return Text(", ".join(f"{k} {_cell(v, language).plain}" for k, v in value.items()))
    return Text(str(value))


def _item(value: Any, language: str = "en") -> str:
    """One element of a list: nested lists in brackets, so ``[[1, 2]]`` reads ``[1, 2]``."""
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_item(v, language) for v in value) + "]"
    return _cell(value, language).plain


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _is_records(value: Any) -> bool:
    return bool(value) and isinstance(value, list) and all(isinstance(v, Mapping) for v in value)


def _seat_name(seat: Any, players: Sequence[str]) -> Text:
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return Text(f"{players[seat]} ({seat})", style=f"bold {seat_style(seat)}")
    return _cell(seat)


def _records_table(
    records: Sequence[Mapping[str, Any]], labels: Mapping[str, str], players: Sequence[str],
    language: str = "en",
) -> Table:
    """A list of objects (players, cards...) as a table, one column per key; a ``seat``
    column shows the player's name in its colour."""
    keys = list(dict.fromkeys(key for record in records for key in record))
    table = Table(box=None, header_style="dim", pad_edge=False)
    for key in keys:
        table.add_column(_heading(key, labels), justify="left" if key == "seat" else "right")
    for record in records:
        cells = [
            _seat_name(record.get(key), players) if key == "seat"
            else _cell(record.get(key), language)
            for key in keys
        ]
        table.add_row(*cells)
    return table


def _branch(
    tree: Tree, key: str, value: Any, labels: Mapping[str, str], players: Sequence[str],
    language: str = "en",
) -> None:
    heading = Text(_heading(key, labels), style="bold")
    if _is_records(value):
        tree.add(Group(heading, _records_table(value, labels, players, language)))
    elif isinstance(value, Mapping) and value:
        sub = tree.add(heading)
        for inner, item in value.items():
            _branch(sub, str(inner), item, labels, players, language)
    else:
        line = heading.copy()
        line.append(": ")
        line.append_text(_cell(value, language))
        tree.add(line)


def render_tree(
    title: str, view: JSON, labels: Mapping[str, str], players: Sequence[str],
    language: str = "en",
) -> RenderableType:
    """Any view as a tree: plain values as ``name: value`` lines, lists of objects (the
    players...) as tables, nested objects as branches. Hidden values (``None``) show as a
    dash."""
    tree = Tree(Text(title, style="bold underline"), guide_style="dim")
    scalars = [(k, v) for k, v in view.items() if k not in SKIPPED_KEYS and _is_scalar(v)]
    if scalars:
        line = Text()
        for i, (key, value) in enumerate(scalars):
            if i:
                line.append(" · ", style="dim")
            if key == "seat" and value is not None:
                line.append(f"{_heading(key, labels)} ")
                line.append_text(_seat_name(value, players))
                continue
            line.append(f"{_heading(key, labels)} ")
            line.append_text(_cell(value, language))
        tree.add(line)
    for key, value in view.items():
        if key in SKIPPED_KEYS or _is_scalar(value):
            continue
        _branch(tree, key, value, labels, players, language)
    return tree


def render_entries(lines: Mapping[int, tuple[str, str]]) -> RenderableType:
    """Numbered lines of ``(notation, meaning)``: the legal actions, or one group's."""
    table = Table(show_header=True, header_style="bold", box=None)
    table.add_column("#", justify="right", style="bold")
    table.add_column("notation", style="cyan")
    table.add_column("meaning")
    for number, (notation, meaning) in lines.items():
        table.add_row(str(number), notation, meaning)
    return table
