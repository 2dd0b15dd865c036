"""The state of a Darwin's Choice game: decks, hands, the market, habitats at their
positions, species, Darwin points, the era and the decision in progress.

Cards are numbered by their index in the catalog (``data.load_catalog().cards``); every card
is in exactly one place: a draw deck, a discard pile, the market, a hand, a species or a
build in progress (property ``cards conserved``).
"""

from __future__ import annotations

from typing import Any

from evolutio.core.compiled import mypyc_attr
from evolutio.core.rng import Rng

TOKENS = ("africa", "america", "asia", "europe", "oceania")
#: the children's variant: competition tokens as a fourth "habitat" (R-D72)
COMPETITION = ("competition_gold", "competition_silver", "competition_bronze")
VOLCANO = "volcanic_eruption"


class Species:
    """A species on the table (seed 003, "Creazione"): its cards, owner, position, the Darwin
    points on it, the tick of its marker and the food it holds now."""

    __slots__ = ("cards", "dp", "id", "meat", "owner", "plants", "pos", "ticked")

    def __init__(self, sid: int, owner: int, pos: int, cards: list[int]) -> None:
        self.id = sid
        self.owner = owner
        self.pos = pos
        self.cards = cards
        self.dp = 0
        self.ticked = True
        self.plants = 0
        self.meat = 0

    def clone(self) -> Species:
        other = Species(self.id, self.owner, self.pos, list(self.cards))
        other.dp, other.ticked = self.dp, self.ticked
        other.plants, other.meat = self.plants, self.meat
        return other


class Position:
    """A habitat slot named by its continental token. ``card`` is the habitat card lying
    there (or the Volcanic eruption event card); ``volcano`` is the volcano's stage (R-D22):
    1 inhospitable, 2 rainforest and immune, 3 rainforest and replaceable; ``protected``
    marks a desert / ice / mountain card protected once from the next change (R-D09)."""

    __slots__ = ("card", "protected", "token", "volcano")

    def __init__(self, token: str, card: str) -> None:
        self.token = token
        self.card = card
        self.volcano = 0
        self.protected = False

    def clone(self) -> Position:
        other = Position(self.token, self.card)
        other.volcano, other.protected = self.volcano, self.protected
        return other

    @property
    def habitat(self) -> str | None:
        """The habitat data in force: None while the volcano is inhospitable (R-D65)."""
        if self.card == VOLCANO:
            return None if self.volcano <= 1 else "tropical_rainforest"
        return self.card


