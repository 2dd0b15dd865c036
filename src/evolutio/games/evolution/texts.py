"""Sentences for people: an action or an event in a language, from data/sentences.toml
(English when a language or a template is missing), with the display names of traits."""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Callable, Mapping
from functools import cache
from importlib import resources
from typing import Any

from evolutio.core.game import JSON, Action
from evolutio.core.plural import plural
from evolutio.core.words import Viewer
from evolutio.games.evolution.actions import PlayAnimal, PlayPair, Trigger
from evolutio.games.evolution.cards import display_names, trait_name
from evolutio.games.evolution.geography import place_name
from evolutio.games.evolution.nature import active_set
from evolutio.games.evolution.rules import decision
from evolutio.games.evolution.state import State


@cache
def sentences() -> dict[str, dict[str, dict[str, str]]]:
    """section ("actions", "events", "words", ...) -> key -> {language: template}, from
    data/sentences.toml and data/references.toml."""
    folder = resources.files("evolutio.games.evolution.data")
    out: dict[str, dict[str, dict[str, str]]] = {}
    for name in ("sentences.toml", "references.toml"):
        data = tomllib.loads(folder.joinpath(name).read_text(encoding="utf-8"))
        for section, table in data.items():
            out.setdefault(section, {}).update({key: dict(v) for key, v in table.items()})
    return out


@cache
def sentence(section: str, key: str, language: str = "en") -> str | None:
    """The template ``section.key`` in ``language``, else in English, else None (looked up
    once: the templates never change while the process runs)."""
    entry = sentences().get(section, {}).get(key)
    if entry is None:
        return None
    return entry.get(language) or entry.get("en")


def _word(key: str, language: str) -> str:
    return sentence("words", key, language) or key


def _forms(key: str, count: int, language: str) -> str:
    """The form of the word ``plurals.key`` for ``count`` in ``language``."""
    return plural(count, language, (sentence("plurals", key, language) or key).split("|"))


#: trait names per (trait, language, edition), looked up once (the names never change)
_trait_name = cache(trait_name)


_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    """The fields of a dataclass action type, in order (asked once per type)."""
    names = _NAMES.get(kind)
    if names is None:
        names = _NAMES[kind] = tuple(f.name for f in dataclasses.fields(kind))
    return names


def _place_title(location: str, language: str) -> str:
    return sentence("places", location, language) or location.capitalize()


class _Fields(dict[str, object]):
    """Template fields; ``{trait_<id>}`` reads as the display name of trait ``<id>``."""

    def __init__(self, language: str, fields: dict[str, object], edition: int = 3) -> None:
        super().__init__(fields)
        self.language = language
        self.edition = edition

    def __missing__(self, key: str) -> str:
        if key.startswith("trait_"):
            return _trait_name(key.removeprefix("trait_"), self.language, self.edition)
        raise KeyError(key)


def _actor(state: State) -> int:
    """The seat that decides now (whose actions are described): "your" animals are its."""
    now = decision(state)
    return now.seats[0] if now is not None else state.current


def _animal(state: State, animal_id: int, language: str = "en", actor: int | None = None) -> str:
    """An animal as the acting player sees it: "your A3", or "A5 of player 2" (``actor``: the
    deciding seat when the caller knows it already)."""
    animal = state.animals.get(animal_id)
    if animal is None:
        return f"A{animal_id}"
    if animal.owner == (_actor(state) if actor is None else actor):
        return _word("animal_yours", language).format(animal=animal_id)
    return _word("animal_theirs", language).format(animal=animal_id, player=animal.owner + 1)


def _pair(state: State, a: int, b: int, language: str, actor: int | None = None) -> str:
    """Two animals of one owner: "your A1 and A2", or "A4 and A5 of player 2"."""
    first = state.animals.get(a)
    if first is None or first.owner == (_actor(state) if actor is None else actor):
        return _word("pair_yours", language).format(a=a, b=b)
    return _word("pair_theirs", language).format(a=a, b=b, player=first.owner + 1)


def faces_text(state: State, card: int, language: str = "en") -> str:
    """A card named by its faces in ``language``: "Carnivore / Fat tissue"."""
    faces = state.card_faces[card] if 0 <= card < len(state.card_faces) else ()
    if not faces:
        return f"#{card}"
    return _faces_names(tuple(faces), language, state.edition)


@cache
def _faces_names(faces: tuple[str, ...], language: str, edition: int) -> str:
    """The faces' trait names joined, once per (faces, language, edition)."""
    return " / ".join([trait_name(face, language, edition) for face in faces])


def card_text(state: State, card: int, language: str = "en") -> str:
    """A card as the table shows it: the trait it carries on an animal, else its faces."""
    for animal in state.animals.values():
        for held, trait in animal.traits:
            if held == card:
                return _trait_name(trait, language, state.edition)
    return faces_text(state, card, language)


