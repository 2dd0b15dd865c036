"""Darwin's Choice playing knowledge for the greedy bot and search (``core.protocols.Heuristic``).

From a seat's view only: draw so that heads and torsos balance; create species where a
habitat pays most and has food to spare; build a species torso first, then the head, then
parts whose symbols the habitat counts or requires, avoiding hearts and forbidden symbols;
migrate species that would starve or fail their habitat; otherwise pass.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from evolutio.core.base import HeuristicBase
from evolutio.core.game import JSON, Action, Decision, Game
from evolutio.games.darwin.actions import (
    Add,
    Create,
    Degenerate,
    Done,
    Draw,
    DrawSplit,
    Give,
    Migrate,
)
from evolutio.games.darwin.cards import CardDef, load_catalog

CARDS: tuple[CardDef, ...] = load_catalog().cards
#: the share of turns on which the bot does not insist on creating (no endless retries)
RESTLESS = 0.1
#: how many of the greedy bot's best actions a search weighs at each decision
SHORTLIST = 3
#: actions a playout runs before the evaluation: enough to finish a creation begun in the
#: tree and to answer it once (a playout costs about 0.3 ms an action)
ROLLOUT_DEPTH = 12


def _need(habitat: JSON, cards: list[int]) -> float:
    """How far these cards are from meeting the habitat's requirements (0 = met)."""
    alts = habitat.get("requires") or []
    if not alts:
        return 0.0
    best = min(
        sum(max(0, n - sum(CARDS[c].count(s) for c in cards)) for s, n in alt.items())
        for alt in alts
    )
    return float(best)


def card_value(habitat: JSON, cards: list[int], cid: int) -> float:
    """What adding ``cid`` to ``cards`` is worth in ``habitat``."""
    card = CARDS[cid]
    counted = set(habitat.get("adaptation") or [])
    value = float(sum(n for s, n in card.symbols if s in counted))
    value += 0.3 * card.cs - 1.2 * card.hearts
    if any(card.count(s) for s in habitat.get("forbidden") or []):
        value -= 20
    value += 3 * (_need(habitat, cards) - _need(habitat, [*cards, cid]))
    if card.special:
        value += 1
    if card.part == "torso":
        value += 4 + card.legs + card.wing + card.tail
    elif card.part == "head":
        value += 4 + (1 if card.diet == "herbivore" else 0)
    return value


def _spare(habitat: JSON, species: dict[int, JSON]) -> float:
    eaten = sum(species[s]["hearts"] for s in habitat["species"] if s in species)
    return float(habitat["plants"] + habitat["meat"] - eaten)


def _habitat_value(view: JSON, index: int) -> float:
    species = {sp["id"]: sp for sp in view["species"]}
    habitat = view["habitats"][index]
    return float(habitat["dp"]) + 0.5 * _spare(habitat, species) - len(habitat["species"])


def _in_danger(sp: JSON) -> bool:
    return not sp["meets"] or sp["plants"] + sp["meat"] < sp["hearts"]


