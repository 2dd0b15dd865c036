"""What a seat may see, action descriptions for people, and the notation parser.

Views never contain other seats' hands or discard piles, nor the deck order (seed 004,
"Фаза вымирания": a player may look only at their own discard pile).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from evolutio.core.game import JSON, Action, IllegalAction, parse_by_notation
from evolutio.games.evolution.actions import (
    ACTION_TYPES,
    Accept,
    Attack,
    Eat,
    EndStep,
    Follow,
    Grazing,
    Hibernate,
    Migrate,
    Mimic,
    Pass,
    Piracy,
    PlayAnimal,
    PlayPair,
    PlayTrait,
    Recombine,
    Regrow,
    Run,
    Stay,
    TailLoss,
    Trigger,
    UseFat,
)
from evolutio.games.evolution.deck import trait_name
from evolutio.games.evolution.geography import place_name
from evolutio.games.evolution.ops import fat_capacity, is_fed, need, revealed
from evolutio.games.evolution.state import Animal, AttackFrame, State

if TYPE_CHECKING:
    from evolutio.games.evolution.game import Evolution


def _card(state: State, card: int) -> JSON:
    return {"id": card, "faces": list(state.card_faces[card])}


def view(game: Evolution, state: State, seat: int | None) -> JSON:
    decision = game.decision(state)
    attack = None
    if state.stack and isinstance(state.stack[-1], AttackFrame):
        frame = state.stack[-1]
        attack = {"carnivore": frame.carnivore, "target": frame.target}
    players = []
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
                "animals": [animal_view(state, state.animals[i], mine) for i in player.animals],
            }
        )
    result = game.outcome(state)
    extra: JSON = {}
    if state.geography:
        extra["food_banks"] = dict(state.banks)
        extra["step_location"] = state.where if state.phase == "feeding" else None
    return {
        **extra,
        "game": game.name,
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


def animal_view(state: State, a: Animal, mine: bool) -> JSON:
    """One animal as a seat sees it; with Continents also its location, which traits do
    not work, and whether only its traits are left (Regeneration)."""
    shown = a.present and (mine or revealed(a))
    out: JSON = {
        "id": a.id,
        "card": a.card if a.present else None,
        # the face-down side: the owner's own animals, or once revealed
        "faces": list(state.card_faces[a.card]) if shown else None,
        "traits": [{"card": c, "trait": t} for c, t in a.traits],
        "food": a.food,
        "fat": a.fat,
        "fat_capacity": fat_capacity(a),
        "need": need(state, a),
        "fed": is_fed(state, a),
        "hibernating": a.hibernating,
        "poisoned": a.poisoned,
    }
    if state.geography:
        out["location"] = a.location
        out["paralysed"] = a.paralysed
        out["disabled"] = [c for c, _ in a.traits if c in a.off]
        out["present"] = a.present
    return out


def _animal(state: State, animal_id: int) -> str:
    animal = state.animals.get(animal_id)
    if animal is None:
        return f"A{animal_id}"
    return f"A{animal_id} (seat {animal.owner})"


def describe_action(state: State, action: Action, language: str = "en") -> str:
    """A sentence for people, with display names of traits."""

    def name(trait: str) -> str:
        return trait_name(trait, language)

    if isinstance(action, PlayAnimal):
        if action.location:
            return f"Play card #{action.card} as a new animal in {place_name(action.location)}"
        return f"Play card #{action.card} as a new animal"
    if isinstance(action, Migrate):
        return f"{name('migration')}: A{action.animal} moves to {place_name(action.location)}"
    if isinstance(action, Recombine):
        return (
            f"{name('recombination')}: A{action.animal} gives card #{action.card} and takes "
            f"card #{action.swap}"
        )
    if isinstance(action, Follow):
        return f"{name('suckerfish')}: A{action.animal} follows the migrating animal"
    if isinstance(action, Stay):
        return "No (more) animals follow the migrating animal"
    if isinstance(action, Regrow):
        return f"{name('regeneration')}: card #{action.card} becomes the animal A{action.animal}"
    if isinstance(action, PlayTrait):
        return f"Play {name(action.trait)} (card #{action.card}) on {_animal(state, action.animal)}"
    if isinstance(action, PlayPair):
        a, b = action.animals
        return f"Play {name(action.trait)} (card #{action.card}) on A{a} and A{b}"
    if isinstance(action, Pass):
        return "Pass: play no more cards this turn"
    if isinstance(action, Eat):
        return f"Take a red token from the food bank for A{action.animal}"
    if isinstance(action, Attack):
        return f"Carnivore A{action.animal} attacks {_animal(state, action.target)}"
    if isinstance(action, UseFat):
        return f"Turn {action.amount} fat into food on A{action.animal}"
    if isinstance(action, Piracy):
        return f"A{action.animal} steals a token from {_animal(state, action.target)}"
    if isinstance(action, Grazing):
        return f"A{action.animal} grazes: destroy one red token of the food bank"
    if isinstance(action, Hibernate):
        return f"A{action.animal} hibernates (counts as fed this turn)"
    if isinstance(action, EndStep):
        return "End your feeding turn"
    if isinstance(action, Run):
        return f"{name('running')}: roll a die, 4-6 escapes"
    if isinstance(action, Mimic):
        return f"{name('mimicry')}: redirect the attack to A{action.target}"
    if isinstance(action, TailLoss):
        return f"{name('tail_loss')}: discard card #{action.card} and survive"
    if isinstance(action, Accept):
        return "Accept: the animal is eaten"
    if isinstance(action, Trigger):
        link = state.links.get(action.link)
        label = name(link.trait) if link else "the trait"
        return f"Fire {label} (L{action.link}) next"
    describe = getattr(action, "describe", None)
    if callable(describe):
        return str(describe(name))
    return action.notation()


def _number(token: str, prefix: str) -> int:
    raw = token[1:] if token[:1].upper() == prefix else token
    if not raw.isdigit():
        raise IllegalAction(f"'{token}' is not a valid reference; write e.g. {prefix}3.")
    return int(raw)


def parse_action(game: Evolution, state: State, text: str) -> Action:
    """Read a notation (see actions.py) or a number into the legal actions."""
    words = text.strip().split()
    if not words or words[0].isdigit():
        return parse_by_notation(game.legal_actions(state), text)
    head = words[0].lower()
    args = words[1:]
    try:
        if head.startswith("#"):
            card = _number(words[0], "#")
            if len(args) == 2:
                return PlayTrait(card, args[0].lower(), _number(args[1], "A"))
            if len(args) == 3:
                return game.action_from_json(
                    {
                        "type": "pair",
                        "card": card,
                        "trait": args[0].lower(),
                        "animals": [_number(args[1], "A"), _number(args[2], "A")],
                    }
                )
            raise IllegalAction("Write '#card trait A<animal>' or '#card trait A<a> A<b>'.")
        simple = {"pass": Pass(), "end": EndStep(), "run": Run(), "accept": Accept()}
        if head in simple and not args:
            return simple[head]
        if head == "animal" and len(args) in (1, 2):
            location = args[1].lower() if len(args) == 2 else ""
            return PlayAnimal(_number(args[0], "#"), location)
        if head == "stay" and not args:
            return Stay()
        if head == "migrate" and len(args) == 2:
            return Migrate(_number(args[0], "A"), args[1].lower())
        if head == "follow" and len(args) == 1:
            return Follow(_number(args[0], "A"))
        if head == "regrow" and len(args) == 2:
            return Regrow(_number(args[0], "A"), _number(args[1], "#"))
        if head == "recombine" and len(args) == 3:
            return Recombine(_number(args[0], "A"), _number(args[1], "#"), _number(args[2], "#"))
        if head in ("eat", "grazing", "hibernate") and len(args) == 1:
            cls = ACTION_TYPES[head]
            return cls(_number(args[0], "A"))  # type: ignore[call-arg]
        if head in ("attack", "piracy") and len(args) == 2:
            cls = ACTION_TYPES[head]
            return cls(_number(args[0], "A"), _number(args[1], "A"))  # type: ignore[call-arg]
        if head == "fat" and len(args) == 2 and args[1].isdigit():
            return UseFat(_number(args[0], "A"), int(args[1]))
        if head == "mimic" and len(args) == 1:
            return Mimic(_number(args[0], "A"))
        if head == "tail_loss" and len(args) == 1:
            return TailLoss(_number(args[0], "#"))
        if head == "trigger" and len(args) == 1:
            return Trigger(_number(args[0], "L"))
        if head in ACTION_TYPES:
            return _by_fields(game, head, args)
    except IllegalAction:
        raise
    return parse_by_notation(game.legal_actions(state), text)


#: the notation prefix of each id field (animals: A, cards: #, links: L).
PREFIXES = {"card": "#", "link": "L", "swap": "#"}
#: fields holding a name, not an id.
NAMES = ("trait", "location")


def _by_fields(game: Evolution, head: str, args: list[str]) -> Action:
    """An expansion's action from its notation: the type, then its fields in order
    (``intellect A3 A7 camouflage``); ids may omit their prefix."""
    cls = ACTION_TYPES[head]
    names = [f.name for f in dataclasses.fields(cls)]
    if len(args) != len(names):
        shown = " ".join(f"<{n}>" for n in names)
        raise IllegalAction(f"Write '{head} {shown}'.".replace("  ", " "))
    data: dict[str, object] = {"type": head}
    for name, arg in zip(names, args, strict=True):
        data[name] = arg.lower() if name in NAMES else _number(arg, PREFIXES.get(name, "A"))
    return game.action_from_json(data)


#: Sentences for events; ``{name}`` fields are filled by ``describe_event``. Events without
#: a template are shown by type and fields; "step_ended" is silent.
EVENT_TEXT = {
    "phase_started": "Turn {turn}: {phase} phase",
    "animal_played": "{seat}: new animal A{animal}",
    "trait_played": "{seat}: {trait} on {animals}",
    "passed": "{seat}: pass",
    "food_bank_set": "Food bank: {roll}{food} red tokens",
    "location_food_set": "{location}: {roll}{food} red tokens",
    "food_taken": "A{animal} gets {token}{fat}{why}",
    "food_destroyed": "A{animal} destroys a red token ({trait})",
    "food_added": "A{animal} adds {amount} red tokens to {location} ({trait})",
    "fat_used": "A{animal} turns {amount} fat into food",
    "trait_used": "A{animal} uses {trait}",
    "attacked": "Carnivore A{carnivore} attacks A{target}",
    "die_rolled": "A{animal} rolls {value} for {trait}: {result}",
    "attack_redirected": "The attack of A{carnivore} turns from A{source} to A{target}",
    "attack_failed": "The attack of A{carnivore} on A{target} fails ({trait})",
    "animal_eaten": "A{carnivore} eats A{animal}",
    "animal_died": "A{animal} of {owner} dies ({cause})",
    "trait_discarded": "{trait} (#{card}) of A{animal} is discarded",
    "animal_moved": "A{animal} moves from {origin} to {destination} ({trait})",
    "cards_drawn": "{seat}: {count} new card(s)",
    "game_ended": "Game over: scores {scores}",
}


def describe_event(event_data: JSON, language: str = "en", seats: list[str] | None = None) -> str:
    """A sentence for an event's JSON form; "" for events not worth a line."""
    data = dict(event_data)
    kind = str(data.pop("type"))
    if kind == "step_ended":
        return ""

    def seat(value: int) -> str:
        return seats[value] if seats and 0 <= value < len(seats) else f"seat {value}"

    for key in ("seat", "owner"):
        if isinstance(data.get(key), int):
            data[key] = seat(data[key])
    if isinstance(data.get("trait"), str):
        data["trait"] = trait_name(data["trait"], language)
    if "animals" in data:
        data["animals"] = " and ".join(f"A{a}" for a in data["animals"])
    if kind == "food_taken":
        data["token"] = "a red token" if data["source"] == "bank" else "a blue token"
        data["fat"] = " into fat" if data["to_fat"] else ""
        data["why"] = "" if event_data["trait"] == "eat" else f" ({data['trait']})"
    if "dice" in data:
        dice = "+".join(map(str, data["dice"]))
        bonus = f"+{data['bonus']}" if data["bonus"] and dice else str(data["bonus"] or "")
        data["roll"] = f"{dice}{bonus} = " if dice else ""
    if kind == "die_rolled":
        data["result"] = "escapes" if data["success"] else "caught"
    for key in ("location", "origin", "destination"):
        if isinstance(data.get(key), str):
            data[key] = data[key].capitalize()
    template: str | None = EVENT_TEXT.get(kind)
    if template is None:
        return kind.replace("_", " ") + ": " + ", ".join(f"{k} {v}" for k, v in data.items())
    return template.format(**data)
