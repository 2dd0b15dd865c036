"""The move a clock plays for a seat that ran out of time: the safest legal one.

A timeout must never cost a whole turn when a harmless move exists (docs/rules/evolution.md,
"Timeouts"): passing in development ends the seat's development for the phase, so a card is
played as a new animal instead (an animal scores 2 if it survives; if it starves its card
still goes to the discard pile, which breaks ties); a feeding step takes a red token for the
hungriest animal before it ends; a defence tries Running, then sheds the cheapest card by
Tail loss (the heuristic's rule R1), then Mimicry, and accepts the attack only last.
"""

from __future__ import annotations

from evolutio.core.game import Action, IllegalAction
from evolutio.games.evolution import heuristic, rules
from evolutio.games.evolution.actions import Eat
from evolutio.games.evolution.ops import need
from evolutio.games.evolution.state import State
from evolutio.games.evolution.view import view

#: action types in the order a timeout prefers them (defences are ranked by the heuristic).
ORDER = ("eat", "fat", "animal", "stay", "end", "pass", "accept")


def _hunger(state: State, action: Action) -> int:
    """How much the animal an ``eat`` feeds still needs (filling fat counts as 0)."""
    assert isinstance(action, Eat)
    animal = state.animals[action.animal]
    return max(0, need(state, animal) - animal.food)


def timeout_action(state: State, seat: int) -> Action:
    """The safest legal action of ``seat`` now; ``IllegalAction`` when it has none."""
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise IllegalAction("It is not your turn.")
    decision = rules.decision(state)
    if decision is not None and decision.kind == "defend":
        values = heuristic.action_values(view(state, seat), legal, decision)
        return legal[max(range(len(legal)), key=lambda i: values[i])]
    for kind in ORDER:
        found = [a for a in legal if a.type == kind]
        if found and kind == "eat":
            return max(found, key=lambda a: _hunger(state, a))  # the first of the hungriest
        if found:
            return found[0]
    return legal[0]
