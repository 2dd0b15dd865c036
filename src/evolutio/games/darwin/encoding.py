"""Darwin's Choice for learning agents: a fixed action index space and observation vector.

Every card of the catalog is unique, so a card is named by its catalog index (``CARDS``);
habitats by their position (``MAX_POSITIONS``); species by their owner's seat relative to
the acting seat (0 = itself) and their slot among that owner's species in creation order
(at most ``MAX_SPECIES``). Other seats' hands show only as sizes
(face up for beginners, and a teammate's shown cards in 2 vs 2); a build in progress shows
its cards to its builder only. docs/rl.md has the tables.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache

from evolutio.core.encoding import ActionLayout, ObservationLayout, one_hot_index
from evolutio.core.game import Action, Options
from evolutio.games.darwin import actions as act
from evolutio.games.darwin import coop
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.cards import load_catalog
from evolutio.games.darwin.state import State

CARDS = len(load_catalog().cards)
HABITAT_KEYS: tuple[str, ...] = tuple(bio.HABITATS)
HABITAT_INDEX = {key: i for i, key in enumerate(HABITAT_KEYS)}
#: 1 for each large card of the catalog (torsos and leg pairs), else 0
LARGE: tuple[int, ...] = tuple(int(c.large) for c in load_catalog().cards)
EVENTS: tuple[str, ...] = tuple(e.key for e in load_catalog().events)
MAX_POSITIONS = 8
MAX_SPECIES = 6
MAX_SPECIES_CARDS = 8
#: the counts a ``draw_split`` may name (0 to a full hand of 10)
SPLIT = 11
DECKS = ("small", "large")
PHASES = ("draw", "toss", "refill", "action", "event", "over")
DECISIONS = ("draw", "build", "turn", "toss", "give", "lose", "show", "receive", "pay",
             "gift")
SINGLES = ("renew", "done", "cancel", "pass", "gift", "unexchange", "keep")
POSITION_FEATURES = len(HABITAT_KEYS) + 1 + 6
SPECIES_FEATURES = 1 + MAX_POSITIONS + 5 + CARDS
SEAT_FEATURES = 5


@cache
def _actions(players: int) -> ActionLayout:
    card = ("card", CARDS)
    own = ("species", MAX_SPECIES)
    anyone = ("species", players * MAX_SPECIES)
    layout = ActionLayout()
    for name in SINGLES:
        layout.add(name, (), name)
    layout.add("draw", [("deck", len(DECKS))], "draw from the small or the large deck")
    layout.add("draw_split", [("small", SPLIT), ("large", SPLIT)],
               "draw all the cards still to draw: this many small, this many large")
    layout.add("redraw", [card], "redraw, keeping this card")
    layout.add("exchange", [card, ("take", CARDS)],
               "exchange a hand card for a market card")
    layout.add("create", [("habitat", MAX_POSITIONS)], "create a species at a position")
    layout.add("mutate", [own], "mutate an own species")
    layout.add("migrate", [own, ("habitat", MAX_POSITIONS)], "migrate an own species")
    for name in ("add", "remove", "degenerate", "toss", "show", "receive", "pay"):
        layout.add(name, [card], f"{name} this card")
    layout.add("swap", [("position", MAX_SPECIES_CARDS), ("new", CARDS)],
               "swap the card at a position of the species being mutated for a hand card")
    layout.add("lose", [own], "lose an own species")
    layout.add("give", [own], "give Darwin points of an own species")
    layout.add("takeover", [anyone], "2 vs 2: put one's marker on a species (relative seat "
               "× slot)")
    layout.add("grant", [("seat", players)], "2 vs 2: the relative seat that draws the gift")
    return layout


@cache
def _observation(players: int) -> ObservationLayout:
    layout = ObservationLayout()
    layout.add("phase", len(PHASES) + 1, "one-hot: " + ", ".join(PHASES) + ", other")
    layout.add("decision", len(DECISIONS) + 1, "one-hot: " + ", ".join(DECISIONS) + ", other")
    layout.add("era", 2, "era / eras, eras / 4")
    layout.add("first", players, "one-hot relative seat of the first player")
    layout.add("current", players, "one-hot relative seat whose turn it is")
    layout.add("event", len(EVENTS), "one-hot event in force")
    layout.add("decks", 6, "small, large, their discards, habitats, events left / 50")
    layout.add("positions", MAX_POSITIONS * POSITION_FEATURES,
               f"per position ({POSITION_FEATURES} each): one-hot habitat (last: none), "
               "volcano stage, protected, plants, meat, Darwin points, species there")
    layout.add("market", CARDS, "1 per card in the market")
    layout.add("hands", players * CARDS,
               "per relative seat: 1 per hand card the observer may see (its own; all for "
               "beginners; a teammate's shown cards in 2 vs 2)")
    layout.add("seats", players * SEAT_FEATURES,
               "per relative seat: hand size / 10, large cards in hand / 10, passed, "
               "banked points / 10, score / 10")
    layout.add("species", players * MAX_SPECIES * SPECIES_FEATURES,
               f"per relative seat, per slot ({SPECIES_FEATURES} each): exists, one-hot "
               "position, Darwin points, plants, meat, ticked, meets its habitat; 1 per card")
    layout.add("build", 3 + MAX_POSITIONS + MAX_SPECIES + CARDS,
               "build in progress: creation, mutation, mutations made; one-hot position; "
               "one-hot own species slot; 1 per added card (the builder only)")
    return layout


def _slots(state: State, seat: int) -> dict[int, tuple[int, int]]:
    """species id -> (relative seat, slot) for the species within the cap."""
    n = state.num_players
    rows: list[list[int]] = [[] for _ in range(n)]
    for sid in sorted(state.species):
        rows[(state.species[sid].owner - seat) % n].append(sid)
    return {sid: (r, slot) for r, row in enumerate(rows)
            for slot, sid in enumerate(row[:MAX_SPECIES])}


class DarwinEncoding:
    """The encoding of Darwin's Choice (``GAME.encoding``)."""

    def action_layout(self, options: Options) -> ActionLayout:
        return _actions(int(options["players"]))

    def observation_layout(self, options: Options) -> ObservationLayout:
        return _observation(int(options["players"]))

    def action_index(self, state: State, seat: int, action: Action) -> int | None:
        return self.action_indices(state, seat, [action])[0]

    def action_indices(
        self, state: State, seat: int, actions: Sequence[Action]
    ) -> list[int | None]:
        """The indices of several actions of ``seat`` in one state (shares the lookups)."""
        layout = _actions(state.num_players)
        slots = _slots(state, seat)
        exchange_at = layout.start("exchange")
        add_at = layout.start("add")

        def own(sid: int) -> int:
            r, slot = slots.get(sid, (-1, -1))
            return slot if r == 0 else -1

        out: list[int | None] = []
        for a in actions:
            index: int | None = None
            kind = type(a)
            if kind is act.Exchange:  # the most common: every hand card for every market one
                card, take = a.card, a.take  # type: ignore[attr-defined]
                index = exchange_at + card * CARDS + take \
                    if 0 <= card < CARDS and 0 <= take < CARDS else None
            elif kind is act.Add:
                card = a.card  # type: ignore[attr-defined]
                index = add_at + card if 0 <= card < CARDS else None
            elif a.type in SINGLES:
                index = layout.index(a.type)
            elif isinstance(a, act.Draw):
                index = layout.index("draw", DECKS.index(a.deck))
            elif isinstance(a, act.DrawSplit):
                index = layout.index("draw_split", a.small, a.large)
            elif isinstance(a, act.Redraw):
                index = layout.index("redraw", a.keep)
            elif isinstance(a, act.Exchange):
                index = layout.index("exchange", a.card, a.take)
            elif isinstance(a, act.Create):
                index = layout.index("create", a.habitat)
            elif isinstance(a, act.Mutate | act.Lose | act.Give):
                index = layout.index(a.type, own(a.species))
            elif isinstance(a, act.Migrate):
                index = layout.index("migrate", own(a.species), a.habitat)
            elif isinstance(a, act.Swap):
                build = state.build
                cards = state.species[build.species].cards if build and build.species else []
                position = cards.index(a.card) if a.card in cards else -1
                index = layout.index("swap", position, a.new)
            elif isinstance(a, act.Takeover):
                r, slot = slots.get(a.species, (-1, -1))
                index = layout.index("takeover", r * MAX_SPECIES + slot if r >= 0 else -1)
            elif isinstance(a, act.Grant):
                index = layout.index("grant", (a.seat - seat) % state.num_players)
            elif hasattr(a, "card"):
                index = layout.index(a.type, a.card)
            out.append(index)
        return out

    def observe(self, state: State, seat: int, out: MutableSequence[float]) -> None:
        from evolutio.games.darwin.rules import decision as decision_now

        n = state.num_players
        layout = _observation(n)
        off = layout.offsets
        out[off["phase"] + one_hot_index(PHASES, state.phase)] = 1.0
        decision = decision_now(state)
        if decision is not None:
            out[off["decision"] + one_hot_index(DECISIONS, decision.kind)] = 1.0
        out[off["era"]] = state.era / state.eras
        out[off["era"] + 1] = state.eras / 4
        out[off["first"] + (state.first - seat) % n] = 1.0
        out[off["current"] + (state.current - seat) % n] = 1.0
        if state.event in EVENTS:
            out[off["event"] + EVENTS.index(state.event)] = 1.0
        for i, size in enumerate((len(state.small), len(state.large), len(state.small_discard),
                                  len(state.large_discard), len(state.habitat_deck),
                                  len(state.event_deck))):
            out[off["decks"] + i] = size / 50
        crowd = [0] * len(state.positions)
        points = [0] * n
        for sp in state.species.values():
            if 0 <= sp.pos < len(crowd):
                crowd[sp.pos] += 1
            points[sp.owner] += sp.dp
        habitats = [bio.habitat_of(state, pos) for pos in range(len(state.positions))]
        for pos, place in enumerate(state.positions[:MAX_POSITIONS]):
            at = off["positions"] + pos * POSITION_FEATURES
            key = place.habitat
            out[at + (HABITAT_INDEX.get(key, len(HABITAT_KEYS)) if key else len(HABITAT_KEYS))
                ] = 1.0
            at += len(HABITAT_KEYS) + 1
            plants, meat = bio.reserve(state, pos)
            habitat = habitats[pos]
            out[at] = place.volcano
            out[at + 1] = float(place.protected)
            out[at + 2] = plants
            out[at + 3] = meat
            out[at + 4] = habitat.dp if habitat else 0
            out[at + 5] = crowd[pos]
        base = off["market"]
        for card in state.market:
            out[base + card] = 1.0
        mate = coop.teammate(seat) if state.coop else -1
        for r in range(n):
            s = (seat + r) % n
            hand = state.hands[s]
            base = off["hands"] + r * CARDS
            if s == seat or state.beginner:
                for card in hand:
                    out[base + card] = 1.0
            elif s == mate and state.shown:
                for card in state.shown[s]:
                    if card in hand:
                        out[base + card] = 1.0
            base = off["seats"] + r * SEAT_FEATURES
            out[base] = len(hand) / 10
            out[base + 1] = sum([LARGE[c] for c in hand]) / 10
            out[base + 2] = float(state.passed[s])
            out[base + 3] = state.banked[s] / 10
            out[base + 4] = (state.banked[s] + points[s]) / 10  # State.score
        slots = _slots(state, seat)
        for sid, (r, slot) in slots.items():
            sp = state.species[sid]
            at = off["species"] + (r * MAX_SPECIES + slot) * SPECIES_FEATURES
            out[at] = 1.0
            if sp.pos < MAX_POSITIONS:
                out[at + 1 + sp.pos] = 1.0
            at += 1 + MAX_POSITIONS
            out[at] = sp.dp / 10
            out[at + 1] = sp.plants
            out[at + 2] = sp.meat
            out[at + 3] = float(sp.ticked)
            habitat = habitats[sp.pos] if 0 <= sp.pos < len(habitats) else None
            out[at + 4] = float(bio.meets(sp.cards, habitat))
            at += 5
            for card in sp.cards:
                out[at + card] = 1.0
        build = state.build
        if build is not None:
            base = off["build"]
            out[base + (0 if build.kind == "create" else 1)] = 1.0
            out[base + 2] = build.ops
            if build.pos < MAX_POSITIONS:
                out[base + 3 + build.pos] = 1.0
            r, slot = slots.get(build.species, (-1, -1))
            if r == 0:
                out[base + 3 + MAX_POSITIONS + slot] = 1.0
            if seat == state.current:
                for card in build.added:
                    out[base + 3 + MAX_POSITIONS + MAX_SPECIES + card] = 1.0


ENCODING = DarwinEncoding()
