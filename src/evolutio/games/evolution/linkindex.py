"""The paired traits on the table by animal, for the engine's hot queries.

An animal's need, whether it may eat, whether a link guards it from an attack, the token
triggers of a link and the feeding actions of a paired trait all asked, per animal, which
links touch it: each of them read every link of the table to find out. ``LinkIndex`` reads
them once per set of links and answers per animal (the class lives in links.py, below the
state, which knows no trait; the trait tables are given here). ``State.link_index`` keeps
it until the links change: whatever adds or removes a link, or puts another dict in
``State.links``, sets it back to None; clones share it, as they share the links' values
until one of them changes its own. ``tests/games/evolution/test_evolution_caches.py``
compares it with a fresh one at every decision of random games.
"""

from __future__ import annotations

from evolutio.games.evolution.links import LinkIndex
from evolutio.games.evolution.state import State
from evolutio.games.evolution.trait import (
    EATING_BLOCKERS,
    FEEDERS,
    FOOD,
    LIMITERS,
    LINK_ATTACK_BLOCKERS,
)


def link_index(state: State) -> LinkIndex:
    """The state's index of its links, made when first asked after they changed."""
    index = state.link_index
    if index is None:
        index = state.link_index = LinkIndex(
            state.links, FOOD, EATING_BLOCKERS, LINK_ATTACK_BLOCKERS, FEEDERS, LIMITERS
        )
    return index
