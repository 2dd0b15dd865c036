"""Names and sentences of Darwin's Choice in English, Italian (the words of seed 003),
German and Russian."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import Action, Event
from evolutio.games.darwin import actions as a
from evolutio.games.darwin.catalog import LANGUAGES, load_catalog

W = dict[str, str]


def words(en: str, it: str, de: str, ru: str) -> W:
    return {"en": en, "it": it, "de": de, "ru": ru}


PARTS = {
    "head": words("head", "testa", "Kopf", "голова"),
    "torso": words("torso", "torso", "Rumpf", "туловище"),
    "legs": words("legs", "zampe", "Beine", "ноги"),
    "leg": words("leg", "zampa", "Bein", "нога"),
    "wing": words("wing", "ala", "Flügel", "крыло"),
    "tail": words("tail", "coda", "Schwanz", "хвост"),
}
DECKS = {"small": words("small", "piccole", "kleine", "малая"),
         "large": words("large", "grandi", "große", "большая")}
CAUSES = {
    "requirements": words("failed the requirements", "non soddisfa i requisiti",
                          "erfüllt die Anforderungen nicht", "не выполнил требования"),
    "starved": words("starved", "morta di fame", "verhungert", "умер от голода"),
    "devoured": words("was devoured", "è stata divorata", "wurde gefressen", "съеден"),
    "flood": words("drowned in the flood", "annegata nell'inondazione", "in der Flut ertrunken",
                   "утонул в наводнении"),
    "hurricane": words("was swept away by the hurricane", "spazzata via dall'uragano",
                       "vom Hurrikan hinweggefegt", "сметён ураганом"),
    "invasive": words("gave way to an invasive species", "soppiantata da una specie intrusiva",
                      "von einer invasiven Art verdrängt", "вытеснен инвазивным видом"),
}
REASONS = {
    "survival": words("survival", "sopravvivenza", "Überleben", "выживание"),
    "habitat": words("best adapted", "adattamento", "beste Anpassung", "приспособленность"),
    "strength": words("competitive strength", "forza competitiva", "Kampfkraft",
                      "конкурентная сила"),
}
SENTENCES: dict[str, W] = {
    "draw": words("Draw a card from the {deck} deck.", "Pesca una carta dal mazzo {deck}.",
                  "Eine Karte vom Stapel {deck} ziehen.", "Взять карту из колоды: {deck}."),
    "redraw": words("Keep {card}, discard the rest and draw 9.",
                    "Tieni {card}, scarta le altre e pescane 9.",
                    "{card} behalten, den Rest abwerfen, 9 ziehen.",
                    "Оставить {card}, сбросить остальные, взять 9."),
    "renew": words("Discard the whole hand and draw again.", "Scarta tutta la mano e ripesca.",
                   "Die ganze Hand abwerfen und neu ziehen.", "Сбросить всю руку и взять заново."),
    "exchange": words("Put {card} in the market and take {take}.",
                      "Metti {card} nel Mercato e prendi {take}.",
                      "{card} auf den Markt legen und {take} nehmen.",
                      "Положить {card} на рынок и взять {take}."),
    "create": words("Create a species in {habitat}.", "Crea una specie in {habitat}.",
                    "Eine Art in {habitat} erschaffen.", "Создать вид: {habitat}."),
    "mutate": words("Mutate species {species}.", "Muta la specie {species}.",
                    "Art {species} mutieren.", "Мутация вида {species}."),
    "migrate": words("Migrate species {species} to {habitat}.",
                     "Migra la specie {species} in {habitat}.",
                     "Art {species} nach {habitat} wandern lassen.",
                     "Переселить вид {species}: {habitat}."),
    "add": words("Add {card}.", "Aggiungi {card}.", "{card} anlegen.", "Добавить {card}."),
    "remove": words("Remove {card}.", "Rimuovi {card}.", "{card} entfernen.", "Убрать {card}."),
    "swap": words("Swap {card} for {new}.", "Sostituisci {card} con {new}.",
                  "{card} gegen {new} tauschen.", "Заменить {card} на {new}."),
    "done": words("Done.", "Fatto.", "Fertig.", "Готово."),
    "cancel": words("Cancel.", "Annulla.", "Abbrechen.", "Отмена."),
    "pass": words("Pass for this era.", "Passa per quest'Era.", "Für dieses Zeitalter passen.",
                  "Пас до конца эры."),
    "degenerate": words("Lose {card}.", "Perdi {card}.", "{card} verlieren.",
                        "Потерять {card}."),
    "lose": words("Lose species {species}.", "Perdi la specie {species}.",
                  "Art {species} verlieren.", "Потерять вид {species}."),
    "give": words("Give a Darwin point to species {species}.",
                  "Dai un Punto Darwin alla specie {species}.",
                  "Art {species} einen Darwinpunkt geben.",
                  "Дать очко Дарвина виду {species}."),
    "toss": words("Do not keep {card}.", "Non tenere {card}.", "{card} nicht behalten.",
                  "Не оставлять {card}."),
    "show": words("Show {card} to your teammate.", "Mostra {card} al compagno.",
                  "{card} dem Partner zeigen.", "Показать {card} партнёру."),
    "receive": words("Take {card} from your teammate.", "Ricevi {card} dal compagno.",
                     "{card} vom Partner nehmen.", "Взять {card} у партнёра."),
    "takeover": words("Take over species {species}.", "Prendi la specie {species}.",
                      "Art {species} übernehmen.", "Забрать вид {species}."),
    "pay": words("Put {card} into the market.", "Metti {card} nel Mercato.",
                 "{card} auf den Markt legen.", "Положить {card} на рынок."),
    "gift": words("Let the opponents draw.", "Fai pescare gli avversari.",
                  "Die Gegner ziehen lassen.", "Дать соперникам взять карту."),
    "grant": words("Player {seat} draws.", "Pesca il giocatore {seat}.",
                   "Spieler {seat} zieht.", "Берёт игрок {seat}."),
    "e_drew": words("{name} draws a {deck} card.", "{name} pesca una carta {deck}.",
                    "{name} zieht eine {deck} Karte.", "{name} берёт карту ({deck})."),
    "e_redrew": words("{name} discards {n} cards to draw anew.",
                      "{name} scarta {n} carte per ripescare.",
                      "{name} wirft {n} Karten ab und zieht neu.",
                      "{name} сбрасывает {n} карт и берёт новые."),
    "e_exchanged": words("{name} puts {card} in the market and takes {take}.",
                         "{name} mette {card} nel Mercato e prende {take}.",
                         "{name} legt {card} auf den Markt und nimmt {take}.",
                         "{name} кладёт {card} на рынок и берёт {take}."),
    "e_created": words("{name} creates species {species} in {habitat}.",
                       "{name} crea la specie {species} in {habitat}.",
                       "{name} erschafft Art {species} in {habitat}.",
                       "{name} создаёт вид {species}: {habitat}."),
    "e_mutated": words("{name} mutates species {species} (cost {cost} DP).",
                       "{name} muta la specie {species} (costo {cost} PD).",
                       "{name} mutiert Art {species} (Kosten {cost} DP).",
                       "{name} изменяет вид {species} (цена {cost} ОД)."),
    "e_migrated": words("{name} migrates species {species} to {habitat}.",
                        "{name} migra la specie {species} in {habitat}.",
                        "{name} lässt Art {species} nach {habitat} wandern.",
                        "{name} переселяет вид {species}: {habitat}."),
    "e_passed": words("{name} passes.", "{name} passa.", "{name} passt.", "{name} пасует."),
    "e_extinct": words("Species {species} of {name} {cause}.",
                       "La specie {species} di {name}: {cause}.",
                       "Art {species} von {name}: {cause}.",
                       "Вид {species} ({name}): {cause}."),
    "e_scored": words("Species {species} of {name} scores {points} ({reason}).",
                      "La specie {species} di {name} ottiene {points} ({reason}).",
                      "Art {species} von {name} erhält {points} ({reason}).",
                      "Вид {species} ({name}) получает {points} ({reason})."),
    "e_event": words("Event: {event}. {effect}", "Evento: {event}. {effect}",
                     "Ereignis: {event}. {effect}", "Событие: {event}. {effect}"),
    "e_habitat": words("{new} replaces {old}.", "{new} sostituisce {old}.",
                       "{new} ersetzt {old}.", "{new} заменяет {old}."),
    "e_market": words("A new market is dealt.", "Viene preparato un nuovo Mercato.",
                      "Ein neuer Markt wird ausgelegt.", "Выложен новый рынок."),
    "e_era": words("Era {era} begins.", "Inizia l'Era {era}.", "Zeitalter {era} beginnt.",
                   "Начинается эра {era}."),
    "e_card_lost": words("Species {species} loses {card}.", "La specie {species} perde {card}.",
                         "Art {species} verliert {card}.", "Вид {species} теряет {card}."),
    "e_over": words("The game is over.", "La partita è finita.", "Das Spiel ist aus.",
                    "Игра окончена."),
}
LABELS = {
    "era": words("Era", "Era", "Zeitalter", "Эра"),
    "market": words("Market", "Mercato", "Markt", "Рынок"),
    "hand": words("Hand", "Mano", "Hand", "Рука"),
    "event": words("Event", "Evento", "Ereignis", "Событие"),
    "plants": words("Plants", "Piante", "Pflanzen", "Растения"),
    "meat": words("Meat", "Carne", "Fleisch", "Мясо"),
    "dp": words("Darwin points", "Punti Darwin", "Darwinpunkte", "Очки Дарвина"),
    "requires": words("Requirements", "Requisiti", "Anforderungen", "Требования"),
    "forbidden": words("Forbidden", "Vietati", "Verboten", "Запрещено"),
    "adaptation": words("Adaptation", "Adattamento", "Anpassung", "Приспособленность"),
    "cs": words("Competitive strength", "Forza Competitiva", "Kampfkraft", "Конкурентная сила"),
    "hearts": words("Hearts", "Cuori", "Herzen", "Сердца"),
    "volcano": words("Volcanic eruption", "Eruzione vulcanica", "Vulkanausbruch",
                     "Извержение вулкана"),
    "run": words("Run", "Corsa", "Laufen", "Бег"),
    "swim": words("Swim", "Nuoto", "Schwimmen", "Плавание"),
    "fly": words("Fly", "Volo", "Fliegen", "Полёт"),
    "climb": words("Climb", "Arrampicata", "Klettern", "Лазание"),
    "cold": words("Cold resistance", "Resistenza al Freddo", "Kälteresistenz",
                  "Холодостойкость"),
    "heat": words("Heat resistance", "Resistenza al Caldo", "Hitzeresistenz", "Жаростойкость"),
    "dig": words("Dig", "Scavo", "Graben", "Рытьё"),
    "poison": words("Poisonous", "Velenoso", "Giftig", "Ядовитость"),
    "herbivore": words("Herbivore", "Erbivoro", "Pflanzenfresser", "Травоядное"),
    "carnivore": words("Carnivore", "Carnivoro", "Fleischfresser", "Хищник"),
    "omnivore": words("Omnivore", "Onnivoro", "Allesfresser", "Всеядное"),
    "competition_gold": words("Gold competition token", "Gettone Competizione dorato",
                              "Goldener Wettbewerbsmarker", "Золотой жетон состязания"),
    "competition_silver": words("Silver competition token", "Gettone Competizione argenteo",
                                "Silberner Wettbewerbsmarker", "Серебряный жетон состязания"),
    "competition_bronze": words("Bronze competition token", "Gettone Competizione bronzeo",
                                "Bronzener Wettbewerbsmarker", "Бронзовый жетон состязания"),
    "own_cards": words("Card set: the project's own design, not the publisher's.",
                       "Carte: progetto originale, non quelle dell'editore.",
                       "Karten: eigener Entwurf des Projekts, nicht die des Verlags.",
                       "Карты: собственный набор проекта, не издательский."),
}


#: what the deciding player is asked, by decision kind (``describe_decision``)
PROMPTS: dict[str, W] = {
    "draw": words("Draw a card: choose the deck.", "Pesca una carta: scegli il mazzo.",
                  "Zieh eine Karte: wähle den Stapel.", "Возьмите карту: выберите колоду."),
    "turn": words("Your turn: an action for one species, or pass.",
                  "Tocca a te: un'azione per una specie, o passa.",
                  "Du bist dran: eine Aktion für eine Art, oder passen.",
                  "Ваш ход: действие одного вида или пас."),
    "build": words("Add cards one at a time, then done.",
                   "Aggiungi carte una alla volta, poi fatto.",
                   "Füge Karten einzeln hinzu, dann fertig.",
                   "Добавляйте карты по одной, затем готово."),
    "degenerate": words("Degeneration: choose the card this species loses.",
                        "Degenerazione: scegli la carta che questa specie perde.",
                        "Degeneration: wähle die Karte, die diese Art verliert.",
                        "Вырождение: выберите карту, которую теряет этот вид."),
    "lose": words("Invasive species: choose which of your species is lost.",
                  "Specie invasiva: scegli quale tua specie si perde.",
                  "Invasive Art: wähle, welche deiner Arten verloren geht.",
                  "Инвазивный вид: выберите, какой из ваших видов погибает."),
    "give": words("Invasive species: give a Darwin point to one of your species.",
                  "Specie invasiva: dai un punto Darwin a una tua specie.",
                  "Invasive Art: gib einer deiner Arten einen Darwin-Punkt.",
                  "Инвазивный вид: дайте очко Дарвина одному из ваших видов."),
    "toss": words("Choose the cards you do not keep, then done.",
                  "Scegli le carte che non tieni, poi fatto.",
                  "Wähle die Karten, die du nicht behältst, dann fertig.",
                  "Выберите карты, которые не оставляете, затем готово."),
    "show": words("Show up to 4 cards to your teammate, then done.",
                  "Mostra fino a 4 carte al tuo compagno, poi fatto.",
                  "Zeig deinem Mitspieler bis zu 4 Karten, dann fertig.",
                  "Покажите напарнику до 4 карт, затем готово."),
    "pay": words("Pay: a hand card into the market, or the opponents draw.",
                 "Paga: una carta della mano nel Mercato, o gli avversari pescano.",
                 "Bezahle: eine Handkarte auf den Markt, oder die Gegner ziehen.",
                 "Заплатите: карту с руки на рынок, или соперники берут карты."),
    "grant": words("Name the player of your team who draws a card.",
                   "Indica il giocatore della tua squadra che pesca una carta.",
                   "Nenne den Spieler deines Teams, der eine Karte zieht.",
                   "Назовите игрока своей команды, который берёт карту."),
}
#: the decision kinds' short names ("waiting for Ann (drawing)"): ``labels`` ``kind:<kind>``
KINDS: dict[str, W] = {
    "draw": words("drawing", "pesca", "Ziehen", "взятие карты"),
    "turn": words("turn", "turno", "Zug", "ход"),
    "build": words("building a species", "costruzione di una specie", "Artbau",
                   "сборка вида"),
    "degenerate": words("degeneration", "degenerazione", "Degeneration", "вырождение"),
    "lose": words("losing a species", "perdita di una specie", "Artverlust", "потеря вида"),
    "give": words("giving a Darwin point", "punto Darwin", "Darwin-Punkt", "очко Дарвина"),
    "toss": words("discarding", "scarto", "Abwerfen", "сброс"),
    "show": words("showing cards", "carte mostrate", "Karten zeigen", "показ карт"),
    "pay": words("paying", "pagamento", "Bezahlen", "оплата"),
    "grant": words("granting a card", "carta concessa", "Karte vergeben", "выдача карты"),
}


def say(key: str, language: str, **values: Any) -> str:
    texts = SENTENCES[key]
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
                    "{name} inizia una specie in {habitat}.",
                    "{name} beginnt eine Art in {habitat}.",
                    "{name} начинает вид в месте {habitat}."),
    "add": words("{name} adds {card}.", "{name} aggiunge {card}.", "{name} legt {card} an.",
                 "{name} добавляет {card}."),
    "cancel": words("{name} takes the species back.", "{name} ritira la specie.",
                    "{name} nimmt die Art zurück.", "{name} отменяет вид."),
    "done": words("{name} is done.", "{name} ha finito.", "{name} ist fertig.",
                  "{name} закончил."),
    "toss": words("{name} sets a card aside.", "{name} mette da parte una carta.",
                  "{name} legt eine Karte beiseite.", "{name} откладывает карту."),
    "show": words("{name} shows a card to the teammate.",
                  "{name} mostra una carta al compagno.",
                  "{name} zeigt dem Mitspieler eine Karte.",
                  "{name} показывает карту напарнику."),
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
    return fields


def describe_event(event: Event, language: str, seats: list[str] | None) -> str:
    def name(seat: int) -> str:
        return seats[seat] if seats and seat < len(seats) else f"#{seat + 1}"

    if isinstance(event, a.Drew):
        return say("e_drew", language, name=name(event.seat),
                   deck=pick(DECKS[event.deck], language))
    if isinstance(event, a.Redrew):
        return say("e_redrew", language, name=name(event.seat), n=event.discarded)
    if isinstance(event, a.Exchanged):
        return say("e_exchanged", language, name=name(event.seat),
                   card=card_name(event.card, language), take=card_name(event.take, language))
    if isinstance(event, a.Created):
        return say("e_created", language, name=name(event.seat), species=f"S{event.species}",
                   habitat=f"H{event.habitat}")
    if isinstance(event, a.Mutated):
        return say("e_mutated", language, name=name(event.seat), species=f"S{event.species}",
                   cost=event.cost)
    if isinstance(event, a.Migrated):
        return say("e_migrated", language, name=name(event.seat), species=f"S{event.species}",
                   habitat=f"H{event.habitat}")
    if isinstance(event, a.Passed):
        return say("e_passed", language, name=name(event.seat))
    if isinstance(event, a.Extinct):
        return say("e_extinct", language, species=f"S{event.species}", name=name(event.owner),
                   cause=pick(CAUSES[event.cause], language))
    if isinstance(event, a.Scored):
        return say("e_scored", language, species=f"S{event.species}", name=name(event.owner),
                   points=event.points, reason=pick(REASONS[event.reason], language))
    if isinstance(event, a.EventRevealed):
        title, effect = event_text(event.event, language)
        return say("e_event", language, event=title, effect=effect)
    if isinstance(event, a.HabitatChanged):
        return say("e_habitat", language, new=habitat_name(event.new, language),
                   old=habitat_name(event.old, language))
    if isinstance(event, a.MarketDealt):
        return say("e_market", language)
    if isinstance(event, a.EraBegins):
        return say("e_era", language, era=event.era)
    if isinstance(event, a.CardLost):
        return say("e_card_lost", language, species=f"S{event.species}",
                   card=card_name(event.card, language))
    if isinstance(event, a.GameOver):
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
