"""Names and sentences of Darwin's Choice in English, Italian (the words of seed 003),
German and Russian."""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

from evolutio.core.game import Action, Event
from evolutio.core.plural import counted
from evolutio.core.words import addressed, words
from evolutio.games.darwin import actions as a
from evolutio.games.darwin import events as ev
from evolutio.games.darwin.cards import LANGUAGES, load_catalog

W = dict[str, str]


def _sentences() -> dict[str, W]:
    """The game's sentences by key and language (data/sentences.toml), read once."""
    text = resources.files("evolutio.games.darwin.data").joinpath("sentences.toml")
    return {k: dict(v) for k, v in tomllib.loads(text.read_text(encoding="utf-8")).items()}



PARTS = {
    "head": words("head", ru="голова", it="testa", de="Kopf"),
    "torso": words("torso", ru="туловище", it="torso", de="Rumpf"),
    "legs": words("legs", ru="ноги", it="zampe", de="Beine"),
    "leg": words("leg", ru="нога", it="zampa", de="Bein"),
    "wing": words("wing", ru="крыло", it="ala", de="Flügel"),
    "tail": words("tail", ru="хвост", it="coda", de="Schwanz"),
}
DECKS = {"small": words("small", ru="малая", it="piccole", de="kleine"),
         "large": words("large", ru="большая", it="grandi", de="große")}
CAUSES = {
    "requirements": words("failed the requirements",
                          ru="не выполнил требования",
                          it="non soddisfa i requisiti",
                          de="erfüllt die Anforderungen nicht"),
    "starved": words("starved", ru="умер от голода", it="morta di fame", de="verhungert"),
    "devoured": words("was devoured", ru="съеден", it="è stata divorata", de="wurde gefressen"),
    "flood": words("drowned in the flood",
                   ru="утонул в наводнении",
                   it="annegata nell'inondazione",
                   de="in der Flut ertrunken"),
    "hurricane": words("was swept away by the hurricane",
                       ru="сметён ураганом",
                       it="spazzata via dall'uragano",
                       de="vom Hurrikan hinweggefegt"),
    "invasive": words("gave way to an invasive species",
                      ru="вытеснен инвазивным видом",
                      it="soppiantata da una specie intrusiva",
                      de="von einer invasiven Art verdrängt"),
}
REASONS = {
    "survival": words("survival", ru="выживание", it="sopravvivenza", de="Überleben"),
    "habitat": words("best adapted",
                     ru="приспособленность",
                     it="adattamento",
                     de="beste Anpassung"),
    "strength": words("competitive strength",
                      ru="конкурентная сила",
                      it="forza competitiva",
                      de="Kampfkraft"),
}
SENTENCES: dict[str, W] = _sentences()
LABELS = {
    "era": words("Era", ru="Эра", it="Era", de="Zeitalter"),
    "market": words("Market", ru="Рынок", it="Mercato", de="Markt"),
    "hand": words("Hand", ru="Рука", it="Mano", de="Hand"),
    "event": words("Event", ru="Событие", it="Evento", de="Ereignis"),
    "plants": words("Plants", ru="Растения", it="Piante", de="Pflanzen"),
    "meat": words("Meat", ru="Мясо", it="Carne", de="Fleisch"),
    "dp": words("Darwin points", ru="Очки Дарвина", it="Punti Darwin", de="Darwinpunkte"),
    "requires": words("Requirements", ru="Требования", it="Requisiti", de="Anforderungen"),
    "forbidden": words("Forbidden", ru="Запрещено", it="Vietati", de="Verboten"),
    "adaptation": words("Adaptation", ru="Приспособленность", it="Adattamento", de="Anpassung"),
    "cs": words("Competitive strength",
                ru="Конкурентная сила",
                it="Forza Competitiva",
                de="Kampfkraft"),
    "hearts": words("Hearts", ru="Сердца", it="Cuori", de="Herzen"),
    "volcano": words("Volcanic eruption",
                     ru="Извержение вулкана",
                     it="Eruzione vulcanica",
                     de="Vulkanausbruch"),
    "run": words("Run", ru="Бег", it="Corsa", de="Laufen"),
    "swim": words("Swim", ru="Плавание", it="Nuoto", de="Schwimmen"),
    "fly": words("Fly", ru="Полёт", it="Volo", de="Fliegen"),
    "climb": words("Climb", ru="Лазание", it="Arrampicata", de="Klettern"),
    "cold": words("Cold resistance",
                  ru="Холодостойкость",
                  it="Resistenza al Freddo",
                  de="Kälteresistenz"),
    "heat": words("Heat resistance",
                  ru="Жаростойкость",
                  it="Resistenza al Caldo",
                  de="Hitzeresistenz"),
    "dig": words("Dig", ru="Рытьё", it="Scavo", de="Graben"),
    "poison": words("Poisonous", ru="Ядовитость", it="Velenoso", de="Giftig"),
    "herbivore": words("Herbivore", ru="Травоядное", it="Erbivoro", de="Pflanzenfresser"),
    "carnivore": words("Carnivore", ru="Хищник", it="Carnivoro", de="Fleischfresser"),
    "omnivore": words("Omnivore", ru="Всеядное", it="Onnivoro", de="Allesfresser"),
    "competition_gold": words("Gold competition token",
                              ru="Золотой жетон состязания",
                              it="Gettone Competizione dorato",
                              de="Goldener Wettbewerbsmarker"),
    "competition_silver": words("Silver competition token",
                                ru="Серебряный жетон состязания",
                                it="Gettone Competizione argenteo",
                                de="Silberner Wettbewerbsmarker"),
    "competition_bronze": words("Bronze competition token",
                                ru="Бронзовый жетон состязания",
                                it="Gettone Competizione bronzeo",
                                de="Bronzener Wettbewerbsmarker"),
    "own_cards": words("Card set: the project's own design, not the publisher's.",
                       ru="Карты: собственный набор проекта, не издательский.",
                       it="Carte: progetto originale, non quelle dell'editore.",
                       de="Karten: eigener Entwurf des Projekts, nicht die des Verlags."),
}