def describe_action(
    state: State, action: Action, language: str = "en", private: bool = False
) -> str:
    """A sentence for people in ``language`` (data/sentences.toml, English when a language or
    a template is missing), with display names of traits. ``private``: for the player who
    chooses it, naming the faces of the played card (the others do not see the face-down
    side of a new animal); else "a card"."""
    key = action.type
    if isinstance(action, PlayAnimal) and action.location:
        key = "animal_at"
    template = sentence("actions", key, language)
    if template is None:
        describe = getattr(action, "describe", None)
        if callable(describe):
            return str(describe(lambda trait: trait_name(trait, language, state.edition)))
        return action.notation()
    fields: dict[str, object] = {}
    if dataclasses.is_dataclass(action):
        fields = {name: getattr(action, name) for name in _field_names(type(action))}
    if isinstance(fields.get("trait"), str):
        fields["trait"] = _trait_name(str(fields["trait"]), language, state.edition)
    actor: int | None = None  # the deciding seat, found once when an animal is named
    if isinstance(action, PlayPair):
        actor = _actor(state)
        fields["a"], fields["b"] = action.animals
        fields["pair_ref"] = _pair(state, *action.animals, language, actor)
    card = fields.get("card")
    if isinstance(card, int):
        faces = faces_text(state, card, language)
        shown = _word("faces", language).format(faces=faces)
        fields["faces"] = shown if private else _word("a_card", language)
        fields["card_name"] = card_text(state, card, language)
        many = 0 <= card < len(state.card_faces) and len(state.card_faces[card]) > 1
        fields["other"] = (
            _word("card_faces", language).format(faces=faces) if many and private else ""
        )
    swap = fields.get("swap")
    if isinstance(swap, int):
        fields["swap_name"] = card_text(state, swap, language)
    for field in ("animal", "target"):
        value = fields.get(field)
        if isinstance(value, int):
            if actor is None:
                actor = _actor(state)
            fields[f"{field}_ref"] = _animal(state, value, language, actor)
    location = fields.get("location")
    if isinstance(location, str):
        fields["place"] = place_name(location)
        fields["place_title"] = _place_title(location, language)
    if isinstance(action, Trigger):
        link = state.links.get(action.link)
        fields["label"] = (
            _trait_name(link.trait, language, state.edition)
            if link
            else _word("the_trait", language)
        )
        fields["joined"] = (
            _word("and", language).join((f"A{link.a}", f"A{link.b}")) if link else f"L{action.link}"
        )
    if "{trait_" not in template:  # no trait named in the template: the plain fields do
        return template.format_map(fields)
    return template.format_map(_Fields(language, fields, state.edition))


def describe_event(
    event_data: JSON, language: str = "en", seats: list[str] | None = None, edition: int = 3
) -> str:
    """A sentence in ``language`` for an event's JSON form (data/sentences.toml, English when
    a language or a template is missing); "" for events not worth a line. Events without a
    template are shown by type and fields. Trait names follow ``edition`` (ruling 21)."""
    data = dict(event_data)
    kind = str(data.pop("type"))
    if kind == "step_ended":
        return ""

    def word(key: str) -> str:
        return _word(key, language)

    def seat(value: int) -> str:
        if seats and 0 <= value < len(seats):
            return seats[value]
        return word("seat").format(seat=value + 1)

    for key in ("seat", "owner"):
        if isinstance(data.get(key), int):
            data[key] = seat(data[key])
    if data.get("trait") == "blocked":  # a Hunter's counter-attack that cannot be made
        data["trait"] = word("attack_blocked")
    elif isinstance(data.get("trait"), str):
        data["trait"] = trait_name(data["trait"], language, edition)
    if "animals" in data:
        data["animals"] = word("and").join(f"A{a}" for a in data["animals"])
    if kind.startswith(("plant", "card_taken")):  # Plants (plants.py, flora.py)
        _plant_fields(kind, data, word, seat, language)
    if kind == "food_taken":
        data["token"] = word("red_token") if data["source"] == "bank" else word("blue_token")
        data["fat"] = word("into_fat") if data["to_fat"] else ""
        data["why"] = "" if event_data["trait"] == "eat" else f" ({data['trait']})"
    if kind == "cards_drawn" and isinstance(data.get("count"), int):
        data["cards"] = _forms("new_cards", data["count"], language)
    if kind == "game_ended" and isinstance(data.get("scores"), list):
        data["scores"] = ", ".join(f"{seat(i)} {score}" for i, score in enumerate(data["scores"]))
    if "dice" in data:
        dice = "+".join(map(str, data["dice"]))
        bonus = f"+{data['bonus']}" if data["bonus"] and dice else str(data["bonus"] or "")
        data["roll"] = f"{dice}{bonus} = " if dice else ""
    if kind == "animal_regrown" and data.get("source") in ("hand", "deck"):
        data["source"] = word(f"source_{data['source']}")
    if kind == "die_rolled":
        data["result"] = word("escapes") if data["success"] else word("caught")
    if kind == "phase_started" and isinstance(data.get("phase"), str):
        data["phase"] = sentence("phases", data["phase"], language) or data["phase"]
    if kind == "animal_died" and isinstance(data.get("cause"), str):
        cause = data["cause"]
        known = sentence("causes", cause, language)
        if known is None and language != "en" and cause in display_names():
            known = trait_name(cause, language, edition)
        change = active_set().by_id(cause) if known is None else None
        if change is not None:
            known = change.name(language)
        data["cause"] = known or cause
    if isinstance(data.get("change"), str):  # Ice Age's natural changes (nature.py)
        change = active_set().by_id(data["change"])
        if change is not None:
            data["text"] = change.describe(language)
            data["change"] = change.name(language)
        if kind == "nature_food":
            place = data["location"]
            data["where"] = f" ({_place_title(place, language)})" if place else ""
            data["amount"] = f"{data['amount']:+d}"
    for key in ("location", "origin", "destination"):
        if isinstance(data.get(key), str):
            data[key] = _place_title(data[key], language)
    template = sentence("events", kind, language)
    if template is None:
        return kind.replace("_", " ") + ": " + ", ".join(f"{k} {v}" for k, v in data.items())
    if _reader(data):
        template = sentence("events_you", kind, language) or template
    return template.format(**data)


