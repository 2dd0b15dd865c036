"""The 2 vs 2 cooperative variant (seed 003, "Variante Cooperativa 2 contro 2"; R-D74).

Four players, seats 0 and 2 against 1 and 3 (teammates never side by side). Each player owns
and acts for his own species; the team with more Darwin points wins. Players who passed may
still exchange with the market on their turn. Three more supplementary actions:

- *show cards*: at each era's start each player may show up to 4 hand cards to his teammate
  (``show #c`` ... ``done``, in turn order; the engine asks the seats one after the other,
  and the cards stay visible to the teammate for the era);
- *receive cards*: on his turn a player takes a card from his teammate (``receive #c``) and
  pays for it: a hand card into the market (``pay #c``) or a card drawn by the opposing team
  (``gift``; that team names who draws, ``grant S``, and the drawer picks the deck);
- *marker exchange*: once per turn a player takes over one of his teammate's species
  (``takeover S``), same face up, and pays 2: two cards into the market, or two gift draws.

"gift" is refused when both opponents have passed.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.darwin.actions import Done, Gift, Grant, Pay, Receive, Show, Takeover
from evolutio.games.darwin.evaluation import MAX_SPECIES
from evolutio.games.darwin.refusals import refusal
from evolutio.games.darwin.state import State

SHOW_LIMIT = 4


def teammate(seat: int) -> int:
    return (seat + 2) % 4


def opponents(seat: int) -> tuple[int, int]:
    return ((seat + 1) % 4, (seat + 3) % 4)


def begin(state: State) -> None:
    """The era's start: every player may show cards, in turn order."""
    state.shown = [[] for _ in range(state.num_players)]
    state.took_over = False
    n = state.num_players
    state.pending = [("show", (state.first + i) % n, 0) for i in range(n)] + state.pending


def turn_refusal(state: State, seat: int, action: Action) -> str:
    """``receive`` and ``takeover`` on one's turn (not after passing)."""
    if state.passed[seat]:
        return refusal("passed_exchange")
    mate = teammate(seat)
    can_gift = not all(state.passed[o] for o in opponents(seat))
    if isinstance(action, Receive):
        if action.card not in state.hands[mate]:
            return refusal("not_in_mate_hand")
        return ""
    assert isinstance(action, Takeover)
    if state.took_over:
        return refusal("one_takeover")
    sp = state.species.get(action.species)
    if sp is None or sp.owner != mate:
        return refusal("not_mate_species")
    if len(state.owned(seat)) >= MAX_SPECIES:
        return refusal("markers")
    if len(state.hands[seat]) < 2 and not can_gift:
        return refusal("cannot_pay")
    return ""


def pending_refusal(state: State, seat: int, kind: str, action: Action) -> str:
    if kind == "show":
        if isinstance(action, Done):
            return ""
        if not isinstance(action, Show):
            return refusal("show_what")
        if action.card not in state.hands[seat]:
            return refusal("not_in_hand")
        if action.card in state.shown[seat]:
            return refusal("shown")
        if len(state.shown[seat]) >= SHOW_LIMIT:
            return refusal("show_limit")
        return ""
    if kind == "pay":
        if isinstance(action, Gift):
            if all(state.passed[o] for o in opponents(seat)):
                return refusal("pay_cards")
            return ""
        if not isinstance(action, Pay):
            return refusal("pay_what")
        return "" if action.card in state.hands[seat] else refusal("not_in_hand")
    assert kind == "grant"
    if not isinstance(action, Grant):
        return refusal("name_drawer")
    if action.seat not in (seat, teammate(seat)):
        return refusal("team_draws")
    return ""


def candidates(state: State, seat: int, kind: str) -> list[Action]:
    hand = state.hands[seat]
    if kind == "show":
        return [*(Show(c) for c in hand), Done()]
    if kind == "pay":
        return [*(Pay(c) for c in hand), Gift()]
    return [Grant(seat), Grant(teammate(seat))]


def turn_candidates(state: State, seat: int) -> list[Action]:
    mate = teammate(seat)
    out: list[Action] = [Receive(c) for c in state.hands[mate]]
    out += [Takeover(sp.id) for sp in sorted(state.owned(mate), key=lambda s: s.id)]
    return out


def play(state: State, seat: int, action: Action) -> list[Event]:
    """Apply a 2 vs 2 action (the pending entry, if any, is at the front)."""
    if isinstance(action, Receive):
        state.hands[teammate(seat)].remove(action.card)
        state.hands[seat].append(action.card)
        state.acted[seat] = True
        state.pending.insert(0, ("pay", seat, 1))
        return []
    if isinstance(action, Takeover):
        state.species[action.species].owner = seat
        state.took_over = True
        state.acted[seat] = True
        state.pending.insert(0, ("pay", seat, 2))
        return []
    kind, who, left = state.pending.pop(0)
    if isinstance(action, Show):
        state.shown[seat].append(action.card)
        state.pending.insert(0, (kind, who, left))
    elif isinstance(action, Pay):
        state.hands[seat].remove(action.card)
        state.market.append(action.card)
        if left > 1:
            state.pending.insert(0, ("pay", who, left - 1))
    elif isinstance(action, Gift):
        chooser = next(o for o in opponents(seat) if not state.passed[o])
        state.pending.insert(0, ("grant", chooser, left))
    elif isinstance(action, Grant):
        # one card per grant: the team splits several draws as it likes
        state.draws = [action.seat, *state.draws]
        if left > 1:
            state.pending.insert(0, ("grant", who, left - 1))
    return []


def team_scores(state: State) -> tuple[int, ...]:
    """Each seat's team total (R-D74)."""
    return tuple(state.score(s) + state.score(teammate(s)) for s in range(state.num_players))
