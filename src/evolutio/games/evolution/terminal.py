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
from evolutio.core.words import words
from evolutio.games.evolution.texts import sentence

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red", "bright_cyan", "white")
#: the table's own words (trait, card and place names are the game's labels and sentences)
WORDS = {
    "turn": words("Turn {n}", ru="Ход {n}", it="Turno {n}", de="Zug {n}"),
    "last_turn": words("LAST TURN", ru="ПОСЛЕДНИЙ ХОД", it="ULTIMO TURNO", de="LETZTER ZUG"),
    "food": words("food", ru="еда", it="cibo", de="Futter"),
    "fat": words("fat", ru="жир", it="grasso", de="Fett"),
    "food_bank": words("food bank: {n}", ru="кормовая база: {n}",
                       it="base dell'alimentazione: {n}", de="Futterbank: {n}"),
    "feeding_in": words("this feeding turn in {place}", ru="этот ход питания: {place}",
                        it="questo turno di alimentazione: {place}",
                        de="dieser Fütterungszug: {place}"),
    "deck": words("deck: {n}", ru="колода: {n}", it="mazzo: {n}", de="Stapel: {n}"),
    "first": words("first player: {name}", ru="первый игрок: {name}",
                   it="primo giocatore: {name}", de="Startspieler: {name}"),
    "on_table": words("on the table: {cards}", ru="на столе: {cards}", it="sul tavolo: {cards}",
                      de="auf dem Tisch: {cards}"),
    "attack": words("Carnivore A{a} attacks A{b}", ru="Хищник A{a} нападает на A{b}",
                    it="Il carnivoro A{a} attacca A{b}", de="Fleischfresser A{a} greift A{b} an"),
    "animal": words("animal", ru="животное", it="animale", de="Tier"),
    "traits": words("traits", ru="свойства", it="proprietà", de="Eigenschaften"),
    "state": words("state", ru="состояние", it="stato", de="Zustand"),
    "place_food": words("{place} (food {n})", ru="{place} (еда {n})", it="{place} (cibo {n})",
                        de="{place} (Futter {n})"),
    "no_animals": words("no animals", ru="нет животных", it="nessun animale", de="keine Tiere"),
    "seat": words("{name} (seat {seat})", ru="{name} (место {seat})",
                  it="{name} (posto {seat})", de="{name} (Platz {seat})"),
    "to": words("to {kind}", ru="{kind}", it="{kind}", de="{kind}"),
    "passed": words("passed", ru="пас", it="passa", de="gepasst"),
    "hand_discard": words("hand {hand} · discard {discard}", ru="в руке {hand} · сброс {discard}",
                          it="mano {hand} · scarti {discard}",
                          de="Hand {hand} · Ablage {discard}"),
    "hand": words("Hand", ru="Рука", it="Mano", de="Kartenhand"),
    "no_traits": words("(no traits)", ru="(нет свойств)", it="(nessuna proprietà)",
                       de="(keine Eigenschaften)"),
    "face_down": words("face down", ru="рубашкой вверх", it="coperto", de="verdeckt"),
    "traits_only": words("traits only", ru="только свойства", it="solo proprietà",
                         de="nur Eigenschaften"),
    "fed": words("fed", ru="накормлено", it="nutrito", de="satt"),
    "asleep": words("asleep", ru="спит", it="in letargo", de="schläft"),
    "poisoned": words("poisoned", ru="отравлено", it="avvelenato", de="vergiftet"),
    "paralysed": words("paralysed", ru="парализовано", it="paralizzato", de="gelähmt"),
    "plants": words("Plants", ru="Растения", it="Piante", de="Pflanzen"),
    "plant_deck": words("plant deck: {n}", ru="колода растений: {n}",
                        it="mazzo delle piante: {n}", de="Pflanzenstapel: {n}"),
    "shelters": words("shelters {n}", ru="убежищ {n}", it="rifugi {n}", de="Unterschlüpfe {n}"),
    "on_host": words("on P{host}", ru="на P{host}", it="su P{host}", de="auf P{host}"),
    "fruit": words("fruit", ru="плоды", it="frutti", de="Früchte"),
}


