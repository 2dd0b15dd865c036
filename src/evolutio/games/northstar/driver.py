"""The six phases of a round and the driver that runs the engine to the next real choice.

Seed 002 "Ablauf": Karten erhalten, Nahrungsangebot festlegen, Karten ausspielen, Vor dem
Fressen, Fressen, Abrechnung; "Fine del gioco" for the end (R-N15).
"""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.northstar import attack, climate, ops
from evolutio.games.northstar.actions import Attack, Done, Eat, Use
from evolutio.games.northstar.effects import apply_action
from evolutio.games.northstar.events import (
    Banked,
    FoodRevealed,
    GameOver,
    NewBoard,
    RoundBegan,
    TraitsRevealed,
)
from evolutio.games.northstar.state import State
from evolutio.games.northstar.trait import TRAITS, is_carnivore, traits_of

CARDS_PER_ROUND = 3


def start_round(state: State, events: list[Event]) -> None:
    """Deal 3 cards plus 1 per species, player by player from the first player (R-N37);
    a reshuffle here makes this round the last (seed 002 "Fine del gioco")."""
    events.append(RoundBegan(state.round, state.first_player,
                             state.last_round == state.round))
    state.revealed = ()
    per_round = CARDS_PER_ROUND if state.climate is None else climate.CARDS_PER_ROUND
    for seat in state.seats_from(state.first_player):
        count = per_round + len(state.players[seat].species)
        ops.draw(state, seat, count, True, events)
    state.phase = "food"
    for player in state.players:
        player.food_card = None
        player.passed = False


def food_waiting(state: State) -> tuple[int, ...]:
    """Seats still to put a food card down (a seat with no card has nothing to choose)."""
    return tuple(
        seat for seat, p in enumerate(state.players) if p.food_card is None and p.hand
    )


def reveal(state: State, events: list[Event]) -> None:
    """Before feeding: the food cards are revealed and summed onto the watering hole, never
    below 0 (R-N06), then discarded; the traits played are revealed (R-N22)."""
    cards = tuple(p.food_card for p in state.players if p.food_card is not None)
    values = tuple(state.cards[c][1] for c in cards)
    total = sum(values)
    if state.climate is not None:  # Climate's phase 4, Modify Environment
        total += climate.modify_environment(state, cards, events)
    if total >= 0:
        state.food_in += total
        state.watering_hole += total
    else:
        removed = min(state.watering_hole, -total)
        state.food_out += removed
        state.watering_hole -= removed
    for player in state.players:
        player.food_card = None
        player.passed = False
    state.discard.extend(cards)
    state.revealed = cards
    events.append(FoodRevealed(cards, values, total, state.watering_hole))
    if state.flight is not None:  # Flight: the Cliff and the event cards
        from evolutio.games.northstar.flight_rules import on_reveal

        on_reveal(state, cards, events)
    if state.face_down:
        events.append(TraitsRevealed(tuple(sorted(state.face_down))))
        state.face_down.clear()
    state.used.clear()
    state.phase = "before"
    state.current = state.first_player


def before_actions(state: State, seat: int) -> list[Action]:
    """The before-feeding uses of ``seat``: Long Neck, Fertile, Fat Tissue and herbivore
    Intelligence, each once per species, in the order the player chooses (R-N07). ``done``
    once no obligatory use is left (Intelligence is optional: it costs a card)."""
    uses: list[Action] = []
    mandatory = False
    for species in state.players[seat].species:
        for trait in traits_of(state, species):
            if trait.before_feeding:
                found = trait.uses(state, seat, species)
                uses.extend(found)
                mandatory = mandatory or (bool(found) and not trait.optional)
    if uses and not mandatory:
        uses.append(Done())
    return uses


