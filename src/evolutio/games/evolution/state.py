"""The table of Knorre & Machin's Evolution: cards, animals, paired links, food and cooldowns.

The state is plain mutable objects with ``__slots__`` (the engine's hot loops read them
directly); ``clone`` copies it by hand, which is several times faster than ``deepcopy``.
Food tokens on an animal are counted, red and blue alike when feeding (seed 000, "Fase di
alimentazione"); ``red`` says how many came from a food bank; fat (yellow) tokens sit on Fat
tissue cards and are counted apart.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from evolutio.core.compiled import mypyc_attr
from evolutio.core.game import Action, Event
from evolutio.core.rng import Rng
from evolutio.games.evolution.links import Link, LinkIndex

if TYPE_CHECKING:
    from evolutio.games.evolution.flora import Flora
    from evolutio.games.evolution.nature import Change, Effect

#: ``Animal.card`` of traits left on the table by an eaten animal with Regeneration.
NO_CARD = -1
#: a cooldown: an ink cloud stopped this carnivore; it may attack again from its owner's
#: next feeding step (ruling 16; ops.py and driver.py read it).
INK_RETURN = "ink_return"

DEVELOPMENT = "development"
FEEDING = "feeding"
EXTINCTION = "extinction"
OVER = "over"


class Span(StrEnum):
    """How long a cooldown lasts: it is cleared when its span ends."""

    STEP = "step"  # one player's feeding step (a round of the feeding phase for that seat)
    PHASE = "phase"  # the rest of the feeding phase
    TURN = "turn"  # the rest of this turn
    NEXT_TURN = "next_turn"  # this turn and the next one (e.g. Hibernation not twice running)


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class Animal:
    """An animal card on the table with the trait cards played under it.

    ``traits`` holds ``(card, trait)`` pairs in the order played; paired traits are not here
    but in ``State.links``.
    """

    __slots__ = (
        "card",
        "fat",
        "food",
        "hibernating",
        "id",
        "location",
        "off",
        "owner",
        "paralysed",
        "poisoned",
        "red",
        "traits",
    )

    def __init__(self, id: int, owner: int, card: int, location: str = "") -> None:
        self.id = id
        self.owner = owner
        #: the animal card; NO_CARD while only its traits lie on the table (Regeneration).
        self.card = card
        self.traits: list[tuple[int, str]] = []
        self.food = 0
        #: of the food tokens, how many are red (from a food bank); the rest are blue.
        self.red = 0
        self.fat = 0
        self.hibernating = False
        self.poisoned = False
        #: where it lives (Continents: "laurasia", "gondwana", "ocean"; "" without them).
        self.location = location
        #: trait cards that lie on the animal but do not work (disabled by Neoplasm).
        self.off: frozenset[int] = frozenset()
        #: every trait stops working until the next turn (Cnidocytes).
        self.paralysed = False

    def copy(self) -> Animal:
        other = Animal.__new__(Animal)
        other.id = self.id
        other.owner = self.owner
        other.card = self.card
        other.traits = list(self.traits)
        other.food = self.food
        other.red = self.red
        other.fat = self.fat
        other.hibernating = self.hibernating
        other.poisoned = self.poisoned
        other.location = self.location
        other.off = self.off
        other.paralysed = self.paralysed
        return other

    @property
    def present(self) -> bool:
        """False while only its traits lie on the table waiting for a new animal card."""
        return self.card != NO_CARD

    def active(self) -> Sequence[tuple[int, str]]:
        """The (card, trait) pairs that work now: not paralysed, not disabled.

        Often the animal's own list (no copy: this is the engine's hottest call), so callers
        that change the traits while looping must copy it first."""
        if self.paralysed:
            return ()
        if self.off:
            return [pair for pair in self.traits if pair[0] not in self.off]
        return self.traits

    def has(self, trait: str) -> bool:
        """Whether a working card of ``trait`` lies on the animal."""
        if self.paralysed:
            return False
        for card, name in self.traits:
            if name == trait and card not in self.off:
                return True
        return False

    def holds(self, trait: str) -> bool:
        """Whether a card of ``trait`` lies on the animal, working or not."""
        for _, name in self.traits:
            if name == trait:
                return True
        return False

    def count(self, trait: str) -> int:
        """Working cards of ``trait`` on the animal."""
        total = 0
        for _, name in self.active():
            if name == trait:
                total += 1
        return total


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class Player:
    """A seat: hand, private discard pile, animals in table order, and the phase pass mark."""

    __slots__ = ("animals", "discard", "hand", "passed", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.hand: list[int] = []
        self.discard: list[int] = []
        self.animals: list[int] = []
        self.passed = False

    def copy(self) -> Player:
        other = Player.__new__(Player)
        other.seat = self.seat
        other.hand = list(self.hand)
        other.discard = list(self.discard)
        other.animals = list(self.animals)
        other.passed = self.passed
        return other


class AttackFrame:
    """An attack being resolved: the defending owner chooses defences (a decision).

    ``ignore`` names traits of the prey that do not act in this attack (Intellect's choice,
    the Anglerfish's choice, Burrowing and Shell against Ambush).
    """

    __slots__ = ("carnivore", "ignore", "kind", "rolled", "target", "targeted")

    def __init__(self, carnivore: int, target: int, ignore: tuple[str, ...] = ()) -> None:
        self.kind = "defend"
        self.carnivore = carnivore
        self.target = target
        self.ignore = ignore
        self.targeted: list[int] = [target]
        self.rolled: list[str] = []  # defences already tried against the current target

    def copy(self) -> AttackFrame:
        other = AttackFrame(self.carnivore, self.target, self.ignore)
        other.targeted = list(self.targeted)
        other.rolled = list(self.rolled)
        return other


class TriggerFrame:
    """Paired-trait triggers that fire together; their owner chooses the order (a decision)."""

    __slots__ = ("kind", "seat")

    def __init__(self, seat: int) -> None:
        self.kind = "trigger"
        self.seat = seat

    def copy(self) -> TriggerFrame:
        return TriggerFrame(self.seat)


class ChoiceFrame(ABC):
    """An out-of-turn choice a trait pushes on the decision stack (Ambush). Subclasses say
    who chooses, what the choices are and what they do; ``advance`` calls ``finish`` and
    drops the frame once ``options`` is empty."""

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        self.kind = kind

    @abstractmethod
    def chooser(self, state: State) -> int:
        raise NotImplementedError

    @abstractmethod
    def prompt(self, state: State) -> str:
        raise NotImplementedError

    @abstractmethod
    def options(self, state: State) -> list[Action]:
        raise NotImplementedError

    @abstractmethod
    def apply(self, state: State, action: Action, events: list[Event]) -> None:
        raise NotImplementedError

    def finish(self, state: State, events: list[Event]) -> None:  # noqa: B027 (optional hook)
        """Called once, when the frame has no choices left, before it is dropped."""

    @abstractmethod
    def copy(self) -> ChoiceFrame:
        raise NotImplementedError

    def to_json(self, state: State) -> dict[str, Any]:
        return {"kind": self.kind, "seat": self.chooser(state) if self.options(state) else None}


Frame = AttackFrame | TriggerFrame | ChoiceFrame


@mypyc_attr(allow_interpreted_subclasses=True)  # so that __new__ alone (clone) skips __init__
class State:
    """A whole game of Evolution."""

    __slots__ = (
        "_rng", "acted", "animals", "banks", "card_faces", "cooldowns", "current", "deck",
        "edition", "empty_steps", "first_player", "flora", "food_bank", "food_created",
        "food_removed",
        "labels", "last_turn", "link_index", "links", "made", "main_done", "nature_cards",
        "nature_deck", "nature_discard", "nature_need", "nature_no_attack", "nature_now",
        "next_animal", "next_link", "not_hunter", "offer", "options", "paused_at", "pauses",
        "pending",
        "phase", "played_by", "played_shared", "players", "plays", "public", "rng_shared", "rows",
        "seed", "stack", "stage", "step_marks", "stopped", "table_cards", "turn", "where",
    )

    def __init__(self, options: dict[str, Any], seed: int, card_faces: list[tuple[str, ...]]):
        self.options = options
        self.seed = seed
        self.edition: int = int(options["edition"])
        self._rng = Rng(seed)
        #: ``_rng`` is also a clone's (or the original's): copy it before the first draw.
        self.rng_shared = False
        #: faces of every card in this game, by card id (shared, never mutated).
        self.card_faces = card_faces
        self.deck: list[int] = []  # the top of the deck is the END of the list
        self.players = [Player(seat) for seat in range(int(options["players"]))]
        self.animals: dict[int, Animal] = {}
        self.links: dict[int, Link] = {}
        #: the links by animal (linkindex.py), made when asked; None once the links changed.
        self.link_index: LinkIndex | None = None
        self.next_animal = 1
        self.next_link = 1
        self.turn = 1
        self.phase = DEVELOPMENT
        self.first_player = 0
        self.current = 0
        self.last_turn = False
        self.food_bank = 0
        #: Continents: a food bank per location (the base game uses ``food_bank`` alone).
        self.banks: dict[str, int] = {}
        #: the location the acting seat chose for this feeding step (None: not chosen yet).
        self.where: str | None = None
        #: the part of the extinction phase under way ("" outside it).
        self.stage = ""
        #: cooldowns: (trait or use, object id) -> span; one mechanism for every limit.
        self.cooldowns: dict[tuple[str, int], Span] = {}
        #: a step cooldown or an ink-cloud return may lie in ``cooldowns`` (set by ``use``):
        #: a feeding step's start looks for them only then (``driver.start_step``).
        self.step_marks = False
        self.stack: list[Frame] = []
        #: paired-trait triggers waiting to fire: (link id, animal that receives the token).
        #: the third item: queued by a token a paired trait gave (within a chain).
        self.pending: list[tuple[int, int, bool]] = []
        self.main_done = False  # took food, attacked or used fat this feeding step
        self.acted = False  # did anything at all this feeding step
        self.empty_steps = 0  # consecutive feeding steps in which nobody did anything
        #: ledger of food tokens, for the conservation property.
        self.food_created = 0
        self.food_removed = 0
        #: scenario labels -> ids, for readable scenario files.
        self.labels: dict[str, int] = {}
        #: cards lying face up in the middle of the table (a Shell whose animal died).
        self.table_cards: list[int] = []
        #: trait card -> the seat that played it onto an animal (a Parasite, a gift).
        self.played_by: dict[int, int] = {}
        #: cards every seat has seen face up (traits played, a revealed animal card): their
        #: faces stay known wherever they go, a discard pile included (determinize).
        self.public: set[int] = set()
        #: ``played_by`` and ``public`` are also a clone's (or the original's): copy them
        #: before changing them in place (``shown``).
        self.played_shared = False
        #: every trait card played from a hand in this game, in order: (seat, card, trait);
        #: a tuple, shared by clones, for the outcome's play and survival figures.
        self.plays: tuple[tuple[int, int, str], ...] = ()
        #: face-down animal cards every seat knows are no Anglerfish (attacked bare, not
        #: revealed: a Hunter attacked itself must be revealed).
        self.not_hunter: frozenset[int] = frozenset()
        #: stop points a scenario asked for (pause.py); empty in every real game.
        self.pauses: frozenset[str] = frozenset()
        self.paused_at = ""
        #: Ice Age: the natural-change cards of this game (index = card), the deck (top at
        #: the end), the used cards, the card in force this turn (-1: none) and its lasting
        #: effects on need and attacks (climate.py).
        self.nature_cards: tuple[Change, ...] = ()
        self.nature_deck: list[int] = []
        self.nature_discard: list[int] = []
        self.nature_now = -1
        self.nature_need: tuple[Effect, ...] = ()
        self.nature_no_attack: tuple[Effect, ...] = ()
        #: Plants: the plants, their deck and links (flora.py); None without the set.
        self.flora: Flora | None = None
        #: the seat that decides now and its legal actions, computed once per state version
        #: (rules.py): None until asked; ``rules.apply`` clears it before changing anything,
        #: and a clone starts without it. Whatever changes a state outside ``apply`` (a
        #: scenario's setup) must clear it too.
        self.offer: tuple[int, list[Action]] | None = None
        #: action objects already made, by their class and fields: an action is immutable,
        #: so the legal actions reuse them; clones share the table, and a game made by
        #: ``Evolution.new`` starts with the one of the process's earlier games (kept.py).
        self.made: dict[tuple[object, ...], Action] = {}
        #: a card's development actions (development.py), by card: as an animal in each
        #: place, and by trait its actions by target animal (or pair of animals); shared
        #: like ``made``.
        self.rows: dict[int, tuple[tuple[Action, ...], dict[str, dict[Any, Action]]]] = {}
        #: per animal, its trait cards when last asked and the faces they stop from going
        #: on it without a full check (development.py); shared by clones, read only where
        #: the cards are the same.
        self.stopped: dict[int, tuple[list[tuple[int, str]], frozenset[str]]] = {}

    @property
    def rng(self) -> Rng:
        """The game's chance. A clone shares its parent's until one of them draws or reads
        it (copy on write): most clones of a search never roll a die."""
        if self.rng_shared:
            self._rng = self._rng.clone()
            self.rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: Rng) -> None:
        self._rng = value
        self.rng_shared = False

    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def geography(self) -> bool:
        """Whether the Continents locations are in play."""
        return bool(self.banks)

    def bank(self, location: str) -> int:
        """Red tokens in the food bank of ``location`` ("" = the single base-game bank)."""
        return self.banks[location] if location else self.food_bank

    def add_bank(self, location: str, amount: int) -> None:
        if location:
            self.banks[location] += amount
        else:
            self.food_bank += amount

    def clone(self) -> State:
        other = State.__new__(State)
        other.options = self.options
        other.seed = self.seed
        other.edition = self.edition
        other._rng = self._rng
        other.rng_shared = self.rng_shared = True
        other.card_faces = self.card_faces
        other.deck = list(self.deck)
        other.players = [p.copy() for p in self.players]
        other.animals = {k: a.copy() for k, a in self.animals.items()}
        other.links = {
            k: Link(link.id, link.trait, link.card, link.a, link.b)
            for k, link in self.links.items()
        }
        other.link_index = self.link_index  # the same links (by value) until one changes
        other.next_animal = self.next_animal
        other.next_link = self.next_link
        other.turn = self.turn
        other.phase = self.phase
        other.first_player = self.first_player
        other.current = self.current
        other.last_turn = self.last_turn
        other.food_bank = self.food_bank
        other.banks = dict(self.banks)
        other.where = self.where
        other.stage = self.stage
        other.cooldowns = dict(self.cooldowns)
        other.step_marks = self.step_marks
        other.stack = [f.copy() for f in self.stack]
        other.pending = list(self.pending)
        other.main_done = self.main_done
        other.acted = self.acted
        other.empty_steps = self.empty_steps
        other.food_created = self.food_created
        other.food_removed = self.food_removed
        other.labels = self.labels
        other.table_cards = list(self.table_cards)
        other.played_by = self.played_by
        other.public = self.public
        other.played_shared = self.played_shared = True
        other.plays = self.plays
        other.not_hunter = self.not_hunter
        other.pauses = self.pauses
        other.paused_at = self.paused_at
        other.nature_cards = self.nature_cards
        other.nature_deck = self.nature_deck  # replaced, never changed in place (climate.py)
        other.nature_discard = self.nature_discard
        other.nature_now = self.nature_now
        other.nature_need = self.nature_need
        other.nature_no_attack = self.nature_no_attack
        other.flora = self.flora.copy() if self.flora is not None else None
        other.offer = None
        other.made = self.made
        other.rows = self.rows
        other.stopped = self.stopped
        return other

    def shown(self, card: int, seat: int | None = None) -> None:
        """Card ``card`` lies face up from now on; ``seat`` played it onto an animal. The
        two tables are shared with clones until one of them changes (copy on write)."""
        if self.played_shared:
            self.played_by = dict(self.played_by)
            self.public = set(self.public)
            self.played_shared = False
        if seat is not None:
            self.played_by[card] = seat
        self.public.add(card)

    # -- cooldowns -------------------------------------------------------------------------

    def used(self, key: str, obj: int) -> bool:
        return (key, obj) in self.cooldowns

    def use(self, key: str, obj: int, span: Span) -> None:
        self.cooldowns[(key, obj)] = span
        if span is Span.STEP or key == INK_RETURN:
            self.step_marks = True

    def clear_cooldowns(self, span: Span) -> None:
        """End a span: drop its cooldowns (a finished turn turns NEXT_TURN into TURN)."""
        if span is Span.TURN:
            self.cooldowns = {
                k: Span.TURN for k, s in self.cooldowns.items() if s is Span.NEXT_TURN
            }
        elif span is Span.PHASE:
            self.cooldowns = {
                k: s
                for k, s in self.cooldowns.items()
                if s is not Span.PHASE and s is not Span.STEP
            }
        else:
            # in place, and only when there is something to drop (a step usually has none)
            doomed = [k for k, s in self.cooldowns.items() if s is span]
            for key in doomed:
                del self.cooldowns[key]

    # -- queries ---------------------------------------------------------------------------

    def animal_links(self, animal: int) -> Iterator[Link]:
        for link in self.links.values():
            if link.a == animal or link.b == animal:
                yield link
