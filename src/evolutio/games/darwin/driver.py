"""The Transition phase (seed 003, "Fase di Transizione", 7 steps), the 16 events
("Carte Evento") and the driver ``advance`` that runs the game on to the next decision."""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.darwin import coop
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.evaluation import (
    HAND,
    begin_era,
    changes,
    deal_market,
    discard,
    evaluate,
    extinguish,
    finish,
)
from evolutio.games.darwin.events import CardLost, EventRevealed, HabitatChanged
from evolutio.games.darwin.state import VOLCANO, State

#: the habitat pairs brought in by Desertification, Ice Age and Orogeny (E2, E3, E5)
EVENT_HABITATS = {
    "desertification": ("desert", "rocky_desert"),
    "ice_age": ("polar_desert", "cold_desert"),
    "orogeny": ("high_mountains", "hill"),
}


def turn_order(state: State) -> list[int]:
    """Seats from the first player on, counter-clockwise (R-D31)."""
    n = state.num_players
    return [(state.first + i) % n for i in range(n)]


def advance(state: State, events: list[Event]) -> None:
    """Run automatic steps until some seat has a real choice (or the game is over), adding
    what happened to ``events``."""
    while not state.pending and not state.draws and state.phase != "over":
        if state.phase == "draw":
            events += begin_era(state)
            if state.coop:
                coop.begin(state)
        elif state.phase == "action":
            if not all(state.passed):
                if state.passed[state.current] and not state.coop:
                    state.current = (state.current + 1) % state.num_players
                    continue
                return
            events += evaluate(state)
            if state.era >= state.eras:
                events += finish(state)
                return
            state.phase = "event"
            if not state.beginner:
                events += reveal_event(state)
        elif state.phase == "event" and state.children:
            events += children_table(state)
        elif state.phase == "toss":
            state.draws = [seat for seat in turn_order(state)
                           for _ in range(max(0, HAND - len(state.hands[seat])))]
            state.phase = "refill"
        elif state.phase == "event":
            events += change_habitats(state)
            bio.distribute_all(state)
            for sp in state.species.values():
                sp.ticked = False
            for cid in state.market:
                discard(state, cid)
            state.market = []
            events += deal_market(state)
            state.draws = [seat for seat in turn_order(state)
                           for _ in range(max(0, HAND - len(state.hands[seat])))]
            state.phase = "refill"
        elif state.phase == "refill":
            state.first = (state.first + 1) % state.num_players
            state.era += 1
            events += begin_era(state)
            if state.coop:
                coop.begin(state)
            bio.distribute_all(state)


def children_table(state: State) -> list[Event]:
    """Children's rules between eras: three new habitats and a new competition token, a new
    market; each player chooses which cards to keep, then refills to 10 (seed 003, "Variante
    per bambini")."""
    events: list[Event] = []
    for index, position in enumerate(state.positions):
        if position.card.startswith("competition_"):
            new = state.tokens.pop() if state.tokens else position.card
        else:
            new = state.habitat_deck.pop() if state.habitat_deck else position.card
        events.append(HabitatChanged(index, position.card, new))
        position.card = new
    for cid in state.market:
        discard(state, cid)
    state.market = []
    events += deal_market(state)
    state.pending = [("toss", seat, 0) for seat in turn_order(state)]
    state.phase = "toss"
    return events


# -- step 1: the event ----------------------------------------------------------------------


def reveal_event(state: State) -> list[Event]:
    """Discard the ended era's event and reveal the next; instant effects now, permanent
    ones through the coming era (R-D71). No event before Era 1 (R-D21)."""
    if state.event and state.event != VOLCANO:
        state.event_discard.append(state.event)
    state.event = None
    if not state.event_deck:
        state.event_deck, state.event_discard = state.event_discard, []
        state.rng.shuffle(state.event_deck)
    if not state.event_deck:
        return []
    key = state.event_deck.pop()
    state.event = key
    return [EventRevealed(key), *apply_event(state, key)]


