"""The opening hand in one step (``draw_split``: so many small, so many large) beside the
card-by-card draw, which old records use and which still replays (docs/rules/darwin.md,
"Start hands")."""

from __future__ import annotations

import random

from evolutio.core.match import Match, replay
from evolutio.games.darwin.actions import Draw, DrawSplit
from evolutio.games.darwin.cards import load_catalog

LARGE = [c.large for c in load_catalog().cards]


def test_the_opening_hand_is_drawn_in_one_step() -> None:
    match = Match.new("darwin", {"players": 3}, 11, ["A", "B", "C"])
    decision = match.decision
    assert decision is not None and decision.seats == (0,) and decision.kind == "draw"
    assert decision.progress == (0, 10)
    legal = match.legal(0)
    assert [a for a in legal if isinstance(a, DrawSplit)] == [
        DrawSplit(s, 10 - s) for s in range(11)]
    assert Draw("small") in legal and Draw("large") in legal
    match.act(0, DrawSplit(4, 6))
    hand = match.state.hands[0]
    assert len(hand) == 10 and sum(LARGE[c] for c in hand) == 6
    after = match.decision
    assert after is not None and after.seats == (1,) and after.progress == (0, 10)


def test_a_record_of_the_card_by_card_opening_replays() -> None:
    """A record made before the one-step draw (rules 2, ten ``draw`` decisions a seat)
    replays to the same position."""
    rng = random.Random(4)
    match = Match.new("darwin", {"players": 3}, 4, ["A", "B", "C"])
    while (decision := match.decision) is not None and match.version < 200:
        seat = decision.seats[0]
        legal = [a for a in match.legal(seat) if not isinstance(a, DrawSplit)]
        match.act(seat, rng.choice(legal))
    record = match.finish_record()
    assert sum(1 for _, action in record.actions if action["type"] == "draw") >= 30
    record.rules = 2
    *_, (last, _) = replay(record)
    assert last.state.hands == match.state.hands
    assert last.version == match.version
