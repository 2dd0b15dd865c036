"""Who decides, the legal actions, and checking and applying an action.

Every refusal is a sentence for the player. ``Game.apply`` checks here, then applies
(``effects.apply_action``, which mutates without checking) and runs the engine on
(``driver.advance``).
"""

from __future__ import annotations

from typing import Any

from evolutio.core.game import Action, Decision, IllegalAction
from evolutio.games.northstar import attack, driver, ops, refusals
from evolutio.games.northstar.actions import (
    Attack,
    ChooseFood,
    Done,
    Eat,
    Grow,
    NewSpecies,
    Pass,
    PlayTrait,
    Use,
)
from evolutio.games.northstar.state import Species, State
from evolutio.games.northstar.trait import TRAITS, has, is_carnivore

PROMPTS = {
    "food": "Choose a card to put face down on the watering hole as food.",
    "play": "Play cards: new species, body size, population or traits; then done.",
    "before": "Before feeding: use Long Neck, Fertile, Fat Tissue, Intelligence.",
    "feed": "Feed a hungry species: eat at the watering hole or attack.",
}


def decision(state: State) -> Decision | None:
    """Who decides now (computed once per position: ``State.memo``)."""
    memo = state.memo
    if "decision" in memo:
        found: Decision | None = memo["decision"]
        return found
    if state.phase == "over":
        found = None
    elif state.phase == "food":
        waiting = driver.food_waiting(state)
        chosen = tuple(seat for seat, p in enumerate(state.players) if p.food_card is not None)
        total = len(waiting) + len(chosen)
        found = Decision(waiting, "food", PROMPTS["food"], (len(chosen), total), chosen)
    else:
        found = Decision.one(state.current, state.phase, PROMPTS[state.phase])
    memo["decision"] = found
    return found


def trait_limit(state: State) -> int:
    """3 traits per species, 2 in a 2-player game (seed 002 "Karten ausspielen"); 4 in the
    Climate edition."""
    if state.climate is not None:
        return 4
    return 2 if state.two_players else 3


def legal_actions(state: State, seat: int) -> list[Action]:
    """``seat``'s legal actions, listed once per position (``State.memo``) and copied out,
    so that ``check`` knows them again by identity."""
    found = state.memo.get(seat)
    if found is None:
        found = state.memo[seat] = (_legal(state, seat), None)
    return list(found[0])


def _legal(state: State, seat: int) -> list[Action]:
    current = decision(state)
    if current is None or seat not in current.seats:
        return []
    player = state.players[seat]
    if state.phase == "food":
        made: dict[object, Action] = state.per_game.setdefault("food", {})
        out: list[Action] = []
        for card in player.hand:  # each choice made once per game
            choice = made.get(card)
            if choice is None:
                choice = made[card] = ChooseFood(card)
            out.append(choice)
        return out
    if state.phase == "before":
        return driver.before_actions(state, seat)
    if state.phase == "feed":
        cache = state.feed_cache
        out = list(cache[1]) if cache is not None and cache[0] == seat \
            else driver.feed_actions(state, seat)
        if not driver.must_feed(state, seat) and state.intel is None:
            out.append(Pass())
        return out
    return _play_actions(state, player.hand, player.species)


#: the one ``done`` of the play phase's listings (actions are values: one object serves).
DONE = Done()

#: a species as the play phase's actions on it see it: id, may grow body, may grow
#: population, trait cards, room for a trait.
_Sig = tuple[int, bool, bool, tuple[int, ...], bool]


