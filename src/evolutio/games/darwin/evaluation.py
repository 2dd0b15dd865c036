"""Setup, drawing, extinction and the Evaluation phase (5 steps) (seed 003, "Preparazione",
"Fase di Valutazione").
The Transition phase, the events and the driver ``advance`` are in ``driver.py``."""

from __future__ import annotations

from evolutio.core.game import Event
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.cards import load_catalog
from evolutio.games.darwin.events import EraBegins, Extinct, GameOver, MarketDealt, Scored
from evolutio.games.darwin.state import COMPETITION, TOKENS, Position, Species, State

HAND = 10
MAX_SPECIES = 12
BEGINNER_HABITATS = ("high_mountains", "tropical_rainforest", "ocean", "savanna")
TWO_PLAYER_OUT = ("continental_drift", "volcanic_eruption")


def positions_in_play(players: int, beginner: bool) -> int:
    """Habitats in play: 3 (2 players), 4 (3-4), 5 (5-6); 4 for beginners (section 3)."""
    if beginner:
        return 4
    return 3 if players == 2 else 4 if players <= 4 else 5


def changes(state: State) -> int:
    """Habitats replaced after this era: 1/2/2, 2/3/3, 3/4/4 (section 3); 2 for beginners."""
    if state.beginner:
        return 2
    n = state.num_players
    table = (1, 2, 2) if n == 2 else (2, 3, 3) if n <= 4 else (3, 4, 4)
    return table[min(state.era, 3) - 1]


def setup(state: State, players: int) -> None:
    """Shuffle the decks, lay out the habitats with their tokens, deal the market and queue
    the start hands (10 cards each, the deck chosen per card, R-D40)."""
    catalog = load_catalog()
    rng = state.rng
    state.hands = [[] for _ in range(players)]
    state.passed = [False] * players
    state.acted = [False] * players
    state.redrawn = [False] * players
    state.renewed = [False] * players
    state.main_done = [False] * players
    state.banked = [0] * players
    state.small = [i for i, c in enumerate(catalog.cards) if not c.large]
    state.large = [i for i, c in enumerate(catalog.cards) if c.large]
    rng.shuffle(state.small)
    rng.shuffle(state.large)
    habitats = [h.key for h in catalog.habitats]
    if players == 2 or state.children:
        # one of each of the nine pairs at random, plus the four unpaired (R-D75)
        pairs: dict[str, list[str]] = {}
        for h in catalog.habitats:
            pairs.setdefault(h.pair, []).append(h.key)
        habitats = list(pairs.get("", []))
        for pair, keys in sorted(pairs.items()):
            if pair:
                habitats.append(keys[rng.randrange(len(keys))])
    rng.shuffle(habitats)
    count = positions_in_play(players, state.beginner)
    if state.children:
        count = 3
    if state.beginner:
        laid = list(BEGINNER_HABITATS)
        habitats = [h for h in habitats if h not in laid]
    else:
        laid, habitats = habitats[:count], habitats[count:]
    state.positions = [Position(TOKENS[i], key) for i, key in enumerate(laid)]
    state.habitat_deck = habitats
    events = [e.key for e in catalog.events]
    if players == 2:
        events = [e for e in events if e not in TWO_PLAYER_OUT]
    if state.children:
        # no events; competition tokens stacked at random, one a "habitat" each era (R-D72)
        events = []
        state.tokens = [t for t in COMPETITION for _ in range(2)]
        rng.shuffle(state.tokens)
        state.positions.append(Position(TOKENS[3], state.tokens.pop()))
    rng.shuffle(events)
    state.event_deck = events
    deal_market(state)
    if state.beginner:
        # five small and five large cards each, face up (seed 003, "Variante per Principianti")
        for seat in range(players):
            for deck in ("small",) * 5 + ("large",) * 5:
                take(state, seat, deck)
    else:
        state.draws = [seat for seat in range(players) for _ in range(HAND)]
    state.phase = "draw"


def market_size(state: State) -> int:
    return state.num_players + 2


def deal_market(state: State) -> list[Event]:
    """Players + 2 cards, large and small 1:1, the extra one small (section 3, step 7)."""
    size = market_size(state)
    small = (size + 1) // 2
    for i in range(size):
        deck = "small" if i < small else "large"
        cid = draw_card(state, deck)
        if cid is not None:
            state.market.append(cid)
    return [MarketDealt(tuple(state.market))]


