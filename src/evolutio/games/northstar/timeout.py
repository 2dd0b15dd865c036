"""The move a seat makes when its clock runs out (docs/rules/northstar.md, "Timeouts"): the
safest legal one, never a loss that a harmless move avoids."""

from __future__ import annotations

from evolutio.core.game import Action, IllegalAction
from evolutio.games.northstar.actions import Attack, Eat
from evolutio.games.northstar.refusals import refusal
from evolutio.games.northstar.rules import legal_actions
from evolutio.games.northstar.state import State


def timeout_action(state: State, seat: int) -> Action:
    """On timeout, the safest legal move (docs/rules/northstar.md, "Timeouts"): the
    lowest-value food card; in feeding, plant food for the hungriest species (a full
    one stores fat) before passing, and an attack only when feeding is compulsory, on
    another player's species first; otherwise ``done`` or ``pass`` (a hand is kept from
    round to round, so ending the play phase loses no card); else the first legal."""
    legal = legal_actions(state, seat)
    if not legal:
        raise IllegalAction(refusal("not_your_turn"))
    if state.phase == "food":
        return min(legal, key=lambda a: state.cards[getattr(a, "card", 0)][1])
    eats = [a for a in legal if isinstance(a, Eat)]
    if eats:
        return max(eats, key=lambda a: _hunger(state, a.species))
    for action in legal:
        if action.type in ("done", "pass"):
            return action
    attacks = [a for a in legal if isinstance(a, Attack)]
    if attacks:  # compulsory: another player's species before one's own
        return min(attacks, key=lambda a: _owner(state, a.target) == seat)
    return legal[0]


def _hunger(state: State, sid: int) -> int:
    """Food species ``sid`` still lacks (0 when fed: its food would go to fat)."""
    found = state.find(sid)
    return 0 if found is None else max(0, found[2].pop - found[2].food)


def _owner(state: State, sid: int) -> int | None:
    found = state.find(sid)
    return None if found is None else found[0]
