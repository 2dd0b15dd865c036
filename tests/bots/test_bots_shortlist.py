"""A search weighs only the actions its shortlist names, at the root and further down the
tree (on the platform's reference game Trick, whose bids and cards are few)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from evolutio.bots import Budget, InformationSet, IsmctsBot
from evolutio.core import get_game
from evolutio.core.game import Action, Game

GAME = get_game("toy")


def test_the_search_keeps_to_its_shortlist() -> None:
    asked: list[tuple[int, int]] = []

    def last_only(game: Game[Any], state: Any, seat: int, legal: Sequence[Action]) -> list[Action]:
        asked.append((seat, len(legal)))
        return [legal[-1]]

    state = GAME.new({"players": 2}, 4)
    decision = GAME.decision(state)
    assert decision is not None
    seat = decision.seats[0]
    legal = GAME.legal_actions(state, seat)
    assert len(legal) > 1
    bot = IsmctsBot(1, Budget(iterations=40), shortlist=last_only)
    info = InformationSet.of(GAME, state, seat)
    assert bot.choose(GAME.view(state, seat), legal, decision, info) == legal[-1]
    # asked at the root and at the nodes below it (the other seat's bid...)
    assert len(asked) >= 40 and any(s != seat for s, _ in asked)
    # an empty shortlist means every legal action
    everything = IsmctsBot(1, Budget(iterations=40), shortlist=lambda *a: [])
    assert everything.choose(GAME.view(state, seat), legal, decision, info) in legal
