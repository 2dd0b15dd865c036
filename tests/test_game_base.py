"""core.base: every registered game derives from ``GameBase`` and has every member of the
contract; a game that gives only what the contract requires plays through the faces on the
base's defaults."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from evolutio.bots.base import BotError, InformationSet
from evolutio.bots.levels import heuristic_of, level_spec, make_bot
from evolutio.cli.render import render_view
from evolutio.core import get_game
from evolutio.core.base import GameBase, HeuristicBase
from evolutio.core.game import (
    JSON,
    Action,
    Decision,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Options,
    Outcome,
    decision_prompt,
    describe_choice,
    describe_refusal,
    parse_by_notation,
)
from evolutio.core.match import Match
from evolutio.core.options import OptionSpec, normalize
from evolutio.core.protocols import Heuristic
from evolutio.core.registry import available_games
from evolutio.rl.codec import NoEncodingError, encoding_of
from evolutio.server.history import entry_texts
from evolutio.server.table import confirms, outcome_json, score_json

#: every member the ``Game`` protocol declares, methods and attributes together.
MEMBERS = sorted(
    {name for name in vars(Game) if not name.startswith("_")} | set(Game.__annotations__)
)


@pytest.mark.parametrize("name", available_games())
def test_every_registered_game_is_a_game_base_with_every_member(name: str) -> None:
    game = get_game(name)
    assert isinstance(game, GameBase)
    missing = [member for member in MEMBERS if not hasattr(game, member)]
    assert not missing, f"{name} lacks {missing}"
    heuristic = game.heuristic
    if heuristic is not None:
        assert isinstance(heuristic, HeuristicBase) and isinstance(heuristic, Heuristic)


def test_the_protocol_declares_the_capabilities() -> None:
    for member in ("heuristic", "terminal", "web", "encoding", "scoreboard", "undoable",
                   "confirms", "reference", "overview", "reference_groups",
                   "describe_decision", "describe_choice", "describe_refusal", "describe_done",
                   "explain", "setup_new", "pause", "labels"):
        assert member in MEMBERS


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take ``count`` stones from the pile."""

    count: int
    type: ClassVar[str] = "take"

    def notation(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True, slots=True)
class Taken(Event):
    seat: int
    count: int
    type: ClassVar[str] = "taken"


class PileState:
    """Stones left, whose turn, and who took the last stone."""

    def __init__(self, options: dict[str, Any], seed: int, pile: int) -> None:
        self.options = options
        self.seed = seed
        self.pile = pile
        self.turn = 0
        self.winner: int | None = None

    @property
    def num_players(self) -> int:
        return 2

    def clone(self) -> PileState:
        other = PileState(dict(self.options), self.seed, self.pile)
        other.turn, other.winner = self.turn, self.winner
        return other


