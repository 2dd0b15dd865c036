"""Names and sentences of Darwin's Choice in English, Italian (the words of seed 003),
German and Russian."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import Action, Event
from evolutio.core.plural import counted
from evolutio.core.words import addressed, words
from evolutio.games.darwin import actions as a
from evolutio.games.darwin import events as ev
from evolutio.games.darwin.cards import LANGUAGES, load_catalog

W = dict[str, str]


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
SENTENCES: dict[str, W] = {
    "draw": words("Draw a card from the {deck} deck.",
                  ru="Взять карту из колоды: {deck}.",
                  it="Pesca una carta dal mazzo {deck}.",
                  de="Eine Karte vom Stapel {deck} ziehen."),
    # counts as labels ("small: 1"), which no plural form can get wrong
    "draw_split": words("Draw cards — small: {small}, large: {large}.",
                        ru="Взять карты — малые: {small}, большие: {large}.",
                        it="Pesca carte — piccole: {small}, grandi: {large}.",
                        de="Karten ziehen — klein: {small}, groß: {large}."),
    "redraw": words("Keep {card}, discard the rest and draw 9.",
                    ru="Оставить {card}, сбросить остальные, взять 9.",
                    it="Tieni {card}, scarta le altre e pescane 9.",
                    de="{card} behalten, den Rest abwerfen, 9 ziehen."),
    "renew": words("Discard the whole hand and draw again.",
                   ru="Сбросить всю руку и взять заново.",
                   it="Scarta tutta la mano e ripesca.",
                   de="Die ganze Hand abwerfen und neu ziehen."),
    "exchange": words("Put {card} in the market and take {take}.",
                      ru="Положить {card} на рынок и взять {take}.",
                      it="Metti {card} nel Mercato e prendi {take}.",
                      de="{card} auf den Markt legen und {take} nehmen."),
    "keep": words("Keep my hand this era.",
                  ru="Оставить руку в эту эру.",
                  it="Tengo la mia mano in quest'Era.",
                  de="Meine Hand in diesem Zeitalter behalten."),
    "unexchange": words("Take the exchange back.",
                        ru="Отменить обмен.",
                        it="Annulla lo scambio.",
                        de="Den Tausch zurücknehmen."),
    "create": words("Create a species in {habitat}.",
                    ru="Создать вид: {habitat}.",
                    it="Crea una specie in {habitat}.",
                    de="Eine Art in {habitat} erschaffen."),
    "mutate": words("Mutate species {species}.",
                    ru="Мутация вида {species}.",
                    it="Muta la specie {species}.",
                    de="Art {species} mutieren."),
    "migrate": words("Migrate species {species} to {habitat}.",
                     ru="Переселить вид {species}: {habitat}.",
                     it="Migra la specie {species} in {habitat}.",
                     de="Art {species} nach {habitat} wandern lassen."),
    "add": words("Add {card}.", ru="Добавить {card}.", it="Aggiungi {card}.", de="{card} anlegen."),
    "remove": words("Remove {card}.",
                    ru="Убрать {card}.",
                    it="Rimuovi {card}.",
                    de="{card} entfernen."),
    "swap": words("Swap {card} for {new}.",
                  ru="Заменить {card} на {new}.",
                  it="Sostituisci {card} con {new}.",
                  de="{card} gegen {new} tauschen."),
    "done": words("Done.", ru="Готово.", it="Fatto.", de="Fertig."),
    "cancel": words("Cancel.", ru="Отмена.", it="Annulla.", de="Abbrechen."),
    "pass": words("Pass for this era.",
                  ru="Пас до конца эры.",
                  it="Passa per quest'Era.",
                  de="Für dieses Zeitalter passen."),
    "degenerate": words("Lose {card}.",
                        ru="Потерять {card}.",
                        it="Perdi {card}.",
                        de="{card} verlieren."),
    "lose": words("Lose species {species}.",
                  ru="Потерять вид {species}.",
                  it="Perdi la specie {species}.",
                  de="Art {species} verlieren."),
    "give": words("Give a Darwin point to species {species}.",
                  ru="Дать очко Дарвина виду {species}.",
                  it="Dai un Punto Darwin alla specie {species}.",
                  de="Art {species} einen Darwinpunkt geben."),
    "toss": words("Do not keep {card}.",
                  ru="Не оставлять {card}.",
                  it="Non tenere {card}.",
                  de="{card} nicht behalten."),
    "show": words("Show {card} to your teammate.",
                  ru="Показать {card} партнёру.",
                  it="Mostra {card} al compagno.",
                  de="{card} dem Partner zeigen."),
    "receive": words("Take {card} from your teammate.",
                     ru="Взять {card} у партнёра.",
                     it="Ricevi {card} dal compagno.",
                     de="{card} vom Partner nehmen."),
    "takeover": words("Take over species {species}.",
                      ru="Забрать вид {species}.",
                      it="Prendi la specie {species}.",
                      de="Art {species} übernehmen."),
    "pay": words("Put {card} into the market.",
                 ru="Положить {card} на рынок.",
                 it="Metti {card} nel Mercato.",
                 de="{card} auf den Markt legen."),
    "gift": words("Let the opponents draw.",
                  ru="Дать соперникам взять карту.",
                  it="Fai pescare gli avversari.",
                  de="Die Gegner ziehen lassen."),
    "grant": words("Player {seat} draws.",
                   ru="Берёт игрок {seat}.",
                   it="Pesca il giocatore {seat}.",
                   de="Spieler {seat} zieht."),
    "e_drew": words("{name} draws a {deck} card.",
                    ru="{name} берёт карту ({deck}).",
                    it="{name} pesca una carta {deck}.",
                    de="{name} zieht eine {deck} Karte."),
    "e_redrew": words("{name} discards {n} to draw anew.",
                      ru="{name} сбрасывает {n} и берёт новые.",
                      it="{name} scarta {n} per ripescare.",
                      de="{name} wirft {n} ab und zieht neu."),
    "e_exchanged": words("{name} puts {card} in the market and takes {take}.",
                         ru="{name} кладёт {card} на рынок и берёт {take}.",
                         it="{name} mette {card} nel Mercato e prende {take}.",
                         de="{name} legt {card} auf den Markt und nimmt {take}."),
    "e_unexchanged": words("{name} takes the exchange back: {card} returns to the hand, "
                           "{take} to the market.",
                           ru="{name} отменяет обмен: {card} возвращается в руку, {take} — "
                              "на рынок.",
                           it="{name} annulla lo scambio: {card} torna in mano, {take} nel "
                              "Mercato.",
                           de="{name} nimmt den Tausch zurück: {card} kommt auf die Hand, "
                              "{take} auf den Markt."),
    "e_created": words("{name} creates species {species} in {habitat}.",
                       ru="{name} создаёт вид {species}: {habitat}.",
                       it="{name} crea la specie {species} in {habitat}.",
                       de="{name} erschafft Art {species} in {habitat}."),
    "e_mutated": words("{name} mutates species {species} (cost {cost} DP).",
                       ru="{name} изменяет вид {species} (цена {cost} ОД).",
                       it="{name} muta la specie {species} (costo {cost} PD).",
                       de="{name} mutiert Art {species} (Kosten {cost} DP)."),
    "e_migrated": words("{name} migrates species {species} to {habitat}.",
                        ru="{name} переселяет вид {species}: {habitat}.",
                        it="{name} migra la specie {species} in {habitat}.",
                        de="{name} lässt Art {species} nach {habitat} wandern."),
    "e_passed": words("{name} passes.",
                      ru="{name} пасует.",
                      it="{name} passa.",
                      de="{name} passt."),
    "e_extinct": words("Species {species} of {name} {cause}.",
                       ru="Вид {species} ({name}): {cause}.",
                       it="La specie {species} di {name}: {cause}.",
                       de="Art {species} von {name}: {cause}."),
    "e_scored": words("Species {species} of {name} scores {points} ({reason}).",
                      ru="Вид {species} ({name}) получает {points} ({reason}).",
                      it="La specie {species} di {name} ottiene {points} ({reason}).",
                      de="Art {species} von {name} erhält {points} ({reason})."),
    "you_e_drew": words("You draw a {deck} card.",
                        ru="Вы берёте карту ({deck}).",
                        it="Peschi una carta {deck}.",
                        de="Du ziehst eine {deck} Karte."),
    "you_e_redrew": words("You discard {n} to draw anew.",
                          ru="Вы сбрасываете {n} и берёте новые.",
                          it="Scarti {n} per ripescare.",
                          de="Du wirfst {n} ab und ziehst neu."),
    "you_e_unexchanged": words("You take the exchange back: {card} returns to the hand, "
                               "{take} to the market.",
                               ru="Вы отменяете обмен: {card} возвращается в руку, {take} — "
                                  "на рынок.",
                               it="Annulli lo scambio: {card} torna in mano, {take} nel "
                                  "Mercato.",
                               de="Du nimmst den Tausch zurück: {card} kommt auf die Hand, "
                                  "{take} auf den Markt."),
    "you_e_exchanged": words("You put {card} in the market and take {take}.",
                             ru="Вы кладёте {card} на рынок и берёте {take}.",
                             it="Metti {card} nel Mercato e prendi {take}.",
                             de="Du legst {card} auf den Markt und nimmst {take}."),
    "you_e_created": words("You create species {species} in {habitat}.",
                           ru="Вы создаёте вид {species}: {habitat}.",
                           it="Crei la specie {species} in {habitat}.",
                           de="Du erschaffst Art {species} in {habitat}."),
    "you_e_mutated": words("You mutate species {species} (cost {cost} DP).",
                           ru="Вы изменяете вид {species} (цена {cost} ОД).",
                           it="Muti la specie {species} (costo {cost} PD).",
                           de="Du mutierst Art {species} (Kosten {cost} DP)."),
    "you_e_migrated": words("You migrate species {species} to {habitat}.",
                            ru="Вы переселяете вид {species}: {habitat}.",
                            it="Migri la specie {species} in {habitat}.",
                            de="Du lässt Art {species} nach {habitat} wandern."),
    "you_e_passed": words("You pass.",
                          ru="Вы пасуете.",
                          it="Passi.",
                          de="Du passt."),
    "you_e_extinct": words("Your species {species} {cause}.",
                           ru="Ваш вид {species}: {cause}.",
                           it="La tua specie {species}: {cause}.",
                           de="Deine Art {species}: {cause}."),
    "you_e_scored": words("Your species {species} scores {points} ({reason}).",
                          ru="Ваш вид {species} получает {points} ({reason}).",
                          it="La tua specie {species} ottiene {points} ({reason}).",
                          de="Deine Art {species} erhält {points} ({reason})."),
    "e_event": words("Event: {event}. {effect}",
                     ru="Событие: {event}. {effect}",
                     it="Evento: {event}. {effect}",
                     de="Ereignis: {event}. {effect}"),
    "e_habitat": words("{new} replaces {old}.",
                       ru="{new} заменяет {old}.",
                       it="{new} sostituisce {old}.",
                       de="{new} ersetzt {old}."),
    "e_market": words("A new market is dealt.",
                      ru="Выложен новый рынок.",
                      it="Viene preparato un nuovo Mercato.",
                      de="Ein neuer Markt wird ausgelegt."),
    "e_era": words("Era {era} begins.",
                   ru="Начинается эра {era}.",
                   it="Inizia l'Era {era}.",
                   de="Zeitalter {era} beginnt."),
    "e_card_lost": words("Species {species} loses {card}.",
                         ru="Вид {species} теряет {card}.",
                         it="La specie {species} perde {card}.",
                         de="Art {species} verliert {card}."),
    "e_over": words("The game is over.",
                    ru="Игра окончена.",
                    it="La partita è finita.",
                    de="Das Spiel ist aus."),
}
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
