"""The toy game's timeout move: bid nothing, then play the lowest card in hand."""

from __future__ import annotations

from evolutio.core.match import Match
from evolutio.core.registry import get_game

GAME = get_game("toy")


def test_timeouts_bid_nothing_and_play_the_lowest_card() -> None:
    for seed in range(1, 6):
        match = Match.new(GAME, {"players": 3}, seed, keep=False)
        while not match.over:
            seat = match.pending()[0]
            chosen = match.default_action(seat).to_json()
            if chosen["type"] == "bid":
                assert chosen["tricks"] == 0
            else:
                assert chosen["card"] == min(match.state.hands[seat])
            match.act(seat, match.default_action(seat))
        assert match.outcome() is not None