class Pile(GameBase):
    """Two seats take one or two stones in turn; who takes the last wins. Only what the
    contract requires: every capability comes from the base."""

    name = "pile"
    title = "Pile"
    info = GameInfo(min_players=2, max_players=2, chance=False)
    OPTIONS = (OptionSpec("stones", "int", 4, {"en": "Stones"}, low=1, high=9),)

    def options_spec(self) -> Sequence[OptionSpec]:
        return self.OPTIONS

    def normalize_options(self, options: Options) -> dict[str, Any]:
        return normalize(self.OPTIONS, options)

    def new(self, options: Options, seed: int) -> PileState:
        normal = self.normalize_options(options)
        return PileState(normal, seed, normal["stones"])

    def decision(self, state: PileState) -> Decision | None:
        return None if state.winner is not None else Decision.one(state.turn, "take", "Take.")

    def legal_actions(self, state: PileState, seat: int) -> list[Action]:
        if state.winner is not None or seat != state.turn:
            return []
        return [Take(n) for n in (1, 2) if n <= state.pile]

    def check(self, state: PileState, seat: int, action: Action) -> None:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("Not now.", "not_now")

    def apply(self, state: PileState, seat: int, action: Action) -> list[Event]:
        self.check(state, seat, action)
        assert isinstance(action, Take)
        state.pile -= action.count
        if state.pile == 0:
            state.winner = seat
        state.turn = 1 - seat
        return [Taken(seat, action.count)]

    def default_action(self, state: PileState, seat: int) -> Action:
        return self.legal_actions(state, seat)[0]

    def view(self, state: PileState, seat: int | None) -> JSON:
        return {"pile": state.pile, "turn": state.turn}

    def outcome(self, state: PileState) -> Outcome | None:
        if state.winner is None:
            return None
        ranks = tuple(1 if seat == state.winner else 2 for seat in range(2))
        return Outcome(tuple(2 - rank for rank in ranks), ranks)

    def determinize(self, state: PileState, seat: int, rng: Any) -> PileState:
        return state.clone()

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return Take(int(data["count"]))

    def parse_action(self, state: PileState, seat: int, text: str) -> Action:
        return parse_by_notation(self.legal_actions(state, seat), text)

    def snapshot(self, state: PileState) -> JSON:
        return {"pile": state.pile, "turn": state.turn}

    def from_position(self, options: Options, position: Mapping[str, Any], seed: int) -> PileState:
        state = self.new(options, seed)
        state.pile, state.turn = position["pile"], position["turn"]
        return state

    def reference_fields(self) -> tuple[str, ...]:
        return ()

    def describe_action(self, state: Any, action: Action, language: str = "en") -> str:
        assert isinstance(action, Take)
        return f"takes {action.count}"

    def describe_event(self, event: Event, language: str = "en", seats: list[str] | None = None,
                       *, options: Options | None = None) -> str:
        return ""  # the log reads the action: bookkeeping events only

    def action_targets(self, state: PileState, action: Action) -> tuple[tuple[str, int | str], ...]:
        return ()


PILE: Game[PileState] = Pile()


def test_a_bare_game_plays_through_the_faces_on_the_defaults() -> None:
    match = Match.new(PILE, {}, 3)
    state, decision = match.state, match.decision
    assert decision is not None
    action = match.legal(0)[0]
    # the server's table and legal actions: no score, no confirming click, the public sentence
    assert score_json(PILE, state) is None
    assert confirms(PILE, state, action) is False
    assert describe_choice(PILE, state, action, "de") == "takes 1"
    assert decision_prompt(PILE, state, decision, "ru") == "Take."
    refused = IllegalAction("Not now.", "not_now")
    assert describe_refusal(PILE, refused, "it") == "Not now."
    assert PILE.explain(state, 0, (("pile", 0),)) is None
    assert PILE.undoable(state.clone(), 0, action, []) is False
    assert PILE.labels("en") == {} and PILE.web is None
    assert (PILE.reference("en"), PILE.overview("en"), PILE.reference_groups("en")) == ({}, "", [])
    assert PILE.setup_new({}, {}, 1) is None and PILE.pause(state, ["phase"]) is False
    # the log: the events say nothing and the game has no describe_done, so nothing is said
    before = match.state.clone()
    events = match.act(0, action)
    assert entry_texts(PILE, match.state, (0, action, events), ["Ann", "Bob"], False,
                       ("en",)) == {"en": ""}
    assert before.pile == match.state.pile + 1
    # the terminal draws its view as a tree; rl refuses it with the reason
    assert render_view(PILE, PILE.view(match.state, 0), ["Ann", "Bob"]) is not None
    with pytest.raises(NoEncodingError, match="pile"):
        encoding_of(PILE)
    # the bots: no heuristic, so no greedy; random and search play it to the end
    assert heuristic_of(PILE) is None
    assert level_spec("hard", PILE).startswith("ismcts")
    with pytest.raises(BotError, match="has none"):
        make_bot("greedy", 1, PILE)
    bots = [make_bot("random", 1, PILE), make_bot("ismcts:20", 2, PILE)]
    while (decision := match.decision) is not None:
        seat = decision.seats[0]
        info = InformationSet.of(PILE, match.state, seat, match.version, moves=match.version)
        match.act(seat, bots[seat].choose(match.view(seat), match.legal(seat), decision, info))
    outcome = match.outcome()
    assert outcome is not None
    assert "breakdown" not in outcome_json(PILE, match.state, outcome)
