"""The versions of North Star's rules and what changed in each (``GameInfo.rules``).

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
            "en": "A carnivore's Intelligence may name a trait that opens an attack only "
                  "together with further names, one hand card each (R-N05); a carnivore "
                  "whose only prey hides behind two traits is no longer skipped",
            "ru": "«Интеллект» хищника может назвать свойство, которое открывает нападение "
                  "только вместе с другими названиями, по карте с руки за каждое (R-N05); "
                  "хищник, чья единственная добыча защищена двумя свойствами, больше не "
                  "пропускает ход",
            "it": "L'Intelligenza di un carnivoro può nominare un tratto che apre un attacco "
                  "solo insieme ad altri nomi, una carta dalla mano ciascuno (R-N05); un "
                  "carnivoro la cui unica preda è protetta da due tratti non salta più il turno",
            "de": "Die Intelligenz eines Fleischfressers darf eine Eigenschaft nennen, die "
                  "einen Angriff nur zusammen mit weiteren Namen ermöglicht, je eine Handkarte "
                  "(R-N05); ein Fleischfresser, dessen einzige Beute hinter zwei Eigenschaften "
                  "steht, wird nicht mehr übersprungen",
        },
    ),
}
