"""The card draws of Darwin's Choice: who may still make the era's Card draw (in his own
turn or another's, seed 003, "Pesca di Carte"), and all the cards still to draw in one step
(``draw_split``: the opening hand, the Card draw's nine, hand completion)."""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.darwin import refusals
from evolutio.games.darwin.actions import DrawSplit
from evolutio.games.darwin.evaluation import take
from evolutio.games.darwin.events import Drew
from evolutio.games.darwin.state import State


def may_draw(state: State, seat: int) -> bool:
    """Whether ``seat`` may still make the era's card draw: it has taken no action this era,
    has not drawn, kept or renewed its hand (seed 003, "Pesca di Carte")."""
    return not (state.acted[seat] or state.redrawn[seat] or state.renewed[seat]
                or state.passed[seat])


def drawing_aside(state: State) -> tuple[int, ...]:
    """The other seats that may make the card draw in this turn, in turn order from the
    current seat: "I giocatori possono scartare le loro Carte Animale durante il turno di un
    altro giocatore, ovvero non devono attendere il loro primo turno" (seed 003)."""
    n = state.num_players
    seats = ((state.current + step) % n for step in range(1, n))
    return tuple(s for s in seats if state.hands[s] and may_draw(state, s))


def draws_left(state: State) -> int:
    """The cards the seat drawing now still draws in this run (its queued ``draw``
    decisions, which come one after another)."""
    seat, count = state.draws[0], 0
    for s in state.draws:
        if s != seat:
            break
        count += 1
    return count


def split_refusal(state: State, action: DrawSplit) -> str:
    """All the cards still to draw at once, as many from each deck as the deck and its
    discard pile hold."""
    left = draws_left(state)
    if action.small < 0 or action.large < 0 or action.small + action.large != left:
        return refusals.refusal("split_count", n=left)
    if action.small > len(state.small) + len(state.small_discard):
        return refusals.refusal("deck_short", deck="small")
    if action.large > len(state.large) + len(state.large_discard):
        return refusals.refusal("deck_short", deck="large")
    return ""


def draw_split(state: State, seat: int, action: DrawSplit) -> list[Event]:
    """Draw ``action.small`` small then ``action.large`` large cards, one ``Drew`` event
    each, as the card-by-card draws would tell them."""
    del state.draws[:action.small + action.large]
    drawn: list[Event] = []
    for deck, count in (("small", action.small), ("large", action.large)):
        for _ in range(count):
            take(state, seat, deck)
            drawn.append(Drew(seat, deck))
    return drawn
