"""North Star's terminal table (``GAME.terminal``): the watering hole, the draw pile, the
first player and the last-round bell, then one panel per seat with its species (body size,
population, food, fat, traits; face-down traits as "?"), its bag and its hand, drawn with Rich;
with Flight, the Cliff, the cards set aside, "^" for an avian species and its upkeep.

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
from evolutio.core.words import words

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red")
PHASES = {
    "food": words("choose food", ru="выбор еды", it="scelta del cibo", de="Nahrung wählen"),
    "play": words("play cards", ru="розыгрыш карт", it="gioco delle carte",
                  de="Karten ausspielen"),
    "before": words("before feeding", ru="перед питанием", it="prima dell'alimentazione",
                    de="vor dem Fressen"),
    "feed": words("feeding", ru="питание", it="alimentazione", de="Fressen"),
    "over": words("game over", ru="конец игры", it="fine partita", de="Spielende"),
}
#: the table's own words (trait names are the game's labels)
WORDS = {
    "round": words("Round {n}", ru="Раунд {n}", it="Giro {n}", de="Runde {n}"),
    "watering_hole": words("watering hole {n}", ru="водопой {n}", it="pozza {n}",
                           de="Wasserloch {n}"),
    "piles": words("draw pile {deck} · discard {discard}", ru="колода {deck} · сброс {discard}",
                   it="mazzo {deck} · scarti {discard}",
                   de="Nachziehstapel {deck} · Ablage {discard}"),
    "last_round": words("last round", ru="последний раунд", it="ultimo giro",
                        de="letzte Runde"),
    "switched_off": words("A{species} switched off {traits}", ru="A{species}: отключено {traits}",
                          it="A{species}: disattivato {traits}",
                          de="A{species}: ausgeschaltet {traits}"),
    "fat": words("fat", ru="жир", it="grasso", de="Fett"),
    "no_traits": words("(no traits)", ru="(нет свойств)", it="(nessun tratto)",
                       de="(keine Eigenschaften)"),
    "species": words("species", ru="вид", it="specie", de="Art"),
    "body": words("body", ru="размер", it="taglia", de="Körper"),
    "pop": words("pop", ru="попул.", it="popol.", de="Pop."),
    "food": words("food", ru="еда", it="cibo", de="Nahrung"),
    "traits": words("traits", ru="свойства", it="tratti", de="Eigenschaften"),
    "bag_hand": words("bag {bag} · hand {hand}", ru="мешок {bag} · в руке {hand}",
                      it="sacchetto {bag} · mano {hand}", de="Beutel {bag} · Hand {hand}"),
    "card_down": words("food card down", ru="карта еды выбрана", it="carta cibo scelta",
                       de="Nahrungskarte liegt"),
    "choosing": words("choosing food", ru="выбирает еду", it="sceglie il cibo",
                      de="wählt Nahrung"),
    "done": words("done", ru="готово", it="fatto", de="fertig"),
    "hand": words("hand", ru="рука", it="mano", de="Hand"),
    "food_card": words("food card", ru="карта еды", it="carta cibo", de="Nahrungskarte"),
    "first": words("first player", ru="первый игрок", it="primo giocatore", de="Startspieler"),
    # the Flight expansion
    "cliff": words("Cliff {n}", ru="Утёс {n}", it="Scogliera {n}", de="Klippe {n}"),
    "set_aside": words("set aside {n}", ru="отложено {n}", it="da parte {n}",
                       de="beiseite {n}"),
    "upkeep": words("upkeep", ru="содерж.", it="mantenim.", de="Unterhalt"),
    "climate": words("climate", ru="климат", it="clima", de="Klima"),
    "cold_event": words("cold event {name} at {zone}", ru="холодное событие {name} в зоне {zone}",
                        it="evento freddo {name} a {zone}", de="kaltes Ereignis {name} bei {zone}"),
    "hot_event": words("hot event {name} at {zone}", ru="жаркое событие {name} в зоне {zone}",
                       it="evento caldo {name} a {zone}", de="heißes Ereignis {name} bei {zone}"),
}


def _icons(card: JSON) -> str:
    """A card's climate icons (Climate edition): suns ☀ or snowflakes ❄, or nothing."""
    icons = card.get("climate") or 0
    return "☀" * icons if icons > 0 else "❄" * -icons


def _climate(climate: JSON, labels: Mapping[str, str], language: str) -> Text:
    """The Climate track: every zone, the marker's in bold, and the event cards lying out."""
    from evolutio.games.northstar.climate_cards import climate_name

    text = Text(f"{say('climate', language)}: ")
    for i, zone in enumerate(climate["zones"]):
        if i:
            text.append(" · ", style="dim")
        name = climate_name(zone, language) or zone
        colour = "blue" if i < 3 else "red" if i > 3 else ""
        if zone == climate["zone"]:
            text.append(f" {name} ", style=f"bold reverse {colour}".strip())
        else:
            text.append(name, style=colour)
    for side in ("cold", "hot"):
        event = climate.get(f"{side}_event")
        if event:
            text.append("  " + say(f"{side}_event", language,
                                   name=labels.get(event["kind"], event["kind"]),
                                   zone=climate_name(event["zone"], language) or event["zone"]),
                        style="blue" if side == "cold" else "red")
    return text


