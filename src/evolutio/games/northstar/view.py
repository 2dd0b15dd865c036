"""What a seat may see (seed 002; R-N22): its own hand and food card; of others only the
hand size, whether a food card is down, and traits face up (a trait played this phase is
face down to others until the play phase ends; its owner sees it, marked ``face_down``).
Card ids of hidden cards are never shown."""

from __future__ import annotations

from evolutio.core.game import JSON
from evolutio.games.northstar import ops
from evolutio.games.northstar.climate import view as climate_view
from evolutio.games.northstar.state import State
from evolutio.games.northstar.trait import is_carnivore


def _card(state: State, card: int) -> JSON:
    trait, food = state.cards[card]
    if state.climate is not None:  # Climate: the card's sun (+) or snowflake (-) icons
        return {"card": card, "trait": trait, "food": food,
                "climate": state.climate.icons[card]}
    return {"card": card, "trait": trait, "food": food}


def _trait(state: State, card: int, own: bool) -> JSON:
    """A trait card on a species: face up; hidden from others while face down; its owner's
    own face-down card marked ``face_down``."""
    if card not in state.face_down:
        return _card(state, card)
    return {**_card(state, card), "face_down": True} if own else {"hidden": True}


def view(state: State, seat: int | None) -> JSON:
    players = []
    for s, player in enumerate(state.players):
        own = s == seat
        rows = []
        for species in player.species:
            # the owner sees its own traits played face down this phase, marked as such
            traits = [_trait(state, c, own) for c in species.traits]
            rows.append({
                "id": species.id,
                "body": species.body,
                "pop": species.pop,
                "food": species.food,
                "fat": species.fat,
                "fat_capacity": ops.fat_capacity(state, species) if own or not any(
                    c in state.face_down for c in species.traits) else None,
                "hungry": species.food < species.pop,
                "carnivore": is_carnivore(state, species) if own or not any(
                    c in state.face_down for c in species.traits) else None,
                "traits": traits,
            })
        players.append({
            "seat": s,
            "hand": [_card(state, c) for c in player.hand] if own else None,
            "hand_size": len(player.hand),
            "bag": player.bag,
            "food_chosen": player.food_card is not None,
            "food_card": _card(state, player.food_card)
            if own and player.food_card is not None else None,
            "passed": player.passed,
            "species": rows,
        })
    out: JSON = {
        "game": "northstar",
        "seat": seat,
        "round": state.round,
        "phase": state.phase,
        "first_player": state.first_player,
        "current": state.current,
        "last_round": state.last_round,
        "bell": state.last_round is not None and state.round >= state.last_round,
        "watering_hole": state.watering_hole,
        "deck_size": len(state.deck),
        "discard": [_card(state, c) for c in state.discard],
        "food_cards": [_card(state, c) for c in state.revealed],
        "attack": None if state.attack is None else {
            "species": state.attack[0], "target": state.attack[1]},
        "intel": None if state.intel is None else {
            "species": state.intel[0], "negated": sorted(state.intel[1])},
        "players": players,
        **({} if state.climate is None else {"climate": climate_view(state)}),
    }
    if state.flight is not None:  # the Flight expansion's fields
        from evolutio.games.northstar.flight_table import extend_view

        extend_view(state, out)
    return out
