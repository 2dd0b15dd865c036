"""Trick for learning agents: a fixed action index space and observation vector.

Actions: ``bid n`` is index ``n`` (0-3), ``play c`` is ``4 + c - 1`` (cards 1-13). The
observation is seat-relative (block 0 is the observing seat, then the next seats in turn
order); another seat's bid shows only once the bids are revealed. docs/rl.md has the tables.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache

from evolutio.core.encoding import ActionLayout, ObservationLayout
from evolutio.core.game import Action, Options
from evolutio.games.toy.actions import Bid, Play
from evolutio.games.toy.state import EXACT_BONUS, TrickState

CARDS = 13
MAX_BID = 3
#: features per seat block (see _seat_block).
SEAT_FEATURES = 1 + (MAX_BID + 1) + 1 + 1 + 1 + CARDS + 1


@cache
def _actions() -> ActionLayout:
    layout = ActionLayout()
    layout.add("bid", [("tricks", MAX_BID + 1)], "bid this many tricks")
    layout.add("play", [("card", CARDS)], "play card value+1")
    return layout


@cache
def _observation(players: int) -> ObservationLayout:
    layout = ObservationLayout()
    layout.add("phase", 3, "one-hot: bidding, playing, over")
    layout.add("tricks", 1, "tricks played / tricks per game")
    layout.add("hand", CARDS, "1 per card value in the seat's hand")
    layout.add(
        "seats",
        players * SEAT_FEATURES,
        f"per seat from the observer on ({SEAT_FEATURES} each): has bid, bid one-hot (own, or "
        "once revealed), tricks taken / 3, score / 50, cards in hand / 3, card on the "
        "table one-hot, leads this trick",
    )
    return layout


class TrickEncoding:
    """The encoding of Trick (``GAME.encoding``)."""

    def action_layout(self, options: Options) -> ActionLayout:
        return _actions()

    def observation_layout(self, options: Options) -> ObservationLayout:
        return _observation(int(options["players"]))

    def action_index(self, state: TrickState, seat: int, action: Action) -> int | None:
        return self.action_indices(state, seat, [action])[0]

    def action_indices(
        self, state: TrickState, seat: int, actions: Sequence[Action]
    ) -> list[int | None]:
        """The indices of several actions at once."""
        play_at = _actions().start("play")
        out: list[int | None] = []
        for action in actions:
            if isinstance(action, Bid):
                out.append(action.tricks if 0 <= action.tricks <= MAX_BID else None)
            elif isinstance(action, Play):
                out.append(play_at + action.card - 1 if 1 <= action.card <= CARDS else None)
            else:
                out.append(None)
        return out

    def observe(self, state: TrickState, seat: int, out: MutableSequence[float]) -> None:
        n = state.num_players
        layout = _observation(n)
        off = layout.offsets
        over = state.revealed and state.tricks >= state.total_tricks
        out[off["phase"] + (2 if over else 1 if state.revealed else 0)] = 1.0
        out[off["tricks"]] = state.tricks / state.total_tricks
        hand = off["hand"]
        for card in state.hands[seat]:
            out[hand + card - 1] = 1.0
        on_table = dict(state.table)
        for r in range(n):
            s = (seat + r) % n
            base = off["seats"] + r * SEAT_FEATURES
            made = state.bids[s]
            if made is not None:
                out[base] = 1.0
                if state.revealed or s == seat:
                    out[base + 1 + made] = 1.0
            base += 1 + MAX_BID + 1
            out[base] = state.taken[s] / MAX_BID
            out[base + 1] = state.scores[s] / (5 * EXACT_BONUS)
            out[base + 2] = len(state.hands[s]) / MAX_BID
            played = on_table.get(s)
            if played is not None:
                out[base + 3 + played - 1] = 1.0
            if state.revealed and s == state.leader:
                out[base + 3 + CARDS] = 1.0


ENCODING = TrickEncoding()
