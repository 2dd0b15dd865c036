"""The room's log is told from the events: Ice Age's natural change, as it is revealed, is
in the entry of the action that ended the extinction phase, in every language."""

from __future__ import annotations

from evolutio.core.match import Match
from evolutio.games.evolution.game import GAME
from evolutio.server.history import entry_texts


def test_the_revealed_natural_change_is_logged_in_every_language() -> None:
    match = Match.new(GAME, {"players": 2, "expansions": ["ice_age"]}, 4, ["A", "B"])
    while True:
        seat = match.decision.seats[0]  # type: ignore[union-attr]
        action = match.legal(seat)[-1]
        events = match.act(seat, action)
        if any(e.type == "nature_revealed" for e in events):
            break
    texts = entry_texts(GAME, match.state, (seat, action, events), ["A", "B"], False,
                        options=match.state.options)
    assert "reveals the natural change" in texts["en"]
    assert "вскрывает" in texts["ru"]
    assert all(texts[lang] and texts[lang] != texts["en"] for lang in ("ru", "it", "de"))
