"""The 19 traits of the base game (seed 004, "Особенности использования свойств"; seed 000).

Each class quotes the rule it implements. Limits are cooldowns (``State.use``) keyed by the
trait and the animal, never ad-hoc flags.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.actions import Attack, Mimic, Run, TailLoss
from evolutio.games.evolution.attack import (
    ATTACKED,
    attack_block,
    can_attack,
    carnivore_block,
    fail_attack,
    may_attack,
    notify_attacked,
    start_attack,
)
from evolutio.games.evolution.events import AttackRedirected, DieRolled
from evolutio.games.evolution.geography import OCEAN, move_animal
from evolutio.games.evolution.links import Link
from evolutio.games.evolution.ops import (
    BANK,
    IN_SHELL,
    SUPPLY,
    can_eat,
    gain,
    is_fed,
    shed_trait,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import NO_CARD, Animal, AttackFrame, Span, State
from evolutio.games.evolution.trait import TRAITS, Trait, register
from evolutio.games.evolution.traits.base_feeding import (
    GrazingTrait,
    HibernationTrait,
    PiracyTrait,
)


class Carnivore(Trait):
    """+1. Instead of taking a red token, attack an animal and eat it for two blue tokens;
    once per turn per animal, one attacking animal per player per feeding step (seed 004)."""

    id = "carnivore"
    food = 1
    feeding_types = ("attack",)

    def conflicts(self, other: str) -> str | None:
        if other == "scavenger":
            return refusal("scavenger_carnivore", trait="scavenger", trait2="carnivore")
        return None

    def clashes(self, other: str) -> bool:
        return other == "scavenger"

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        if state.main_done or not can_attack(state, animal):
            return []
        # itself, animals elsewhere or in a Shell and traits waiting for a body are refused
        # by may_attack too: skipped first, cheaply
        cooldowns = state.cooldowns
        made = state.made  # the game's action objects, made once (they are immutable)
        out: list[Action] = []
        animal_id = animal.id
        location = animal.location
        for target in state.animals.values():
            if (
                target.id != animal_id
                and target.location == location
                and target.card != NO_CARD
                and (IN_SHELL, target.id) not in cooldowns
                and may_attack(state, animal, target)
            ):
                key = (Attack, animal_id, target.id)
                action = made.get(key)
                if action is None:
                    action = made[key] = Attack(animal_id, target.id)
                out.append(action)
        return out

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, Attack)
        if state.main_done:
            raise IllegalAction(refusal("main_done"))
        reason = carnivore_block(state, animal)
        if reason:
            raise IllegalAction(reason)
        target = state.animals.get(action.target)
        if target is None:
            raise IllegalAction(refusal("no_animal", animal=action.target))
        reason = attack_block(state, animal, target)
        if reason:
            raise IllegalAction(reason)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, Attack)
        start_attack(state, animal, state.animals[action.target], events)

    def main_action(self, action: Action) -> bool:
        return True


class FatTissue(Trait):
    """Several per animal; a fed animal stores a token on each empty card (seed 004)."""

    id = "fat_tissue"
    stackable = True


class HighBodyWeight(Trait):
    """+1. Can be attacked only by a carnivore with High body weight (seed 004, "Большой")."""

    id = "high_body_weight"
    food = 1

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if not carnivore.has("high_body_weight"):
            return refusal(
                "only_with", state.edition, trait="high_body_weight", trait2="high_body_weight"
            )
        return None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return not carnivore.has("high_body_weight")


class Swimming(Trait):
    """Only a swimming carnivore can attack it; a swimming carnivore attacks only swimming
    animals (seed 004, "Водоплавающее")."""

    id = "swimming"

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if not carnivore.has("swimming"):
            return refusal("swimming_prey")
        return None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return not carnivore.has("swimming")

    def restricts_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if not target.has("swimming"):
            return refusal("swimming_hunter")
        return None

    def attack_restricted(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return not target.has("swimming")

    def play_block(self, state: State, seat: int, animal: Animal) -> str | None:
        if state.geography and animal.location == OCEAN:
            return refusal("in_ocean", animal=animal.id)
        return None

    def play_blocked(self, state: State, seat: int, animal: Animal) -> bool:
        return state.geography and animal.location == OCEAN

    def on_play(
        self, state: State, seat: int, animal: Animal, card: int, events: list[Event]
    ) -> None:
        """Continents: played on one's own animal it moves the animal with all its traits to
        the Ocean, and the card is discarded (seed 004, "Фаза развития")."""
        if state.geography and animal.owner == seat:
            move_animal(state, animal, OCEAN, "swimming", events)


class Running(Trait):
    """When attacked, roll a die: 4-6 escapes; the carnivore cannot attack again this turn.
    It cannot be declined, even against one's own carnivore (seed 004; ruling 9)."""

    id = "running"
    defence_types = ("run",)

    def defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        if "running" in frame.rolled:
            return [], False
        return [Run()], True

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        frame.rolled.append("running")
        value = state.rng.d6()
        escaped = value >= 4
        events.append(DieRolled(frame.target, "running", value, escaped))
        if escaped:
            fail_attack(state, frame, "running", events)


