"""Knorre & Machin's Evolution as the platform lists it: the players it takes, the tallies
a simulation reports, its titles, summary and notes in four languages (the ``GameInfo`` the
adapter in game.py returns). Apart from the adapter so that the words stay in one place."""

from __future__ import annotations

from evolutio.core.game import GameInfo, Tally
from evolutio.core.words import words
from evolutio.games.evolution.changelog import CHANGELOG, RULES

LANGUAGES = ("en", "ru", "it", "de")
#: the most players any set takes (two base decks).
MAX_PLAYERS = 8

INFO = GameInfo(
    min_players=2,
    max_players=MAX_PLAYERS,
    simultaneous=False,
    chance=True,
    languages=LANGUAGES,
    tallies=(
        Tally("turns", "mean", words("Turns", ru="Ходы", it="Turni", de="Runden")),
        Tally(
            "survivor_traits",
            "count",
            words("Traits of survivors",
                  ru="Свойства выживших",
                  it="Proprietà dei sopravvissuti",
                  de="Eigenschaften der Überlebenden"),
        ),
        Tally(
            "seat_played",
            "count",
            words("Traits played, per seat",
                  ru="Сыгранные свойства, по местам",
                  it="Proprietà giocate, per posto",
                  de="Gespielte Eigenschaften, je Platz"),
        ),
        Tally(
            "seat_survived",
            "count",
            words("Traits played and still in play at the end, per seat",
                  ru="Сыгранные свойства, оставшиеся в игре к концу, по местам",
                  it="Proprietà giocate ancora in gioco alla fine, per posto",
                  de="Gespielte Eigenschaften, am Ende noch im Spiel, je Platz"),
        ),
    ),
    summary=words(
        "Knorre & Machin's Evolution: breed animals, give them traits, feed them, hunt.",
        ru="«Эволюция» Кнорре и Мачина: выводите животных, давайте им свойства, кормите, "
        "охотьтесь.",
        it="Evolution di Knorre e Machin: allevate animali, date loro proprietà, nutriteli, "
        "cacciate.",
        de="Evolution von Knorre & Machin: Tiere züchten, Eigenschaften geben, füttern, jagen.",
    ),
    order=0,
    titles=words("Evolution (Knorre & Machin)",
                 ru="Эволюция (Кнорре и Мачин)",
                 it="Evolution (Knorre e Machin)",
                 de="Evolution (Knorre & Machin)"),
    minutes=(30, 60),
    difficulty="medium",
    # a first game: the base set with half of each card kind, as the rules advise for 2-3
    # players (Play now's two), so that it is shorter
    easy_options={"expansions": ["base"], "half_deck": True},
    easy_label=words("base game, half deck",
                     ru="базовая игра, половина колоды",
                     it="gioco base, mezzo mazzo",
                     de="Grundspiel, halbes Deck"),
    notes=words(
        "Ice Age's natural-change cards are the project's own (no official texts exist). "
        "Plants: the plant cards' figures and the plants by player count are the project's "
        "values (data/plants.toml). With Continents each plant grows on a continent (the one "
        "with fewer plants) and feeds only the animals there; food that another set puts in a "
        "bank is eaten as usual; with Time to Fly, Flight reaches a Tree and the Carnivorous "
        "plant is no carnivore (no Hunter answers it) (project's decisions).",
        ru="Карты природных изменений «Ледникового периода» придуманы проектом (официальных "
        "текстов нет). «Растения»: числа на картах растений и число растений по числу "
        "игроков — значения проекта. С «Континентами» каждое растение растёт на материке (где "
        "растений меньше) и кормит только животных там; еду, которую другой набор кладёт в "
        "кормовую базу, берут как обычно; с «Время летать» полёт достаёт до дерева, а хищное "
        "растение — не хищник (Охотник ему не отвечает) (решения проекта).",
        it="Le carte dei cambiamenti naturali dell'Era glaciale sono del progetto (non esistono "
        "testi ufficiali). Piante: i valori delle carte pianta e il numero di piante per "
        "giocatori sono del progetto. Con Continenti ogni pianta cresce su un continente (quello "
        "con meno piante) e nutre solo gli animali lì; il cibo che un altro set mette in una "
        "base si prende come al solito; con «Tempo di volare» il Volo raggiunge un Albero e la "
        "pianta carnivora non è un carnivoro (il Cacciatore non le risponde) (decisioni del "
        "progetto).",
        de="Die Naturwandel-Karten der Eiszeit stammen vom Projekt selbst (es gibt keine "
        "offiziellen Texte). Pflanzen: die Werte der Pflanzenkarten und die Pflanzen je "
        "Spielerzahl sind Werte des Projekts. Mit Kontinenten wächst jede Pflanze auf einem "
        "Kontinent (dem mit weniger Pflanzen) und nährt nur die Tiere dort; Futter, das ein "
        "anderer Satz in eine Futterbank legt, wird wie sonst genommen; mit „Zeit zu fliegen“ "
        "erreicht Flug einen Baum und die fleischfressende Pflanze ist kein Fleischfresser "
        "(kein Jäger antwortet ihr) (Entscheidungen des Projekts).",
    ),
    rules=RULES,
    changelog=CHANGELOG,
)
