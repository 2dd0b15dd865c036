"""Actions and events of Darwin's Choice, their JSON forms and notations.

Notation: cards ``#<id>``, species ``S<id>``, habitat positions ``H<index>`` (the prefix may
be left out)::

    draw small | draw large     draw one card (start hand, Card draw, hand completion)
    redraw #12                  Card draw: keep card 12, discard the rest, draw 9
    renew                       Era 1: discard all 10 and draw 10 (no creation possible)
    exchange #12 #40            put hand card 12 in the market, take market card 40
    create H1                   start a new species in the habitat at position 1
    mutate S3 | migrate S3 H0   main actions on one's species
    add #12 | remove #12 | swap #12 #30 | done | cancel     building a species
    pass                        no more actions this era
    degenerate #12 | lose S3 | give S3     choices asked by events
    toss #12                    children's rules: discard a card before refilling
    show #12 | receive #12 | takeover S3 | pay #12 | gift | grant 1     2 vs 2
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal

from evolutio.core.actions import ActionSet
from evolutio.core.game import Action, Event, IllegalAction


@dataclass(frozen=True, slots=True)
class Draw(Action):
    deck: Literal["small", "large"]

    def notation(self) -> str:
        return f"draw {self.deck}"


Draw.type = "draw"


@dataclass(frozen=True, slots=True)
class Redraw(Action):
    keep: int

    def notation(self) -> str:
        return f"redraw #{self.keep}"


Redraw.type = "redraw"


@dataclass(frozen=True, slots=True)
class Renew(Action):
    pass


Renew.type = "renew"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    card: int
    take: int

    def notation(self) -> str:
        return f"exchange #{self.card} #{self.take}"


Exchange.type = "exchange"


@dataclass(frozen=True, slots=True)
class Create(Action):
    habitat: int

    def notation(self) -> str:
        return f"create H{self.habitat}"


Create.type = "create"


@dataclass(frozen=True, slots=True)
class Mutate(Action):
    species: int

    def notation(self) -> str:
        return f"mutate S{self.species}"


Mutate.type = "mutate"


@dataclass(frozen=True, slots=True)
class Migrate(Action):
    species: int
    habitat: int

    def notation(self) -> str:
        return f"migrate S{self.species} H{self.habitat}"


Migrate.type = "migrate"


@dataclass(frozen=True, slots=True)
class Add(Action):
    card: int

    def notation(self) -> str:
        return f"add #{self.card}"


Add.type = "add"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    card: int

    def notation(self) -> str:
        return f"remove #{self.card}"


Remove.type = "remove"


@dataclass(frozen=True, slots=True)
class Swap(Action):
    card: int
    new: int

    def notation(self) -> str:
        return f"swap #{self.card} #{self.new}"


Swap.type = "swap"


@dataclass(frozen=True, slots=True)
class Done(Action):
    pass


Done.type = "done"


@dataclass(frozen=True, slots=True)
class Cancel(Action):
    pass


Cancel.type = "cancel"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    pass


Pass.type = "pass"


@dataclass(frozen=True, slots=True)
class Degenerate(Action):
    card: int

    def notation(self) -> str:
        return f"degenerate #{self.card}"


Degenerate.type = "degenerate"


@dataclass(frozen=True, slots=True)
class Lose(Action):
    species: int

    def notation(self) -> str:
        return f"lose S{self.species}"


Lose.type = "lose"


@dataclass(frozen=True, slots=True)
class Give(Action):
    species: int

    def notation(self) -> str:
        return f"give S{self.species}"


Give.type = "give"


@dataclass(frozen=True, slots=True)
class Toss(Action):
    """Children's rules: discard a hand card before refilling to 10 (then ``done``)."""

    card: int

    def notation(self) -> str:
        return f"toss #{self.card}"


Toss.type = "toss"


@dataclass(frozen=True, slots=True)
class Show(Action):
    """2 vs 2: show a hand card to one's teammate at the era's start (then ``done``)."""

    card: int

    def notation(self) -> str:
        return f"show #{self.card}"


Show.type = "show"


@dataclass(frozen=True, slots=True)
class Receive(Action):
    """2 vs 2: take a card from one's teammate's hand, then pay for it."""

    card: int

    def notation(self) -> str:
        return f"receive #{self.card}"


Receive.type = "receive"


