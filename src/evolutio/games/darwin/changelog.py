"""The versions of Darwin's Choice's rules and what changed in each (``GameInfo.rules``).

A version is raised whenever a change makes a recorded action play differently, so that a
record refused under later rules can say why (``core.record.RulesChanged``). Version 1 is
the rules of every record made before records named their version.
"""

from __future__ import annotations

from collections.abc import Mapping

#: the current version of the rules
RULES = 3

#: per version above 1, one sentence per change, in every language of the game
CHANGELOG: Mapping[int, tuple[Mapping[str, str], ...]] = {
    2: (
        {
            "en": "At most three builds may be taken back in a turn; then creating and "
                  "mutating are no longer offered that turn",
            "ru": "За ход можно отменить не больше трёх построек; после этого создание и "
                  "мутация в этот ход больше не предлагаются",
            "it": "Al massimo tre costruzioni possono essere annullate in un turno; poi creare "
                  "e mutare non sono più offerti in quel turno",
            "de": "Höchstens drei Bauten dürfen in einem Zug zurückgenommen werden; danach "
                  "werden Erschaffen und Mutieren in diesem Zug nicht mehr angeboten",
        },
    ),
    3: (
        {
            "en": "Desertification, Ice age and Orogeny bring in the other card of the pair "
                  "when one of the two is already in play",
            "ru": "Опустынивание, ледниковый период и горообразование вводят вторую карту "
                  "пары, когда одна из двух уже в игре",
            "it": "Desertificazione, Era glaciale e Orogenesi portano in gioco l'altra carta "
                  "della coppia quando una delle due è già in gioco",
            "de": "Wüstenbildung, Eiszeit und Gebirgsbildung bringen die andere Karte des "
                  "Paares ins Spiel, wenn eine der beiden schon im Spiel ist",
        },
        {
            "en": "After an Era 1 full redraw the keep-one card draw is no longer allowed in "
                  "that era",
            "ru": "После полной замены руки в 1-й эпохе новый набор с одной оставленной картой "
                  "в эту эпоху больше не разрешён",
            "it": "Dopo il ricambio completo dell'Era 1 la pesca che tiene una carta non è più "
                  "consentita in quell'era",
            "de": "Nach einem kompletten Neuzug in Ära 1 ist der Kartentausch mit einer "
                  "behaltenen Karte in dieser Ära nicht mehr erlaubt",
        },
        {
            "en": "An exchange may be taken back until the turn ends (at most three times a "
                  "turn), and another made instead",
            "ru": "Обмен можно отменить до конца хода (не больше трёх раз за ход) и сделать "
                  "другой",
            "it": "Uno scambio si può annullare fino alla fine del turno (al massimo tre volte "
                  "per turno) e farne un altro",
            "de": "Ein Tausch darf bis zum Ende des Zuges zurückgenommen werden (höchstens "
                  "dreimal pro Zug) und ein anderer gemacht werden",
        },
        {
            "en": "The cards still to draw may be drawn in one step, so many from each deck",
            "ru": "Оставшиеся карты можно взять за один шаг, указав, сколько из каждой колоды",
            "it": "Le carte ancora da pescare si possono pescare in un solo passo, tante da "
                  "ciascun mazzo",
            "de": "Die noch zu ziehenden Karten dürfen in einem Schritt gezogen werden, so "
                  "viele von jedem Stapel",
        },
        {
            "en": "The card draw may be made in another player's turn by every player who has "
                  "not acted this era, or declined (keep the hand)",
            "ru": "Новый набор карт можно взять в чужой ход, если вы ещё не действовали в эту "
                  "эпоху, или отказаться от него (оставить руку)",
            "it": "La pesca di carte si può fare nel turno di un altro giocatore da chi non ha "
                  "ancora agito nell'Era, o rifiutare (tenere la mano)",
            "de": "Der Kartentausch darf im Zug eines anderen Spielers gemacht werden, von "
                  "jedem, der in dieser Ära noch nicht gehandelt hat, oder abgelehnt werden "
                  "(die Hand behalten)",
        },
    ),
}
