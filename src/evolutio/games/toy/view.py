"""What a seat sees of Trick: its own hand and bid; the others' bids once all are in."""

from __future__ import annotations

from evolutio.core.game import JSON
from evolutio.games.toy.state import TrickState


def view(state: TrickState, seat: int | None, game: str) -> JSON:
    """The view of ``seat`` (None: a spectator); ``game`` is the name the adapter plays under
    (a variant of the game has its own)."""
    def bid_of(s: int) -> int | None:
        if state.revealed or s == seat:
            return state.bids[s]
        return None

    return {
        "game": game,
        "seat": seat,
        "tricks": state.tricks,
        "total_tricks": state.total_tricks,
        "leader": state.leader,
        "table": [list(sc) for sc in state.table],
        "deck_size": len(state.deck),
        "bids_revealed": state.revealed,
        "players": [
            {
                "seat": s,
                "hand_size": len(hand),
                "hand": list(hand) if s == seat else None,
                "bid": bid_of(s),
                "has_bid": state.bids[s] is not None,
                "taken": state.taken[s],
                "score": state.scores[s],
            }
            for s, hand in enumerate(state.hands)
        ],
    }
