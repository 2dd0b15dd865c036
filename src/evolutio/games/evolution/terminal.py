"""Evolution's terminal table (``GAME.terminal``): one panel per seat with its animals,
traits, links and food, plus the food bank, the deck and the phase, drawn with Rich.

It reads only a seat's view and the game's display names, so it never shows what the seat may
not see. ``evolutio play`` and ``evolutio replay`` draw it through ``cli.render.render_view``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from evolutio.core.game import JSON

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan", "white")


def seat_style(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _food(animal: JSON) -> Text:
    text = Text()
    text.append("●" * animal["food"], style="bold red")
    text.append("○" * max(0, animal["need"] - animal["food"]), style="dim")
    if animal.get("fat_capacity"):
        text.append(" fat ", style="dim")
        text.append("■" * animal["fat"], style="bold yellow")
        text.append("□" * (animal["fat_capacity"] - animal["fat"]), style="yellow")
    return text


def nature_line(nature: JSON, names: Mapping[str, str]) -> Text:
    """Ice Age: the natural change in force, face up, and the sizes of its decks."""
    line = Text()
    line.append(f"❄ {names.get('nature', 'Natural change')}: ", style="bold bright_blue")
    current = nature.get("current")
    if current:
        key = f"nature.{current['id']}"
        line.append(names.get(key, current["name"]), style="bold")
        line.append(f" -- {names.get(key + '.text', current['text'])}")
    else:
        line.append("-", style="dim")
    line.append(f"  ({nature['deck_size']} / {nature['discard_size']})", style="dim")
    return line


LOCATIONS = ("laurasia", "gondwana", "ocean")
LOCATION_NAMES = {"laurasia": "Laurasia", "gondwana": "Gondwana", "ocean": "Ocean"}
LOCATION_STYLES = {"laurasia": "green", "gondwana": "yellow", "ocean": "blue"}


def _animal_row(
    animal: JSON, names: Mapping[str, str], links_by_animal: dict[int, list[str]]
) -> tuple[str, Text, Text, str]:
    """One animal: id, traits (those that do not work dimmed and struck), food, state."""
    disabled = set(animal.get("disabled") or ())
    label = Text()
    for i, t in enumerate(animal["traits"]):
        if i:
            label.append(", ")
        off = t["card"] in disabled or animal.get("paralysed")
        label.append(names.get(t["trait"], t["trait"]), style="dim strike" if off else "")
    links = links_by_animal.get(animal["id"], [])
    if links:
        label.append((", " if animal["traits"] else "") + ", ".join(links))
    if not label.plain:
        label = Text("(no traits)", style="dim")
    if animal.get("faces"):
        faces = " / ".join(names.get(f, f) for f in animal["faces"])
        label.append(f"  [face down: {faces}]", style="dim")
    state = []
    if animal.get("present") is False:
        state.append("traits only")
    elif animal["fed"]:
        state.append("fed")
    if animal.get("hibernating"):
        state.append("asleep")
    if animal.get("poisoned"):
        state.append("poisoned")
    if animal.get("paralysed"):
        state.append("paralysed")
    return f"A{animal['id']}", label, _food(animal), ", ".join(state)


def render_table(
    view: JSON, names: Mapping[str, str], players: Sequence[str]
) -> RenderableType:
    """The Evolution table: one panel per seat, links, food bank, deck and phase."""
    links_by_animal: dict[int, list[str]] = {}
    for link in view["links"]:
        a, b = link["animals"]
        label = names.get(link["trait"], link["trait"])
        arrow = "→" if link["trait"] == "symbiosis" else "↔"
        text = f"{label} L{link['id']} (A{a}{arrow}A{b})"
        links_by_animal.setdefault(a, []).append(text)
        if b != a:
            links_by_animal.setdefault(b, []).append(text)
    decision = view.get("decision") or {}
    parts: list[RenderableType] = []
    header = Text()
    header.append(f"Turn {view['turn']}", style="bold")
    header.append(f" · {view['phase']}")
    if view.get("last_turn"):
        header.append(" · LAST TURN", style="bold red")
    banks = view.get("food_banks")
    if banks:
        header.append(" · food:")
        for place in LOCATIONS:
            header.append(f" {LOCATION_NAMES[place]} {banks[place]}", style=LOCATION_STYLES[place])
        if view.get("step_location"):
            header.append(
                f" · this feeding turn in {LOCATION_NAMES[view['step_location']]}", style="bold"
            )
    else:
        header.append(f" · food bank: {view['food_bank']}", style="red")
    header.append(f" · deck: {view['deck_size']}")
    header.append(f" · first player: {players[view['first_player']]}")
    if view.get("table_cards"):
        lying = ", ".join(
            f"#{c['id']} " + "/".join(names.get(f, f) for f in c["faces"])
            for c in view["table_cards"]
        )
        header.append(f" · on the table: {lying}")
    parts.append(header)
    nature = view.get("nature")
    if nature:
        parts.append(nature_line(nature, names))
    if view.get("attack"):
        attack = view["attack"]
        parts.append(
            Text(
                f"⚔ Carnivore A{attack['carnivore']} attacks A{attack['target']}", style="bold red"
            )
        )
    for player in view["players"]:
        seat = player["seat"]
        table = Table(show_header=True, header_style="dim", expand=True, box=None)
        table.add_column("animal", width=6)
        table.add_column("traits")
        table.add_column("food", width=18)
        table.add_column("state", width=12)
        if banks:
            # Continents: the player's divider -- Laurasia, Gondwana, the Ocean
            for place in LOCATIONS:
                here = [a for a in player["animals"] if a.get("location") == place]
                if not here:
                    continue
                table.add_row(
                    Text("──", style=LOCATION_STYLES[place]),
                    Text(
                        f"{LOCATION_NAMES[place]} (food {banks[place]})",
                        style=f"bold {LOCATION_STYLES[place]}",
                    ),
                    "",
                    "",
                )
                for animal in here:
                    table.add_row(*_animal_row(animal, names, links_by_animal))
        else:
            for animal in player["animals"]:
                table.add_row(*_animal_row(animal, names, links_by_animal))
        if not player["animals"]:
            table.add_row("", Text("no animals", style="dim"), "", "")
        title = Text(f"{players[seat]} (seat {seat})", style=f"bold {seat_style(seat)}")
        if seat in (decision.get("seats") or ()):
            title.append(f"  ◀ to {decision.get('kind')}", style="bold")
        if player["passed"] and view["phase"] == "development":
            title.append("  passed", style="dim")
        subtitle = f"hand {player['hand_size']} · discard {player['discard_size']}"
        body: list[RenderableType] = [table]
        if player.get("hand") is not None:
            hand = Text("Hand: ", style="bold")
            for card in player["hand"]:
                faces = " / ".join(names.get(f, f) for f in card["faces"])
                hand.append(f"#{card['id']} {faces}", style="white")
                hand.append("   ")
            body.append(hand)
        parts.append(
            Panel(Group(*body), title=title, subtitle=subtitle, border_style=seat_style(seat))
        )
    return Group(*parts)


class EvolutionTerminal:
    """The ``core.protocols.TerminalRenderer`` of Evolution."""

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str]) -> Any:
        return render_table(view, edition_names(view, labels), players)


def edition_names(view: JSON, labels: Mapping[str, str]) -> dict[str, str]:
    """The game's labels with the trait names of the view's edition (ruling 21): the 2nd
    edition's are given as ``<trait>@2``."""
    names = {k: v for k, v in labels.items() if "@" not in k}
    if (view.get("options") or {}).get("edition") == 2:
        for key, value in labels.items():
            if key.endswith("@2"):
                names[key[:-2]] = value
    return names


TERMINAL = EvolutionTerminal()
