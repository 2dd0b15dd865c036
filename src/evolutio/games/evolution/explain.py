"""Why not? The reason a thing on the table cannot be used now, in the player's language.

The interface asks about the things a player clicked (a card, an animal, a location, the
ones picked before); no legal action names them all. The answer is the refusal of the rules
for the actions those things would make (``rules.check``), said by :mod:`refusals`, so the
reason is the engine's own; ``None`` when no such action comes to mind.
"""

from __future__ import annotations

from evolutio.core.game import Action, IllegalAction
from evolutio.games.evolution import refusals
from evolutio.games.evolution.actions import Attack, Eat, PlayAnimal, PlayPair, PlayTrait
from evolutio.games.evolution.plants import PLANT_TRAITS, Forage, PlantAttack, PlayPlantTrait
from evolutio.games.evolution.rules import check
from evolutio.games.evolution.state import DEVELOPMENT, State
from evolutio.games.evolution.trait import TRAITS, AnimalActionTrait

#: refusals that say less than another face's or action's would (tried last)
WEAK = frozenset({"animal_only", "wrong_face", "paired", "single"})

Target = tuple[str, int | str]


def describe(error: IllegalAction, language: str) -> str:
    """A refusal of the rules in ``language`` (its English reason when it has no key)."""
    if error.key is None or error.key not in refusals.table():
        return error.reason
    return refusals.say(error.key, error.fields, language)


def _ids(targets: tuple[Target, ...], kind: str) -> list[int]:
    return [i for k, i in targets if k == kind and isinstance(i, int)]


def _trait_of(state: State, card: int) -> tuple[int, str] | None:
    """The animal holding the trait card ``card`` and that trait, if it lies on one."""
    for animal in state.animals.values():
        for held, trait in animal.traits:
            if held == card:
                return animal.id, trait
    return None


def candidates(state: State, seat: int, targets: tuple[Target, ...]) -> list[Action]:
    """The actions the clicked things would make, to ask the rules about."""
    cards, animals = _ids(targets, "card"), _ids(targets, "animal")
    places = [p for k, p in targets if k == "location" and isinstance(p, str)]
    hand = state.players[seat].hand
    out: list[Action] = []
    for card in cards:
        if card not in hand:
            continue
        if state.phase != DEVELOPMENT:
            out.append(PlayAnimal(card))
            continue
        for face in state.card_faces[card]:
            if len(animals) >= 2 and TRAITS[face].paired:
                out.append(PlayPair(card, face, (animals[0], animals[1])))
            elif animals:
                out.append(PlayTrait(card, face, animals[0]))
        out.extend(PlayAnimal(card, place) for place in places)
    plants = _ids(targets, "plant")
    if plants and state.flora is not None:  # Plants: a plant clicked with a card or an animal
        if state.phase == DEVELOPMENT:
            out.extend(
                PlayPlantTrait(card, face, plants[0])
                for card in cards
                if card in hand
                for face in state.card_faces[card]
                if face in PLANT_TRAITS
            )
        elif animals:
            animal = state.animals.get(animals[0])
            mine = animal is not None and animal.owner == seat
            target = animals[0]
            out.append(Forage(target, plants[0]) if mine else PlantAttack(plants[0], target))
        return out
    if state.phase != DEVELOPMENT:
        if len(animals) >= 2:
            out.append(Attack(animals[0], animals[1]))
        elif animals and not cards:
            out.append(Eat(animals[0]))
    return out


def explain(
    state: State, seat: int, targets: tuple[Target, ...], language: str = "en"
) -> str | None:
    """Why no legal action of ``seat`` uses every one of ``targets``, in ``language``."""
    reasons: list[IllegalAction] = []
    for action in candidates(state, seat, targets):
        try:
            check(state, seat, action)
        except IllegalAction as exc:
            reasons.append(exc)
    if not reasons and state.phase != DEVELOPMENT:
        # a trait on an animal, clicked alone while feeding: why it cannot be used now
        for card in _ids(targets, "card"):
            held = _trait_of(state, card)
            trait = TRAITS.get(held[1]) if held else None
            if held and isinstance(trait, AnimalActionTrait):
                reason = trait.block(state, state.animals[held[0]])
                if reason:
                    reasons.append(IllegalAction(reason))
    if not reasons:
        return None
    strong = [r for r in reasons if r.key not in WEAK]
    return describe((strong or reasons)[0], language)