#: what the deciding player is asked, by decision kind (``describe_decision``)
PROMPTS: dict[str, W] = {
    "draw": words("Draw a card: choose the deck.",
                  ru="Возьмите карту: выберите колоду.",
                  it="Pesca una carta: scegli il mazzo.",
                  de="Zieh eine Karte: wähle den Stapel."),
    "turn": words("Your turn: an action for one species, or pass.",
                  ru="Ваш ход: действие одного вида или пас.",
                  it="Tocca a te: un'azione per una specie, o passa.",
                  de="Du bist dran: eine Aktion für eine Art, oder passen."),
    "turn_open": words("A turn: an action for one species, or pass; who has not acted "
                       "this era may draw new cards now, or keep the hand.",
                       ru="Ход: действие одного вида или пас; кто ещё не действовал в эту "
                          "эру, может сейчас взять новые карты или оставить руку.",
                       it="Un turno: un'azione per una specie, o passa; chi non ha ancora "
                          "agito in quest'Era può pescare nuove carte ora, o tenere la mano.",
                       de="Ein Zug: eine Aktion für eine Art, oder passen; wer in diesem "
                          "Zeitalter noch nicht gehandelt hat, kann jetzt neue Karten ziehen "
                          "oder die Hand behalten."),
    "build": words("Add cards one at a time, then done.",
                   ru="Добавляйте карты по одной, затем готово.",
                   it="Aggiungi carte una alla volta, poi fatto.",
                   de="Füge Karten einzeln hinzu, dann fertig."),
    "degenerate": words("Degeneration: choose the card this species loses.",
                        ru="Вырождение: выберите карту, которую теряет этот вид.",
                        it="Degenerazione: scegli la carta che questa specie perde.",
                        de="Degeneration: wähle die Karte, die diese Art verliert."),
    "lose": words("Invasive species: choose which of your species is lost.",
                  ru="Инвазивный вид: выберите, какой из ваших видов погибает.",
                  it="Specie invasiva: scegli quale tua specie si perde.",
                  de="Invasive Art: wähle, welche deiner Arten verloren geht."),
    "give": words("Invasive species: give a Darwin point to one of your species.",
                  ru="Инвазивный вид: дайте очко Дарвина одному из ваших видов.",
                  it="Specie invasiva: dai un punto Darwin a una tua specie.",
                  de="Invasive Art: gib einer deiner Arten einen Darwin-Punkt."),
    "toss": words("Choose the cards you do not keep, then done.",
                  ru="Выберите карты, которые не оставляете, затем готово.",
                  it="Scegli le carte che non tieni, poi fatto.",
                  de="Wähle die Karten, die du nicht behältst, dann fertig."),
    "show": words("Show up to 4 cards to your teammate, then done.",
                  ru="Покажите напарнику до 4 карт, затем готово.",
                  it="Mostra fino a 4 carte al tuo compagno, poi fatto.",
                  de="Zeig deinem Mitspieler bis zu 4 Karten, dann fertig."),
    "pay": words("Pay: a hand card into the market, or the opponents draw.",
                 ru="Заплатите: карту с руки на рынок, или соперники берут карты.",
                 it="Paga: una carta della mano nel Mercato, o gli avversari pescano.",
                 de="Bezahle: eine Handkarte auf den Markt, oder die Gegner ziehen."),
    "grant": words("Name the player of your team who draws a card.",
                   ru="Назовите игрока своей команды, который берёт карту.",
                   it="Indica il giocatore della tua squadra che pesca una carta.",
                   de="Nenne den Spieler deines Teams, der eine Karte zieht."),
}
#: the decision kinds' short names ("waiting for Ann (drawing)"): ``labels`` ``kind:<kind>``
KINDS: dict[str, W] = {
    "draw": words("drawing", ru="взятие карты", it="pesca", de="Ziehen"),
    "turn": words("turn", ru="ход", it="turno", de="Zug"),
    "build": words("building a species",
                   ru="сборка вида",
                   it="costruzione di una specie",
                   de="Artbau"),
    "degenerate": words("degeneration", ru="вырождение", it="degenerazione", de="Degeneration"),
    "lose": words("losing a species",
                  ru="потеря вида",
                  it="perdita di una specie",
                  de="Artverlust"),
    "give": words("giving a Darwin point", ru="очко Дарвина", it="punto Darwin", de="Darwin-Punkt"),
    "toss": words("discarding", ru="сброс", it="scarto", de="Abwerfen"),
    "show": words("showing cards", ru="показ карт", it="carte mostrate", de="Karten zeigen"),
    "pay": words("paying", ru="оплата", it="pagamento", de="Bezahlen"),
    "grant": words("granting a card", ru="выдача карты", it="carta concessa", de="Karte vergeben"),
}


