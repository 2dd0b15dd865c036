"""Time to Fly's hunting and hiding traits: Intellect, Anglerfish, Ink cloud and Shell (seed
004, "Дополнение «Время летать»"), their actions and events; Ambush is in
time_to_fly_ambush.py. They register with the rest of the set in time_to_fly.py."""

from __future__ import annotations

from dataclasses import dataclass

from evolutio.core.game import Action, Event, IllegalAction
from evolutio.games.evolution.attack import (
    attack_block,
    can_attack,
    carnivore_block,
    fail_attack,
    may_attack,
    start_attack,
)
from evolutio.games.evolution.development import trait_allowed, trait_block
from evolutio.games.evolution.events import Attacked, AttackFailed, TraitUsed
from evolutio.games.evolution.ops import (
    IN_SHELL,
    NO_FOOD,
    can_eat,
    revealed,
)
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import (
    INK_RETURN,
    Animal,
    AttackFrame,
    Span,
    State,
)
from evolutio.games.evolution.trait import Trait

# -- actions -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IntellectAttack(Action):
    """A carnivore with Intellect attacks, ignoring one trait of its prey."""

    animal: int
    target: int
    trait: str

    def notation(self) -> str:
        return f"intellect A{self.animal} A{self.target} {self.trait}"


IntellectAttack.type = "intellect"


@dataclass(frozen=True, slots=True)
class EnterShell(Action):
    """Instead of a red token: move one of your animals into a Shell left on the table."""

    animal: int
    card: int

    def notation(self) -> str:
        return f"enter_shell A{self.animal} #{self.card}"


EnterShell.type = "enter_shell"


@dataclass(frozen=True, slots=True)
class InkCloudAction(Action):
    pass


InkCloudAction.type = "ink_cloud"


@dataclass(frozen=True, slots=True)
class HideInShell(Action):
    pass


HideInShell.type = "shell"


@dataclass(frozen=True, slots=True)
class RevealAnglerfish(Action):
    """Turn the Anglerfish face up and attack the attacking carnivore, ignoring a trait."""

    animal: int
    trait: str

    def notation(self) -> str:
        return f"anglerfish A{self.animal} {self.trait}"


RevealAnglerfish.type = "anglerfish"


# -- events --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AnimalRevealed(Event):
    """A face-down animal card is turned face up (the Anglerfish)."""

    animal: int
    trait: str


AnimalRevealed.type = "animal_revealed"


@dataclass(frozen=True, slots=True)
class ShellTaken(Event):
    animal: int
    card: int


ShellTaken.type = "shell_taken"

# -- helpers -------------------------------------------------------------------------------


def bare(state: State, animal: Animal) -> bool:
    """No trait cards and no paired cards: the animals the Anglerfish protects."""
    if animal.traits:
        return False
    for link in state.links.values():
        if link.a == animal.id or link.b == animal.id:
            return False
    return True


def trait_ids(state: State, animal: Animal) -> list[str]:
    """The distinct traits of an animal, its links' included, in table order."""
    out: list[str] = []
    for _, trait in animal.traits:
        if trait not in out:
            out.append(trait)
    for link in state.animal_links(animal.id):
        if link.trait not in out:
            out.append(link.trait)
    return out

# -- traits --------------------------------------------------------------------------------


