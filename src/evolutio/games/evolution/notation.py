"""Reading Evolution actions back: from their JSON form and from the notation that
``Action.notation()`` writes (actions.py). The notation of a type is its name, then its
fields in declaration order (``migrate A3 gondwana``, ``recombine A3 #12 #40``); ids may omit
their prefix; a card played as a trait starts with the card (``#12 carnivore A3``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from evolutio.core.game import Action, IllegalAction, parse_by_notation
from evolutio.games.evolution.actions import ACTION_TYPES
from evolutio.games.evolution.development import canonical
from evolutio.games.evolution.rules import actions_now
from evolutio.games.evolution.state import State

#: the notation prefix of each id field; other id fields are animals (A).
PREFIXES = {"card": "#", "swap": "#", "link": "L", "amount": "", "plant": "P", "plant2": "P"}
#: fields holding a name, not an id.
NAMES = ("trait", "location")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """The action of a JSON object ``{"type": ..., fields...}`` (read by the declared action
    set, which refuses what is malformed), undirected pairs in canonical order."""
    return canonical(ACTION_TYPES.from_json(data))


def _number(token: str, prefix: str) -> int:
    raw = token[1:] if prefix and token[:1].upper() == prefix else token
    if not raw.isdigit():
        example = f"{prefix}3" if prefix else "3"
        raise IllegalAction(f"'{token}' is not a valid reference; write e.g. {example}.")
    return int(raw)


def from_notation(text: str) -> Action:
    """The action ``text`` names, the inverse of ``Action.notation()``; it reads the form
    only (whether the action is legal now is the rules' question)."""
    words = text.split()
    if not words:
        raise IllegalAction("Enter an action or its number.")
    if words[0].startswith("#"):
        card = words[0]
        if len(words) == 3:
            words = ["trait", card, *words[1:]]
        elif len(words) == 4:
            words = ["pair", card, *words[1:]]
        else:
            raise IllegalAction("Write '#card trait A<animal>' or '#card trait A<a> A<b>'.")
    head, args = words[0].lower(), words[1:]
    cls = ACTION_TYPES.get(head)
    if cls is None:
        raise IllegalAction(f"'{text.strip()}' is not an action; known: {', '.join(ACTION_TYPES)}.")
    fields = dataclasses.fields(cls)
    # a pair's animals take two words; optional fields (a new animal's location) may be left out
    most = sum(2 if f.name == "animals" else 1 for f in fields)
    least = most - sum(1 for f in fields if f.default is not dataclasses.MISSING)
    if not least <= len(args) <= most:
        shown = " ".join(
            [head, *("<a> <b>" if f.name == "animals" else f"<{f.name}>" for f in fields)]
        )
        raise IllegalAction(f"Write '{shown}'.")
    data: dict[str, object] = {"type": head}
    rest = list(args)
    for field in fields:
        if not rest:
            break
        if field.name == "animals":
            data["animals"] = [_number(rest.pop(0), "A"), _number(rest.pop(0), "A")]
        elif field.name in NAMES:
            data[field.name] = rest.pop(0).lower()
        else:
            data[field.name] = _number(rest.pop(0), PREFIXES.get(field.name, "A"))
    return action_from_json(data)


def parse_action(state: State, text: str) -> Action:
    """Read a notation or the number of a legal action (1-based, as the faces list them); a
    text that names no action type is matched against the legal actions' notations."""
    words = text.strip().split()
    if words and not words[0].isdigit():
        head = words[0].lower()
        if head.startswith("#") or head in ACTION_TYPES:
            return from_notation(text)
    return parse_by_notation(actions_now(state), text)
