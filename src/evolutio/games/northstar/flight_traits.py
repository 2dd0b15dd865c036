"""The traits of the Flight expansion (option ``expansions=flight``): Flight itself and the
three traits North Star names (Dive-Bomb, Brood Parasite, Nesting), read as
docs/rules/northstar.md "Flight" says (the card texts are the project's own, labelled).

Registered in :data:`trait.TRAITS` beside the 17 base traits; with the option off no card
of theirs is ever dealt, so they never act.
"""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.northstar import ops
from evolutio.games.northstar.actions import Use
from evolutio.games.northstar.events import Used
from evolutio.games.northstar.refusals import refusal
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import AttackContext, Trait, has, is_carnivore, register
from evolutio.games.northstar.traits import Fertile

#: the traits of the expansion's deck cards, and its event cards (data/flight.toml).
TRAIT_IDS = ("dive_bomb", "brood_parasite", "nesting")
EVENT_IDS = ("event_updraft", "event_storm")
#: the defences a flying carnivore may switch off with a discarded card (Flight rules).
FLIGHT_NEGATES = ("symbiosis", "warning_call", "climbing")
#: the attack size Dive-Bomb adds (the project's own value).
DIVE_BOMB_BONUS = 2


class Flight(Trait):
    """Only a carnivore with Flight attacks it; Intelligence may switch it off; a flying
    carnivore may discard a hand card to switch off Symbiosis, Warning Call or Climbing for
    its next attack (Flight rules, "The Flight Trait")."""

    id = "flight"
    negatable = True
    counters = ("flight",)
    feeding_use = True

    def blocks(self, ctx: AttackContext) -> str | None:
        return refusal("flight_prey", species=ctx.prey.id, trait="flight")

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        from evolutio.games.northstar import attack

        if action.card is None or action.card not in state.players[seat].hand:
            return refusal("flight_card", trait="flight")
        if not is_carnivore(state, species):
            return refusal("flight_carnivore", trait="flight")
        if state.phase != "feed":
            return refusal("intel_when", trait="flight")
        if action.negate not in FLIGHT_NEGATES:
            return refusal("flight_negates", trait="flight", trait1="symbiosis",
                           trait2="warning_call", trait3="climbing")
        return attack.negation_block(state, seat, species, action.negate)

    def use(self, state: State, seat: int, species: Species, action: Use,
            events: list[Event]) -> None:
        assert action.card is not None and action.negate is not None
        state.players[seat].hand.remove(action.card)
        state.discard.append(action.card)
        events.append(Used(seat, species.id, self.id, action.negate))
        mine = state.intel is not None and state.intel[0] == species.id
        negated = state.intel[1] if state.intel is not None and mine else frozenset()
        state.intel = (species.id, negated | {action.negate})

    def uses(self, state: State, seat: int, species: Species) -> list[Use]:
        hand = state.players[seat].hand
        if not hand or state.phase != "feed" or not is_carnivore(state, species):
            return []
        out: list[Use] = []
        for negate in FLIGHT_NEGATES:
            probe = Use(species.id, self.id, hand[0], negate)
            if self.use_block(state, seat, species, probe) is None:
                out.extend(Use(species.id, self.id, card, negate) for card in hand)
        return out


class DiveBomb(Trait):
    """A carnivore with Flight attacks with 2 more body size (the project's reading)."""

    id = "dive_bomb"

    def flight_bonus(self, state: State, species: Species) -> int:
        return DIVE_BOMB_BONUS if has(state, species, "flight") else 0


class BroodParasite(Fertile):
    """Before feeding, once: with Flight, +1 population when another player has a species
    with a larger population (the project's reading); up to 6. Fertile's growth, on its own
    conditions."""

    id = "brood_parasite"
    before_feeding = True

    def use_block(self, state: State, seat: int, species: Species, action: Use) -> str | None:
        if state.phase != "before":
            return refusal("before_feeding", trait=self.id)
        if (species.id, self.id) in state.used:
            return refusal("used", species=species.id, trait=self.id)
        if not has(state, species, "flight"):
            return refusal("needs_flight", species=species.id, trait=self.id)
        if species.pop >= ops.max_track(state):
            return refusal("pop_top", species=species.id, top=species.pop)
        if not any(s.pop > species.pop for p, other in enumerate(state.players) if p != seat
                   for s in other.species):
            return refusal("brood_no_host", species=species.id, trait=self.id)
        return None


class Nesting(Trait):
    """With Flight, upkeep is 1 less (the project's reading; ``flight.upkeep_of``)."""

    id = "nesting"

    def upkeep_relief(self, state: State, species: Species) -> int:
        return 1


register(Flight, DiveBomb, BroodParasite, Nesting)