#: nouns with their plural forms (one|other; Russian one|few|many), for counts
NOUNS = {
    "cards": words("card|cards", ru="карту|карты|карт", it="carta|carte", de="Karte|Karten"),
    "points": words("Darwin point|Darwin points", ru="очко Дарвина|очка Дарвина|очков Дарвина",
                    it="punto Darwin|punti Darwin", de="Darwinpunkt|Darwinpunkte"),
}


def count(n: int, noun: str, language: str) -> str:
    """``n`` and the noun's form for it: "1 card", "5 карт"."""
    return counted(n, language, pick(NOUNS[noun], language).split("|"))


def say(key: str, language: str, **values: Any) -> str:
    """The sentence ``key`` in ``language`` filled with ``values``; in the second person when
    its subject is the reader (``core.words.addressed``)."""
    texts = SENTENCES[addressed(key, values, SENTENCES)]
    return (texts.get(language) or texts["en"]).format(**values)


def pick(texts: W, language: str) -> str:
    return texts.get(language) or texts["en"]


def card_name(cid: int, language: str = "en") -> str:
    """The animal's name and the part: "Lion head", "testa di Leone"."""
    catalog = load_catalog()
    c = catalog.cards[cid]
    animal = pick(dict(catalog.animals[c.animal]), language)
    part = pick(PARTS["leg" if c.part == "legs" and not c.pair else c.part], language)
    if language == "it":
        return f"{part} ({animal})"
    return f"{animal} – {part}" if language == "ru" else f"{animal} {part}"


def habitat_name(key: str | None, language: str = "en") -> str:
    if key is None or key == "volcanic_eruption":
        return pick(LABELS["volcano"], language)
    if key.startswith("competition_"):
        return pick(LABELS[key], language)
    return pick(dict(load_catalog().habitat(key).names), language)


def event_text(key: str, language: str) -> tuple[str, str]:
    for e in load_catalog().events:
        if e.key == key:
            return pick(dict(e.names), language), pick(dict(e.effect), language)
    return key, ""


#: what a player did, for the log, by action type: only actions whose events say nothing
#: (a species being built, cards chosen one by one) need one
DONE: dict[str, W] = {
    "create": words("{name} starts a species in {habitat}.",
                    ru="{name} начинает вид в месте {habitat}.",
                    it="{name} inizia una specie in {habitat}.",
                    de="{name} beginnt eine Art in {habitat}."),
    "add": words("{name} adds {card}.",
                 ru="{name} добавляет {card}.",
                 it="{name} aggiunge {card}.",
                 de="{name} legt {card} an."),
    "cancel": words("{name} takes the species back.",
                    ru="{name} отменяет вид.",
                    it="{name} ritira la specie.",
                    de="{name} nimmt die Art zurück."),
    "done": words("{name} is done.",
                  ru="{name} закончил.",
                  it="{name} ha finito.",
                  de="{name} ist fertig."),
    "keep": words("{name} keeps the hand.",
                  ru="{name} оставляет руку.",
                  it="{name} tiene la mano.",
                  de="{name} behält die Hand."),
    "toss": words("{name} sets a card aside.",
                  ru="{name} откладывает карту.",
                  it="{name} mette da parte una carta.",
                  de="{name} legt eine Karte beiseite."),
    "show": words("{name} shows a card to the teammate.",
                  ru="{name} показывает карту напарнику.",
                  it="{name} mostra una carta al compagno.",
                  de="{name} zeigt dem Mitspieler eine Karte."),
}


