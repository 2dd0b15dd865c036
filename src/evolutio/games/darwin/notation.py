"""Actions of Darwin's Choice read from their text notation.

Notation: cards ``#<id>``, species ``S<id>``, habitat positions ``H<index>`` (the prefix may
be left out)::

    draw small | draw large     draw one card (start hand, Card draw, hand completion)
    draw_split 4 6              all the cards still to draw: 4 small, 6 large
    redraw #12                  Card draw: keep card 12, discard the rest, draw 9
    renew                       Era 1: discard all 10 and draw 10 (no creation possible)
    exchange #12 #40            put hand card 12 in the market, take market card 40
    unexchange                  take this turn's exchange back
    create H1                   start a new species in the habitat at position 1
    mutate S3 | migrate S3 H0   main actions on one's species
    add #12 | remove #12 | swap #12 #30 | done | cancel     building a species
    pass                        no more actions this era
    degenerate #12 | lose S3 | give S3     choices asked by events
    toss #12                    children's rules: discard a card before refilling
    show #12 | receive #12 | takeover S3 | pay #12 | gift | grant 1     2 vs 2
"""

from __future__ import annotations

from dataclasses import fields

from evolutio.core.game import Action, IllegalAction
from evolutio.games.darwin.actions import ACTIONS, Draw

DECKS = ("small", "large")


def _number(token: str) -> int:
    text = token.lstrip("#SHsh")
    if not text.isdigit():
        raise IllegalAction(f"'{token}' is not a card (#12), species (S3) or habitat (H1).")
    return int(text)


def parse_notation(text: str) -> Action:
    """An action from its notation (``create H1``, ``add #12``...)."""
    words = text.strip().lower().split()
    if not words or words[0] not in ACTIONS:
        raise IllegalAction(f"'{text}' is not an action; known: {', '.join(ACTIONS)}.")
    cls = ACTIONS[words[0]]
    args = words[1:]
    names = [f.name for f in fields(cls)]
    if len(args) != len(names):
        raise IllegalAction(f"'{words[0]}' takes {len(names)} argument(s).")
    if cls is Draw:
        if args[0] not in DECKS:
            raise IllegalAction("draw small or draw large.")
        return Draw("small" if args[0] == "small" else "large")
    return cls(*(_number(a) for a in args))
