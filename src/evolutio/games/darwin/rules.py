"""Who decides, the legal actions, why an action is refused, and applying it (seed 003,
"Fase Azioni"). One function, ``refusal``, says why an action is illegal ("" if legal):
``legal_actions`` filters candidates through it and ``apply`` verifies with it once."""

from __future__ import annotations

from evolutio.core.game import Action, Decision, Event
from evolutio.games.darwin import coop, refusals, texts
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
from evolutio.games.darwin.drawing import (
    draw_split,
    drawing_aside,
    draws_left,
    may_draw,
    split_refusal,
)
from evolutio.games.darwin.driver import advance, degenerate, invade
from evolutio.games.darwin.evaluation import HAND, MAX_SPECIES, can_draw, discard, new_species, take
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
from evolutio.games.darwin.feasibility import can_create
from evolutio.games.darwin.moves import build_legal, build_refusal, migration_refusal
from evolutio.games.darwin.state import Build, State

#: species builds a player may take back (``cancel``) in one turn; then creating and mutating
#: are no longer offered that turn (the project's bound on its step-by-step building, so that
#: a turn always ends: docs/rules/darwin.md)
MAX_CANCELS = 3

#: what the deciding player is asked, by decision kind (in English; texts.PROMPTS has all)
PROMPTS = {kind: said["en"] for kind, said in texts.PROMPTS.items()}


def decision(state: State) -> Decision | None:
    """Who decides now, computed once per position (``State.cache``, emptied by ``apply``)."""
    cache = state.cache
    if "decision" in cache:
        found: Decision | None = cache["decision"]
        return found
    found = cache["decision"] = _decision(state)
    return found


def _decision(state: State) -> Decision | None:
    if state.phase == "over":
        return None
    if state.pending:
        kind, seat, value = state.pending[0]
        progress = None
        if kind == "give":
            progress = (0, value)
        return Decision((seat,), kind, PROMPTS[kind], progress)
    if state.draws:
        seat = state.draws[0]
        total = sum(1 for s in state.draws if s == seat)
        goal = max(total, HAND if state.phase != "action" else HAND - 1)
        return Decision((seat,), "draw", PROMPTS["draw"], (max(0, goal - total), goal))
    if state.build is not None:
        return Decision((state.current,), "build", PROMPTS["build"])
    aside = drawing_aside(state)
    if aside:
        return Decision((state.current, *aside), "turn", PROMPTS["turn_open"], open=True)
    return Decision((state.current,), "turn", PROMPTS["turn"])


def _mutation_cost(state: State, ops: int) -> int:
    """Single free, double up to 3 (seed 003, "Mutazione"); Low mutation rate 1 and 5 (E9);
    free for beginners (R-D33)."""
    if state.beginner:
        return 0
    if state.event == "low_mutation_rate":
        return 1 if ops == 1 else 5
    return 0 if ops == 1 else 3


def _turn_refusal(state: State, seat: int, action: Action) -> str:
    hand = state.hands[seat]
    if isinstance(action, Unexchange):
        return _unexchange_refusal(state, seat)
    if state.passed[seat] and not isinstance(action, (Exchange, Pass)):
        return refusals.refusal("passed_exchange")
    if isinstance(action, (Receive, Takeover)):
        if not state.coop:
            return refusals.refusal("coop_only")
        return coop.turn_refusal(state, seat, action)
    era1_beginner = state.beginner and state.era == 1
    if isinstance(action, Redraw):
        if state.renewed[seat]:
            return refusals.refusal("card_draw_renewed")
        if state.acted[seat] or state.redrawn[seat]:
            return refusals.refusal("card_draw_once")
        return "" if action.keep in hand else refusals.refusal("not_in_hand")
    if isinstance(action, Renew):
        if state.era != 1 or state.main_done[seat]:
            return refusals.refusal("renew_era1")
        if any(can_create(state, seat, p) for p in range(len(state.positions))):
            return refusals.refusal("can_create")
        return "" if hand else refusals.refusal("hand_empty")
    if isinstance(action, Exchange):
        if state.exchanged:
            return refusals.refusal("one_exchange")
        if action.card not in hand:
            return refusals.refusal("not_in_hand")
        return "" if action.take in state.market else refusals.refusal("not_in_market")
    if isinstance(action, Pass):
        return ""
    if isinstance(action, (Create, Mutate)) and state.cancelled >= MAX_CANCELS:
        return refusals.refusal("cancel_limit", most=MAX_CANCELS)
    if isinstance(action, Create):
        if state.beginner and state.era == 2:
            return refusals.refusal("beginner_second")
        if not 0 <= action.habitat < len(state.positions):
            return refusals.refusal("no_habitat")
        if len(state.owned(seat)) >= MAX_SPECIES:
            return refusals.refusal("markers")
        if not can_create(state, seat, action.habitat):
            return refusals.refusal("cannot_live")
        return ""
    if isinstance(action, (Mutate, Migrate)):
        if era1_beginner:
            return refusals.refusal("beginner_create")
        if state.children:
            return refusals.refusal("children_create")
        sp = state.species.get(action.species)
        if sp is None:
            return refusals.refusal("no_such_species")
        if sp.owner != seat:
            return refusals.refusal("not_your_species")
        if sp.ticked:
            return refusals.refusal("main_done")
        if isinstance(action, Mutate):
            return ""
        return migration_refusal(state, sp, action.habitat)
    return refusals.refusal("turn_what")


