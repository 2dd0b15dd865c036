"""The options of North Star's Evolution: each with its words in four languages, and the
check of the ones that do not go together (apart from game.py, which holds the contract)."""

from __future__ import annotations

from typing import Any

from evolutio.core.game import OptionError, Options
from evolutio.core.options import OptionSpec, normalize
from evolutio.core.words import words

OPTIONS = (
    OptionSpec("players", "int", 2, words("Players", ru="Игроки", it="Giocatori", de="Spieler"),
               words("2-5 players; 6 with the North Star deck.",
                     ru="2-5 игроков; 6 с колодой North Star.",
                     it="2-5 giocatori; 6 con il mazzo North Star.",
                     de="2-5 Spieler; 6 mit dem North-Star-Deck."),
               low=2, high=6, seats=True),
    OptionSpec("deck", "choice", "schmidt", words("Deck", ru="Колода", it="Mazzo", de="Kartensatz"),
               words("Schmidt: 110 cards (seed 002), 2-5 players; North Star: 129 cards, 2-6 "
                     "players.",
                     ru="Schmidt: 110 карт, 2-5 игроков; North Star: 129 карт, 2-6 игроков.",
                     it="Schmidt: 110 carte, 2-5 giocatori; North Star: 129 carte, 2-6 giocatori.",
                     de="Schmidt: 110 Karten, 2-5 Spieler; North Star: 129 Karten, 2-6 Spieler."),
               choices=("schmidt", "northstar"),
               choice_labels={
                   "schmidt": words("Schmidt (110 cards)", ru="Schmidt (110 карт)",
                                    it="Schmidt (110 carte)", de="Schmidt (110 Karten)"),
                   "northstar": words("North Star (129 cards)", ru="North Star (129 карт)",
                                      it="North Star (129 carte)", de="North Star (129 Karten)"),
               }),
    OptionSpec("hard_shell_bonus", "int", 4,
               words("Hard Shell bonus",
                     ru="Бонус Панциря",
                     it="Bonus Guscio duro",
                     de="Panzer-Bonus"),
               words("Added to body size against attacks (R-N02).",
                     ru="Прибавляется к размеру против атак.",
                     it="Aggiunto alla taglia contro gli attacchi.",
                     de="Zur Körpergröße gegen Angriffe addiert."),
               low=1, high=6),
    OptionSpec("two_player_deck", "choice", "reduced",
               words("2-player deck", ru="Колода на двоих", it="Mazzo in due", de="Deck zu zweit"),
               words("With 2 players: 40 random cards removed (R-N16), or all cards.",
                     ru="Вдвоём: без 40 случайных карт или все карты.",
                     it="In due: senza 40 carte casuali, o tutte le carte.",
                     de="Zu zweit: ohne 40 zufällige Karten, oder alle Karten."),
               choices=("reduced", "full"),
               choice_labels={
                   "reduced": words("40 cards fewer", ru="без 40 карт", it="40 carte in meno",
                                    de="40 Karten weniger"),
                   "full": words("all cards", ru="все карты", it="tutte le carte",
                                 de="alle Karten"),
               }),
    OptionSpec("variant", "choice", "retail",
               words("Rules", ru="Правила", it="Regole", de="Regeln"),
               words("The published game's rules (seed 002), or the attack rules of the "
                     "CS4500 course (R-N39).",
                     ru="Правила изданной игры или правила атаки курса CS4500.",
                     it="Le regole del gioco pubblicato, o le regole d'attacco del corso CS4500.",
                     de="Die Regeln des veröffentlichten Spiels oder die Angriffsregeln des "
                     "Kurses CS4500."),
               choices=("retail", "cs4500"),
               choice_labels={
                   "retail": words("published game", ru="изданная игра",
                                   it="gioco pubblicato", de="veröffentlichtes Spiel"),
                   "cs4500": words("CS4500 course attacks", ru="атаки по курсу CS4500",
                                   it="attacchi del corso CS4500", de="Angriffe nach Kurs CS4500"),
               }),
    OptionSpec("edition", "choice", "evolution",
               words("Edition", ru="Издание", it="Edizione", de="Ausgabe"),
               words("Evolution, or the standalone Evolution: Climate: a climate track from "
                     "freezing to scorching, climate events, 4 new traits, 4 traits per species "
                     "(its own 177-card deck; the deck options do not apply; Flight's cards join "
                     "it).",
                     ru="Эволюция или отдельная «Эволюция: Климат»: шкала климата от мороза до "
                     "зноя, климатические события, 4 новых свойства, до 4 свойств у вида (своя "
                     "колода из 177 карт; опции колоды не действуют; карты «Полёта» добавляются "
                     "в неё).",
                     it="Evolution, o Evolution: Clima a sé: una scala del clima dal gelo al "
                     "torrido, eventi climatici, 4 nuovi tratti, 4 tratti per specie (il suo "
                     "mazzo di 177 carte; le opzioni del mazzo non valgono; le carte di Volo vi si "
                     "aggiungono).",
                     de="Evolution oder das eigenständige Evolution: Klima: eine Klimaleiste "
                     "von Frost bis glühend heiß, Klimaereignisse, 4 neue Eigenschaften, 4 "
                     "Eigenschaften je Tierart (eigenes Deck mit 177 Karten; die Deck-Optionen "
                     "gelten nicht; die Flug-Karten kommen hinzu)."),
               choices=("evolution", "climate"),
               choice_labels={
                   "evolution": words("Evolution", ru="Эволюция", it="Evolution",
                                      de="Evolution"),
                   "climate": words("Evolution: Climate", ru="Эволюция: Климат",
                                    it="Evolution: Clima", de="Evolution: Klima"),
               }),
    OptionSpec("expansions", "multi", [],
               words("Expansions", ru="Дополнения", it="Espansioni", de="Erweiterungen"),
               words("Flight: avian species, upkeep, the Cliff, 34 trait and 14 event cards.",
                     ru="Полёт: птичьи виды, содержание, Утёс, 34 карты свойств и 14 событий.",
                     it="Volo: specie aviarie, mantenimento, la Scogliera, 34 carte tratto e 14 "
                     "eventi.",
                     de="Flug: Vogelarten, Unterhalt, die Klippe, 34 Eigenschafts- und 14 "
                     "Ereigniskarten."),
               choices=("flight",),
               choice_labels={
                   "flight": words("Flight", ru="Полёт", it="Volo", de="Flug"),
               }),
)


def normalize_options(options: Options) -> dict[str, Any]:
    """The options with their defaults, checked alone and together."""
    opts = normalize(OPTIONS, options)
    if opts["players"] > 5 and opts["deck"] != "northstar" and opts["edition"] != "climate":
        raise OptionError(
            "players must be 2 to 5; 6 players need deck=northstar", "together",
            texts=words("6 players need the North Star deck; the Schmidt deck seats 2 to 5.",
                        ru="Для 6 игроков нужна колода North Star; колода Schmidt — на "
                        "2-5 игроков.",
                        it="In 6 serve il mazzo North Star; il mazzo Schmidt è per 2-5 "
                        "giocatori.",
                        de="Zu sechst braucht es das North-Star-Deck; das Schmidt-Deck "
                        "reicht für 2 bis 5."),
        )
    return opts
