"""North Star's terminal table (``GAME.terminal``): the watering hole, the draw pile, the
first player and the last-round bell, then one panel per seat with its species (body size,
population, food, fat, traits; face-down traits as "?"), its bag and its hand, drawn with Rich.

It reads only a seat's view, so it never shows what the seat may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evolutio.core.game import JSON

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red")
PHASES = {"food": "choose food", "play": "play cards", "before": "before feeding",
          "feed": "feeding", "over": "game over"}


def _food(species: JSON) -> Text:
    text = Text()
    text.append("●" * species["food"], style="bold green")
    text.append("○" * max(0, species["pop"] - species["food"]), style="dim")
    capacity = species.get("fat_capacity") or 0
    if capacity or species["fat"]:
        text.append(" fat ", style="dim")
        text.append("■" * species["fat"], style="bold yellow")
        text.append("□" * max(0, capacity - species["fat"]), style="yellow")
    return text


def _traits(species: JSON, names: Mapping[str, str]) -> Text:
    text = Text()
    for i, trait in enumerate(species["traits"]):
        if i:
            text.append(", ")
        if trait.get("hidden"):
            text.append("?", style="bold dim")
        else:
            style = "bold red" if trait["trait"] == "carnivore" else ""
            text.append(names.get(trait["trait"], trait["trait"]), style=style)
    return text if text.plain else Text("(no traits)", style="dim")


def _seat_panel(player: JSON, view: JSON, names: Mapping[str, str], name: str) -> Panel:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("species", "body", "pop", "food", "traits"):
        table.add_column(column)
    for species in player["species"]:
        table.add_row(f"A{species['id']}", str(species["body"]), str(species["pop"]),
                      _food(species), _traits(species, names))
    lines: list[RenderableType] = [table]
    status = Text(f"bag {player['bag']} · hand {player['hand_size']}")
    if view["phase"] == "food":
        status.append(" · food card down" if player["food_chosen"] else " · choosing food",
                      style="italic")
    if player["passed"]:
        status.append(" · done", style="dim")
    lines.append(status)
    if player.get("hand") is not None:
        hand = Text("hand: ")
        for i, card in enumerate(player["hand"]):
            if i:
                hand.append("  ")
            hand.append(f"#{card['card']} {names.get(card['trait'], card['trait'])}")
            hand.append(f" ({card['food']:+d})", style="green")
        if player.get("food_card"):
            card = player["food_card"]
            hand.append(f"   food card: #{card['card']} ({card['food']:+d})", style="bold green")
        lines.append(hand)
    first = " ★ first player" if player["seat"] == view["first_player"] else ""
    style = SEAT_COLOURS[player["seat"] % len(SEAT_COLOURS)]
    return Panel(Group(*lines), title=f"{name}{first}", border_style=style, title_align="left")


class NorthStarTerminal:
    """Draws a view of North Star's Evolution."""

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str]) -> Any:
        head = Text()
        head.append(f"Round {view['round']} · {PHASES.get(view['phase'], view['phase'])}")
        head.append(f" · watering hole {view['watering_hole']}", style="bold green")
        head.append(f" · draw pile {view['deck_size']} · discard {len(view['discard'])}")
        if view.get("bell"):
            head.append(" · 🔔 last round", style="bold yellow")
        if view.get("intel"):
            negated = ", ".join(labels.get(t, t) for t in view["intel"]["negated"])
            head.append(f" · A{view['intel']['species']} switched off {negated}",
                        style="bold green")
        panels = [
            _seat_panel(p, view, labels,
                        players[p["seat"]] if p["seat"] < len(players) else f"#{p['seat'] + 1}")
            for p in view["players"]
        ]
        return Group(head, *panels)


TERMINAL = NorthStarTerminal()