def action_value(view: JSON, action: Action, decision: Decision) -> float:
    seat = view["seat"]
    hand: list[int] = view["players"][seat]["hand"] or []
    if isinstance(action, Draw):
        heads = sum(1 for c in hand if CARDS[c].part == "head")
        torsos = sum(1 for c in hand if CARDS[c].part == "torso")
        return 1.0 if (action.deck == "large") == (torsos <= heads) else 0.0
    if isinstance(action, DrawSplit):
        # all at once, as even between the decks as the hand allows: heads are small,
        # torsos large (seed 003: "sarebbe meglio pescare da entrambi i mazzi")
        held = sum(1 for c in hand if CARDS[c].large)
        large, small = held + action.large, len(hand) - held + action.small
        return 2.0 - abs(large - small) / 10
    if decision.kind == "build":
        build = view["build"]
        habitat = view["habitats"][build["habitat"]]
        added = build["added"] if isinstance(build["added"], list) else []
        if build["kind"] == "mutate":
            own = next(sp for sp in view["species"] if sp["id"] == build["species"])
            added = list(own["cards"])
        if isinstance(action, Add):
            has_torso = any(CARDS[c].part == "torso" for c in added)
            part = CARDS[action.card].part
            if not has_torso and part != "torso":
                return -5.0
            return card_value(habitat, added, action.card)
        if isinstance(action, Done):
            return 0.5
        return -10.0 if action.type == "cancel" else -3.0
    if action.type == "done":
        return 0.5
    if action.type == "grant":
        return 1.0 if getattr(action, "seat", None) == seat else 0.0
    if action.type == "pay":
        card = CARDS[getattr(action, "card", 0)]
        return -1.0 - card.cs - sum(n for _, n in card.symbols)
    if action.type in ("gift", "show", "receive", "takeover", "toss"):
        return -4.0
    if isinstance(action, Create):
        return 10 + _habitat_value(view, action.habitat)
    if isinstance(action, Migrate):
        own = next(sp for sp in view["species"] if sp["id"] == action.species)
        return 8 + _habitat_value(view, action.habitat) if _in_danger(own) else -1.0
    if isinstance(action, Degenerate):
        card = CARDS[action.card]
        return card.hearts - sum(n for _, n in card.symbols) - card.cs
    if isinstance(action, Give):
        own = next(sp for sp in view["species"] if sp["id"] == action.species)
        return float(own["adaptation"] + own["cs"])
    if action.type == "renew":
        return 20.0
    if action.type == "unexchange":
        return -3.0
    if action.type == "keep":
        return 0.0
    if action.type == "pass":
        return 0.0
    return -2.0


def best_action(view: JSON, legal: Sequence[Action], decision: Decision,
                rng: random.Random) -> Action:
    if decision.kind == "turn" and rng.random() < RESTLESS:
        quiet = [a for a in legal if not isinstance(a, Create)]
        if quiet:
            legal = quiet
    values = [action_value(view, a, decision) for a in legal]
    top = max(values)
    return rng.choice([a for a, v in zip(legal, values, strict=True) if v == top])


_HABITATS: dict[str, JSON] = {}
#: the catalogue's habitats (the children's competition tokens are not among them)
_HABITAT_KEYS = frozenset(h.key for h in load_catalog().habitats)


def _habitat(key: str) -> JSON:
    """A habitat's requirements and counted symbols in the view's form, from the catalogue
    (for playouts, which see the state, not a view)."""
    found = _HABITATS.get(key)
    if found is None:
        h = next(h for h in load_catalog().habitats if h.key == key)
        found = {"requires": [dict(alt) for alt in h.requires],
                 "adaptation": list(h.adaptation), "forbidden": list(h.forbidden)}
        _HABITATS[key] = found
    return found


def _build_choice(state: Any, legal: Sequence[Action]) -> Action | None:
    """In a creation, the part worth most to the habitat (torso first), or done when no part
    is worth adding (the same judgement as the greedy bot's, read from the state)."""
    build = state.build
    key = state.positions[build.pos].habitat if build.kind == "create" else None
    if key is None or key not in _HABITAT_KEYS:
        return None
    habitat = _habitat(key)
    added = list(build.added)
    has_torso = any(CARDS[c].part == "torso" for c in added)
    best: Action | None = None
    top = 0.5
    for action in legal:
        if isinstance(action, Add):
            if not has_torso and CARDS[action.card].part != "torso":
                continue
            value = card_value(habitat, added, action.card)
            if value > top:
                best, top = action, value
    if best is not None:
        return best
    return next((a for a in legal if isinstance(a, Done)), None)


def rollout_policy(rng: random.Random, game: Game[Any], state: Any, seat: int,
                   legal: Sequence[Action]) -> Action:
    """Fast playouts: build species part by part as the greedy bot would, create where
    possible, else pass; draws at random."""
    kinds = {a.type: a for a in legal}
    if "renew" in kinds:
        return kinds["renew"]
    if state.build is not None:
        chosen = _build_choice(state, legal)
        if chosen is not None:
            return chosen
    if "done" in kinds:
        return kinds["done"]
    creates = [a for a in legal if isinstance(a, (Create, Add))]
    if creates and rng.random() < 0.8:
        return rng.choice(creates)
    for kind in ("pass", "cancel"):
        if kind in kinds:
            return kinds[kind]
    return rng.choice(list(legal))


