"""The 17 traits of North Star's Evolution (rules/northstar.md "The 17 traits").

Each trait is a class registered in :data:`trait.TRAITS`; the pipelines ask their hooks and
never name a trait. Refusals are written for the player.
"""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.northstar import ops
from evolutio.games.northstar.actions import Use
from evolutio.games.northstar.events import Used
from evolutio.games.northstar.refusals import refusal
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import AttackContext, Trait, is_carnivore, register


class Carnivore(Trait):
    """Never eats plant food; feeds by attacking (seed 002 "Füttern von Fleischfressern")."""

    id = "carnivore"
    meat_only = True


class Ambush(Trait):
    """Warning Call does not protect the prey of this carnivore."""

    id = "ambush"
    counters = ("warning_call",)


class Burrowing(Trait):
    """Cannot be attacked while fed: food equal to population, fat not counted (R-N31)."""

    id = "burrowing"
    negatable = True

    def blocks(self, ctx: AttackContext) -> str | None:
        if ctx.prey.food >= ctx.prey.pop:
            return refusal("burrowing", species=ctx.prey.id, trait="burrowing")
        return None

    def climate_shield(self, side: str, event: bool) -> int:
        """Climate edition: 1 less population lost to a zone's results, hot or cold."""
        return 0 if event else 1


class Climbing(Trait):
    """Only a carnivore with Climbing can attack it; on a carnivore it overcomes Climbing."""

    id = "climbing"
    negatable = True
    counters = ("climbing",)

    def blocks(self, ctx: AttackContext) -> str | None:
        return refusal("climbing", species=ctx.prey.id, trait="climbing")


class Cooperation(Trait):
    """When it takes food, the owner's species to its right takes 1 from the same source,
    if it can eat that food; the chain goes on from a species that took food (R-N14)."""

    id = "cooperation"

    def on_took_food(self, state: State, seat: int, index: int, source: str,
                     events: list[Event]) -> None:
        row = state.players[seat].species
        if index + 1 < len(row):
            ops.take(state, seat, index + 1, 1, source, self.id, events)


class DefensiveHerding(Trait):
    """Only a carnivore with a larger population can attack it."""

    id = "defensive_herding"
    negatable = True

    def blocks(self, ctx: AttackContext) -> str | None:
        if ctx.attacker.pop <= ctx.prey.pop:
            return refusal(
                "herding", species=ctx.prey.id, trait="defensive_herding",
                pop=ctx.attacker.pop, prey_pop=ctx.prey.pop,
            )
        return None


class FatTissue(Trait):
    """Fat up to body size; at the start of feeding fat moves onto the species up to its
    population, without triggering Cooperation (R-N27)."""

    id = "fat_tissue"
    before_feeding = True

    def fat_capacity(self, species: Species) -> int:
        return species.body

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        if state.phase != "before":
            return refusal("fat_before", trait="fat_tissue")
        if (species.id, self.id) in state.used:
            return refusal("used", species=species.id, trait="fat_tissue")
        if species.fat == 0:
            return refusal("no_fat", species=species.id)
        if species.food >= species.pop:
            return refusal("fat_stays", species=species.id, fat=species.fat)
        return None

    def use(self, state: State, seat: int, species: Species, action: Use,
            events: list[Event]) -> None:
        state.used.add((species.id, self.id))
        moved = min(species.fat, species.pop - species.food)
        species.fat -= moved
        species.food += moved
        events.append(Used(seat, species.id, self.id))

    def uses(self, state: State, seat: int, species: Species) -> list[Use]:
        action = Use(species.id, self.id)
        return [] if self.use_block(state, seat, species, action) else [action]


class Fertile(Trait):
    """At the start of feeding +1 population, up to 6 (R-N08)."""

    id = "fertile"
    before_feeding = True

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        if state.phase != "before":
            return refusal("before_feeding", trait="fertile")
        if (species.id, self.id) in state.used:
            return refusal("used", species=species.id, trait="fertile")
        if species.pop >= ops.max_track(state):
            return refusal("pop_top", species=species.id, top=species.pop)
        return None

    def use(self, state: State, seat: int, species: Species, action: Use,
            events: list[Event]) -> None:
        state.used.add((species.id, self.id))
        species.pop += 1
        events.append(Used(seat, species.id, self.id))

    def uses(self, state: State, seat: int, species: Species) -> list[Use]:
        action = Use(species.id, self.id)
        return [] if self.use_block(state, seat, species, action) else [action]


class Foraging(Trait):
    """Takes 2 plant food from the watering hole instead of 1."""

    id = "foraging"
    plant_take = 2


class HardShell(Trait):
    """+``hard_shell_bonus`` (4) to body size for the attack test only (R-N02); in the
    course variant a threshold: the attacker needs at least 4 more (cs4500 README)."""

    id = "hard_shell"
    negatable = True

    def defence_bonus(self, state: State) -> int:
        return int(state.options["hard_shell_bonus"])

    def blocks(self, ctx: AttackContext) -> str | None:
        bonus = self.defence_bonus(ctx.state)
        if ctx.cs4500 and ctx.attack_size - ctx.prey.body < bonus:
            return refusal("hard_shell", species=ctx.prey.id, trait="hard_shell", bonus=bonus)
        return None


class Horns(Trait):
    """The attacking carnivore loses 1 population before it takes meat (R-N12)."""

    id = "horns"
    negatable = True

    def on_attacked(self, ctx: AttackContext, events: list[Event]) -> None:
        ops.lose_population(ctx.state, ctx.seat, ctx.attacker, 1, self.id, events)