def draw_card(state: State, deck: str) -> int | None:
    """The top card of a deck; an empty deck is at once replaced by its reshuffled discard
    (seed 003, "Completamento della mano")."""
    pile = state.small if deck == "small" else state.large
    if not pile:
        discard = state.small_discard if deck == "small" else state.large_discard
        pile.extend(discard)
        discard.clear()
        state.rng.shuffle(pile)
    return pile.pop() if pile else None


def can_draw(state: State, deck: str) -> bool:
    if deck == "small":
        return bool(state.small or state.small_discard)
    return bool(state.large or state.large_discard)


def take(state: State, seat: int, deck: str) -> None:
    cid = draw_card(state, deck)
    if cid is not None:
        state.hands[seat].append(cid)


def discard(state: State, cid: int) -> None:
    """Discarded cards go to the pile of their size (R-D77)."""
    (state.large_discard if bio.card(cid).large else state.small_discard).append(cid)


def new_species(state: State, owner: int, pos: int, cards: list[int]) -> Species:
    sp = Species(state.next_id, owner, pos, cards)
    state.next_id += 1
    state.species[sp.id] = sp
    state.stats["created"] += 1
    return sp


def extinguish(state: State, sid: int, cause: str, bank: bool = True) -> Extinct:
    """Extinction, any cause (seed 003, "Verifica dei Requisiti"): the cards to the discard
    piles, the marker back, and 1 Darwin point banked if the species had any (R-D20)."""
    sp = state.species.pop(sid)
    for cid in sp.cards:
        discard(state, cid)
    banked = 1 if bank and sp.dp >= 1 else 0
    state.banked[sp.owner] += banked
    state.stats["extinctions"] += 1
    return Extinct(sid, sp.owner, cause, banked)


# -- Evaluation ----------------------------------------------------------------------------


def evaluate(state: State) -> list[Event]:
    """The five steps of the Evaluation phase; beginners' Era 1 has the food check only and
    gives no points (R-D33, R-D76)."""
    bio.distribute_all(state)
    events: list[Event] = []
    if state.children:
        return evaluate_children(state)
    only_food = state.beginner and state.era == 1
    if not only_food:
        events += check_requirements(state)
    events += check_food(state)
    if only_food:
        return events
    for sp in sorted(state.species.values(), key=lambda s: s.id):
        sp.dp += 1
        events.append(Scored(sp.id, sp.owner, 1, "survival"))
    events += score_habitats(state)
    events += score_strength(state)
    return events


def evaluate_children(state: State) -> list[Event]:
    """Children's rules: 1 DP per species created; the best adapted of each habitat (the
    competition token included, adaptation = strength) takes its DP, ties all score, no other
    tie-break; adaptation 0 never. Points go in front of the players; then every species and
    the four habitats leave the table (seed 003, "Variante per bambini"; R-D73)."""
    events: list[Event] = []
    for sp in sorted(state.species.values(), key=lambda s: s.id):
        state.banked[sp.owner] += 1
        events.append(Scored(sp.id, sp.owner, 1, "survival"))
    for pos in range(len(state.positions)):
        habitat = bio.habitat_of(state, pos)
        here = state.at(pos)
        if habitat is None or not here:
            continue
        level = {sp.id: bio.adaptation(sp.cards, habitat) for sp in here}
        best = max(level.values())
        for sp in sorted(here, key=lambda s: s.id):
            if best > 0 and level[sp.id] == best:
                state.banked[sp.owner] += habitat.dp
                events.append(Scored(sp.id, sp.owner, habitat.dp, "habitat"))
    for sid in sorted(state.species):
        for cid in state.species.pop(sid).cards:
            discard(state, cid)
    return events


def check_requirements(state: State) -> list[Event]:
    """Step 1: species failing their habitat's requirements go extinct."""
    return [
        extinguish(state, sp.id, "requirements")
        for sp in sorted(state.species.values(), key=lambda s: s.id)
        if not bio.meets(sp.cards, bio.habitat_of(state, sp.pos))
    ]


