"""What a seat sees of Darwin's Choice (the view the browser and the bots read): hands hidden
from the other seats, a build in progress shown to its owner only."""

from __future__ import annotations

from evolutio.core.game import JSON
from evolutio.games.darwin import coop, rules
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.position import habitat_json, species_json
from evolutio.games.darwin.state import State


def view(state: State, seat: int | None) -> JSON:
    """Hands are hidden from other seats (face up for beginners); a build in progress
    shows its cards to its owner only until it is done."""
    decision = rules.decision(state)
    build = state.build
    return {
        "game": "darwin",
        "seat": seat,
        "era": state.era,
        "eras": state.eras,
        "phase": state.phase,
        "first": state.first,
        "current": state.current,
        "event": state.event,
        "habitats": [habitat_json(state, i) for i in range(len(state.positions))],
        "species": [species_json(state, sp) for _, sp in sorted(state.species.items())],
        "market": list(state.market),
        "decks": {"small": len(state.small), "large": len(state.large),
                  "small_discard": len(state.small_discard),
                  "large_discard": len(state.large_discard),
                  "habitats": len(state.habitat_deck), "events": len(state.event_deck)},
        "players": [
            {
                "seat": s,
                "hand": list(hand) if s == seat or state.beginner else None,
                "hand_size": len(hand),
                "hand_large": sum(1 for c in hand if bio.card(c).large),
                "passed": state.passed[s],
                "shown": _shown(state, s, seat),
                "banked": state.banked[s],
                "score": state.score(s),
            }
            for s, hand in enumerate(state.hands)
        ],
        "build": None if build is None else {
            "kind": build.kind, "habitat": build.pos, "species": build.species,
            "added": list(build.added) if seat == state.current else len(build.added),
            "ops": build.ops,
        },
        "decision": decision.to_json() if decision else None,
        "cards": _cards(state, seat),
    }


def _shown(state: State, owner: int, seat: int | None) -> list[int] | int | None:
    """2 vs 2: the cards ``owner`` showed, to himself and his teammate; a count to
    others."""
    if not state.coop or not state.shown:
        return None
    cards = [c for c in state.shown[owner] if c in state.hands[owner]]
    if seat is not None and seat in (owner, coop.teammate(owner)):
        return cards
    return len(cards)


def _cards(state: State, seat: int | None) -> JSON:
    """The data of every card this seat sees (market, species, its hand and build); a
    torso also its anchor points (how many leg cards, a wing, a tail), which the table draws."""
    visible = set(state.market)
    for sp in state.species.values():
        visible.update(sp.cards)
    for s, hand in enumerate(state.hands):
        if s == seat or state.beginner:
            visible.update(hand)
        elif state.coop and state.shown and seat is not None and s == coop.teammate(seat):
            visible.update(c for c in state.shown[s] if c in hand)
    if state.build is not None and seat == state.current:
        visible.update(state.build.added)
    out: JSON = {}
    for cid in sorted(visible):
        card = bio.card(cid)
        out[str(cid)] = {
            "animal": card.animal, "part": card.part, "pair": card.pair,
            "hearts": card.hearts, "cs": card.cs, "symbols": dict(card.symbols),
            "diet": card.diet, "special": card.special, "large": card.large,
        }
        if card.part == "torso":
            out[str(cid)]["anchors"] = {"legs": card.legs, "wing": card.wing,
                                        "tail": card.tail}
    return out