def seat_style(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def say(key: str, language: str, **fields: Any) -> str:
    """The table's word ``key`` in ``language`` (English when it has none)."""
    texts = WORDS[key]
    return (texts.get(language) or texts["en"]).format(**fields)


def _place(place: str, language: str) -> str:
    return sentence("places", place, language) or LOCATION_NAMES.get(place, place)


def _food(animal: JSON, language: str = "en") -> Text:
    text = Text()
    text.append("●" * animal["food"], style="bold red")
    text.append("○" * max(0, animal["need"] - animal["food"]), style="dim")
    if animal.get("fat_capacity"):
        text.append(f" {say('fat', language)} ", style="dim")
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


def plants_line(flora: JSON, names: Mapping[str, str], language: str) -> Text:
    """Plants: every plant with its kind, location (Continents), tokens of its most, traits,
    shelters and host, then the plant deck's size and the Mycorrhiza links."""
    line = Text()
    line.append(f"🌿 {say('plants', language)}:", style="bold green")
    for plant in flora["plants"]:
        kind = names.get(f"plant.{plant['kind']}", plant["kind"])
        line.append(f"  P{plant['id']} {kind} ", style="green")
        if plant.get("location"):  # Continents: the plant's location
            place = plant["location"]
            line.append(f"@{_place(place, language)} ", style=LOCATION_STYLES.get(place, ""))
        line.append(f"{plant['food']}/{plant['most']}", style="bold red")
        extras = [names.get(t["trait"], t["trait"]) for t in plant["traits"]
                  if t["trait"] != "parasitic_plant"]
        if plant["fruit"]:
            extras.append(say("fruit", language))
        if plant["shelters"]:
            extras.append(say("shelters", language, n=plant["shelters"]))
        if plant["host"]:
            extras.append(say("on_host", language, host=plant["host"]))
        if extras:
            line.append(f" [{', '.join(extras)}]", style="dim")
    for link in flora["links"]:
        a, b = link["plants"]
        line.append(f"  {names.get('mycorrhiza', 'Mycorrhiza')} P{a}↔P{b}", style="dim green")
    line.append(f"  · {say('plant_deck', language, n=flora['deck_size'])}", style="dim")
    return line


def _animal_row(
    animal: JSON, names: Mapping[str, str], links_by_animal: dict[int, list[str]],
    language: str = "en",
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
        label = Text(say("no_traits", language), style="dim")
    if animal.get("faces"):
        faces = " / ".join(names.get(f, f) for f in animal["faces"])
        label.append(f"  [{say('face_down', language)}: {faces}]", style="dim")
    state = []
    if animal.get("present") is False:
        state.append("traits_only")
    elif animal["fed"]:
        state.append("fed")
    for flag, word in (("hibernating", "asleep"), ("poisoned", "poisoned"),
                       ("paralysed", "paralysed")):
        if animal.get(flag):
            state.append(word)
    said = ", ".join(say(word, language) for word in state)
    return f"A{animal['id']}", label, _food(animal, language), said


def render_table(
    view: JSON, names: Mapping[str, str], players: Sequence[str], language: str = "en"
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
    header.append(say("turn", language, n=view["turn"]), style="bold")
    header.append(f" · {sentence('phases', view['phase'], language) or view['phase']}")
    if view.get("last_turn"):
        header.append(f" · {say('last_turn', language)}", style="bold red")
    banks = view.get("food_banks")
    if banks:
        header.append(f" · {say('food', language)}:")
        for place in LOCATIONS:
            header.append(f" {_place(place, language)} {banks[place]}",
                          style=LOCATION_STYLES[place])
        if view.get("step_location"):
            where = _place(view["step_location"], language)
            header.append(f" · {say('feeding_in', language, place=where)}", style="bold")
    elif view.get("flora") is None or view["food_bank"]:  # Plants: the food on the plants'
        # line, and a bank only when another set put food in it
        header.append(f" · {say('food_bank', language, n=view['food_bank'])}", style="red")
    header.append(f" · {say('deck', language, n=view['deck_size'])}")
    header.append(f" · {say('first', language, name=players[view['first_player']])}")
    if view.get("table_cards"):
        lying = ", ".join(
            f"#{c['id']} " + "/".join(names.get(f, f) for f in c["faces"])
            for c in view["table_cards"]
        )
        header.append(f" · {say('on_table', language, cards=lying)}")
    parts.append(header)
    nature = view.get("nature")
    if nature:
        parts.append(nature_line(nature, names))
    flora = view.get("flora")
    if flora is not None:
        parts.append(plants_line(flora, names, language))
    if view.get("attack"):
        attack = view["attack"]
        parts.append(Text("⚔ " + say("attack", language, a=attack["carnivore"],
                                     b=attack["target"]), style="bold red"))
    for player in view["players"]:
        seat = player["seat"]
        table = Table(show_header=True, header_style="dim", expand=True, box=None)
        table.add_column(say("animal", language), width=6)
        table.add_column(say("traits", language))
        table.add_column(say("food", language), width=18)
        table.add_column(say("state", language), width=12)
        if banks:
            # Continents: the player's divider -- Laurasia, Gondwana, the Ocean
            for place in LOCATIONS:
                here = [a for a in player["animals"] if a.get("location") == place]
                if not here:
                    continue
                table.add_row(
                    Text("──", style=LOCATION_STYLES[place]),
                    Text(
                        say("place_food", language, place=_place(place, language),
                            n=banks[place]),
                        style=f"bold {LOCATION_STYLES[place]}",
                    ),
                    "",
                    "",
                )
                for animal in here:
                    table.add_row(*_animal_row(animal, names, links_by_animal, language))
        else:
            for animal in player["animals"]:
                table.add_row(*_animal_row(animal, names, links_by_animal, language))
        if not player["animals"]:
            table.add_row("", Text(say("no_animals", language), style="dim"), "", "")
        title = Text(say("seat", language, name=players[seat], seat=seat),
                     style=f"bold {seat_style(seat)}")
        if seat in (decision.get("seats") or ()):
            kind = str(decision.get("kind"))
            kind = kind if language == "en" else names.get(f"kind:{kind}", kind)
            title.append(f"  ◀ {say('to', language, kind=kind)}", style="bold")
        if player["passed"] and view["phase"] == "development":
            title.append(f"  {say('passed', language)}", style="dim")
        subtitle = say("hand_discard", language, hand=player["hand_size"],
                       discard=player["discard_size"])
        body: list[RenderableType] = [table]
        if player.get("hand") is not None:
            hand = Text(f"{say('hand', language)}: ", style="bold")
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

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str],
               language: str = "en") -> Any:
        return render_table(view, edition_names(view, labels), players, language)


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
