"""What a seat may see, action descriptions for people, and the notation parser.

Views never contain other seats' hands or discard piles, nor the deck order (seed 004,
"Фаза вымирания": a player may look only at their own discard pile).
"""

from __future__ import annotations

import dataclasses
import tomllib
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

from evolutio.core.game import JSON, Action, IllegalAction, parse_by_notation
from evolutio.games.evolution.actions import (
    ACTION_TYPES,
    Accept,
    EndStep,
    Follow,
    Migrate,
    Mimic,
    Pass,
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
from evolutio.games.evolution.deck import display_names, trait_name
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


@cache
def sentences() -> dict[str, dict[str, dict[str, str]]]:
    """section ("actions", "events", "words", ...) -> key -> {language: template}, from
    data/sentences.toml."""
    text = (
        resources.files("evolutio.games.evolution.data")
        .joinpath("sentences.toml")
        .read_text(encoding="utf-8")
    )
    data = tomllib.loads(text)
    return {
        section: {key: dict(value) for key, value in table.items()}
        for section, table in data.items()
    }


def sentence(section: str, key: str, language: str = "en") -> str | None:
    """The template ``section.key`` in ``language``, else in English, else None."""
    entry = sentences().get(section, {}).get(key)
    if entry is None:
        return None
    return entry.get(language) or entry.get("en")


def _word(key: str, language: str) -> str:
    return sentence("words", key, language) or key


def _place_title(location: str, language: str) -> str:
    return sentence("places", location, language) or location.capitalize()


class _Fields(dict[str, object]):
    """Template fields; ``{trait_<id>}`` reads as the display name of trait ``<id>``."""

    def __init__(self, language: str, fields: dict[str, object]) -> None:
        super().__init__(fields)
        self.language = language

    def __missing__(self, key: str) -> str:
        if key.startswith("trait_"):
            return trait_name(key.removeprefix("trait_"), self.language)
        raise KeyError(key)


def _animal(state: State, animal_id: int, language: str = "en") -> str:
    animal = state.animals.get(animal_id)
    if animal is None:
        return f"A{animal_id}"
    seat = _word("seat", language).format(seat=animal.owner)
    return _word("animal_ref", language).format(animal=animal_id, seat=seat)


def describe_action(state: State, action: Action, language: str = "en") -> str:
    """A sentence for people in ``language`` (data/sentences.toml, English when a language or
    a template is missing), with display names of traits."""
    key = action.type
    if isinstance(action, PlayAnimal) and action.location:
        key = "animal_at"
    template = sentence("actions", key, language)
    if template is None:
        describe = getattr(action, "describe", None)
        if callable(describe):
            return str(describe(lambda trait: trait_name(trait, language)))
        return action.notation()
    fields: dict[str, object] = {}
    if dataclasses.is_dataclass(action):
        fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    if isinstance(fields.get("trait"), str):
        fields["trait"] = trait_name(str(fields["trait"]), language)
    if isinstance(action, PlayPair):
        fields["a"], fields["b"] = action.animals
    for field in ("animal", "target"):
        value = fields.get(field)
        if isinstance(value, int):
            fields[f"{field}_ref"] = _animal(state, value, language)
    location = fields.get("location")
    if isinstance(location, str):
        fields["place"] = place_name(location)
        fields["place_title"] = _place_title(location, language)
    if isinstance(action, Trigger):
        link = state.links.get(action.link)
        fields["label"] = trait_name(link.trait, language) if link else _word("the_trait", language)
    return template.format_map(_Fields(language, fields))


def _number(token: str, prefix: str) -> int:
    raw = token[1:] if token[:1].upper() == prefix else token
    if not raw.isdigit():
        raise IllegalAction(f"'{token}' is not a valid reference; write e.g. {prefix}3.")
    return int(raw)


def parse_action(game: Evolution, state: State, text: str) -> Action:
    """Read a notation (see actions.py) or a number into the legal actions."""
    words = text.strip().split()
    if not words or words[0].isdigit():
        return parse_by_notation(game.actions_now(state), text)
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
    return parse_by_notation(game.actions_now(state), text)


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


def describe_event(event_data: JSON, language: str = "en", seats: list[str] | None = None) -> str:
    """A sentence in ``language`` for an event's JSON form (data/sentences.toml, English when
    a language or a template is missing); "" for events not worth a line. Events without a
    template are shown by type and fields."""
    data = dict(event_data)
    kind = str(data.pop("type"))
    if kind == "step_ended":
        return ""

    def word(key: str) -> str:
        return _word(key, language)

    def seat(value: int) -> str:
        if seats and 0 <= value < len(seats):
            return seats[value]
        return word("seat").format(seat=value)

    for key in ("seat", "owner"):
        if isinstance(data.get(key), int):
            data[key] = seat(data[key])
    if isinstance(data.get("trait"), str):
        data["trait"] = trait_name(data["trait"], language)
    if "animals" in data:
        data["animals"] = word("and").join(f"A{a}" for a in data["animals"])
    if kind == "food_taken":
        data["token"] = word("red_token") if data["source"] == "bank" else word("blue_token")
        data["fat"] = word("into_fat") if data["to_fat"] else ""
        data["why"] = "" if event_data["trait"] == "eat" else f" ({data['trait']})"
    if "dice" in data:
        dice = "+".join(map(str, data["dice"]))
        bonus = f"+{data['bonus']}" if data["bonus"] and dice else str(data["bonus"] or "")
        data["roll"] = f"{dice}{bonus} = " if dice else ""
    if kind == "die_rolled":
        data["result"] = word("escapes") if data["success"] else word("caught")
    if kind == "phase_started" and isinstance(data.get("phase"), str):
        data["phase"] = sentence("phases", data["phase"], language) or data["phase"]
    if kind == "animal_died" and isinstance(data.get("cause"), str):
        cause = data["cause"]
        known = sentence("causes", cause, language)
        if known is None and language != "en" and cause in display_names():
            known = trait_name(cause, language)
        data["cause"] = known or cause
    for key in ("location", "origin", "destination"):
        if isinstance(data.get(key), str):
            data[key] = _place_title(data[key], language)
    template = sentence("events", kind, language)
    if template is None:
        return kind.replace("_", " ") + ": " + ", ".join(f"{k} {v}" for k, v in data.items())
    return template.format(**data)
