"""Applying an action already checked: what each kind of action changes in the state.

Below both the driver (``driver.advance``, which makes a seat's only possible use itself) and
the rules (``rules.check``), so that neither reaches up into the other; ``Game.apply`` checks
first, applies here, then runs the driver on.
"""

from __future__ import annotations

from evolutio.core.game import Action, Event
from evolutio.games.northstar import attack, ops
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
from evolutio.games.northstar.events import FoodChosen, Passed, Played
from evolutio.games.northstar.state import State
from evolutio.games.northstar.trait import TRAITS


def mark_done(state: State, seat: int) -> None:
    """The seat has ended its turn in the play or before-feeding phase."""
    state.players[seat].passed = True
    state.current = (seat + 1) % state.num_players


def apply_action(state: State, seat: int, action: Action) -> list[Event]:
    """Mutate for an action already checked."""
    state.feed_cache = None
    state.memo.clear()
    state.attack = None
    events: list[Event] = []
    player = state.players[seat]
    if isinstance(action, ChooseFood):
        player.hand.remove(action.card)
        player.food_card = action.card
        events.append(FoodChosen(seat))
    elif isinstance(action, Done):
        if state.phase == "play":
            events.append(Passed(seat, "play"))
        mark_done(state, seat)
    elif isinstance(action, NewSpecies):
        player.hand.remove(action.card)
        state.discard.append(action.card)
        species = ops.new_species(state, seat, action.side == "right")
        events.append(Played(seat, "species", action.card, species.id))
    elif isinstance(action, Grow):
        player.hand.remove(action.card)
        state.discard.append(action.card)
        found = state.find(action.species)
        assert found is not None
        if action.track == "body":
            found[2].body += 1
        else:
            found[2].pop += 1
        events.append(Played(seat, action.track, action.card, action.species))
    elif isinstance(action, PlayTrait):
        player.hand.remove(action.card)
        found = state.find(action.species)
        assert found is not None
        traits = found[2].traits
        if action.replace is not None:
            traits[traits.index(action.replace)] = action.card
            if state.flight is None or not _flight_returned(state, action.replace):
                state.discard.append(action.replace)
            state.face_down.discard(action.replace)
        else:
            traits.append(action.card)
        state.face_down.add(action.card)
        state.plays += ((seat, action.card),)
        events.append(Played(seat, "trait", action.card, action.species,
                             state.cards[action.card][0], action.replace))
    elif isinstance(action, Use):
        found = state.find(action.species)
        assert found is not None
        TRAITS[action.trait].use(state, seat, found[2], action, events)
    elif isinstance(action, Eat):
        found = state.find(action.species)
        assert found is not None
        amount = max(TRAITS[state.cards[c][0]].plant_take for c in found[2].traits) \
            if found[2].traits else 1
        ops.take(state, seat, found[1], amount, "plant", "eat", events)
        state.current = (seat + 1) % state.num_players
    elif isinstance(action, Attack):
        found = state.find(action.species)
        assert found is not None
        attack.resolve(state, seat, found[2], action.target, events)
        state.current = (seat + 1) % state.num_players
    elif isinstance(action, Pass):
        player.passed = True
        events.append(Passed(seat, "feed"))
        state.current = (seat + 1) % state.num_players
    elif state.flight is not None:  # Flight: a new avian species, a feed at the Cliff
        from evolutio.games.northstar.flight_rules import apply

        apply(state, seat, action, events)
    if state.phase == "play" and not player.hand:
        mark_done(state, seat)
    return events


def _flight_returned(state: State, card: int) -> bool:
    """Flight: a Flight card swapped out goes back beside the table (flight_rules)."""
    from evolutio.games.northstar.flight import returned

    return returned(state, card)
