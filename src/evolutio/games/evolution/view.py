"""What a seat may see of an Evolution table.

Views never contain other seats' hands or discard piles, nor the deck order (seed 004,
"Фаза вымирания": a player may look only at their own discard pile).
"""

from __future__ import annotations

from evolutio.core.game import JSON
from evolutio.games.evolution.ops import fat_capacity, need, revealed
from evolutio.games.evolution.plantpos import flora_view
from evolutio.games.evolution.rules import decision as decision_now
from evolutio.games.evolution.scoring import outcome
from evolutio.games.evolution.state import OVER, Animal, AttackFrame, State

#: the game's registered name, which every view carries.
NAME = "evolution"


def _card(state: State, card: int) -> JSON:
    return {"id": card, "faces": list(state.card_faces[card])}


def view(state: State, seat: int | None) -> JSON:
    """The table as ``seat`` sees it (None: a spectator, who sees no hand)."""
    decision = decision_now(state)
    attack = None
    if state.stack and isinstance(state.stack[-1], AttackFrame):
        frame = state.stack[-1]
        attack = {"carnivore": frame.carnivore, "target": frame.target}
    players = []
    geography = state.geography
    for player in state.players:
        mine = seat == player.seat
        players.append(
            {
                "seat": player.seat,
                "hand_size": len(player.hand),
                "hand": [_card(state, c) for c in player.hand] if mine else None,
                "discard_size": len(player.discard),
                "discard": [_card(state, c) for c in player.discard] if mine else None,
                "passed": player.passed,
                "animals": [animal_view(state, state.animals[i], mine, geography)
                            for i in player.animals],
            }
        )
    result = outcome(state) if state.phase == OVER else None
    extra: JSON = {}
    if state.geography:
        extra["food_banks"] = dict(state.banks)
        extra["step_location"] = state.where if state.phase == "feeding" else None
    if state.nature_cards:
        extra["nature"] = nature_view(state)
    if state.flora is not None:
        extra["flora"] = flora_view(state)
    return {
        **extra,
        "game": NAME,
        "seat": seat,
        "options": dict(state.options),
        "turn": state.turn,
        "phase": state.phase,
        "first_player": state.first_player,
        "last_turn": state.last_turn,
        "deck_size": len(state.deck),
        "food_bank": state.food_bank + sum(state.banks.values()),
        "decision": decision.to_json() if decision else None,
        "players": players,
        "links": [
            {"id": link.id, "card": link.card, "trait": link.trait, "animals": [link.a, link.b]}
            for link in state.links.values()
        ],
        "attack": attack,
        "table_cards": [_card(state, c) for c in state.table_cards],
        "outcome": result.to_json() if result else None,
    }


def animal_view(state: State, a: Animal, mine: bool, geography: bool | None = None) -> JSON:
    """One animal as a seat sees it; with Continents also its location, which traits do
    not work, and whether only its traits are left (Regeneration). ``geography``: whether
    Continents is in play, when the caller knows it already."""
    shown = a.present and (mine or revealed(a))
    needs = need(state, a)
    out: JSON = {
        "id": a.id,
        "card": a.card if a.present else None,
        # the face-down side: the owner's own animals, or once revealed
        "faces": list(state.card_faces[a.card]) if shown else None,
        "traits": [{"card": c, "trait": t} for c, t in a.traits],
        "food": a.food,
        # of the food, the red tokens (from a food bank); the rest are blue (traits, attacks)
        "red": a.red,
        "fat": a.fat,
        "fat_capacity": fat_capacity(a),
        "need": needs,
        "fed": a.hibernating or a.food >= needs,  # ``is_fed``, with the need found once
        "hibernating": a.hibernating,
        "poisoned": a.poisoned,
    }
    if state.geography if geography is None else geography:
        out["location"] = a.location
        out["paralysed"] = a.paralysed
        out["disabled"] = [c for c, _ in a.traits if c in a.off]
        out["present"] = a.present
    return out


def nature_view(state: State) -> JSON:
    """Ice Age, seen by everyone: the natural change in force (revealed face up), with its
    English name and text (the renderers show ``nature.<id>`` labels in other languages),
    and the sizes of its deck and used pile."""
    current = None
    if state.nature_now >= 0:
        change = state.nature_cards[state.nature_now]
        current = {
            "card": state.nature_now,
            "id": change.id,
            "kind": change.kind,
            "name": change.name(),
            "text": change.describe(),
        }
    return {
        "current": current,
        "deck_size": len(state.nature_deck),
        "discard_size": len(state.nature_discard),
    }
