"""The move a clock plays for a seat that ran out of time: the safest legal one.

Passing is final for the era (R-D50), so a timeout that passes while the hand could still
make a species costs the seat every turn left in the era. Instead, when a creation stands in
a habitat where the seat has no species yet (so no species of its own can be left short of
food by it), the timeout creates it, one decision at a time: ``create H``, then the cards of
one standing creation (torso, head, then the other parts), then ``done``. Otherwise the
mildest move: pass, done (keeping cards) or cancel a build (the cards go back to the hand);
else the first legal choice. See docs/rules/darwin.md, "Timeouts".
"""

from __future__ import annotations

from collections.abc import Iterator

from evolutio.core.game import Action, IllegalAction
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin import rules
from evolutio.games.darwin.actions import Add, Cancel, Create, Done
from evolutio.games.darwin.feasibility import creation_viable, extras
from evolutio.games.darwin.state import State

#: the mildest moves, in the order a timeout prefers them.
SAFE = ("pass", "done", "cancel", "keep")


def creations(state: State, seat: int, pos: int, cards: list[int]) -> Iterator[list[int]]:
    """Every standing creation from ``cards`` in position ``pos``, torso and head first."""
    habitat = bio.habitat_of(state, pos)
    if habitat is None:
        return
    allowed = [c for c in cards
               if not any(bio.VECTORS[c][bio.SLOT[s]] for s in habitat.forbidden)]
    others = [c for c in allowed if bio.card(c).part not in ("head", "torso")]
    for torso in (c for c in allowed if bio.card(c).part == "torso"):
        for head in (c for c in allowed if bio.card(c).part == "head"):
            for extra in extras(others, torso):
                species = [torso, head, *extra]
                if not creation_viable(state, seat, pos, species):
                    yield species


def _create(state: State, seat: int, legal: list[Action]) -> Action | None:
    """``create H`` where a creation stands and none of the seat's species lives."""
    mine = {sp.pos for sp in state.owned(seat)}
    for action in legal:
        if (isinstance(action, Create) and action.habitat not in mine
                and next(creations(state, seat, action.habitat, state.hands[seat]), None)):
            return action
    return None


def _build_step(state: State, seat: int) -> Action | None:
    """The next card of a standing creation that holds the cards added so far, or done."""
    build = state.build
    if build is None or build.kind != "create":
        return None
    added = list(build.added)
    if added and not creation_viable(state, seat, build.pos, added):
        return Done()
    for species in creations(state, seat, build.pos, [*added, *state.hands[seat]]):
        if set(added) <= set(species):
            return next(Add(c) for c in species if c not in added)
    return Cancel()


def timeout_action(state: State, seat: int) -> Action:
    """The safest legal action of ``seat`` now; ``IllegalAction`` when it has none."""
    legal = rules.legal_actions(state, seat)
    if not legal:
        raise IllegalAction("It is not your turn.")
    decision = rules.decision(state)
    kind = None if decision is None else decision.kind
    chosen: Action | None = None
    if kind == "turn" and not state.passed[seat]:
        chosen = _create(state, seat, legal)
    elif kind == "build":
        chosen = _build_step(state, seat)
    if chosen is not None and chosen in legal:
        return chosen
    for safe in SAFE:
        for action in legal:
            if action.type == safe:
                return action
    return legal[0]
