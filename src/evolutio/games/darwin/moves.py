"""Rules of a species' moves, apart to keep rules.py short: whether a species may migrate to
a habitat (R-D79), and a build's steps: why one is refused, and the legal ones listed
directly (the second most common decision, after the turn)."""

from __future__ import annotations

from evolutio.core.game import Action
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin import refusals
from evolutio.games.darwin.actions import Add, Cancel, Done, Remove, Swap
from evolutio.games.darwin.feasibility import creation_viable, probe, viable
from evolutio.games.darwin.state import Build, Species, State


def migration_refusal(state: State, sp: Species, target: int) -> str:
    """R-D79: another habitat in play, not the inhospitable volcano, not across the table
    under Continental drift; requirements and food at the target."""
    if not 0 <= target < len(state.positions) or target == sp.pos:
        return refusals.refusal("migrate_where")
    if state.event == "continental_drift" and bio.sides(state)[target] != bio.sides(state)[sp.pos]:
        return refusals.refusal("drift")
    origin = sp.pos

    def test() -> str:
        sp.pos = target
        try:
            bio.distribute(state, origin)
            return viable(state, sp)
        finally:
            sp.pos = origin

    return probe(state, test)



def build_legal(state: State, seat: int, build: Build) -> list[Action]:
    """A build's legal steps, in the order of ``candidates``: what ``build_refusal`` lets
    through, listed directly (a build step is the second most common decision)."""
    hand = state.hands[seat]
    out: list[Action] = []
    if build.kind == "create":
        cards = build.added
        has_torso = any(bio.card(c).part == "torso" for c in cards)
        for c in hand:
            part = bio.card(c).part
            if (part in ("head", "torso") or has_torso) and not bio.parts_fit([*cards, c]):
                out.append(Add(c))
        if not creation_viable(state, seat, build.pos, cards):
            out.append(Done())
        out.append(Cancel())
        return out
    sp = state.species[build.species]
    sp_cards = sp.cards
    if build.ops < 2:
        for c in hand:
            if bio.card(c).part not in ("head", "torso") and not bio.parts_fit([*sp_cards, c]):
                out.append(Add(c))
        out += [Remove(c) for c in sp_cards if bio.card(c).part not in ("head", "torso")]
        for c in sp_cards:
            part = bio.card(c).part
            rest = [o for o in sp_cards if o != c]
            out += [Swap(c, n) for n in hand
                    if bio.card(n).part == part and not bio.parts_fit([*rest, n])]
    if build.ops and not viable(state, sp):
        out.append(Done())
    out.append(Cancel())
    return out


def build_refusal(state: State, seat: int, build: Build, action: Action) -> str:
    """Why a step of a species build (``Build``: a creation, or up to two mutations, seed
    003 "Creazione" and "Mutazione") is refused, "" when it may be taken; ``build_legal``
    lists what this lets through."""
    hand = state.hands[seat]
    if build.kind == "create":
        cards = build.added
        if isinstance(action, Add):
            if action.card not in hand:
                return refusals.refusal("not_in_hand")
            part = bio.card(action.card).part
            has_torso = any(bio.card(c).part == "torso" for c in cards)
            if part not in ("head", "torso") and not has_torso:
                return refusals.refusal("torso_first")
            why = bio.parts_fit([*cards, action.card])
            return refusals.refusal("no_fit", why=why) if why else ""
        if isinstance(action, Done):
            return creation_viable(state, seat, build.pos, cards)
        return "" if isinstance(action, Cancel) else refusals.refusal("create_what")
    sp = state.species[build.species]
    if isinstance(action, Cancel):
        return ""
    if isinstance(action, Done):
        if not build.ops:
            return refusals.refusal("mutate_first")
        return viable(state, sp)
    if not isinstance(action, (Add, Remove, Swap)):
        return refusals.refusal("mutate_what")
    if build.ops >= 2:
        return refusals.refusal("two_mutations")
    if isinstance(action, Remove):
        if action.card not in sp.cards:
            return refusals.refusal("not_on_species")
        if bio.card(action.card).part in ("head", "torso"):
            return refusals.refusal("keep_core")
        return ""
    if isinstance(action, Add):
        if action.card not in hand:
            return refusals.refusal("not_in_hand")
        if bio.card(action.card).part in ("head", "torso"):
            return refusals.refusal("has_one")
        why = bio.parts_fit([*sp.cards, action.card])
        return refusals.refusal("no_fit", why=why) if why else ""
    assert isinstance(action, Swap)
    if action.card not in sp.cards:
        return refusals.refusal("not_on_species")
    if action.new not in hand:
        return refusals.refusal("not_in_hand")
    if bio.card(action.card).part != bio.card(action.new).part:
        return refusals.refusal("swap_same")
    cards = [c for c in sp.cards if c != action.card] + [action.new]
    why = bio.parts_fit(cards)
    return refusals.refusal("no_fit", why=why) if why else ""