def _unexchange_refusal(state: State, seat: int) -> str:
    """Taking back this turn's exchange: there is one, its cards are where it put them, and
    fewer than ``MAX_CANCELS`` were taken back this turn (so that a turn always ends)."""
    if state.exchange is None:
        return refusals.refusal("no_exchange")
    if state.exchanges_undone >= MAX_CANCELS:
        return refusals.refusal("unexchange_limit", most=MAX_CANCELS)
    card, take, _, _ = state.exchange
    if take not in state.hands[seat] or card not in state.market:
        return refusals.refusal("exchange_moved")
    return ""


def refusal(state: State, seat: int, action: Action) -> str:
    """Why ``seat`` may not play ``action`` now ("" when it may)."""
    return _refusal(state, seat, decision(state), action)


def _refusal(state: State, seat: int, current: Decision | None, action: Action) -> str:
    if current is None:
        return refusals.refusal("over")
    if seat not in current.seats:
        return refusals.refusal("not_your_turn")
    kind = current.kind
    if kind == "draw":
        if isinstance(action, DrawSplit):
            return split_refusal(state, action)
        if not isinstance(action, Draw):
            return refusals.refusal("draw_first")
        if can_draw(state, action.deck):
            return ""
        return refusals.refusal("deck_empty", deck=action.deck)
    if kind == "degenerate":
        sid = state.pending[0][2]
        if not isinstance(action, Degenerate):
            return refusals.refusal("choose_loss")
        if action.card not in state.species[sid].cards:
            return refusals.refusal("not_on_species")
        if bio.card(action.card).part in ("head", "torso"):
            return refusals.refusal("keep_core")
        return ""
    if kind in ("show", "pay", "grant"):
        return coop.pending_refusal(state, seat, kind, action)
    if kind == "toss":
        if isinstance(action, Done):
            return ""
        if not isinstance(action, Toss):
            return refusals.refusal("choose_toss")
        return "" if action.card in state.hands[seat] else refusals.refusal("not_in_hand")
    if kind in ("lose", "give"):
        cls = Lose if kind == "lose" else Give
        if not isinstance(action, cls):
            return PROMPTS[kind]
        sp = state.species.get(action.species)
        if sp is None:
            return refusals.refusal("no_such_species")
        if sp.owner != seat:
            return refusals.refusal("not_your_species")
        if kind == "lose" and sp.dp != max(s.dp for s in state.owned(seat)):
            return refusals.refusal("lose_best")
        return ""
    if kind == "build":
        assert state.build is not None
        return build_refusal(state, seat, state.build, action)
    if seat != state.current:
        # a seat aside in another's turn: the card draw or keeping its hand, nothing else
        if not isinstance(action, (Redraw, Keep)):
            return refusals.refusal("not_your_turn")
        if isinstance(action, Keep):
            return ""
    elif isinstance(action, Keep):
        return refusals.refusal("keep_own_turn")
    return _turn_refusal(state, seat, action)


def check(state: State, seat: int, action: Action) -> None:
    """Refuse an illegal action; one of this position's listed legal actions passes by
    identity, without the refusal's what-ifs."""
    listed = state.cache.get(seat)
    if listed is not None:
        ids = listed[1]
        if ids is None:
            ids = {id(a) for a in listed[0]}
            state.cache[seat] = (listed[0], ids)
        if id(action) in ids:
            return
    why = refusal(state, seat, action)
    if why:
        raise refusals.illegal(why)