class Mimicry(Trait):
    """When attacked, the owner must redirect the attack to another of their animals that
    this carnivore could attack; 3rd edition: once per turn (seed 004; ruling 6)."""

    id = "mimicry"
    defence_types = ("mimic",)

    def defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        if state.edition >= 3 and state.used("mimicry", target.id):
            return [], False
        carnivore = state.animals[frame.carnivore]
        options: list[Action] = []
        for animal_id in state.players[target.owner].animals:
            if animal_id in frame.targeted or animal_id == carnivore.id:
                continue
            if may_attack(state, carnivore, state.animals[animal_id], frame.ignore):
                options.append(Mimic(animal_id))
        return options, True

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, Mimic)
        state.use("mimicry", frame.target, Span.TURN)
        state.use(ATTACKED, action.target, Span.TURN)
        events.append(AttackRedirected(frame.carnivore, frame.target, action.target))
        frame.target = action.target
        frame.targeted.append(action.target)
        frame.rolled = []
        notify_attacked(state, state.animals[frame.carnivore], state.animals[action.target], events)


class Camouflage(Trait):
    """Can be attacked only by a carnivore with Sharp vision (seed 004, "Камуфляж")."""

    id = "camouflage"

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if not carnivore.has("sharp_vision"):
            return refusal("only_with", state.edition, trait="sharp_vision", trait2="camouflage")
        return None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return not carnivore.has("sharp_vision")


class SharpVision(Trait):
    """A carnivore with it can attack animals with Camouflage (seed 004, "Острое зрение")."""

    id = "sharp_vision"


class Burrowing(Trait):
    """When fed, it cannot be attacked; fat alone does not make it fed (seed 004, "Норное")."""

    id = "burrowing"

    def blocks_attack(self, state: State, carnivore: Animal, target: Animal) -> str | None:
        if is_fed(state, target):
            return refusal("burrowed", state.edition, trait="burrowing")
        return None

    def attack_blocked(self, state: State, carnivore: Animal, target: Animal) -> bool:
        return is_fed(state, target)


class Poisonous(Trait):
    """A carnivore that eats it dies in this turn's extinction phase; not after Tail loss
    (seed 004, "Ядовитое")."""

    id = "poisonous"

    def on_eaten(self, state: State, carnivore: Animal, prey: Animal, events: list[Event]) -> None:
        carnivore.poisoned = True


