"""Darwin's Choice in the terminal (``GAME.terminal``): the event and the decks, the market,
one column per habitat with its food, requirements and species (parts, adaptation, strength,
hearts, food, Darwin points), the players' scores and the seat's own hand, drawn with Rich.
It reads only a seat's view, so it never shows what the seat may not see."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from evolutio.core.game import JSON
from evolutio.games.darwin.cards import load_catalog
from evolutio.games.darwin.texts import card_name, event_text, habitat_name

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red")
SYMBOL_MARKS = {"run": "R", "swim": "S", "fly": "F", "climb": "C", "cold": "❄", "heat": "☀"}


def seat_style(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def card_text(cid: int) -> str:
    """``#12 Lion head (♥1 ⚔3 R1)``: name, hearts, strength and symbols."""
    card = load_catalog().cards[cid]
    marks = " ".join(f"{SYMBOL_MARKS[s]}{n}" for s, n in card.symbols)
    extra = f" {card.diet}" if card.part == "head" else ""
    special = f" {card.special}" if card.special else ""
    return f"#{cid} {card_name(cid)} (♥{card.hearts} ⚔{card.cs}{' ' + marks if marks else ''}" \
        f"{extra}{special})"


def _requirements(habitat: JSON) -> str:
    alts = " / ".join(
        "+".join(f"{SYMBOL_MARKS[s]}{n}" for s, n in alt.items()) for alt in habitat["requires"]
    )
    forbidden = "".join(SYMBOL_MARKS[s] for s in habitat["forbidden"])
    return (alts or "-") + (f"  no {forbidden}" if forbidden else "")


def _species(sp: JSON, winners: list[int]) -> Text:
    text = Text()
    text.append(f"S{sp['id']} ", style=f"bold {seat_style(sp['owner'])}")
    text.append(f"{sp['diet'][0].upper()} adapt {sp['adaptation']} ⚔{sp['cs']} ♥{sp['hearts']}")
    text.append(f"  food {sp['plants']}🌿{sp['meat']}🥩", style="green" if (
        sp["plants"] + sp["meat"] >= sp["hearts"]) else "red")
    text.append(f"  DP {sp['dp']}", style="bold")
    if sp["id"] in winners:
        text.append(" ★", style="yellow")
    if sp["ticked"]:
        text.append(" ✓", style="dim")
    if not sp["meets"]:
        text.append(" (fails requirements)", style="red")
    for cid in sp["cards"]:
        text.append("\n   " + card_text(cid), style="dim")
    return text


def render_table(view: JSON, labels: Mapping[str, str], players: Sequence[str]) -> Any:
    species = {sp["id"]: sp for sp in view["species"]}
    decision = view.get("decision") or {}
    head = Text(f"Era {view['era']}/{view['eras']}  ", style="bold")
    if view.get("event"):
        title, effect = event_text(view["event"], "en")
        head.append(f"Event: {title} – {effect}  ", style="italic")
    decks = view["decks"]
    head.append(f"decks small {decks['small']} · large {decks['large']}", style="dim")
    market = Text("Market: ", style="bold")
    market.append("   ".join(card_text(c) for c in view["market"]))
    columns: list[RenderableType] = []
    for index, habitat in enumerate(view["habitats"]):
        body = Text()
        body.append(f"🌿{habitat['plants']} 🥩{habitat['meat']}  {habitat['dp']} DP\n")
        body.append("needs " + _requirements(habitat) + "\n", style="dim")
        counted = " ".join(SYMBOL_MARKS[s] for s in habitat["adaptation"])
        body.append(f"counts {counted}\n", style="dim")
        parts: list[RenderableType] = [body]
        for sid in habitat["species"]:
            parts.append(_species(species[sid], habitat["winners"]))
        name = habitat_name(habitat["habitat"]) if habitat["card"] != "volcanic_eruption" or \
            habitat["volcano"] > 1 else habitat_name(None)
        columns.append(Panel(Group(*parts), title=f"H{index} {name}",
                             subtitle=habitat["token"], width=46))
    scores = Text()
    for player in view["players"]:
        seat = player["seat"]
        name = players[seat] if seat < len(players) else f"#{seat + 1}"
        scores.append(f"{name}: {player['score']} DP", style=f"bold {seat_style(seat)}")
        scores.append(f" (hand {player['hand_size']}{', passed' if player['passed'] else ''})")
        if seat in decision.get("seats", ()):
            scores.append(f"  ◀ {decision.get('kind')}", style="bold")
        scores.append("   ")
    out: list[RenderableType] = [head, market, Columns(columns), scores]
    seat = view.get("seat")
    if seat is not None and view["players"][seat]["hand"] is not None:
        hand = Text("Hand: ", style="bold")
        hand.append("\n  ".join(card_text(c) for c in view["players"][seat]["hand"]))
        out.append(hand)
    build = view.get("build")
    if build is not None and isinstance(build["added"], list):
        out.append(Text("Building: " + ", ".join(card_text(c) for c in build["added"]),
                        style="bold"))
    return Group(*out)


class DarwinTerminal:
    """The ``core.protocols.TerminalRenderer`` of Darwin's Choice."""

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str]) -> Any:
        return render_table(view, labels, players)


TERMINAL = DarwinTerminal()
