"""Reading actions from text notation (written by ``actions.py``; their JSON form is read
by ``actions.ACTIONS``).

Species may be written ``A3`` or ``3`` and cards ``#12`` or ``12`` (scenario labels become
bare ids).
"""

from __future__ import annotations

from evolutio.core.game import Action, IllegalAction
from evolutio.games.northstar.actions import (
    Attack,
    ChooseFood,
    Done,
    Eat,
    Grow,
    NewSpecies,
    Pass,
    PlayTrait,
    Use,
)

USAGE = (
    "food #C | species #C left|right | body #C A1 | pop #C A1 | trait #C A1 [over #C] | done"
    " | use A1 trait [#C] [trait] | eat A1 | attack A1 A2 | pass"
    " | avian #C #C left|right | cliff A1 (Flight)"
)


def _id(token: str, prefix: str) -> int:
    text = token[1:] if token[:1].upper() == prefix.upper() else token
    if not text.isdigit():
        raise IllegalAction(f"'{token}' is not a {'card' if prefix == '#' else 'species'}.")
    return int(text)


def parse_text(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise IllegalAction("Enter an action.")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb in ("done", "pass") and not args:
            return Done() if verb == "done" else Pass()
        if verb == "food" and len(args) == 1:
            return ChooseFood(_id(args[0], "#"))
        if verb == "species" and len(args) == 2:
            return NewSpecies(_id(args[0], "#"), args[1].lower())
        if verb in ("body", "pop") and len(args) == 2:
            return Grow(_id(args[0], "#"), _id(args[1], "A"), verb)
        if verb == "trait" and len(args) in (2, 4):
            replace = None
            if len(args) == 4:
                if args[2].lower() != "over":
                    raise IllegalAction("Write 'trait #C A1 over #C' to replace a trait.")
                replace = _id(args[3], "#")
            return PlayTrait(_id(args[0], "#"), _id(args[1], "A"), replace)
        if verb == "use" and 2 <= len(args) <= 4:
            card = _id(args[2], "#") if len(args) >= 3 else None
            negate = args[3].lower() if len(args) == 4 else None
            return Use(_id(args[0], "A"), args[1].lower(), card, negate)
        if verb == "eat" and len(args) == 1:
            return Eat(_id(args[0], "A"))
        if verb == "attack" and len(args) == 2:
            return Attack(_id(args[0], "A"), _id(args[1], "A"))
        if verb == "avian" and len(args) == 3:  # Flight
            from evolutio.games.northstar.flight import NewAvian

            return NewAvian(_id(args[0], "#"), _id(args[1], "#"), args[2].lower())
        if verb == "cliff" and len(args) == 1:  # Flight
            from evolutio.games.northstar.flight import EatCliff

            return EatCliff(_id(args[0], "A"))
    except IndexError:
        pass
    raise IllegalAction(f"'{text.strip()}' is not an action; write {USAGE}.")
