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
from evolutio.core.words import words
from evolutio.games.darwin.cards import load_catalog
from evolutio.games.darwin.texts import card_name, event_text, habitat_name

SEAT_COLOURS = ("cyan", "magenta", "green", "yellow", "blue", "red")
#: the adaptation symbols' letters per language (the legend below the table names them)
MARKS = {
    "en": {"run": "R", "swim": "S", "fly": "F", "climb": "C"},
    "ru": {"run": "Б", "swim": "П", "fly": "Л", "climb": "К"},
    "it": {"run": "C", "swim": "N", "fly": "V", "climb": "A"},
    "de": {"run": "L", "swim": "S", "fly": "F", "climb": "K"},
}
WEATHER = {"cold": "❄", "heat": "☀"}
#: the table's own words
WORDS = {
    "era": words("Era", ru="Эра", it="Era", de="Zeitalter"),
    "event": words("Event", ru="Событие", it="Evento", de="Ereignis"),
    "decks": words("decks: small {small} · large {large}",
                   ru="колоды: малая {small} · большая {large}",
                   it="mazzi: piccolo {small} · grande {large}",
                   de="Stapel: klein {small} · groß {large}"),
    "market": words("Market", ru="Рынок", it="Mercato", de="Markt"),
    "hand": words("Hand", ru="Рука", it="Mano", de="Kartenhand"),
    "building": words("Building", ru="Сборка", it="In costruzione", de="Im Bau"),
    "dp": words("DP", ru="ОД", it="PD", de="DP"),
    "needs": words("needs", ru="нужно", it="richiede", de="braucht"),
    "never": words("never", ru="нельзя", it="mai", de="nie"),
    "counts": words("counts", ru="считается", it="conta", de="zählt"),
    "adapt": words("adaptation", ru="приспособленность", it="adattamento", de="Anpassung"),
    "food": words("food", ru="еда", it="cibo", de="Futter"),
    "fails": words("fails its habitat", ru="не подходит среде", it="non adatta all'habitat",
                   de="passt nicht ins Habitat"),
    "cards_in_hand": words("hand {n}", ru="в руке {n}", it="in mano {n}", de="Hand {n}"),
    "passed": words("passed", ru="пас", it="ha passato", de="gepasst"),
    "legend": words("{run} run · {swim} swim · {fly} fly · {climb} climb · ♥ hearts · "
                    "⚔ strength · DP Darwin points",
                    ru="{run} бег · {swim} плавание · {fly} полёт · {climb} лазание · "
                    "♥ сердца · ⚔ сила · ОД очки Дарвина",
                    it="{run} corsa · {swim} nuoto · {fly} volo · {climb} arrampicata · "
                    "♥ cuori · ⚔ forza · PD punti Darwin",
                    de="{run} Laufen · {swim} Schwimmen · {fly} Fliegen · {climb} Klettern · "
                    "♥ Herzen · ⚔ Stärke · DP Darwinpunkte"),
    "africa": words("Africa", ru="Африка", it="Africa", de="Afrika"),
    "america": words("America", ru="Америка", it="America", de="Amerika"),
    "asia": words("Asia", ru="Азия", it="Asia", de="Asien"),
    "europe": words("Europe", ru="Европа", it="Europa", de="Europa"),
    "oceania": words("Oceania", ru="Океания", it="Oceania", de="Ozeanien"),
}


def say(key: str, language: str, **fields: Any) -> str:
    """The table's word ``key`` in ``language`` (English when it has none)."""
    texts = WORDS[key]
    return (texts.get(language) or texts["en"]).format(**fields)


def mark(symbol: str, language: str = "en") -> str:
    """An adaptation symbol's letter in ``language``, or the weather's sign."""
    return MARKS.get(language, MARKS["en"]).get(symbol) or WEATHER.get(symbol, symbol)


