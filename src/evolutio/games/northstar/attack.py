"""The attack pipeline: may this carnivore attack that species, and what happens then.

Seed 002 "Füttern von Fleischfressern": the carnivore must be larger than the prey and have
traits that switch off the prey's defences; the prey loses 1 population, then the carnivore
takes meat equal to the prey's body size. Rulings R-N04, R-N05, R-N11, R-N12, R-N13, R-N26.
The pipeline asks the traits' hooks and never names a trait.
"""

from __future__ import annotations

from itertools import combinations

from evolutio.core.game import Event
from evolutio.games.northstar import ops
from evolutio.games.northstar.events import Attacked
from evolutio.games.northstar.refusals import refusal
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import TRAITS, AttackContext, is_carnivore, traits_of


def context(state: State, seat: int, attacker: Species, prey_seat: int, prey_index: int,
            negated: frozenset[str] = frozenset()) -> AttackContext:
    cs4500 = state.options["variant"] == "cs4500"
    own = traits_of(state, attacker)
    counters = frozenset(c for t in own for c in t.counters)
    size = attacker.body + sum(t.attack_bonus(attacker, cs4500) for t in own)
    if state.flight is not None:  # Flight: Dive-Bomb
        size += sum(t.flight_bonus(state, attacker) for t in own)
    prey = state.players[prey_seat].species[prey_index]
    return AttackContext(state, seat, attacker, prey_seat, prey_index, prey, negated,
                         counters, size, cs4500)


def _active(ctx: AttackContext, species: Species) -> list[str]:
    """Trait ids on ``species`` that work in this attack: not switched off by
    Intelligence and not overcome by the attacker's traits."""
    return [
        ctx.state.cards[card][0] for card in species.traits
        if ctx.state.cards[card][0] not in ctx.negated
        and ctx.state.cards[card][0] not in ctx.counters
    ]


def defence_block(ctx: AttackContext) -> str | None:
    """Why the prey is safe from this attacker (size, its traits, its neighbours), or None.
    Retail: attack size > prey body + bonuses (Hard Shell); the course variant has no size
    test (cs4500 README, deviation 1)."""
    state = ctx.state
    prey = ctx.prey
    if not ctx.cs4500:
        bonus = sum(
            TRAITS[state.cards[c][0]].defence_bonus(state) for c in prey.traits
            if state.cards[c][0] not in ctx.negated
        )
        if ctx.attack_size <= prey.body + bonus:
            extra = f" + {bonus}" if bonus else ""
            return refusal(
                "too_small", attacker=ctx.attacker.id, size=ctx.attack_size, prey=prey.id,
                body=f"{prey.body}{extra}",
            )
    for trait in _active(ctx, prey):
        reason = TRAITS[trait].blocks(ctx)
        if reason:
            return reason
    row = state.players[ctx.prey_seat].species
    for index in (ctx.prey_index - 1, ctx.prey_index + 1):
        if 0 <= index < len(row):
            for trait in _active(ctx, row[index]):
                reason = TRAITS[trait].shields_neighbour(ctx)
                if reason:
                    return reason
    return None


def current_negation(state: State, attacker: Species) -> frozenset[str]:
    if state.intel is not None and state.intel[0] == attacker.id:
        return state.intel[1]
    return frozenset()


def attack_block(state: State, seat: int, attacker: Species, target: int,
                 negated: frozenset[str] | None = None) -> str | None:
    """Why ``attacker`` (of ``seat``) may not attack species ``target`` now, or None.
    A species never attacks itself; a fed carnivore attacks only to store fat (R-N11)."""
    if not is_carnivore(state, attacker):
        return refusal("not_carnivore", species=attacker.id)
    if attacker.id == target:
        return refusal("self_attack")
    if ops.room(state, attacker) == 0:
        return ops.full_refusal(state, attacker, "fed")
    found = state.find(target)
    if found is None:
        return refusal("no_species", species=target)
    prey_seat, prey_index, _ = found
    if negated is None:
        negated = current_negation(state, attacker)
    return defence_block(context(state, seat, attacker, prey_seat, prey_index, negated))


