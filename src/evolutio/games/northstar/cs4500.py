"""The CS4500 (Northeastern, spring 2016) ``xattack`` harness over ``variant=cs4500``.

Input: one Situation ``[defender, attacker, left neighbour or false, right neighbour or
false]``, each Species ``[["food",n],["body",n],["population",n],["traits",[...]]]`` (the
course's assignment 5). Output: ``true`` if the attacker can attack the defender, ``false``
if not, and nothing at all for an ill-shaped Situation (``SituationError`` says why). The
verdict comes from the engine's own attack pipeline with the course's rules (R-N39): no
size test, Hard Shell as a threshold of 4.

Run: ``python -m evolutio.games.northstar.cs4500 < X-in.json``.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from evolutio.games.northstar import attack
from evolutio.games.northstar.state import Player, Species, State
from evolutio.games.northstar.trait import is_carnivore

#: the course's trait names and the engine's.
COURSE_TRAITS = {
    "carnivore": "carnivore", "ambush": "ambush", "burrowing": "burrowing",
    "climbing": "climbing", "cooperation": "cooperation", "fat-tissue": "fat_tissue",
    "fertile": "fertile", "foraging": "foraging", "hard-shell": "hard_shell",
    "herding": "defensive_herding", "horns": "horns", "long-neck": "long_neck",
    "pack-hunting": "pack_hunting", "scavenger": "scavenger", "symbiosis": "symbiosis",
    "warning-call": "warning_call",
}
FIELDS = ("food", "body", "population", "traits")
TRACK_MAX = 7


class SituationError(ValueError):
    """An ill-shaped Situation: the harness prints nothing."""


def _nat(value: Any, where: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= TRACK_MAX:
        raise SituationError(f"{where}: expected a whole number from {low} to {TRACK_MAX}")
    return value


def _species(data: Any, where: str) -> tuple[int, int, int, list[str]]:
    if not isinstance(data, list) or len(data) != len(FIELDS):
        raise SituationError(f"{where}: a Species is 4 [name, value] pairs")
    values: list[Any] = []
    for (name, pair) in zip(FIELDS, data, strict=True):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] != name:
            raise SituationError(f"{where}: expected [\"{name}\", value] here")
        values.append(pair[1])
    food = _nat(values[0], f"{where}.food", 0)
    body = _nat(values[1], f"{where}.body", 0)
    population = _nat(values[2], f"{where}.population", 1)
    traits = values[3]
    if not isinstance(traits, list) or len(traits) > 3 or not all(
        isinstance(t, str) and t in COURSE_TRAITS for t in traits
    ):
        raise SituationError(f"{where}.traits: 0 to 3 of {', '.join(COURSE_TRAITS)}")
    return food, body, population, [COURSE_TRAITS[t] for t in traits]


def parse(data: Any) -> list[tuple[int, int, int, list[str]] | None]:
    """The four parts of a Situation, ``None`` for a missing neighbour."""
    if not isinstance(data, list) or len(data) != 4:
        raise SituationError("a Situation is [defender, attacker, left, right]")
    out: list[tuple[int, int, int, list[str]] | None] = [
        _species(data[0], "defender"), _species(data[1], "attacker")]
    for i, side in ((2, "left"), (3, "right")):
        out.append(None if data[i] is False else _species(data[i], side))
    return out


def attackable(data: Any) -> bool:
    """The verdict for one Situation, from the engine's attack pipeline (variant cs4500)."""
    defender, attacker, left, right = parse(data)
    assert defender is not None and attacker is not None
    state = State({"variant": "cs4500", "hard_shell_bonus": 4, "players": 2}, 0)
    cards: list[tuple[str, int]] = []

    def board(spec: tuple[int, int, int, list[str]], sid: int) -> Species:
        food, body, population, traits = spec
        species = Species(sid, body, population)
        species.food = food
        for trait in traits:
            cards.append((trait, 0))
            species.traits.append(len(cards) - 1)
        return species

    row = [board(s, i + 1) for i, s in enumerate((left, defender, right)) if s is not None]
    prey_index = 1 if left is not None else 0
    hunter = board(attacker, 9)
    state.players = [Player(), Player()]
    state.players[0].species = row
    state.players[1].species = [hunter]
    state.cards = tuple(cards)
    if not is_carnivore(state, hunter):
        return False
    ctx = attack.context(state, 1, hunter, 0, prey_index)
    return attack.defence_block(ctx) is None


def main(text: str) -> str:
    """The harness's output for ``text``: "true", "false", or "" for bad input."""
    try:
        return json.dumps(attackable(json.loads(text)))
    except (json.JSONDecodeError, SituationError):
        return ""


if __name__ == "__main__":  # pragma: no cover
    out = main(sys.stdin.read())
    if out:
        print(out)
    else:
        print("xattack: ill-shaped Situation; no output", file=sys.stderr)
