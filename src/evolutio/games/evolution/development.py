"""Development checks shared by the legal actions, the check of a played card and the traits
that place a card themselves (Shell): whether a trait may go on an animal, a pair on two
animals, a new animal into a location (seed 004, "Фаза развития")."""

from __future__ import annotations

from evolutio.core.game import Action
from evolutio.games.evolution.actions import PlayPair
from evolutio.games.evolution.deck import trait_name
from evolutio.games.evolution.geography import CONTINENTS
from evolutio.games.evolution.ops import host_block
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import Animal, State
from evolutio.games.evolution.trait import TRAITS


def shown(state: State, trait_id: str) -> str:
    """A trait's English name in the game's edition, for refusal reasons (ruling 21)."""
    return trait_name(trait_id, edition=state.edition)


def trait_block(state: State, seat: int, trait_id: str, animal: Animal) -> str | None:
    """Why ``trait_id`` cannot be played on ``animal`` by ``seat`` (seed 004, "Свойства
    животных": own animals only, Parasite only on others'; no duplicates but Fat tissue)."""
    trait = TRAITS[trait_id]
    if trait.animal_only:
        return refusal("animal_only", state.edition, trait=trait_id)
    if not animal.present:
        return refusal("no_body", animal=animal.id)
    if trait.target == "own" and animal.owner != seat:
        return refusal("own_only", state.edition, trait=trait_id)
    if trait.target == "enemy" and animal.owner == seat:
        return refusal("enemy_only", state.edition, trait=trait_id)
    if not trait.stackable and animal.holds(trait_id):
        return refusal("already_has", state.edition, animal=animal.id, trait=trait_id)
    for _, existing in animal.traits:
        reason = trait.conflicts(existing) or TRAITS[existing].conflicts(trait_id)
        if reason:
            return reason
    return host_block(state, animal, trait_id) or trait.play_block(state, seat, animal)


def location_refusal(state: State, location: str) -> str | None:
    """Why a new animal cannot be played into ``location``, or None (seed 004: Laurasia or
    Gondwana, never straight into the Ocean)."""
    if not state.geography:
        if location:
            return refusal("no_locations")
        return None
    if location not in CONTINENTS:
        return refusal("continent_only")
    return None


def pair_block(state: State, seat: int, trait_id: str, a: Animal, b: Animal) -> str | None:
    """Why a paired trait cannot join ``a`` and ``b`` (seed 004, "Парные свойства")."""
    trait = TRAITS[trait_id]
    if a.id == b.id:
        return refusal("pair_same")
    if not a.present or not b.present:
        return refusal("pair_absent")
    if a.location != b.location:
        return refusal("pair_apart", a=a.id, b=b.id)
    if trait.target == "own" and (a.owner != seat or b.owner != seat):
        return refusal("pair_own", state.edition, trait=trait_id)
    if trait.target == "enemy" and (a.owner == seat or b.owner == seat or a.owner != b.owner):
        return refusal("pair_enemy", state.edition, trait=trait_id)
    for link in state.links.values():
        if link.trait == trait_id and link.joins(a.id, b.id):
            return refusal("pair_joined", state.edition, a=a.id, b=b.id, trait=trait_id)
    return (
        host_block(state, a, trait_id)
        or host_block(state, b, trait_id)
        or trait.play_block(state, seat, a)
        or trait.play_block(state, seat, b)
    )


def canonical(action: Action) -> Action:
    """Undirected paired traits list their animals in ascending order."""
    if (
        isinstance(action, PlayPair)
        and action.trait in TRAITS
        and not TRAITS[action.trait].directed
        and action.animals[0] > action.animals[1]
    ):
        return PlayPair(action.card, action.trait, (action.animals[1], action.animals[0]))
    return action
