"""Ice Age's two traits (seed 004, «Ледниковый период»: "8 карт с двумя новыми свойствами",
Утепление and Иммунитет). Their texts are not public: the project's own effects, chosen to
answer the natural-change cards of data/natural_changes.toml (docs/rules/evolution.md,
"Ice Age"). Both are played like any trait, score 1 and raise no food need."""

from __future__ import annotations

from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, State
from evolutio.games.evolution.trait import Trait, register


class Insulation(Trait):
    """Insulation (Утепление): the natural changes that name it spare the animal -- the
    cold ones (Cold snap, Hard frost, Blizzard, Polar night). It has no other effect."""

    id = "insulation"


class Immunity(Trait):
    """Immunity (Иммунитет): the natural changes that name it spare the animal -- the
    diseases (Epidemic, Contagion, Carrion fever); and no Parasite or Trematode can be
    played on it (a parasite is a disease too)."""

    id = "immunity"

    def limits_play(self, state: State, animal: Animal, other: str) -> str | None:
        if other in ("parasite", "trematode"):
            return refusal(
                "immune",
                state.edition,
                animal=animal.id,
                trait="immunity",
                trait2="parasite",
                trait3="trematode",
            )
        return None

    def limits(self, state: State, animal: Animal, other: str) -> bool:
        return other in ("parasite", "trematode")


register("ice_age", Insulation(), Immunity())
