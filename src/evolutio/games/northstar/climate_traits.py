"""The four traits new in Evolution: Climate, registered beside the 17 of the base game.

They act only in the Modify Environment phase (``climate.shield`` reads them by id): Heavy
Fur and Migratory against the cold, Cooling Frills and Nocturnal against the heat. Their
effects are the project's reading of the cards (docs/rules/northstar.md, "Climate").
"""

from __future__ import annotations

from evolutio.games.northstar.trait import Trait, register

#: a shield that spares all of the loss (more than any zone or event takes).
FULL = 6


class HeavyFur(Trait):
    """Loses no population to the cold zones' climate results."""

    id = "heavy_fur"

    def climate_shield(self, side: str, event: bool) -> int:
        return FULL if side == "cold" and not event else 0


class Migratory(Trait):
    """Loses no population to cold events and 1 less to the cold zones' results."""

    id = "migratory"

    def climate_shield(self, side: str, event: bool) -> int:
        return (FULL if event else 1) if side == "cold" else 0


class CoolingFrills(Trait):
    """Loses no population to the hot zones' climate results."""

    id = "cooling_frills"

    def climate_shield(self, side: str, event: bool) -> int:
        return FULL if side == "hot" and not event else 0


class Nocturnal(Trait):
    """Loses no population to hot events and 1 less to the hot zones' results."""

    id = "nocturnal"

    def climate_shield(self, side: str, event: bool) -> int:
        return (FULL if event else 1) if side == "hot" else 0


register(HeavyFur, Migratory, CoolingFrills, Nocturnal)