def describe_done(
    action: Action, habitat_at: list[str | None], language: str, name: str
) -> str:
    """What ``name`` did with ``action``, for the log ("" when its events tell it)."""
    template = DONE.get(action.type)
    if template is None:
        return ""
    return pick(template, language).format(name=name, **_fields(action, habitat_at, language))


def describe_action(action: Action, habitat_at: list[str | None], language: str) -> str:
    if isinstance(action, a.Draw):
        return say("draw", language, deck=pick(DECKS[action.deck], language))
    return say(action.type, language, **_fields(action, habitat_at, language))


def _fields(action: Action, habitat_at: list[str | None], language: str) -> dict[str, Any]:
    def hab(i: int) -> str:
        return habitat_name(habitat_at[i], language) if 0 <= i < len(habitat_at) else f"H{i}"

    fields: dict[str, Any] = {}
    for name in ("card", "take", "new", "keep"):
        if hasattr(action, name):
            fields["card" if name == "keep" else name] = card_name(getattr(action, name), language)
    if hasattr(action, "species"):
        fields["species"] = f"S{action.species}"
    if hasattr(action, "habitat"):
        fields["habitat"] = hab(action.habitat)
    if hasattr(action, "seat"):
        fields["seat"] = action.seat + 1
    if isinstance(action, a.DrawSplit):
        fields.update(small=action.small, large=action.large)
    return fields


def describe_event(event: Event, language: str, seats: list[str] | None) -> str:
    def name(seat: int) -> str:
        return seats[seat] if seats and seat < len(seats) else f"#{seat + 1}"

    if isinstance(event, ev.Drew):
        return say("e_drew", language, name=name(event.seat),
                   deck=pick(DECKS[event.deck], language))
    if isinstance(event, ev.Redrew):
        return say("e_redrew", language, name=name(event.seat),
                   n=count(event.discarded, "cards", language))
    if isinstance(event, ev.Exchanged):
        return say("e_exchanged", language, name=name(event.seat),
                   card=card_name(event.card, language), take=card_name(event.take, language))
    if isinstance(event, ev.Unexchanged):
        return say("e_unexchanged", language, name=name(event.seat),
                   card=card_name(event.card, language), take=card_name(event.take, language))
    if isinstance(event, ev.Created):
        return say("e_created", language, name=name(event.seat), species=f"S{event.species}",
                   habitat=f"H{event.habitat}")
    if isinstance(event, ev.Mutated):
        return say("e_mutated", language, name=name(event.seat), species=f"S{event.species}",
                   cost=event.cost)
    if isinstance(event, ev.Migrated):
        return say("e_migrated", language, name=name(event.seat), species=f"S{event.species}",
                   habitat=f"H{event.habitat}")
    if isinstance(event, ev.Passed):
        return say("e_passed", language, name=name(event.seat))
    if isinstance(event, ev.Extinct):
        return say("e_extinct", language, species=f"S{event.species}", name=name(event.owner),
                   cause=pick(CAUSES[event.cause], language))
    if isinstance(event, ev.Scored):
        return say("e_scored", language, species=f"S{event.species}", name=name(event.owner),
                   points=count(event.points, "points", language),
                   reason=pick(REASONS[event.reason], language))
    if isinstance(event, ev.EventRevealed):
        title, effect = event_text(event.event, language)
        return say("e_event", language, event=title, effect=effect)
    if isinstance(event, ev.HabitatChanged):
        return say("e_habitat", language, new=habitat_name(event.new, language),
                   old=habitat_name(event.old, language))
    if isinstance(event, ev.MarketDealt):
        return say("e_market", language)
    if isinstance(event, ev.EraBegins):
        return say("e_era", language, era=event.era)
    if isinstance(event, ev.CardLost):
        return say("e_card_lost", language, species=f"S{event.species}",
                   card=card_name(event.card, language))
    if isinstance(event, ev.GameOver):
        return say("e_over", language)
    return ""


def labels(language: str) -> dict[str, str]:
    """Terms, parts, animals, habitats and events by their ids, in ``language``."""
    catalog = load_catalog()
    out = {key: pick(value, language) for key, value in LABELS.items()}
    out.update({key: pick(value, language) for key, value in PARTS.items()})
    out.update({key: pick(dict(value), language) for key, value in catalog.animals.items()})
    out.update({h.key: pick(dict(h.names), language) for h in catalog.habitats})
    out.update({e.key: pick(dict(e.names), language) for e in catalog.events})
    out.update({f"kind:{kind}": pick(value, language) for kind, value in KINDS.items()})
    return out


assert all(set(v) == set(LANGUAGES) for v in SENTENCES.values())