def feed_actions(state: State, seat: int) -> list[Action]:
    """What ``seat`` may do in its feeding turn: feed a non-carnivore from the watering
    hole, attack, or use a carnivore's Intelligence (seed 002 "Fressen")."""
    player = state.players[seat]
    if player.passed:
        return []
    out: list[Action] = []
    if state.intel is not None:
        found = state.find(state.intel[0])
        if found is None or found[0] != seat:
            return []
        carnivore = found[2]
        out.extend(Attack(carnivore.id, t) for t in attack.targets(state, seat, carnivore))
        for trait in traits_of(state, carnivore):
            if trait.feeding_use:
                out.extend(trait.uses(state, seat, carnivore))
        return out
    cards = state.cards
    hole = state.watering_hole > 0
    made: dict[object, Action] = state.per_game.setdefault("feed", {})
    for species in player.species:
        kinds = [TRAITS[cards[c][0]] for c in species.traits]
        sid = species.id
        if any(t.meat_only for t in kinds):
            for target in attack.targets(state, seat, species):
                key = (sid, target)
                hit = made.get(key)
                if hit is None:
                    hit = made[key] = Attack(sid, target)
                out.append(hit)
            for trait in kinds:
                if trait.feeding_use:
                    out.extend(trait.uses(state, seat, species))
        elif hole and (species.food < species.pop
                       or sum(t.fat_capacity(species) for t in kinds) > species.fat
                       or (state.flight is not None and ops.room(state, species) > 0)):
            # ops.can_take(state, species, "plant"), inline: hungry, or room for fat
            # (or, with Flight, upkeep to pay)
            eat = made.get(sid)
            if eat is None:
                eat = made[sid] = Eat(sid)
            out.append(eat)
    if state.flight is not None:  # Flight: feeding at the Cliff
        from evolutio.games.northstar.flight_rules import cliff_actions

        out.extend(cliff_actions(state, seat))
    return out


def must_feed(state: State, seat: int) -> bool:
    """A hungry species that can eat forces a feed: a non-carnivore with plant food on the
    watering hole, a carnivore with a target (R-N10, R-N11)."""
    if state.flight is not None:  # Flight: upkeep and the Cliff count too
        from evolutio.games.northstar.flight_rules import must_feed as flight_must_feed

        return flight_must_feed(state, seat)
    for species in state.players[seat].species:
        if not ops.hungry(species):
            continue
        if is_carnivore(state, species):
            if attack.targets(state, seat, species, frozenset()):
                return True
        elif state.watering_hole > 0:
            return True
    return False


def end_round(state: State, events: list[Event]) -> None:
    """Scoring the round: population falls to the food eaten, no food means extinction;
    food goes into the bags; leftover plant food stays; players with no species get one
    (R-N19); the first-player marker passes on (seed 002 "Ende der Fütterung")."""
    if state.flight is not None:  # Flight: upkeep is not scored
        from evolutio.games.northstar.flight_rules import end_round as flight_end_round

        flight_end_round(state)
    for seat in state.seats_from(state.first_player):
        player = state.players[seat]
        for species in list(player.species):
            if species.food < species.pop:
                if species.food == 0:
                    species.pop = 0
                    ops.extinct(state, seat, species, events)
                    continue
                species.pop = species.food
        eaten = sum(s.food for s in player.species)
        for species in player.species:
            species.food = 0
        player.bag += eaten
        events.append(Banked(seat, eaten))
    if state.last_round is not None and state.round >= state.last_round:
        state.phase = "over"
        from evolutio.games.northstar.scoring import scores

        events.append(GameOver(tuple(scores(state))))
        return
    for seat, player in enumerate(state.players):
        if not player.species:
            species = ops.new_species(state, seat, True)
            events.append(NewBoard(seat, species.id))
    state.first_player = (state.first_player + 1) % state.num_players
    state.round += 1
    start_round(state, events)


def advance(state: State, events: list[Event]) -> None:
    """Run the engine until some seat has a real choice, or the game is over."""
    while True:
        if state.phase == "food":
            if food_waiting(state):
                return
            state.phase = "play"
            state.current = state.first_player
            for player in state.players:
                player.passed = False
        if state.phase == "play":
            player = state.players[state.current]
            if not player.passed and player.hand:
                return  # the seat playing goes on (the usual case)
            seat = _next_seat(state, lambda s: not state.players[s].passed
                              and bool(state.players[s].hand))
            if seat is not None:
                state.current = seat
                return
            reveal(state, events)
        if state.phase == "before":
            seat = _next_seat(state, lambda s: not state.players[s].passed
                              and bool(before_actions(state, s)))
            if seat is None:
                _begin_feeding(state)
                continue
            state.current = seat
            legal = before_actions(state, seat)
            if len(legal) > 1:
                return
            events.extend(apply_action(state, seat, legal[0]))
            continue
        if state.phase == "feed":
            for seat in state.seats_from(state.current):
                found = feed_actions(state, seat)
                if found:
                    state.current = seat
                    state.feed_cache = (seat, found)
                    return
            end_round(state, events)
            continue
        return


def _begin_feeding(state: State) -> None:
    state.phase = "feed"
    state.current = state.first_player
    state.intel = None
    for player in state.players:
        player.passed = False


def _next_seat(state: State, ready: object) -> int | None:
    """From the current seat clockwise, the first seat for which ``ready(seat)`` holds."""
    assert callable(ready)
    for seat in state.seats_from(state.current):
        if ready(seat):
            return seat
    return None


__all__ = ["Done", "Use", "advance", "before_actions", "feed_actions", "must_feed"]