class TailLossTrait(Trait):
    """When attacked, discard this or another trait card of the animal (paired traits and
    Parasite included); it survives and the carnivore gets one blue token (seed 004;
    ruling 5). The owner may decline it."""

    id = "tail_loss"
    defence_types = ("tail_loss",)

    def defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        options: list[Action] = [
            TailLoss(card)
            for card, trait in target.traits
            if TRAITS[trait].sheddable and card != target.card
        ]
        for link in state.animal_links(target.id):
            if TRAITS[link.trait].sheddable:
                options.append(TailLoss(link.card))
        return options, False

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, TailLoss)
        target = state.animals[frame.target]
        shed_trait(state, target, action.card, events)
        fail_attack(state, frame, "tail_loss", events)
        carnivore = state.animals[frame.carnivore]
        if can_eat(state, carnivore):
            gain(state, carnivore, SUPPLY, "tail_loss", events)


class Communication(Trait):
    """Paired. When one animal takes a red token from the food bank, the other takes a red
    token out of turn (seed 004, "Взаимодействие"; ruling 3)."""

    id = "communication"
    paired = True

    def triggers_on(self, red_from_bank: bool) -> bool:
        return red_from_bank

    def can_fire(self, state: State, link: Link, recipient: Animal) -> bool:
        if state.flora is not None:  # Plants: from the plant the partner's token came from
            from evolutio.games.evolution.plants import communication_plant

            return communication_plant(state, recipient) is not None
        return state.bank(recipient.location) > 0

    def fire(self, state: State, link: Link, recipient: Animal, events: list[Event]) -> None:
        if state.flora is not None:
            from evolutio.games.evolution.plants import communication_plant, take_from

            plant = communication_plant(state, recipient)
            assert plant is not None
            take_from(state, recipient, plant, "communication", events)
            return
        gain(state, recipient, BANK, "communication", events)


class Cooperation(Trait):
    """Paired. When one animal gets a token, the other at once gets a blue token
    (seed 004, "Сотрудничество"; ruling 3)."""

    id = "cooperation"
    paired = True

    def triggers_on(self, red_from_bank: bool) -> bool:
        return True

    def fire(self, state: State, link: Link, recipient: Animal, events: list[Event]) -> None:
        gain(state, recipient, SUPPLY, "cooperation", events)


class Symbiosis(Trait):
    """Paired; one animal is the symbiont. The other cannot be attacked while the symbiont
    lives, and takes food only once the symbiont is fed (seed 004, "Симбиоз")."""

    id = "symbiosis"
    paired = True
    directed = True

    def link_blocks_attack(
        self, state: State, link: Link, carnivore: Animal, target: Animal
    ) -> str | None:
        if target.id == link.b:
            return refusal("symbiont", animal=target.id, other=link.a)
        return None

    def link_attack_blocked(
        self, state: State, link: Link, carnivore: Animal, target: Animal
    ) -> bool:
        return target.id == link.b

    def link_blocks_eating(self, state: State, link: Link, animal: Animal) -> bool:
        return animal.id == link.b and not is_fed(state, state.animals[link.a])


class Scavenger(Trait):
    """When another animal is eaten, one Scavenger gets a blue token, searched clockwise
    from the carnivore's owner; never on a carnivore (seed 004, "Падальщик"; ruling 8)."""

    id = "scavenger"

    def conflicts(self, other: str) -> str | None:
        if other == "carnivore":
            return refusal("scavenger_carnivore", trait="scavenger", trait2="carnivore")
        return None

    def clashes(self, other: str) -> bool:
        return other == "carnivore"


class Parasite(Trait):
    """+2. Played only on another player's animal (seed 004, "Паразит")."""

    id = "parasite"
    food = 2
    target = "enemy"


register(
    "base",
    Carnivore(),
    FatTissue(),
    HighBodyWeight(),
    Swimming(),
    Running(),
    Mimicry(),
    Camouflage(),
    SharpVision(),
    Burrowing(),
    Poisonous(),
    TailLossTrait(),
    Communication(),
    Cooperation(),
    Symbiosis(),
    PiracyTrait(),
    GrazingTrait(),
    HibernationTrait(),
    Scavenger(),
    Parasite(),
)