def say(key: str, language: str, **fields: Any) -> str:
    """The table's word ``key`` (or phase) in ``language`` (English when it has none)."""
    texts = WORDS.get(key) or PHASES[key]
    return (texts.get(language) or texts["en"]).format(**fields)


def _food(species: JSON, language: str = "en") -> Text:
    text = Text()
    cost = species.get("upkeep_cost") or 0
    if cost:  # Flight: the upkeep, paid before the population (not scored)
        text.append(f"{say('upkeep', language)} ", style="dim")
        text.append("◆" * species["upkeep"], style="bold cyan")
        text.append("◇" * max(0, cost - species["upkeep"]), style="cyan")
        text.append(" ")
    text.append("●" * species["food"], style="bold green")
    text.append("○" * max(0, species["pop"] - species["food"]), style="dim")
    capacity = species.get("fat_capacity") or 0
    if capacity or species["fat"]:
        text.append(f" {say('fat', language)} ", style="dim")
        text.append("■" * species["fat"], style="bold yellow")
        text.append("□" * max(0, capacity - species["fat"]), style="yellow")
    return text


def _traits(species: JSON, names: Mapping[str, str], language: str = "en") -> Text:
    text = Text()
    for i, trait in enumerate(species["traits"]):
        if i:
            text.append(", ")
        if trait.get("hidden"):
            text.append("?", style="bold dim")
        else:
            style = "bold red" if trait["trait"] == "carnivore" else ""
            text.append(names.get(trait["trait"], trait["trait"]), style=style)
    return text if text.plain else Text(say("no_traits", language), style="dim")


def _seat_panel(player: JSON, view: JSON, names: Mapping[str, str], name: str,
                language: str = "en") -> Panel:
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for column in ("species", "body", "pop", "food", "traits"):
        table.add_column(say(column, language))
    for species in player["species"]:
        wings = " ^" if species.get("avian") else ""  # Flight: an avian species (wings up)
        table.add_row(f"A{species['id']}{wings}", str(species["body"]), str(species["pop"]),
                      _food(species, language), _traits(species, names, language))
    lines: list[RenderableType] = [table]
    status = Text(say("bag_hand", language, bag=player["bag"], hand=player["hand_size"]))
    if view["phase"] == "food":
        chosen = "card_down" if player["food_chosen"] else "choosing"
        status.append(f" · {say(chosen, language)}", style="italic")
    if player["passed"]:
        status.append(f" · {say('done', language)}", style="dim")
    lines.append(status)
    if player.get("hand") is not None:
        hand = Text(f"{say('hand', language)}: ")
        for i, card in enumerate(player["hand"]):
            if i:
                hand.append("  ")
            hand.append(f"#{card['card']} {names.get(card['trait'], card['trait'])}")
            hand.append(f" ({card['food']:+d})", style="green")
            if card.get("climate"):
                hand.append(_icons(card), style="red" if card["climate"] > 0 else "blue")
        if player.get("food_card"):
            card = player["food_card"]
            hand.append(f"   {say('food_card', language)}: #{card['card']} ({card['food']:+d})",
                        style="bold green")
        lines.append(hand)
    first = f" ★ {say('first', language)}" if player["seat"] == view["first_player"] else ""
    style = SEAT_COLOURS[player["seat"] % len(SEAT_COLOURS)]
    return Panel(Group(*lines), title=f"{name}{first}", border_style=style, title_align="left")


class NorthStarTerminal:
    """Draws a view of North Star's Evolution."""

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str],
               language: str = "en") -> Any:
        head = Text()
        phase = say(view["phase"], language) if view["phase"] in PHASES else view["phase"]
        head.append(f"{say('round', language, n=view['round'])} · {phase}")
        head.append(f" · {say('watering_hole', language, n=view['watering_hole'])}",
                    style="bold green")
        head.append(" · " + say("piles", language, deck=view["deck_size"],
                                discard=len(view["discard"])))
        flight = view.get("flight")
        if flight is not None:  # the Flight expansion: the Cliff, the cards set aside
            head.append(f" · {say('cliff', language, n=flight['cliff'])}", style="bold cyan")
            # with Climate its set-aside is the only one (docs/rules/northstar.md)
            aside = view["climate"]["set_aside"] if view.get("climate") else flight["reserve_size"]
            head.append(" · " + say("set_aside", language, n=aside))
        if view.get("bell"):
            head.append(f" · 🔔 {say('last_round', language)}", style="bold yellow")
        if view.get("intel"):
            negated = ", ".join(labels.get(t, t) for t in view["intel"]["negated"])
            head.append(" · " + say("switched_off", language, species=view["intel"]["species"],
                                    traits=negated), style="bold green")
        panels = [
            _seat_panel(p, view, labels,
                        players[p["seat"]] if p["seat"] < len(players) else f"#{p['seat'] + 1}",
                        language)
            for p in view["players"]
        ]
        if view.get("climate"):
            return Group(head, _climate(view["climate"], labels, language), *panels)
        return Group(head, *panels)


TERMINAL = NorthStarTerminal()