def check_food(state: State) -> list[Event]:
    """Step 2: herbivores and omnivores first; then carnivores in order, a short one devouring
    the worst adapted edible survivors; a carnivore still short dies with every carnivore of
    its habitat less adapted than it (R-D15, R-D18, R-D57, R-D58)."""
    events: list[Event] = []
    for sp in sorted(state.species.values(), key=lambda s: s.id):
        if bio.diet(sp.cards) != "carnivore" and not bio.fed(sp):
            events.append(extinguish(state, sp.id, "starved"))
    for pos in range(len(state.positions)):
        hunters = [sp for sp in state.at(pos) if bio.diet(sp.cards) == "carnivore"]
        hunters.sort(key=lambda sp: (bio.order_key(state, sp), -sp.id), reverse=True)
        for hunter in hunters:
            if hunter.id not in state.species or bio.fed(hunter):
                continue
            need = bio.hearts(hunter.cards)
            for prey in bio.prey_for(state, hunter):
                if hunter.meat >= need:
                    break
                hunter.meat += bio.hearts(prey.cards)
                events.append(extinguish(state, prey.id, "devoured"))
            if hunter.meat >= need:
                continue
            level = bio.order_key(state, hunter)[0]
            events.append(extinguish(state, hunter.id, "starved"))
            for other in hunters:
                if other.id in state.species and bio.order_key(state, other)[0] < level:
                    events.append(extinguish(state, other.id, "starved"))
    return events


def score_habitats(state: State) -> list[Event]:
    """Step 4: the best adapted species of each habitat takes its 2 or 3 DP; ties by CS,
    then hearts; still equal, all score; adaptation 0 never scores (R-D59)."""
    events: list[Event] = []
    for pos in range(len(state.positions)):
        habitat = bio.habitat_of(state, pos)
        here = [sp for sp in state.at(pos) if bio.order_key(state, sp)[0] > 0]
        if habitat is None or not here:
            continue
        best = max(bio.order_key(state, sp) for sp in here)
        for sp in sorted(here, key=lambda s: s.id):
            if bio.order_key(state, sp) == best:
                sp.dp += habitat.dp
                events.append(Scored(sp.id, sp.owner, habitat.dp, "habitat"))
    return events


def winners(state: State, pos: int) -> list[int]:
    """The species holding a habitat's continental token now (display, R-D59)."""
    here = [sp for sp in state.at(pos)
            if bio.meets(sp.cards, bio.habitat_of(state, pos)) and bio.order_key(state, sp)[0]]
    if not here:
        return []
    best = max(bio.order_key(state, sp) for sp in here)
    return sorted(sp.id for sp in here if bio.order_key(state, sp) == best)


def strength_ranking(state: State) -> list[list[Species]]:
    """Step 5 order: CS, then adaptation, then hearts; dense tie groups; CS 0 never scores,
    under Epidemic only herbivores rank (R-D60)."""
    ranked = [sp for sp in state.species.values() if bio.strength(state, sp.cards) > 0]
    if state.event == "epidemic":
        ranked = [sp for sp in ranked if bio.diet(sp.cards) == "herbivore"]

    def key(sp: Species) -> tuple[int, int, int]:
        a, cs, h = bio.order_key(state, sp)
        return (cs, a, h)

    ranked.sort(key=lambda sp: (key(sp), -sp.id), reverse=True)
    groups: list[list[Species]] = []
    for sp in ranked:
        if groups and key(groups[-1][0]) == key(sp):
            groups[-1].append(sp)
        else:
            groups.append([sp])
    return groups


def score_strength(state: State) -> list[Event]:
    """Step 5: the three strongest places take 3, 2 and 1 DP."""
    events: list[Event] = []
    for place, group in enumerate(strength_ranking(state)[:3]):
        for sp in group:
            sp.dp += 3 - place
            events.append(Scored(sp.id, sp.owner, 3 - place, "strength"))
    return events


def begin_era(state: State) -> list[Event]:
    state.phase = "action"
    state.current = state.first
    state.passed = [False] * state.num_players
    state.acted = [False] * state.num_players
    state.redrawn = [False] * state.num_players
    state.renewed = [False] * state.num_players
    state.main_done = [False] * state.num_players
    state.exchanged = False
    state.exchange = None
    state.exchanges_undone = 0
    state.cancelled = 0
    return [EraBegins(state.era, state.first)]


def finish(state: State) -> list[Event]:
    state.phase = "over"
    return [GameOver(tuple(state.score(s) for s in range(state.num_players)))]