def _play_actions(state: State, hand: list[int], row: list[Species]) -> list[Action]:
    """New species, growth and traits for every hand card, then ``done``.

    A card's actions on one species depend only on the card and the species' id, trait
    cards, whether it may grow and whether it has room for a trait; a seat plays several
    cards in a row and each changes one species, so these pieces are built once per game
    (``State.per_game``) and the listing joins them."""
    top = ops.max_track(state)
    limit = trait_limit(state)
    per_game = state.per_game
    pieces = per_game.get("play")
    if pieces is None or len(pieces) > 20_000:
        pieces = per_game["play"] = {}
    made = per_game.get("made")
    if made is None or len(made) > 50_000:
        made = per_game["made"] = {}
    rows: list[tuple[dict[int, tuple[Action, ...]], _Sig]] = []
    flight = state.flight is not None
    for sp in row:
        traits = sp.traits
        body_top = _flight_top(state, sp, top) if flight else top
        sig = (sp.id, sp.body < body_top, sp.pop < top, tuple(traits), len(traits) < limit)
        per_card = pieces.get(sig)
        if per_card is None:
            per_card = pieces[sig] = {}
        rows.append((per_card, sig))
    cards = state.cards
    out: list[Action] = []
    extend = out.extend
    for card in hand:
        sides = made.get(card)
        if sides is None:
            sides = made[card] = (NewSpecies(card, "left"), NewSpecies(card, "right"))
        extend(sides)
        for per_card, sig in rows:
            found = per_card.get(card)
            if found is None:
                found = per_card[card] = _on_species(made, cards, card, *sig)
            extend(found)
    if flight:  # Flight: new avian species (two cards each)
        from evolutio.games.northstar.flight_rules import avian_actions

        extend(avian_actions(state, hand))
    out.append(DONE)
    return out


def _flight_top(state: State, species: Species, top: int) -> int:
    """Flight: an avian species' body size tops at 3 (flight_rules)."""
    from evolutio.games.northstar.flight_rules import grow_top

    return grow_top(state, species, top)


def _on_species(made: dict[object, Any], cards: tuple[tuple[str, int], ...], card: int,
                sid: int, body_ok: bool, pop_ok: bool, traits: tuple[int, ...],
                room: bool) -> tuple[Action, ...]:
    """What ``card`` may do on one species: grow it, or become a trait (only over the card
    of the same trait if it has one: never the same trait twice; else over any, or added
    when there is room). Each action object is made once per game (``made``)."""
    key = (card, sid)
    grows = made.get(key)
    if grows is None:
        grows = made[key] = (Grow(card, sid, "body"), Grow(card, sid, "pop"),
                             PlayTrait(card, sid))
    out: list[Action] = []
    if body_ok:
        out.append(grows[0])
    if pop_ok:
        out.append(grows[1])
    trait = cards[card][0]
    if trait.startswith("event_"):  # Flight: an event card is never a trait
        return tuple(out)
    names = [cards[c][0] for c in traits]
    over = [traits[names.index(trait)]] if trait in names else traits
    for old in over:
        key3 = (card, sid, old)
        found = made.get(key3)
        if found is None:
            found = made[key3] = PlayTrait(card, sid, old)
        out.append(found)
    if room and trait not in names:
        out.append(grows[2])
    return tuple(out)


#: a listing of at most this many legal actions is known again by identity in ``check``
#: (a longer one, of the play phase, costs more to index than its refusal tests cost).
SHORT = 24


def check(state: State, seat: int, action: Action) -> None:
    """Refuse an illegal action. One of this position's short listing of legal actions
    passes by identity, without the refusal's tests."""
    found = state.memo.get(seat)
    if found is not None and len(found[0]) <= SHORT:
        ids = found[1]
        if ids is None:
            ids = {id(a) for a in found[0]}
            state.memo[seat] = (found[0], ids)
        if id(action) in ids:
            return
    reason = refusal(state, seat, action)
    if reason:
        raise IllegalAction(reason)