def apply_event(state: State, key: str) -> list[Event]:
    events: list[Event] = []
    if key == "degeneration":
        # E1: owners choose in turn order from the first player (R-D67)
        for seat in turn_order(state):
            for sp in sorted(state.owned(seat), key=lambda s: s.id):
                if len(sp.cards) >= 4:
                    state.pending.append(("degenerate", seat, sp.id))
    elif key in EVENT_HABITATS:
        bring_in(state, EVENT_HABITATS[key])
    elif key == "flood":
        # E4: Swim, Climb or Fly protect (R-D68)
        for sp in sorted(state.species.values(), key=lambda s: s.id):
            if not any(bio.symbols(sp.cards, s) for s in ("swim", "climb", "fly")):
                events.append(extinguish(state, sp.id, "flood"))
    elif key == "invasive_species":
        for seat in turn_order(state):
            mine = state.owned(seat)
            if not mine:
                continue
            top = max(sp.dp for sp in mine)
            candidates = [sp for sp in mine if sp.dp == top]
            if len(candidates) > 1:
                state.pending.append(("lose", seat, 0))
            else:
                events += invade(state, candidates[0].id, front=False)
    elif key == "hurricane":
        # E8: adaptation to the habitat held before the change (R-D69); ties all die (R-D08)
        for pos in range(len(state.positions)):
            here = state.at(pos)
            if not here:
                continue
            habitat = bio.habitat_of(state, pos)
            level = {sp.id: bio.adaptation(sp.cards, habitat) for sp in here}
            worst = min(level.values())
            if worst < 4:
                for sp in sorted(here, key=lambda s: s.id):
                    if level[sp.id] == worst:
                        events.append(extinguish(state, sp.id, "hurricane"))
    elif key == VOLCANO:
        state.incoming.append(VOLCANO)
    return events


def invade(state: State, sid: int, front: bool) -> list[Event]:
    """E6: the species goes; its DP go to the owner's survivors in any split, or in front
    of him (R-D66). Several survivors: one ``give`` decision per point."""
    sp = state.species[sid]
    points, owner = sp.dp, sp.owner
    events: list[Event] = [extinguish(state, sid, "invasive", bank=False)]
    survivors = state.owned(owner)
    if not survivors or not points:
        state.banked[owner] += points
    elif len(survivors) == 1:
        survivors[0].dp += points
    elif front:
        state.pending.insert(0, ("give", owner, points))
    else:
        state.pending.append(("give", owner, points))
    return events


def bring_in(state: State, pair: tuple[str, str]) -> None:
    """E2/E3/E5: a pair card in play is protected once, and a card of the pair not in play,
    from the habitat deck or discard (not removed from the game), is brought in for a random
    habitat; with both in play none is (seed 003, "Desertificazione": "Se sia Deserto che
    Deserto roccioso sono già in gioco ... non viene aggiunto nessun ulteriore deserto";
    R-D09, R-D63)."""
    in_play = [p for p in state.positions if p.card in pair]
    for p in in_play:
        p.protected = True
    shown = {p.card for p in in_play}
    available = [k for k in pair if k not in shown
                 and (k in state.habitat_deck or k in state.habitat_discard)]
    if not available:
        return
    key = available[state.rng.randrange(len(available))]
    for pile in (state.habitat_deck, state.habitat_discard):
        if key in pile:
            pile.remove(key)
            break
    state.incoming.append(key)


def degenerate(state: State, sid: int, cid: int) -> list[Event]:
    sp = state.species[sid]
    sp.cards.remove(cid)
    discard(state, cid)
    return [CardLost(sid, cid)]


# -- step 2: habitat change -----------------------------------------------------------------


def change_habitats(state: State) -> list[Event]:
    """Replace habitats at positions drawn by continental cards (R-D61 to R-D65): event
    habitats and the volcano count as changes; protected and immune positions are skipped;
    Axis shift replaces every replaceable position."""
    for p in state.positions:
        if p.card == VOLCANO and p.volcano in (1, 2):
            p.volcano += 1
    replaceable = [i for i, p in enumerate(state.positions)
                   if not p.protected and not (p.card == VOLCANO and p.volcano < 3)]
    count = len(replaceable) if state.event == "axis_shift" else changes(state)
    state.rng.shuffle(replaceable)
    chosen = sorted(replaceable[:count])
    incoming, state.incoming = list(state.incoming), []
    events: list[Event] = []
    two = state.num_players == 2 and not state.beginner
    for index in chosen:
        if incoming:
            new = incoming.pop(0)
        else:
            if not state.habitat_deck:
                state.habitat_deck, state.habitat_discard = state.habitat_discard, []
                state.rng.shuffle(state.habitat_deck)
            if not state.habitat_deck:
                break
            new = state.habitat_deck.pop()
        position = state.positions[index]
        old = position.card
        if old == VOLCANO:
            state.event_discard.append(VOLCANO)
        elif two:
            state.habitat_deck.append(old)
            state.rng.shuffle(state.habitat_deck)
        else:
            state.habitat_discard.append(old)
        position.card = new
        position.volcano = 1 if new == VOLCANO else 0
        events.append(HabitatChanged(index, old, new))
    for pile_key in incoming:
        # more event habitats than changes: back to the habitat discard
        if pile_key != VOLCANO:
            state.habitat_discard.append(pile_key)
        else:
            state.event_discard.append(VOLCANO)
    for p in state.positions:
        p.protected = False
    return events
