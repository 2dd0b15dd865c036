"""Playing a checked action: what it changes (``rules.apply`` checks first, then runs the game
on), apart from the rules so that each stays short (seed 003, "Fase Azioni")."""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.darwin import coop
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.actions import (
    Add,
    Cancel,
    Create,
    Degenerate,
    Done,
    Draw,
    DrawSplit,
    Exchange,
    Gift,
    Give,
    Grant,
    Keep,
    Lose,
    Migrate,
    Mutate,
    Pass,
    Pay,
    Receive,
    Redraw,
    Remove,
    Renew,
    Show,
    Swap,
    Takeover,
    Toss,
    Unexchange,
)
from evolutio.games.darwin.drawing import draw_split
from evolutio.games.darwin.driver import degenerate, invade
from evolutio.games.darwin.evaluation import HAND, discard, new_species, take
from evolutio.games.darwin.events import (
    Created,
    Drew,
    Exchanged,
    Migrated,
    Mutated,
    Passed,
    Redrew,
    Unexchanged,
)
from evolutio.games.darwin.state import Build, State


def play(state: State, seat: int, action: Action) -> list[Event]:
    """Change ``state`` by ``seat``'s checked ``action``; the events it made."""
    hand = state.hands[seat]
    if isinstance(action, Draw):
        state.draws.pop(0)
        take(state, seat, action.deck)
        return [Drew(seat, action.deck)]
    if isinstance(action, DrawSplit):
        return draw_split(state, seat, action)
    if isinstance(action, (Show, Pay, Gift, Grant, Receive, Takeover)) or (
            state.pending and state.pending[0][0] == "show"):
        return coop.play(state, seat, action)
    if state.pending and state.pending[0][0] == "toss":
        if isinstance(action, Done):
            state.pending.pop(0)
            return []
        assert isinstance(action, Toss)
        hand.remove(action.card)
        discard(state, action.card)
        return []
    if isinstance(action, Degenerate):
        sid = state.pending.pop(0)[2]
        return degenerate(state, sid, action.card)
    if isinstance(action, Lose):
        state.pending.pop(0)
        return invade(state, action.species, front=True)
    if isinstance(action, Give):
        _, owner, left = state.pending.pop(0)
        state.species[action.species].dp += 1
        if left > 1:
            state.pending.insert(0, ("give", owner, left - 1))
        return []
    if isinstance(action, Redraw):
        # keep one card, discard the rest, draw 9 (R-D51)
        state.acted[seat] = state.redrawn[seat] = True
        gone = [c for c in hand if c != action.keep]
        for c in gone:
            discard(state, c)
        hand[:] = [action.keep]
        state.draws = [seat] * (HAND - 1)
        return [Redrew(seat, len(gone))]
    if isinstance(action, Keep):
        state.redrawn[seat] = True
        return []
    if isinstance(action, Renew):
        state.renewed[seat] = True
        count = len(hand)
        for c in hand:
            discard(state, c)
        hand.clear()
        state.draws = [seat] * count
        return [Redrew(seat, count)]
    if isinstance(action, Exchange):
        state.acted[seat] = True
        state.exchanged = True
        state.exchange = (action.card, action.take, hand.index(action.card),
                          state.market.index(action.take))
        hand.remove(action.card)
        state.market.remove(action.take)
        hand.append(action.take)
        state.market.append(action.card)
        return [Exchanged(seat, action.card, action.take)]
    if isinstance(action, Unexchange):
        # the cards go back to their places; another exchange may then be made (R-D05)
        assert state.exchange is not None
        given, taken, at_hand, at_market = state.exchange
        state.exchange, state.exchanged = None, False
        state.exchanges_undone += 1
        hand.remove(taken)
        state.market.remove(given)
        hand.insert(at_hand, given)
        state.market.insert(at_market, taken)
        return [Unexchanged(seat, given, taken)]
    if isinstance(action, Pass):
        state.acted[seat] = True
        if state.passed[seat]:
            _end_turn(state)
            return []
        state.passed[seat] = True
        _end_turn(state)
        return [Passed(seat)]
    if isinstance(action, Create):
        state.acted[seat] = True
        state.build = Build("create", action.habitat)
        return []
    if isinstance(action, Mutate):
        state.acted[seat] = True
        sp = state.species[action.species]
        state.build = Build("mutate", sp.pos, sp.id)
        state.build.original = list(sp.cards)
        return []
    if isinstance(action, Migrate):
        state.acted[seat] = state.main_done[seat] = True
        sp = state.species[action.species]
        source, sp.pos, sp.ticked = sp.pos, action.habitat, True
        bio.distribute_all(state)
        _end_turn(state)
        return [Migrated(seat, sp.id, source, action.habitat)]
    return _play_build(state, seat, action)


def _play_build(state: State, seat: int, action: Action) -> list[Event]:
    build = state.build
    assert build is not None
    hand = state.hands[seat]
    if isinstance(action, Cancel):
        state.cancelled += 1
        hand.extend(build.added)
        if build.kind == "mutate":
            state.species[build.species].cards = list(build.original)
        state.build = None
        return []
    if isinstance(action, Add):
        hand.remove(action.card)
        build.added.append(action.card)
        if build.kind == "mutate":
            state.species[build.species].cards.append(action.card)
            build.ops += 1
        return []
    if isinstance(action, Remove):
        state.species[build.species].cards.remove(action.card)
        build.removed.append(action.card)
        build.ops += 1
        return []
    if isinstance(action, Swap):
        cards = state.species[build.species].cards
        cards[cards.index(action.card)] = action.new
        hand.remove(action.new)
        build.added.append(action.new)
        build.removed.append(action.card)
        build.ops += 1
        return []
    assert isinstance(action, Done)
    state.build = None
    state.main_done[seat] = True
    if build.kind == "create":
        sp = new_species(state, seat, build.pos, list(build.added))
        state.plays += tuple((seat, c) for c in build.added)
        bio.distribute_all(state)
        _end_turn(state)
        return [Created(seat, sp.id, build.pos, tuple(build.added))]
    sp = state.species[build.species]
    # a card added and taken out again in the same mutation never joined the species
    state.plays += tuple((seat, c) for c in build.added if c in sp.cards)
    cost = min(_mutation_cost(state, build.ops), sp.dp)
    sp.dp -= cost
    sp.ticked = True
    for c in build.removed:
        discard(state, c)
    bio.distribute_all(state)
    _end_turn(state)
    return [Mutated(seat, sp.id, tuple(build.added), tuple(build.removed), cost)]


def _mutation_cost(state: State, ops: int) -> int:
    """Single free, double up to 3 (seed 003, "Mutazione"); Low mutation rate 1 and 5 (E9);
    free for beginners (R-D33)."""
    if state.beginner:
        return 0
    if state.event == "low_mutation_rate":
        return 1 if ops == 1 else 5
    return 0 if ops == 1 else 3


def _end_turn(state: State) -> None:
    state.exchanged = False
    state.exchange = None
    state.exchanges_undone = 0
    state.cancelled = 0
    state.took_over = False
    state.turns += 1
    n = state.num_players
    if state.coop and not all(state.passed):
        # 2 vs 2: passed players keep their turn to exchange with the market (R-D74)
        state.current = (state.current + 1) % n
        return
    for step in range(1, n + 1):
        seat = (state.current + step) % n
        if not state.passed[seat]:
            state.current = seat
            return