def projected(state: Any) -> list[float]:
    """Each seat's Darwin points from an Evaluation if the era ended now, the way the
    Evaluation gives them: 1 for each species that meets its habitat and is fed (a carnivore
    counting the prey it could devour), the habitat's points to the best adapted of them in
    each habitat, 3/2/1 to the three strongest (R-D59, R-D60; ties and devoured prey are not
    worked out: an estimate)."""
    from evolutio.games.darwin import ops as bio

    points = [0.0] * state.num_players
    alive = []
    for sp in state.species.values():
        habitat = bio.habitat_of(state, sp.pos)
        if bio.meets(sp.cards, habitat) and (bio.fed(sp) or bio.well_fed(state, sp)):
            alive.append((sp, bio.order_key(state, sp), habitat))
            points[sp.owner] += 1.0
    best: dict[int, tuple[tuple[int, int, int], Any, Any]] = {}
    for sp, key, habitat in alive:
        if key[0] > 0 and (sp.pos not in best or key > best[sp.pos][0]):
            best[sp.pos] = (key, sp, habitat)
    for _, sp, habitat in best.values():
        points[sp.owner] += habitat.dp
    strong: list[tuple[tuple[int, int, int], int]] = sorted(
        ((key[1], key[0], key[2]), sp.owner) for sp, key, _ in alive if key[1] > 0
    )
    for place, (_, owner) in enumerate(reversed(strong[-3:])):
        points[owner] += 3 - place
    return points


def estimate(state: Any, seat: int, points: list[float] | None = None) -> float:
    """Points now plus those the next Evaluation would give (:func:`projected`), counted
    once more for each Evaluation still to come after it, at a discount (the table changes)."""
    ahead = points if points is not None else projected(state)
    eras_left = max(0, int(state.eras) - int(state.era))
    return float(state.score(seat)) + ahead[seat] * (1.0 + 0.5 * eras_left)


def evaluate(game: Game[Any], state: Any) -> list[float]:
    """Each seat's estimate against the best other seat's, mapped into [0, 1]."""
    points = projected(state)
    values = [estimate(state, s, points) for s in range(state.num_players)]
    out = []
    for seat, mine in enumerate(values):
        best_other = max(v for s, v in enumerate(values) if s != seat)
        out.append(max(0.0, min(1.0, 0.5 + 0.5 * (mine - best_other) / (abs(mine) + abs(
            best_other) + 1))))
    return out


def shortlist(game: Game[Any], state: Any, seat: int, legal: Sequence[Action]) -> list[Action]:
    """The greedy bot's best ``SHORTLIST`` actions in a sampled state, for the search to
    weigh: a turn offers some sixty exchanges, far more than a small budget can try once.
    ``cancel`` and ``unexchange`` are left out while anything else is legal: a search that
    may take back what it began can begin and take it back again and again."""
    if len(legal) > 1:
        legal = [a for a in legal if a.type not in ("cancel", "unexchange")] or list(legal)
    if len(legal) <= SHORTLIST:
        return list(legal)
    decision = game.decision(state)
    if decision is None:
        return list(legal)
    view = game.view(state, seat)
    values = [action_value(view, a, decision) for a in legal]
    best = sorted(range(len(legal)), key=lambda i: -values[i])[:SHORTLIST]
    return [legal[i] for i in sorted(best)]


class DarwinHeuristic(HeuristicBase):
    """The game's ``Heuristic``: ``choose`` for the greedy bot, playouts and evaluation for
    search."""

    rollout_depth = ROLLOUT_DEPTH

    def __init__(self) -> None:
        self.shortlist = shortlist

    def choose(self, view: JSON, legal_actions: Sequence[Action], decision: Decision,
               rng: random.Random) -> Action:
        return best_action(view, legal_actions, decision, rng)

    def rollout_policy(self, rng: random.Random, game: Game[Any], state: Any, seat: int,
                       legal: Sequence[Action]) -> Action:
        return rollout_policy(rng, game, state, seat, legal)

    def evaluate(self, game: Game[Any], state: Any) -> list[float]:
        return evaluate(game, state)


HEURISTIC = DarwinHeuristic()