class Intellect(Trait):
    """+1. Once per turn the carnivore may ignore one trait of the animal it attacks; that
    trait does not act on it until the end of the turn; the owner of the carnivore chooses
    (seed 004, "Интеллект"). It does not protect against the Anglerfish, which is not a
    trait of the prey."""

    id = "intellect"
    food = 1
    feeding_types = ("intellect",)

    def _remembered(self, state: State, animal: Animal) -> list[tuple[int, str]]:
        """(prey, trait) this carnivore already ignores this turn."""
        prefix = f"intellect>{animal.id}:"
        return [(obj, key[len(prefix) :]) for key, obj in state.cooldowns if key.startswith(prefix)]

    def _block(self, state: State, animal: Animal, target: Animal | None, trait: str) -> str | None:
        if state.main_done:
            return refusal("main_done")
        reason = carnivore_block(state, animal)
        if reason:
            return reason
        if target is None:
            return refusal("no_such_animal")
        if trait not in trait_ids(state, target):
            return refusal("nothing_to_ignore", state.edition, animal=target.id, trait=trait)
        if state.used("intellect", animal.id) and (target.id, trait) not in self._remembered(
            state, animal
        ):
            return refusal("used_this_turn", state.edition, animal=animal.id, trait="intellect")
        return attack_block(state, animal, target, (trait,))

    def feeding_actions(self, state: State, animal: Animal) -> list[Action]:
        if state.main_done or not can_attack(state, animal):
            return []
        if state.used("intellect", animal.id):
            pairs = [
                (state.animals[prey], trait)
                for prey, trait in self._remembered(state, animal)
                if prey in state.animals
            ]
        else:
            pairs = [
                (target, trait)
                for target in state.animals.values()
                for trait in trait_ids(state, target)
            ]
        return [
            IntellectAttack(animal.id, target.id, trait)
            for target, trait in pairs
            if target.id != animal.id and may_attack(state, animal, target, (trait,))
        ]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, IntellectAttack)
        reason = self._block(state, animal, state.animals.get(action.target), action.trait)
        if reason:
            raise IllegalAction(reason)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, IntellectAttack)
        state.use("intellect", animal.id, Span.TURN)
        state.use(f"intellect>{animal.id}:{action.trait}", action.target, Span.TURN)
        events.append(TraitUsed(animal.id, "intellect"))
        start_attack(state, animal, state.animals[action.target], events, (action.trait,))

    def main_action(self, action: Action) -> bool:
        return True


class Anglerfish(Trait):
    """Played only as an animal, face down. When a carnivore attacks its owner's animal
    that has no traits, an Anglerfish with no traits may be revealed and attack that
    carnivore out of turn, ignoring one of its traits; attacked itself, it must. Revealed,
    it is an animal with Carnivore (seed 004, "Охотник")."""

    id = "anglerfish"
    hidden = True
    animal_only = True
    defence_types = ("anglerfish",)

    def _counter_allowed(
        self, state: State, hunter: Animal, carnivore: Animal, trait: str
    ) -> bool:
        """Whether the revealed hunter's counter-attack, ignoring ``trait``, can start (it
        eats, and ``may_attack``): only whether, as nobody chose it to be refused."""
        hunter.traits.append((hunter.card, "carnivore"))
        try:
            return can_eat(state, hunter) and may_attack(state, hunter, carnivore, (trait,))
        finally:
            hunter.traits.pop()

    def hidden_defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        """Ruling 14: offered whenever the attacked animal and the Hunter are bare, whether
        or not the counter-attack can succeed; attacked itself, the Hunter must reveal.
        With Continents only a Hunter in the attack's location acts (seed 004, "Фаза
        питания": only the traits of the step's location work)."""
        if not bare(state, target):
            return [], False
        carnivore = state.animals[frame.carnivore]
        options: list[Action] = []
        forced = False
        for animal_id in state.players[target.owner].animals:
            hunter = state.animals[animal_id]
            if "anglerfish" not in state.card_faces[hunter.card] or not bare(state, hunter):
                continue
            if hunter.id == carnivore.id or state.used("carnivore", hunter.id):
                continue
            if hunter.location != target.location:  # traits act only where the step is
                continue
            choices = trait_ids(state, carnivore)
            options.extend(RevealAnglerfish(hunter.id, trait) for trait in choices)
            forced = forced or (hunter.id == target.id and bool(choices))
        return options, forced

    def keeps_secret(self, state: State, frame: AttackFrame, target: Animal) -> bool:
        return bare(state, target)

    def observe_defence(self, state: State, frame: AttackFrame, action: Action) -> None:
        """Attacked itself, a bare Hunter must be revealed: a bare face-down animal that
        defends otherwise is known to every seat not to be one (determinize keeps that)."""
        target = state.animals[frame.target]
        if isinstance(action, RevealAnglerfish) or not bare(state, target) or revealed(target):
            return
        if target.card not in state.not_hunter:
            state.not_hunter = state.not_hunter | {target.card}

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, RevealAnglerfish)
        hunter = state.animals[action.animal]
        carnivore = state.animals[frame.carnivore]
        allowed = self._counter_allowed(state, hunter, carnivore, action.trait)
        hunter.traits.insert(0, (hunter.card, "carnivore"))
        state.shown(hunter.card)
        events.append(AnimalRevealed(hunter.id, "anglerfish"))
        fail_attack(state, frame, "anglerfish", events)
        if allowed:
            start_attack(state, hunter, carnivore, events, (action.trait,))
            return
        # ruling 14: the Hunter only *tries*; blocked, it has spent its attack and the
        # carnivore stays unfed and spent
        state.use("carnivore", hunter.id, Span.TURN)
        events.append(Attacked(hunter.id, carnivore.id))
        events.append(AttackFailed(hunter.id, carnivore.id, "blocked"))


