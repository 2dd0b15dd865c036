"""The Flight expansion's part of a game's state (``State.flight``), apart from the rules so
that the state may name its type without importing them."""

from __future__ import annotations


class FlightState:
    """What the expansion adds to a game's state."""

    __slots__ = ("cliff", "reserve", "supply", "upkeep")

    def __init__(self) -> None:
        #: food on the Cliff (plant food only Flight reaches).
        self.cliff = 0
        #: the cards set aside at setup, drawn when the draw pile runs out (once).
        self.reserve: list[int] = []
        #: the Flight cards beside the table, not on a species.
        self.supply: list[int] = []
        #: upkeep food paid this round, by species id.
        self.upkeep: dict[int, int] = {}

    def clone(self) -> FlightState:
        other = FlightState.__new__(FlightState)
        other.cliff = self.cliff
        other.reserve = list(self.reserve)
        other.supply = list(self.supply)
        other.upkeep = dict(self.upkeep)
        return other
