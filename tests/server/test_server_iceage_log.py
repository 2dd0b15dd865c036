"""The room's log tells the events a game names in ``logged_events`` after the sentence of
the action that caused them: Ice Age's natural change as it is revealed."""

from __future__ import annotations

from evolutio.core.match import Match
from evolutio.games.evolution.game import GAME
from evolutio.server.eventlog import with_logged_events


def test_logged_events_follow_the_action_in_every_language() -> None:
    """The action that ends the extinction phase carries the reveal's sentence after its own;
    other events (food, deaths) stay out of the room's log."""
    match = Match.new(GAME, {"players": 2, "expansions": ["ice_age"]}, 4, ["A", "B"])
    while True:
        seat = match.decision.seats[0]  # type: ignore[union-attr]
        action = match.legal(seat)[-1]
        texts = {"en": "A acts.", "ru": "A ходит.", "it": "A gioca.", "de": "A spielt."}
        events = match.act(seat, action)
        if any(e.type == "nature_revealed" for e in events):
            break
    logged = with_logged_events(texts, GAME, events, ["A", "B"], match.state.options)
    assert logged["en"].startswith("A acts. ") and "reveals the natural change" in logged["en"]
    assert logged["ru"].startswith("A ходит. ") and "вскрывает" in logged["ru"]
    assert logged["de"].startswith("A spielt. ") and logged["it"].startswith("A gioca. ")
    assert "food" not in logged["en"].lower() and "dies" not in logged["en"]
    quiet = [e for e in events if not e.type.startswith("nature_")]
    assert quiet and with_logged_events(texts, GAME, quiet, ["A", "B"]) == texts