@dataclass(frozen=True, slots=True)
class Takeover(Action):
    """2 vs 2: put one's marker on a teammate's species, then pay 2."""

    species: int

    def notation(self) -> str:
        return f"takeover S{self.species}"


Takeover.type = "takeover"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """2 vs 2: put a hand card into the market as payment."""

    card: int

    def notation(self) -> str:
        return f"pay #{self.card}"


Pay.type = "pay"


@dataclass(frozen=True, slots=True)
class Gift(Action):
    """2 vs 2: let the opposing team draw instead of paying with cards."""


Gift.type = "gift"


@dataclass(frozen=True, slots=True)
class Grant(Action):
    """2 vs 2: the opposing team names which of its players draws the next gift card."""

    seat: int

    def notation(self) -> str:
        return f"grant {self.seat}"


Grant.type = "grant"


#: the actions of Darwin's Choice by JSON tag, and their reader.
ACTIONS = ActionSet(
    Draw, Redraw, Renew, Exchange, Create, Mutate, Migrate, Add, Remove, Swap, Done, Cancel, Pass,
    Degenerate, Lose, Give, Toss, Show, Receive, Takeover, Pay, Gift, Grant,
)
DECKS = ("small", "large")


def _number(token: str) -> int:
    text = token.lstrip("#SHsh")
    if not text.isdigit():
        raise IllegalAction(f"'{token}' is not a card (#12), species (S3) or habitat (H1).")
    return int(text)


def parse_notation(text: str) -> Action:
    """An action from its notation (``create H1``, ``add #12``...)."""
    words = text.strip().lower().split()
    if not words or words[0] not in ACTIONS:
        raise IllegalAction(f"'{text}' is not an action; known: {', '.join(ACTIONS)}.")
    cls = ACTIONS[words[0]]
    args = words[1:]
    names = [f.name for f in fields(cls)]
    if len(args) != len(names):
        raise IllegalAction(f"'{words[0]}' takes {len(names)} argument(s).")
    if cls is Draw:
        if args[0] not in DECKS:
            raise IllegalAction("draw small or draw large.")
        return Draw("small" if args[0] == "small" else "large")
    return cls(*(_number(a) for a in args))


# -- events ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A card drawn: everyone sees from which deck, only the drawer which card."""

    seat: int
    deck: str


Drew.type = "drew"


@dataclass(frozen=True, slots=True)
class Redrew(Event):
    seat: int
    discarded: int


Redrew.type = "redrew"


@dataclass(frozen=True, slots=True)
class Exchanged(Event):
    """Both cards are shown: the hand card goes face up into the market."""

    seat: int
    card: int
    take: int


Exchanged.type = "exchanged"


@dataclass(frozen=True, slots=True)
class Created(Event):
    seat: int
    species: int
    habitat: int
    cards: tuple[int, ...]


Created.type = "created"


@dataclass(frozen=True, slots=True)
class Mutated(Event):
    seat: int
    species: int
    added: tuple[int, ...]
    removed: tuple[int, ...]
    cost: int


Mutated.type = "mutated"


@dataclass(frozen=True, slots=True)
class Migrated(Event):
    seat: int
    species: int
    source: int
    habitat: int


Migrated.type = "migrated"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    seat: int


Passed.type = "passed"


@dataclass(frozen=True, slots=True)
class Extinct(Event):
    species: int
    owner: int
    cause: str
    banked: int


Extinct.type = "extinct"


@dataclass(frozen=True, slots=True)
class Scored(Event):
    species: int
    owner: int
    points: int
    reason: str


Scored.type = "scored"


@dataclass(frozen=True, slots=True)
class EventRevealed(Event):
    event: str


EventRevealed.type = "event_revealed"


@dataclass(frozen=True, slots=True)
class HabitatChanged(Event):
    position: int
    old: str
    new: str


HabitatChanged.type = "habitat_changed"


@dataclass(frozen=True, slots=True)
class MarketDealt(Event):
    """The new market, face up for everyone."""

    cards: tuple[int, ...]


MarketDealt.type = "market_dealt"


@dataclass(frozen=True, slots=True)
class EraBegins(Event):
    era: int
    first: int


EraBegins.type = "era_begins"


@dataclass(frozen=True, slots=True)
class CardLost(Event):
    species: int
    card: int


CardLost.type = "card_lost"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    scores: tuple[int, ...]


GameOver.type = "game_over"
