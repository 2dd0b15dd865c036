"""Evolution's traits by card set. Importing the package registers every family in
``evolutio.games.evolution.trait`` (rules.py does, so the game always has them all)."""

from evolutio.games.evolution.traits import (
    base,
    continents,
    gift,
    ice_age,
    plants,
    time_to_fly,
)

__all__ = ["base", "continents", "gift", "ice_age", "plants", "time_to_fly"]