def candidates(state: State, seat: int) -> list[Action]:
    current = decision(state)
    if current is None or seat not in current.seats:
        return []
    hand = state.hands[seat]
    kind = current.kind
    if kind == "draw":
        left = draws_left(state)
        splits = [DrawSplit(s, left - s) for s in range(left + 1)] if 2 <= left <= HAND else []
        return [Draw("small"), Draw("large"), *splits]
    if kind == "degenerate":
        return [Degenerate(c) for c in state.species[state.pending[0][2]].cards]
    if kind == "lose":
        return [Lose(sp.id) for sp in state.owned(seat)]
    if kind == "toss":
        return [*(Toss(c) for c in hand), Done()]
    if kind in ("show", "pay", "grant"):
        return coop.candidates(state, seat, kind)
    if kind == "give":
        return [Give(sp.id) for sp in state.owned(seat)]
    if kind == "build":
        assert state.build is not None
        build = state.build
        out: list[Action] = [Add(c) for c in hand]
        if build.kind == "mutate":
            sp_cards = state.species[build.species].cards
            out += [Remove(c) for c in sp_cards]
            out += [Swap(c, n) for c in sp_cards for n in hand
                    if bio.card(c).part == bio.card(n).part]
        return [*out, Done(), Cancel()]
    out = [Pass(), Keep(), Unexchange()]
    out += [Redraw(c) for c in hand]
    out.append(Renew())
    out += [Exchange(c, m) for c in hand for m in state.market]
    out += [Create(p) for p in range(len(state.positions))]
    for sp in sorted(state.owned(seat), key=lambda s: s.id):
        out.append(Mutate(sp.id))
        out += [Migrate(sp.id, p) for p in range(len(state.positions))]
    return out


def legal_actions(state: State, seat: int) -> list[Action]:
    """The legal actions, listed once per position (``State.cache``) and copied out, so
    that ``check`` knows them again by identity."""
    listed = state.cache.get(seat)
    if listed is None:
        listed = state.cache[seat] = (_legal(state, seat), None)
    return list(listed[0])


def _legal(state: State, seat: int) -> list[Action]:
    """A direct listing for a turn (the hot path), else the candidates that ``refusal``
    lets through."""
    current = decision(state)
    if current is None or seat not in current.seats:
        return []
    if current.kind == "build":
        assert state.build is not None
        return build_legal(state, seat, state.build)
    if current.kind != "turn":
        return [a for a in candidates(state, seat) if not _refusal(state, seat, current, a)]
    hand = state.hands[seat]
    if seat != state.current:
        # aside in another's turn (``drawing_aside``): keep the hand or make the card draw
        return [Keep(), *(Redraw(c) for c in hand)]
    out: list[Action] = [Pass()]
    if state.exchange is not None and not _unexchange_refusal(state, seat):
        out.append(Unexchange())
    if state.passed[seat]:
        if not state.exchanged:
            out += [Exchange(c, m) for c in hand for m in state.market]
        return out
    if state.coop:
        out += [a for a in coop.turn_candidates(state, seat)
                if not coop.turn_refusal(state, seat, a)]
    if may_draw(state, seat):
        out += [Redraw(c) for c in hand]
    creatable = [p for p in range(len(state.positions)) if can_create(state, seat, p)]
    if state.era == 1 and not state.main_done[seat] and hand and not creatable:
        out.append(Renew())
    if not state.exchanged:
        out += [Exchange(c, m) for c in hand for m in state.market]
    building = state.cancelled < MAX_CANCELS
    if building and not (state.beginner and state.era == 2) and (
            len(state.owned(seat)) < MAX_SPECIES):
        out += [Create(p) for p in creatable]
    if state.children or (state.beginner and state.era == 1):
        return out
    for sp in sorted(state.owned(seat), key=lambda s: s.id):
        if sp.ticked:
            continue
        if building:
            out.append(Mutate(sp.id))
        out += [Migrate(sp.id, p) for p in range(len(state.positions))
                if not migration_refusal(state, sp, p)]
    return out


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


def apply(state: State, seat: int, action: Action) -> list[Event]:
    """Verify once, then play the action and run the game on to the next decision."""
    check(state, seat, action)
    state.cache.clear()
    events = _play(state, seat, action)
    advance(state, events)
    state.cache.clear()
    return events


def _play(state: State, seat: int, action: Action) -> list[Event]:
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