def targets(state: State, seat: int, attacker: Species,
            negated: frozenset[str] | None = None) -> list[int]:
    """Ids of the species ``attacker`` may attack now."""
    if not is_carnivore(state, attacker) or ops.room(state, attacker) == 0:
        return []
    if negated is None:
        negated = current_negation(state, attacker)
    base = context(state, seat, attacker, seat, 0, negated) if state.players[seat].species \
        else None
    if base is None:
        return []
    out = []
    for prey_seat, player in enumerate(state.players):
        for prey_index, prey in enumerate(player.species):
            if prey is attacker:
                continue
            base.prey_seat, base.prey_index, base.prey = prey_seat, prey_index, prey
            if defence_block(base) is None:
                out.append(prey.id)
    return out


def negation_block(state: State, seat: int, attacker: Species, trait: str) -> str | None:
    """Why Intelligence may not switch ``trait`` off for ``attacker``: only protecting traits
    (R-N26), present on some other species, leaving at least one target to attack."""
    if trait not in TRAITS:
        return refusal("no_trait", name=trait)
    if not TRAITS[trait].negatable:
        return refusal("not_protecting", trait=trait)
    if state.intel is not None and state.intel[0] != attacker.id:
        return refusal("intel_waiting")
    negated = current_negation(state, attacker)
    if trait in negated:
        return refusal("switched_off", trait=trait, species=attacker.id)
    if not any(
        state.cards[c][0] == trait
        for _, _, s in state.all_species() if s is not attacker for c in s.traits
    ):
        return refusal("nobody_has", trait=trait)
    if ops.room(state, attacker) == 0:
        return ops.full_refusal(state, attacker, "fed")
    cards_after = len(state.players[seat].hand) - 1
    if not reachable(state, seat, attacker, negated | {trait}, cards_after):
        return refusal("nothing_to_attack", species=attacker.id)
    return None


def reachable(state: State, seat: int, attacker: Species, negated: frozenset[str],
              cards: int) -> bool:
    """Whether ``attacker`` has a target once ``negated`` is switched off and at most
    ``cards`` more trait names are (one hand card each, R-N05): a prey behind two
    protecting traits (Climbing and a neighbour's Warning Call) is reached by naming both,
    one use at a time, and no use leads to a turn without an attack."""
    if targets(state, seat, attacker, negated):
        return True
    present = {
        state.cards[c][0] for _, _, s in state.all_species() if s is not attacker
        for c in s.traits
    }
    more = sorted(t for t in present - negated if TRAITS[t].negatable)
    if cards <= 0 or not more or not targets(state, seat, attacker, negated | set(more)):
        return False
    for size in range(1, min(cards, len(more)) + 1):
        for names in combinations(more, size):
            if targets(state, seat, attacker, negated | set(names)):
                return True
    return False


def resolve(state: State, seat: int, attacker: Species, target: int,
            events: list[Event]) -> None:
    """Carry out an allowed attack: the prey loses 1 population (extinct at 0); its traits
    react (Horns, R-N12); a surviving attacker takes meat equal to the prey's body size from
    the bank (1 in the course variant), food first, then fat (R-N04); then every Scavenger
    takes 1 meat, from the attacker's owner clockwise, left to right (R-N13)."""
    found = state.find(target)
    assert found is not None
    prey_seat, prey_index, prey = found
    ctx = context(state, seat, attacker, prey_seat, prey_index, current_negation(state, attacker))
    state.intel = None
    events.append(Attacked(attacker.id, prey.id))
    state.attack = (attacker.id, prey.id)
    prey_traits = _active(ctx, prey)
    ops.lose_population(state, prey_seat, prey, 1, "attack", events)
    for trait in prey_traits:
        TRAITS[trait].on_attacked(ctx, events)
    row = state.players[seat].species
    if attacker in row:
        meat = 1 if ctx.cs4500 else prey.body
        ops.take(state, seat, row.index(attacker), meat, "meat", "attack", events)
    for owner in state.seats_from(seat):
        for species in list(state.players[owner].species):
            for hook in traits_of(state, species):
                hook.on_any_attack(state, owner, species, events)