class Intelligence(Trait):
    """Discard a hand card: a non-carnivore takes 2 plant food from the bank before
    feeding; a carnivore switches off a named protecting trait on every species for its
    next attack, in its feeding turn (R-N05, R-N26)."""

    id = "intelligence"
    before_feeding = True
    optional = True
    feeding_use = True

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        from evolutio.games.northstar import attack

        if action.card is None or action.card not in state.players[seat].hand:
            return refusal("intel_card", trait="intelligence")
        if is_carnivore(state, species):
            if state.phase != "feed":
                return refusal("intel_when", trait="intelligence")
            if action.negate is None:
                return refusal("intel_name", trait="intelligence")
            return attack.negation_block(state, seat, species, action.negate)
        if action.negate is not None:
            return refusal("intel_carnivore", trait="intelligence")
        if state.phase != "before":
            return refusal("intel_before", trait="intelligence")
        if (species.id, self.id) in state.used:
            return refusal("used", species=species.id, trait="intelligence")
        if ops.room(state, species) == 0:
            return ops.full_refusal(state, species, "full")
        return None

    def use(self, state: State, seat: int, species: Species, action: Use,
            events: list[Event]) -> None:
        assert action.card is not None
        state.players[seat].hand.remove(action.card)
        state.discard.append(action.card)
        events.append(Used(seat, species.id, self.id, action.negate or ""))
        if action.negate is not None:
            mine = state.intel is not None and state.intel[0] == species.id
            negated = state.intel[1] if state.intel is not None and mine else frozenset()
            state.intel = (species.id, negated | {action.negate})
            return
        state.used.add((species.id, self.id))
        index = state.players[seat].species.index(species)
        ops.take(state, seat, index, 2, "bank_plant", self.id, events)

    def uses(self, state: State, seat: int, species: Species) -> list[Use]:
        from evolutio.games.northstar.trait import TRAITS

        hand = state.players[seat].hand
        if not hand:
            return []
        names: list[str | None] = (
            [t for t, obj in TRAITS.items() if obj.negatable]
            if is_carnivore(state, species) else [None]
        )
        out: list[Use] = []
        for negate in names:
            probe = Use(species.id, self.id, hand[0], negate)
            if self.use_block(state, seat, species, probe) is None:
                out.extend(Use(species.id, self.id, card, negate) for card in hand)
        return out


class LongNeck(Trait):
    """At the start of feeding takes 1 plant food from the food bank; never for a
    carnivore (seed 002 "Füttern von Fleischfressern")."""

    id = "long_neck"
    before_feeding = True

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        if state.phase != "before":
            return refusal("before_feeding", trait="long_neck")
        if (species.id, self.id) in state.used:
            return refusal("used", species=species.id, trait="long_neck")
        if not ops.can_take(state, species, "bank_plant"):
            if is_carnivore(state, species):
                return refusal("no_plants_neck", trait="long_neck")
            return ops.full_refusal(state, species, "full")
        return None

    def use(self, state: State, seat: int, species: Species, action: Use,
            events: list[Event]) -> None:
        state.used.add((species.id, self.id))
        events.append(Used(seat, species.id, self.id))
        index = state.players[seat].species.index(species)
        ops.take(state, seat, index, 1, "bank_plant", self.id, events)

    def uses(self, state: State, seat: int, species: Species) -> list[Use]:
        action = Use(species.id, self.id)
        return [] if self.use_block(state, seat, species, action) else [action]


class PackHunting(Trait):
    """Attacks with body size plus population."""

    id = "pack_hunting"

    def attack_bonus(self, species: Species, cs4500: bool) -> int:
        return species.pop


class Scavenger(Trait):
    """After every successful attack takes 1 meat from the bank, if it can (R-N13)."""

    id = "scavenger"

    def on_any_attack(self, state: State, seat: int, species: Species,
                      events: list[Event]) -> None:
        row = state.players[seat].species
        if species in row:
            ops.take(state, seat, row.index(species), 1, "meat", self.id, events)


class Symbiosis(Trait):
    """Protected while the owner's species to its right is larger (R-N23, R-N24)."""

    id = "symbiosis"
    negatable = True

    def blocks(self, ctx: AttackContext) -> str | None:
        row = ctx.state.players[ctx.prey_seat].species
        if ctx.prey_index + 1 < len(row):
            right = row[ctx.prey_index + 1]
            if right.body > ctx.prey.body:
                return refusal(
                    "symbiosis", species=ctx.prey.id, trait="symbiosis", right=right.id
                )
        return None


class WarningCall(Trait):
    """Protects the owner's species to its left and right unless the carnivore has Ambush
    (R-N23)."""

    id = "warning_call"
    negatable = True

    def shields_neighbour(self, ctx: AttackContext) -> str | None:
        return refusal(
            "warning_call", species=ctx.prey.id, trait="warning_call", trait2="ambush"
        )


# registered here, not by a class decorator: compiled (setup.py), a decorated class stays
# a Python class, and a Python class cannot subclass a compiled one
register(
    Carnivore,
    Ambush,
    Burrowing,
    Climbing,
    Cooperation,
    DefensiveHerding,
    FatTissue,
    Fertile,
    Foraging,
    HardShell,
    Horns,
    Intelligence,
    LongNeck,
    PackHunting,
    Scavenger,
    Symbiosis,
    WarningCall,
)