class InkCloud(Trait):
    """Once per feeding phase, when attacked, escape; the carnivore may attack again (this
    or another animal) "в следующую свою фазу питания текущего хода" (seed 004, "Чернильное
    облако"): its attack is given back when its owner's next feeding step starts, never
    within the same ambush (ruling 16)."""

    id = "ink_cloud"
    defence_types = ("ink_cloud",)

    def defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        if state.used("ink_cloud", target.id):
            return [], False
        return [InkCloudAction()], False

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        state.use("ink_cloud", frame.target, Span.PHASE)
        fail_attack(state, frame, "ink_cloud", events)
        # ruling 16: the attack comes back only in the owner's next feeding step, so an
        # ambush ends here and the carnivore is not asked again in the same window
        state.use(INK_RETURN, frame.carnivore, Span.TURN)


class Shell(Trait):
    """When attacked, hide in the shell: not eaten, and (ruling 15) not attacked again by any
    carnivore until the end of the turn, but no food tokens (except from fat) until then;
    the carnivore gets nothing and its attack is spent. When the animal dies the card stays
    in the middle of the table, and any player may, instead of taking a red token, move one
    of their animals into it (seed 004, "Раковина")."""

    id = "shell"
    defence_types = ("shell",)
    table_types = ("enter_shell",)
    stays_on_table = True

    def defences(
        self, state: State, frame: AttackFrame, target: Animal
    ) -> tuple[list[Action], bool]:
        return [HideInShell()], False

    def apply_defence(
        self, state: State, frame: AttackFrame, action: Action, events: list[Event]
    ) -> None:
        state.use(NO_FOOD, frame.target, Span.TURN)
        state.use(IN_SHELL, frame.target, Span.TURN)
        fail_attack(state, frame, "shell", events)

    def _block(self, state: State, animal: Animal, card: int) -> str | None:
        if state.main_done:
            return refusal("main_done")
        if card not in state.table_cards or "shell" not in state.card_faces[card]:
            return refusal("no_shell", state.edition, trait="shell")
        return trait_block(state, animal.owner, "shell", animal)

    def table_actions(self, state: State, seat: int, card: int) -> list[Action]:
        if state.main_done:
            return []
        if card not in state.table_cards or "shell" not in state.card_faces[card]:
            return []
        return [
            EnterShell(animal_id, card)
            for animal_id in state.players[seat].animals
            if trait_allowed(state, seat, "shell", state.animals[animal_id])
        ]

    def check_action(self, state: State, animal: Animal, action: Action) -> None:
        assert isinstance(action, EnterShell)
        reason = self._block(state, animal, action.card)
        if reason:
            raise IllegalAction(reason)

    def apply_action(
        self, state: State, animal: Animal, action: Action, events: list[Event]
    ) -> None:
        assert isinstance(action, EnterShell)
        state.table_cards.remove(action.card)
        animal.traits.append((action.card, "shell"))
        events.append(ShellTaken(animal.id, action.card))

    def main_action(self, action: Action) -> bool:
        return True