class Build:
    """A creation or mutation in progress: one card per decision, then ``done`` (the
    platform's pattern for a compound choice). ``added`` came from the hand, ``removed``
    left the species (to the discard at ``done``); ``ops`` counts mutations (at most 2)."""

    __slots__ = ("added", "kind", "ops", "original", "pos", "removed", "species")

    def __init__(self, kind: str, pos: int, species: int = 0) -> None:
        self.kind = kind
        self.pos = pos
        self.species = species
        self.added: list[int] = []
        self.removed: list[int] = []
        self.original: list[int] = []
        self.ops = 0

    def clone(self) -> Build:
        other = Build(self.kind, self.pos, self.species)
        other.added, other.removed = list(self.added), list(self.removed)
        other.original, other.ops = list(self.original), self.ops
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class State:
    """Everything about one game."""

    __slots__ = (
        "acted", "banked", "build", "cache", "cancelled", "current", "draws", "era", "event",
        "event_deck", "event_discard", "exchange", "exchanged", "exchanges_undone", "first",
        "habitat_deck", "habitat_discard", "hands", "incoming", "labels", "large",
        "large_discard", "main_done", "market", "next_id", "options", "passed", "pending",
        "phase", "plays", "positions", "redrawn", "renewed", "rng", "seed", "shown", "small",
        "small_discard", "species", "stats", "tokens", "took_over", "turns",
    )

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.small: list[int] = []
        self.large: list[int] = []
        self.small_discard: list[int] = []
        self.large_discard: list[int] = []
        self.market: list[int] = []
        self.hands: list[list[int]] = []
        self.species: dict[int, Species] = {}
        self.next_id = 1
        self.positions: list[Position] = []
        self.habitat_deck: list[str] = []
        self.habitat_discard: list[str] = []
        self.incoming: list[str] = []
        self.event_deck: list[str] = []
        self.event_discard: list[str] = []
        self.event: str | None = None
        self.era = 1
        self.phase = "draw"
        self.first = 0
        self.current = 0
        self.passed: list[bool] = []
        self.acted: list[bool] = []
        #: the era's card draw made, or declined (``keep``), per seat
        self.redrawn: list[bool] = []
        #: Era 1 full redraws made (``renew``): the hand is no longer the one the era began
        #: with, so the keep-one card draw is closed (seed 003, "Pesca di Carte")
        self.renewed: list[bool] = []
        self.main_done: list[bool] = []
        self.exchanged = False
        #: this turn's standing exchange, to take it back: the card given, the card taken,
        #: the given card's place in the hand and the taken card's in the market
        self.exchange: tuple[int, int, int, int] | None = None
        #: exchanges taken back this turn (at most ``rules.MAX_CANCELS``)
        self.exchanges_undone = 0
        #: species builds taken back (``cancel``) by the current player this turn
        self.cancelled = 0
        self.build: Build | None = None
        self.draws: list[int] = []
        self.pending: list[tuple[str, int, int]] = []
        self.banked: list[int] = []
        self.labels: dict[str, int] = {}
        self.cache: dict[Any, Any] = {}
        self.turns = 0
        self.tokens: list[str] = []
        self.shown: list[list[int]] = []
        self.took_over = False
        self.stats: dict[str, int] = {"extinctions": 0, "created": 0}
        #: every card put into a species from a hand in this game, in order: (seat, card); a
        #: tuple, shared by clones, for the outcome's play and survival figures.
        self.plays: tuple[tuple[int, int], ...] = ()

    @property
    def num_players(self) -> int:
        return len(self.hands)

    @property
    def eras(self) -> int:
        """4 eras, 3 in the short variant (R-D13), 2 for beginners (R-D33)."""
        if self.options["variant"] == "beginner":
            return 2
        return int(self.options["eras"])

    @property
    def beginner(self) -> bool:
        return bool(self.options["variant"] == "beginner")

    @property
    def coop(self) -> bool:
        return bool(self.options["variant"] == "cooperative")

    @property
    def children(self) -> bool:
        return bool(self.options["variant"] == "children")

    def clone(self) -> State:
        other = State.__new__(State)
        other.options = self.options
        other.seed = self.seed
        other.rng = self.rng.clone()
        other.small, other.large = list(self.small), list(self.large)
        other.small_discard = list(self.small_discard)
        other.large_discard = list(self.large_discard)
        other.market = list(self.market)
        other.hands = [list(h) for h in self.hands]
        other.species = {k: s.clone() for k, s in self.species.items()}
        other.next_id = self.next_id
        other.positions = [p.clone() for p in self.positions]
        other.habitat_deck = list(self.habitat_deck)
        other.habitat_discard = list(self.habitat_discard)
        other.incoming = list(self.incoming)
        other.event_deck, other.event_discard = list(self.event_deck), list(self.event_discard)
        other.event = self.event
        other.era, other.phase, other.first, other.current = (
            self.era, self.phase, self.first, self.current)
        other.passed, other.acted = list(self.passed), list(self.acted)
        other.redrawn, other.main_done = list(self.redrawn), list(self.main_done)
        other.renewed = list(self.renewed)
        other.exchanged = self.exchanged
        other.exchange, other.exchanges_undone = self.exchange, self.exchanges_undone
        other.cancelled = self.cancelled
        other.build = self.build.clone() if self.build else None
        other.draws = list(self.draws)
        other.pending = list(self.pending)
        other.banked = list(self.banked)
        other.labels = self.labels
        other.cache = {}
        other.turns = self.turns
        other.tokens = list(self.tokens)
        other.shown = [list(s) for s in self.shown]
        other.took_over = self.took_over
        other.stats = dict(self.stats)
        other.plays = self.plays
        return other

    def owned(self, seat: int) -> list[Species]:
        return [s for s in self.species.values() if s.owner == seat]

    def at(self, pos: int) -> list[Species]:
        return [s for s in self.species.values() if s.pos == pos]

    def score(self, seat: int) -> int:
        """Darwin points on one's species plus those banked (seed 003, "Fine della partita")."""
        return self.banked[seat] + sum(s.dp for s in self.species.values() if s.owner == seat)
