"""Trick's rules: who decides, the legal actions, the check of an action and its play. The
adapter's ``apply`` checks through its own ``check`` before ``play``, so that a variant of the
game (tests/server/stepgame.py) that checks its own way is asked."""

from __future__ import annotations

from evolutio.core.game import Action, Decision, Event
from evolutio.games.toy.actions import Bid, Play
from evolutio.games.toy.events import BidMade, BidsRevealed, Played, TrickTaken
from evolutio.games.toy.refusals import refused
from evolutio.games.toy.state import EXACT_BONUS, TrickState


def decision(state: TrickState) -> Decision | None:
    """Every seat yet to bid (at once), else the next card's player; None when the game is over."""
    if not state.revealed:
        waiting = tuple(s for s, bid in enumerate(state.bids) if bid is None)
        chosen = tuple(s for s, bid in enumerate(state.bids) if bid is not None)
        return Decision(waiting, "bid", "Bid how many tricks you will take.",
                        (len(chosen), state.num_players), chosen)
    if state.tricks >= state.total_tricks:
        return None
    seat = (state.leader + len(state.table)) % state.num_players
    return Decision.one(seat, "play", "Play a card.")


def legal_actions(state: TrickState, seat: int) -> list[Action]:
    """Every bid from 0 to the number of tricks, or every card of the hand."""
    current = decision(state)
    if current is None or seat not in current.seats:
        return []
    if current.kind == "bid":
        return [Bid(n) for n in range(state.total_tricks + 1)]
    return [Play(card) for card in state.hands[seat]]


def check(state: TrickState, seat: int, action: Action) -> None:
    """Raise the refusal (refusals.py) when ``seat`` may not take ``action`` now."""
    current = decision(state)
    if current is None:
        raise refused("over")
    if seat not in current.seats:
        if current.kind == "bid":
            raise refused("bid_made")
        raise refused("not_your_turn")
    if current.kind == "bid":
        if not isinstance(action, Bid):
            raise refused("bid_first")
        if not 0 <= action.tricks <= state.total_tricks:
            raise refused("bid_range", most=state.total_tricks)
        return
    if not isinstance(action, Play):
        raise refused("play_card")
    if action.card not in state.hands[seat]:
        raise refused("not_in_hand", card=action.card)


def play(state: TrickState, seat: int, action: Action) -> list[Event]:
    """Play a checked action: a bid (revealed with the last one) or a card (the trick taken
    with the last card, the exact bids' bonus with the last trick)."""
    if isinstance(action, Bid):
        state.bids[seat] = action.tricks
        events: list[Event] = [BidMade(seat)]
        if all(bid is not None for bid in state.bids):
            state.revealed = True
            events.append(BidsRevealed(tuple(int(b or 0) for b in state.bids)))
        return events
    assert isinstance(action, Play)
    state.hands[seat].remove(action.card)
    state.table.append((seat, action.card))
    events = [Played(seat, action.card)]
    if len(state.table) == state.num_players:
        winner = max(state.table, key=lambda sc: sc[1])[0]
        points = sum(card for _, card in state.table)
        state.scores[winner] += points
        state.taken[winner] += 1
        state.leader = winner
        state.table = []
        state.tricks += 1
        events.append(TrickTaken(winner, points))
        if state.tricks == state.total_tricks:
            for s, bid in enumerate(state.bids):
                if bid == state.taken[s]:
                    state.scores[s] += EXACT_BONUS
    return events
