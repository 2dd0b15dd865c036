"""Who may choose, as every game's decisions say it, and ``Match``'s one answer to "may this
seat act now?".

A simultaneous decision names the seats still to choose (``seats``) and those who have
(``chosen``), filled by the engine itself; a game without simultaneous decisions asks one
seat at a time. ``Match.refusal`` answers with a reason code (``game_over``,
``not_your_turn``, ``already_chosen``) that each face words in its player's language.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from evolutio.core.game import Decision, IllegalAction
from evolutio.core.match import MAY_NOT_ACT, Match
from evolutio.core.registry import get_game


def who_has_chosen(game: str, state: Any) -> set[int]:
    """The seats that have chosen, read from the game's own state (not from its decision)."""
    if game == "toy":
        return {s for s, bid in enumerate(state.bids) if bid is not None}
    return {s for s, p in enumerate(state.players) if p.food_card is not None}


@pytest.mark.parametrize("name", ["toy", "northstar"])
def test_a_simultaneous_decision_names_who_has_chosen(name: str) -> None:
    """Every seat that chose joins ``chosen`` and leaves ``seats`` until the decision closes;
    the JSON form carries it; the next decision opens with nobody in it."""
    seen = 0
    for seed in range(3):
        match = Match.new(name, {"players": 3}, seed)
        rng = random.Random(seed)
        for _ in range(250):
            decision = match.decision
            if decision is None:
                break
            assert not set(decision.seats) & set(decision.chosen)
            if decision.simultaneous:
                assert set(decision.chosen) == who_has_chosen(name, match.state)
                assert decision.to_json()["chosen"] == list(decision.chosen)
                seen += bool(decision.chosen)
            seat = rng.choice(decision.seats)  # any order
            match.act(seat, rng.choice(match.legal(seat)))
            after = match.decision
            if after is not None and match.opened < match.version:  # still open
                assert after.chosen == tuple(sorted({*decision.chosen, seat}))
                assert seat not in after.seats and after.simultaneous
            elif decision.simultaneous and after is not None and after.kind == decision.kind:
                assert after.chosen == ()  # a new decision of the same kind: nobody yet
    assert seen >= 3


@pytest.mark.parametrize("name", ["evolution", "darwin"])
def test_a_game_without_simultaneous_decisions_asks_one_seat(name: str) -> None:
    """Evolution and Darwin's Choice declare no simultaneous decision and make none: one
    seat (or a turn open to side actions, Darwin's draw in another's turn), nobody
    ``chosen``, every action opens the next decision (Darwin's choices in several steps,
    ``progress``, are one seat's)."""
    assert get_game(name).info.simultaneous is False
    match = Match.new(name, {}, 5)
    rng = random.Random(5)
    steps = 0
    for _ in range(200):
        decision = match.decision
        if decision is None:
            break
        # one seat, or a turn open to others' side actions (Darwin's card draw aside)
        assert len(decision.seats) == 1 or decision.open
        assert decision.chosen == () and not decision.simultaneous
        assert "chosen" not in decision.to_json()
        seat = decision.seats[0]
        match.act(seat, rng.choice(match.legal(seat)))
        assert match.opened == match.version
        steps += decision.progress is not None
    assert name == "evolution" or steps > 0


def test_the_open_decision_continues_only_while_its_seats_stay() -> None:
    bid = Decision((0, 1, 2), "bid")
    one = Decision((0, 2), "bid", chosen=(1,))
    assert one.continues(bid) and Decision((0,), "bid", chosen=(1, 2)).continues(one)
    assert not Decision((0, 1, 2), "bid").continues(Decision((0,), "bid", chosen=(1, 2)))
    assert not Decision((0, 2), "play", chosen=(1,)).continues(bid)
    assert not Decision((0,), "bid", chosen=(2,)).continues(one)  # 1's choice undone
    assert not Decision.one(0, "turn").continues(Decision.one(0, "turn"))
    assert Decision((1,), "bid", chosen=(0,)).simultaneous
    assert not Decision.one(1, "bid").simultaneous


def refusal_of(match: Match, seat: int) -> tuple[str, str, dict[str, Any]] | None:
    reason = match.refusal(seat)
    return None if reason is None else (reason.key, str(reason), reason.fields)


def test_match_answers_may_this_seat_act_with_a_reason_code() -> None:
    match = Match.new("toy", {"players": 3, "tricks": 1}, 4)
    assert [refusal_of(match, s) for s in range(3)] == [None, None, None]
    match.act(1, match.legal(1)[0])
    chosen = ("already_chosen", MAY_NOT_ACT["already_chosen"], {"waiting": [0, 2]})
    assert refusal_of(match, 1) == chosen
    assert str(match.refusal(1)) == "You have already chosen; waiting for the others."
    with pytest.raises(IllegalAction) as refused:
        match.act(1, match.game.legal_actions(match.state, 0)[0])
    assert refused.value.key == "already_chosen" and refused.value.fields == chosen[2]
    assert refused.value.reason == chosen[1]
    with pytest.raises(IllegalAction) as parsed:
        match.parse(1, "1")
    assert parsed.value.key == "already_chosen"
    match.act(0, match.legal(0)[0])
    match.act(2, match.legal(2)[0])
    decision = match.decision
    assert decision is not None and decision.kind == "play"
    (turn,) = decision.seats
    other = (turn + 1) % 3
    assert refusal_of(match, other) == (
        "not_your_turn", "It is not your turn.", {"waiting": [turn]})
    assert refusal_of(match, turn) is None
    while not match.over:
        seat = match.pending()[0]
        match.act(seat, match.legal(seat)[0])
    assert refusal_of(match, 0) == ("game_over", "The game is over.", {})
    with pytest.raises(IllegalAction) as over:
        match.act(0, match.game.action_from_json({"type": "play", "card": 1}))
    assert over.value.key == "game_over"


def test_an_earlier_version_of_the_open_decision_stands_for_the_seats_still_choosing() -> None:
    """Only other seats' hidden choices came in since: an action chosen then still fits. A
    seat that has chosen, or a version from before the decision opened, does not."""
    match = Match.new("toy", {"players": 3, "tricks": 1}, 2)
    assert match.opened == 0 and match.stands(0, 0)
    match.act(0, match.legal(0)[1])
    match.act(2, match.legal(2)[0])
    assert match.opened == 0 and match.version == 2
    assert match.stands(1, 0) and match.stands(1, 1) and match.stands(1, 2)
    assert not match.stands(0, 0) and not match.stands(2, 1) and not match.stands(1, 3)
    state = match.state.clone()
    match.act(1, match.legal(1)[0])  # the last bid: the bids are revealed, play begins
    assert match.opened == 3 and not match.stands(match.pending()[0], 2)
    match.rewind(state)
    assert match.version == 2 and match.opened == 2  # went back: the decision opens there
    assert match.decision == Decision((1,), "bid", "Bid how many tricks you will take.",
                                      (2, 3), (0, 2))