def refusal(state: State, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not play ``action`` now, or None."""
    current = decision(state)
    if current is None:
        return refusals.refusal("over")
    if not 0 <= seat < state.num_players:
        return refusals.refusal("no_seat", seat=seat)
    if seat not in current.seats:
        if state.phase == "food":
            return refusals.refusal("food_chosen")
        return refusals.refusal("not_your_turn")
    if state.phase == "food":
        if not isinstance(action, ChooseFood):
            return refusals.refusal("food_first")
        return _card_block(state, seat, action.card)
    if state.phase == "play":
        return _play_block(state, seat, action)
    if state.phase == "before":
        if isinstance(action, Done):
            if Done() not in driver.before_actions(state, seat):
                return refusals.refusal("use_first")
            return None
        if not isinstance(action, Use):
            return refusals.refusal("before_only")
        return _use_block(state, seat, action, before=True)
    if isinstance(action, Pass):
        if state.intel is not None:
            return refusals.refusal("intel_attack")
        if driver.must_feed(state, seat):
            return refusals.refusal("must_feed")
        return None
    if state.intel is not None and not (
        isinstance(action, (Attack, Use)) and action.species == state.intel[0]
    ):
        return refusals.refusal("intel_must", species=state.intel[0])
    if state.flight is not None:  # Flight: feeding at the Cliff
        from evolutio.games.northstar.flight import EatCliff
        from evolutio.games.northstar.flight_rules import cliff_block

        if isinstance(action, EatCliff):
            found = _own(state, seat, action.species)
            return found if isinstance(found, str) else cliff_block(state, seat, found)
    if isinstance(action, Eat):
        found = _own(state, seat, action.species)
        if isinstance(found, str):
            return found
        if is_carnivore(state, found):
            return refusals.refusal("no_plants")
        if state.watering_hole <= 0:
            return refusals.refusal("hole_empty")
        if ops.room(state, found) == 0:
            return ops.full_refusal(state, found, "fed")
        return None
    if isinstance(action, Attack):
        found = _own(state, seat, action.species)
        if isinstance(found, str):
            return found
        return attack.attack_block(state, seat, found, action.target)
    if isinstance(action, Use):
        return _use_block(state, seat, action, before=False)
    return refusals.refusal("feeding_turn")


def _card_block(state: State, seat: int, card: int) -> str | None:
    if card not in state.players[seat].hand:
        return refusals.refusal("not_in_hand")
    return None


def _own(state: State, seat: int, sid: int) -> Species | str:
    for species in state.players[seat].species:
        if species.id == sid:
            return species
    if state.find(sid) is None:
        return refusals.refusal("no_species", species=sid)
    return refusals.refusal("not_yours", species=sid)


def _play_block(state: State, seat: int, action: Action) -> str | None:
    """Seed 002 "Karten ausspielen": new species only at either end; body and population at
    most 6 (R-N34); at most 3 traits (2 with 2 players), never twice the same; at the limit a
    new trait replaces one (R-N21)."""
    if isinstance(action, Done):
        return None
    if state.flight is not None:  # Flight: a new avian species
        from evolutio.games.northstar.flight import NewAvian
        from evolutio.games.northstar.flight_rules import avian_block

        if isinstance(action, NewAvian):
            return avian_block(state, seat, action)
    if not isinstance(action, (NewSpecies, Grow, PlayTrait)):
        return refusals.refusal("play_what")
    block = _card_block(state, seat, action.card)
    if block:
        return block
    if isinstance(action, NewSpecies):
        if action.side not in ("left", "right"):
            return refusals.refusal("ends_only")
        return None
    species = _own(state, seat, action.species)
    if isinstance(species, str):
        return species
    top = ops.max_track(state)
    if isinstance(action, Grow):
        if action.track not in ("body", "pop"):
            return refusals.refusal("grow_what")
        if action.track == "body" and state.flight is not None:
            top = _flight_top(state, species, top)
        value = species.body if action.track == "body" else species.pop
        if value >= top:
            key = "body_top" if action.track == "body" else "pop_top"
            return refusals.refusal(key, species=action.species, top=top)
        return None
    assert isinstance(action, PlayTrait)
    trait = state.cards[action.card][0]
    if state.flight is not None:  # Flight: an event card is never a trait
        from evolutio.games.northstar.flight_rules import trait_block

        block = trait_block(state, action.card)
        if block:
            return block
    traits = species.traits
    if action.replace is not None:
        if action.replace not in traits:
            return refusals.refusal("not_trait_of", species=action.species)
        others = [state.cards[c][0] for c in traits if c != action.replace]
        if trait in others:
            return refusals.refusal("has", species=action.species, trait=trait)
        return None
    if trait in (state.cards[c][0] for c in traits):
        return refusals.refusal("twice", species=action.species, trait=trait)
    limit = trait_limit(state)
    if len(traits) >= limit:
        return refusals.refusal(
            "traits_full_two" if limit == 2 else "traits_full", species=action.species, limit=limit
        )
    return None


def _use_block(state: State, seat: int, action: Use, before: bool) -> str | None:
    species = _own(state, seat, action.species)
    if isinstance(species, str):
        return species
    if action.trait not in TRAITS:
        return refusals.refusal("no_trait", name=action.trait)
    if not has(state, species, action.trait):
        return refusals.refusal("lacks", species=action.species, trait=action.trait)
    trait = TRAITS[action.trait]
    if before and not trait.before_feeding:
        return refusals.refusal("not_before", trait=action.trait)
    if not before and not trait.feeding_use:
        return refusals.refusal("not_feeding", trait=action.trait)
    return trait.use_block(state, seat, species, action)
