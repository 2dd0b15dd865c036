"""The versions of Evolution's rules and what changed in each (``GameInfo.rules``).

A version is raised whenever a change makes a recorded action play differently, so that a
record refused under later rules can say why (``core.record.RulesChanged``). Version 1 is
the rules of every record made before records named their version.
"""

from __future__ import annotations

from collections.abc import Mapping

#: the current version of the rules
RULES = 2

#: per version above 1, one sentence per change, in every language of the game
CHANGELOG: Mapping[int, tuple[Mapping[str, str], ...]] = {
    2: (
        {
            "en": "The Hunter's reveal ends the attack and is offered whether or not its "
                  "counter-attack can succeed (ruling 14)",
            "ru": "Раскрытие Охотника завершает атаку и предлагается, даже если его ответная "
                  "атака не может удаться (решение 14)",
            "it": "Rivelare la Rana pescatrice chiude l'attacco ed è offerto anche se il suo "
                  "contrattacco non può riuscire (decisione 14)",
            "de": "Das Aufdecken des Anglerfischs beendet den Angriff und wird angeboten, auch "
                  "wenn sein Gegenangriff nicht gelingen kann (Entscheidung 14)",
        },
        {
            "en": "An animal hidden in its Shell cannot be attacked again that turn (ruling 15)",
            "ru": "Животное, укрывшееся в Раковине, до конца хода нельзя атаковать снова (решение "
                  "15)",
            "it": "Un animale nascosto nella sua Conchiglia non può più essere attaccato in quel "
                  "turno (decisione 15)",
            "de": "Ein Tier, das sich in seinem Panzer versteckt, kann in diesem Zug nicht mehr "
                  "angegriffen werden (Entscheidung 15)",
        },
        {
            "en": "An Ink cloud gives the carnivore its attack back only in its owner's next "
                  "feeding step (ruling 16)",
            "ru": "Чернильное облако возвращает хищнику атаку только в следующую фазу питания его "
                  "владельца (решение 16)",
            "it": "La Nube d'inchiostro restituisce l'attacco al carnivoro solo nel prossimo "
                  "passo di nutrimento del suo proprietario (decisione 16)",
            "de": "Die Tintenwolke gibt dem Fleischfresser seinen Angriff erst im nächsten "
                  "Fütterungsschritt seines Besitzers zurück (Entscheidung 16)",
        },
        {
            "en": "A trait played on an animal with a Neoplasm goes on top of its traits (ruling "
                  "17)",
            "ru": "Свойство, сыгранное на животное с Неоплазией, кладётся поверх его свойств "
                  "(решение 17)",
            "it": "Un tratto giocato su un animale con un Neoplasma va in cima ai suoi tratti "
                  "(decisione 17)",
            "de": "Eine Eigenschaft auf einem Tier mit Neoplasma kommt oben auf seine "
                  "Eigenschaften (Entscheidung 17)",
        },
        {
            "en": "2nd edition: a player with no animals and no hand takes all the cards of a "
                  "fresh start at once in the deal (ruling 19)",
            "ru": "2-е издание: игрок без животных и без карт на руке при раздаче сразу берёт все "
                  "карты нового начала (решение 19)",
            "it": "2ª edizione: un giocatore senza animali e senza carte in mano pesca subito "
                  "tutte le carte di un nuovo inizio (decisione 19)",
            "de": "2. Edition: Wer weder Tiere noch Handkarten hat, nimmt beim Austeilen alle "
                  "Karten eines Neubeginns auf einmal (Entscheidung 19)",
        },
        {
            "en": "2nd edition: an Ocean animal migrates to a continent without a Swimming card "
                  "(ruling 20)",
            "ru": "2-е издание: животное из Океана переселяется на континент без карты "
                  "Водоплавающего (решение 20)",
            "it": "2ª edizione: un animale dell'Oceano migra su un continente senza una carta "
                  "Acquatico (decisione 20)",
            "de": "2. Edition: Ein Tier des Ozeans wandert ohne Schwimmend-Karte auf einen "
                  "Kontinent (Entscheidung 20)",
        },
        {
            "en": "A paired trait's link waiting to fire both ways in a ring fires the way its "
                  "owner chooses (a trigger decision)",
            "ru": "Связь парного свойства, ждущая срабатывания в обе стороны в кольце, "
                  "срабатывает в сторону, выбранную владельцем (выбор trigger)",
            "it": "Il legame di un tratto in coppia che attende di scattare in entrambi i versi "
                  "in un anello scatta nel verso scelto dal proprietario (una decisione trigger)",
            "de": "Die Verbindung einer Paareigenschaft, die in einem Ring in beide Richtungen "
                  "auslösen will, löst in die vom Besitzer gewählte Richtung aus (eine "
                  "trigger-Entscheidung)",
        },
        {
            "en": "New option: the Plants expansion (expansions=plants): plants replace the "
                  "food die, and a growth phase ends each turn; games without it play as before",
            "ru": "Новая опция: дополнение «Растения» (expansions=plants): растения заменяют "
                  "кубик кормовой базы, каждый ход завершается фазой роста; игры без него "
                  "идут как прежде",
            "it": "Nuova opzione: l'espansione Piante (expansions=plants): le piante "
                  "sostituiscono il dado del cibo e una fase di crescita chiude ogni turno; le "
                  "partite senza di essa restano come prima",
            "de": "Neue Option: die Erweiterung Pflanzen (expansions=plants): Pflanzen "
                  "ersetzen den Futterwürfel, und eine Wachstumsphase beendet jede Runde; "
                  "Partien ohne sie laufen wie zuvor",
        },
    ),
}