def seat_style(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def card_text(cid: int, language: str = "en", labels: Mapping[str, str] | None = None) -> str:
    """``#12 Lion head (♥1 ⚔3 R1 herbivore)``: name, hearts, strength, symbols, diet."""
    card = load_catalog().cards[cid]
    names = labels or {}
    marks = " ".join(f"{mark(s, language)}{n}" for s, n in card.symbols)
    extra = f" {names.get(card.diet, card.diet).lower()}" if card.part == "head" else ""
    special = f" {names.get(card.special, card.special)}" if card.special else ""
    return f"#{cid} {card_name(cid, language)} (♥{card.hearts} ⚔{card.cs}" \
        f"{' ' + marks if marks else ''}{extra}{special})"


def _requirements(habitat: JSON, language: str) -> str:
    alts = " / ".join(
        "+".join(f"{mark(s, language)}{n}" for s, n in alt.items())
        for alt in habitat["requires"]
    )
    forbidden = "".join(mark(s, language) for s in habitat["forbidden"])
    return (alts or "-") + (f"  {say('never', language)} {forbidden}" if forbidden else "")


def _species(sp: JSON, winners: list[int], language: str, labels: Mapping[str, str]) -> Text:
    text = Text()
    text.append(f"S{sp['id']} ", style=f"bold {seat_style(sp['owner'])}")
    diet = labels.get(sp["diet"], sp["diet"])
    text.append(f"{diet} · {say('adapt', language)} {sp['adaptation']} ⚔{sp['cs']} "
                f"♥{sp['hearts']}")
    text.append(f"  {say('food', language)} {sp['plants']}🌿{sp['meat']}🥩", style="green" if (
        sp["plants"] + sp["meat"] >= sp["hearts"]) else "red")
    text.append(f"  {say('dp', language)} {sp['dp']}", style="bold")
    if sp["id"] in winners:
        text.append(" ★", style="yellow")
    if sp["ticked"]:
        text.append(" ✓", style="dim")
    if not sp["meets"]:
        text.append(f" ({say('fails', language)})", style="red")
    for cid in sp["cards"]:
        text.append("\n   " + card_text(cid, language, labels), style="dim")
    return text


def render_table(view: JSON, labels: Mapping[str, str], players: Sequence[str],
                 language: str = "en") -> Any:
    species = {sp["id"]: sp for sp in view["species"]}
    decision = view.get("decision") or {}
    dp = say("dp", language)
    head = Text(f"{say('era', language)} {view['era']}/{view['eras']}  ", style="bold")
    if view.get("event"):
        title, effect = event_text(view["event"], language)
        head.append(f"{say('event', language)}: {title} – {effect}  ", style="italic")
    decks = view["decks"]
    head.append(say("decks", language, small=decks["small"], large=decks["large"]), style="dim")
    market = Text(f"{say('market', language)}: ", style="bold")
    market.append("   ".join(card_text(c, language, labels) for c in view["market"]))
    columns: list[RenderableType] = []
    for index, habitat in enumerate(view["habitats"]):
        body = Text()
        body.append(f"🌿{habitat['plants']} 🥩{habitat['meat']}  {habitat['dp']} {dp}\n")
        body.append(f"{say('needs', language)} {_requirements(habitat, language)}\n",
                    style="dim")
        counted = " ".join(mark(s, language) for s in habitat["adaptation"])
        body.append(f"{say('counts', language)} {counted}\n", style="dim")
        parts: list[RenderableType] = [body]
        for sid in habitat["species"]:
            parts.append(_species(species[sid], habitat["winners"], language, labels))
        key = habitat["habitat"] if habitat["card"] != "volcanic_eruption" or \
            habitat["volcano"] > 1 else None
        token = say(habitat["token"], language) if habitat["token"] in WORDS else \
            habitat["token"]
        columns.append(Panel(Group(*parts), title=f"H{index} {habitat_name(key, language)}",
                             subtitle=token, width=46))
    scores = Text()
    for player in view["players"]:
        seat = player["seat"]
        name = players[seat] if seat < len(players) else f"#{seat + 1}"
        scores.append(f"{name}: {player['score']} {dp}", style=f"bold {seat_style(seat)}")
        passed = f", {say('passed', language)}" if player["passed"] else ""
        scores.append(f" ({say('cards_in_hand', language, n=player['hand_size'])}{passed})")
        seats = decision.get("seats", ())
        # a turn open to side actions: the seat whose turn it is, not those who may draw aside
        if seat in (seats[:1] if decision.get("open") else seats):
            kind = str(decision.get("kind"))
            scores.append(f"  ◀ {labels.get(f'kind:{kind}', kind)}", style="bold")
        scores.append("   ")
    out: list[RenderableType] = [head, market, Columns(columns), scores]
    seat = view.get("seat")
    if seat is not None and view["players"][seat]["hand"] is not None:
        hand = Text(f"{say('hand', language)}: ", style="bold")
        hand.append("\n  ".join(card_text(c, language, labels)
                                for c in view["players"][seat]["hand"]))
        out.append(hand)
    build = view.get("build")
    if build is not None and isinstance(build["added"], list):
        out.append(Text(f"{say('building', language)}: "
                        + ", ".join(card_text(c, language, labels) for c in build["added"]),
                        style="bold"))
    out.append(Text(say("legend", language, **MARKS.get(language, MARKS["en"])), style="dim"))
    return Group(*out)


class DarwinTerminal:
    """The ``core.protocols.TerminalRenderer`` of Darwin's Choice."""

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str],
               language: str = "en") -> Any:
        return render_table(view, labels, players, language)


TERMINAL = DarwinTerminal()
