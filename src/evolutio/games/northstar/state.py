"""The state of a North Star game: cards, players, species, the watering hole, the round.

Cards are numbered; ``State.cards[id]`` is the card's (trait, food value). Species are
numbered too and lie in a row per player, left to right (seed 002 "Karten ausspielen").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evolutio.core.compiled import mypyc_attr
from evolutio.core.rng import Rng

if TYPE_CHECKING:
    from evolutio.games.northstar.flight_state import FlightState

#: the phases of a round (seed 002 "Ablauf"); "over" once the game has ended.
PHASES = ("food", "play", "before", "feed", "over")


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class Species:
    """A species board: body size, population, food and fat tokens, trait cards."""

    __slots__ = ("body", "fat", "food", "id", "pop", "traits")

    def __init__(self, sid: int, body: int = 1, pop: int = 1) -> None:
        self.id = sid
        self.body = body
        self.pop = pop
        self.food = 0
        self.fat = 0
        self.traits: list[int] = []

    def clone(self) -> Species:
        other = Species.__new__(Species)
        other.id, other.body, other.pop = self.id, self.body, self.pop
        other.food, other.fat = self.food, self.fat
        other.traits = list(self.traits)
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class Player:
    """A seat: hand, bag of eaten food (points), species row, the food card chosen."""

    __slots__ = ("bag", "food_card", "hand", "passed", "species")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.bag = 0
        self.species: list[Species] = []
        self.food_card: int | None = None
        #: out of this round's feeding (R-N10) or done playing cards this phase.
        self.passed = False

    def clone(self) -> Player:
        other = Player.__new__(Player)
        other.hand = list(self.hand)
        other.bag = self.bag
        other.species = [s.clone() for s in self.species]
        other.food_card = self.food_card
        other.passed = self.passed
        return other


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class State:
    """Everything about one game; the game object is stateless."""

    __slots__ = (
        "attack", "cards", "climate", "current", "deck", "discard", "face_down", "feed_cache",
        "first_player", "flight", "food_in", "food_out", "intel", "labels", "last_round", "memo",
        "next_id", "options", "per_game", "phase", "players", "plays", "revealed", "rng", "round",
        "seed",
        "used", "watering_hole",
    )

    def __init__(self, options: dict[str, Any], seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = Rng(seed)
        self.cards: tuple[tuple[str, int], ...] = ()
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.players: list[Player] = []
        self.watering_hole = 0
        self.phase = "food"
        self.round = 1
        self.first_player = 0
        self.current = 0
        #: the round after which the game ends, once a reshuffle has set it (R-N15).
        self.last_round: int | None = None
        self.next_id = 1
        #: trait cards played this play phase, face down to other seats (R-N22).
        self.face_down: set[int] = set()
        #: every trait card played onto a species in this game, in order: (seat, card); a
        #: tuple, shared by clones, for the outcome's play and survival figures.
        self.plays: tuple[tuple[int, int], ...] = ()
        #: before-feeding uses made this round: (species id, trait) (R-N07).
        self.used: set[tuple[int, str]] = set()
        #: a carnivore's Intelligence: (species id, switched-off traits) until it attacks.
        self.intel: tuple[int, frozenset[str]] | None = None
        #: food tokens put into play (food cards, food bank) and taken out of it.
        self.food_in = 0
        self.food_out = 0
        #: the food cards revealed this round, in seat order from the reveal (public; none
        #: before the reveal, nor once a reshuffle took them back), for the table to show.
        self.revealed: tuple[int, ...] = ()
        #: the attack the last action made: (carnivore species id, prey species id), for
        #: the table to draw it; None once another action is applied.
        self.attack: tuple[int, int] | None = None
        self.labels: dict[str, int] = {}
        #: the feeding actions of the seat to act, computed once per position (not cloned).
        self.feed_cache: tuple[int, list[Any]] | None = None
        #: this position's decision and legal actions, computed once (``rules``); emptied
        #: by every change of the position and never cloned.
        self.memo: dict[Any, Any] = {}
        #: what depends only on the game's cards (the play phase's actions per card and
        #: species row), shared by the clones of one game.
        self.per_game: dict[Any, Any] = {}
        #: the Flight expansion's table (``flight.FlightState``); None with the option off.
        self.flight: FlightState | None = None
        #: the Climate edition's track, events and set-aside cards (``climate.Climate``);
        #: None in the other editions.
        self.climate: Any = None

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def two_players(self) -> bool:
        return len(self.players) == 2

    def clone(self) -> State:
        other = State.__new__(State)
        other.options = self.options
        other.seed = self.seed
        other.rng = self.rng.clone()
        other.cards = self.cards
        other.deck = list(self.deck)
        other.discard = list(self.discard)
        other.players = [p.clone() for p in self.players]
        other.watering_hole = self.watering_hole
        other.phase = self.phase
        other.round = self.round
        other.first_player = self.first_player
        other.current = self.current
        other.last_round = self.last_round
        other.next_id = self.next_id
        other.face_down = set(self.face_down)
        other.plays = self.plays
        other.used = set(self.used)
        other.intel = self.intel
        other.food_in = self.food_in
        other.food_out = self.food_out
        other.revealed = self.revealed
        other.attack = self.attack
        other.labels = self.labels
        other.feed_cache = None
        other.memo = {}
        other.per_game = self.per_game
        other.flight = None if self.flight is None else self.flight.clone()
        other.climate = None if self.climate is None else self.climate.clone()
        return other

    # -- lookups ------------------------------------------------------------------------------

    def trait_of(self, card: int) -> str:
        return self.cards[card][0]

    def find(self, sid: int) -> tuple[int, int, Species] | None:
        """(owner, index in the row, species) of species ``sid``, or None."""
        for seat, player in enumerate(self.players):
            for index, species in enumerate(player.species):
                if species.id == sid:
                    return seat, index, species
        return None

    def all_species(self) -> list[tuple[int, int, Species]]:
        return [
            (seat, index, species)
            for seat, player in enumerate(self.players)
            for index, species in enumerate(player.species)
        ]

    def seats_from(self, start: int) -> list[int]:
        n = len(self.players)
        return [(start + k) % n for k in range(n)]
