"""Actions of Darwin's Choice and their JSON forms (the events are in events.py, the
notation in notation.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from evolutio.core.actions import ActionSet
from evolutio.core.game import Action


@dataclass(frozen=True, slots=True)
class Draw(Action):
    deck: Literal["small", "large"]

    def notation(self) -> str:
        return f"draw {self.deck}"


Draw.type = "draw"


@dataclass(frozen=True, slots=True)
class DrawSplit(Action):
    """All the cards still to draw at once: ``small`` from the small deck, ``large`` from
    the large one (the opening hand in one step instead of ten ``draw`` decisions)."""

    small: int
    large: int

    def notation(self) -> str:
        return f"draw_split {self.small} {self.large}"


DrawSplit.type = "draw_split"


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
class Keep(Action):
    """Keep one's hand for the era: decline the card draw offered in another's turn (seed
    003, "Pesca di Carte": "i giocatori possono decidere se tenere le 10 Carte Animale")."""


Keep.type = "keep"


@dataclass(frozen=True, slots=True)
class Exchange(Action):
    card: int
    take: int

    def notation(self) -> str:
        return f"exchange #{self.card} #{self.take}"


Exchange.type = "exchange"


@dataclass(frozen=True, slots=True)
class Unexchange(Action):
    """Take back this turn's exchange: the cards go back where they were (seed 003,
    "Scambio": "Fino alla fine del proprio turno il giocatore può cambiare idea")."""


Unexchange.type = "unexchange"


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
    Draw, DrawSplit, Redraw, Renew, Keep, Exchange, Unexchange, Create, Mutate, Migrate, Add,
    Remove, Swap, Done, Cancel, Pass, Degenerate, Lose, Give, Toss, Show, Receive, Takeover, Pay,
    Gift, Grant,
)