def _plant_fields(
    kind: str,
    data: dict[str, Any],
    word: Callable[[str], str],
    seat: Callable[[int], str],
    language: str,
) -> None:
    """The fields of a Plants event said in the language: plants, kinds, causes, seats."""
    if "plants" in data:
        data["plants"] = word("and").join(f"P{p}" for p in data["plants"])
    if isinstance(data.get("kind"), str):
        data["kind"] = word(f"plant_{data['kind']}")
    if kind == "plant_died" and isinstance(data.get("cause"), str):
        cause = "poisoned_plant" if data["cause"] == "poisoned" else data["cause"]
        data["cause"] = sentence("causes", cause, language) or data["cause"]
    if kind == "plant_attacked":
        data["result"] = word("plant_ate") if data.pop("eaten") else word("plant_missed")
    if kind == "card_taken" and isinstance(data.get("source"), int):
        data["source"] = seat(data["source"])
    if kind == "plant_appeared":  # with Continents, where it grows: "(Grass, Gondwana)"
        place = data.pop("location", "")
        data["where"] = f", {_place_title(place, language)}" if place else ""
    if kind in ("plant_appeared", "plant_grew") and isinstance(data.get("food"), int):
        case = "with" if kind == "plant_appeared" else "to"
        data["tokens"] = _forms(f"plant_tokens_{case}", data["food"], language)


def _reader(fields: Mapping[str, object]) -> bool:
    """Is the subject of a sentence (``seat`` or ``owner``) the reader (``core.words.Viewer``)?"""
    return any(isinstance(fields.get(key), Viewer) for key in ("seat", "owner"))


def describe_decision(state: State, kind: str, prompt: str, language: str = "en") -> str:
    """What the deciding player is asked, in ``language`` (``prompts`` of data/sentences.toml
    with the frame's animals and places); the game's own ``prompt`` for a kind without one."""
    template = sentence("prompts", kind, language)
    if template is None:
        return prompt
    frame = state.stack[-1] if state.stack else None
    fields: dict[str, object] = {}
    for name in ("target", "carnivore", "left", "animal", "prey"):
        value = getattr(frame, name, None)
        if isinstance(value, int):
            fields[name] = value
    trait = {"regrow": "regeneration", "follow": "suckerfish", "ambush": "ambush"}.get(kind)
    if trait is not None:
        fields["trait"] = trait_name(trait, language, state.edition)
    if kind == "follow" and frame is not None:
        migrant = state.animals.get(getattr(frame, "animal", -1))
        fields["origin"] = _place_title(str(getattr(frame, "origin", "")), language)
        fields["destination"] = _place_title(migrant.location, language) if migrant else "?"
    if kind == "pause":
        what = str(getattr(frame, "what", ""))
        phase = next((p for p in ("feeding", "extinction", "development") if p in what), "")
        fields["phase"] = sentence("phases", phase, language) or what
    try:
        return template.format(**fields)
    except (KeyError, IndexError):  # a frame without the fields its kind's prompt names
        return prompt


def describe_done(
    seat: int, action: Action, language: str = "en", seats: list[str] | None = None
) -> str:
    """What ``seat`` did, for the game log, when the action's events say nothing ("" for
    actions without a ``done`` sentence)."""
    template = sentence("done", action.type, language)
    if template is None:
        return ""
    name = seats[seat] if seats and 0 <= seat < len(seats) else _word("seat", language).format(
        seat=seat + 1
    )
    if isinstance(name, Viewer):
        template = sentence("done_you", action.type, language) or template
    return template.format(seat=name)
