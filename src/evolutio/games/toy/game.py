"""Trick, the platform's reference game.

Rules. Cards 1 to 13 are shuffled and each of 2-4 players is dealt one card per trick (3
tricks by default). First every player bids, at the same time and face down, how many tricks
they will take (0 to the number of tricks); the bids are revealed together once the last one
is in. Then, trick by trick, starting with a random player and then with the last trick's
winner, each player plays one card face up; the highest card takes the trick and scores the
sum of its cards. A player who took exactly as many tricks as they bid scores 10 more. The
highest score wins; equal scores are split by tricks taken.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from evolutio.core.base import GameBase
from evolutio.core.encoding import Encoding
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
    Tally,
    parse_by_notation,
)
from evolutio.core.options import OptionSpec, normalize
from evolutio.core.rng import Rng
from evolutio.core.scoring import Scoreboard, labels_in
from evolutio.core.words import words
from evolutio.games.toy import reference, rules, scoring, texts
from evolutio.games.toy.actions import ACTION_TYPES, Play
from evolutio.games.toy.position import build, choose_hands, snapshot
from evolutio.games.toy.reference import reference_names, reference_texts
from evolutio.games.toy.refusals import describe
from evolutio.games.toy.state import TrickState
from evolutio.games.toy.texts import (
    KINDS,
    LANGUAGES,
    SCORE_LABELS,
    VIEW,
    lang_of,
    say,
)
from evolutio.games.toy.timeout import timeout_action
from evolutio.games.toy.view import view

OPTIONS = (
    OptionSpec(
        "players", "int", 2, words("Players", ru="Игроки", it="Giocatori", de="Spieler"),
        words("Number of seats.", ru="Число мест.", it="Numero di posti.", de="Anzahl der Plätze."),
        low=2, high=4, seats=True,
    ),
    OptionSpec(
        "tricks", "int", 3, words("Tricks", ru="Взятки", it="Prese", de="Stiche"),
        words("Tricks per game (one card each).",
              ru="Взяток за игру (по карте).",
              it="Prese per partita (una carta ciascuna).",
              de="Stiche pro Spiel (je eine Karte)."),
        low=1, high=3,
    ),
)

class Trick(GameBase):
    """The game object: stateless; every method takes the state."""

    name = "toy"
    title = "Trick (platform demo)"
    info = GameInfo(
        min_players=2,
        max_players=4,
        simultaneous=True,
        chance=True,
        languages=LANGUAGES,
        tallies=(Tally("exact_bids", "mean", words("Exact bids",
                                                   ru="Точные ставки",
                                                   it="Puntate esatte",
                                                   de="Genaue Gebote")),),
        summary=words(
            "A tiny trick game with a hidden simultaneous bid, for testing the platform.",
            ru="Маленькая игра на взятки со скрытой одновременной ставкой, для проверки платформы.",
            it="Un piccolo gioco di prese con puntata nascosta simultanea, per la piattaforma.",
            de="Ein kleines Stichspiel mit verdecktem gleichzeitigem Gebot, zum Testen der "
            "Plattform.",
        ),
        order=1000,
        demo=True,
        titles=words("Trick (platform demo)",
                     ru="Взятки (демо платформы)",
                     it="Prese (demo della piattaforma)",
                     de="Stiche (Plattform-Demo)"),
        minutes=(5, 5),
        difficulty="easy",
    )

    @property
    def encoding(self) -> Encoding:
        """The fixed action space and observation vector for learning agents (evolutio.rl)."""
        from evolutio.games.toy.encoding import ENCODING

        return ENCODING

    def options_spec(self) -> Sequence[OptionSpec]:
        return OPTIONS

    def normalize_options(self, options: Options) -> dict[str, Any]:
        return normalize(OPTIONS, options)

    def new(self, options: Options, seed: int) -> TrickState:
        opts = self.normalize_options(options)
        state = TrickState(opts, seed)
        deck = list(range(1, 14))
        state.rng.shuffle(deck)
        n, size = opts["players"], opts["tricks"]
        state.hands = [sorted(deck[i * size : (i + 1) * size]) for i in range(n)]
        state.deck = deck[n * size :]
        state.bids = [None] * n
        state.scores = [0] * n
        state.taken = [0] * n
        state.leader = state.rng.randrange(n)
        return state

    # -- turns -------------------------------------------------------------------------------

    def decision(self, state: TrickState) -> Decision | None:
        return rules.decision(state)

    def legal_actions(self, state: TrickState, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def check(self, state: TrickState, seat: int, action: Action) -> None:
        rules.check(state, seat, action)

    def apply(self, state: TrickState, seat: int, action: Action) -> list[Event]:
        """Checked by ``self.check`` (a variant's own check counts), then played."""
        self.check(state, seat, action)
        return rules.play(state, seat, action)

    def default_action(self, state: TrickState, seat: int) -> Action:
        """On timeout: the safest of the seat's legal actions (``timeout.timeout_action``)."""
        return timeout_action(self.legal_actions(state, seat))

    # -- what people see ---------------------------------------------------------------------

    def view(self, state: TrickState, seat: int | None) -> JSON:
        return view(state, seat, self.name)

    def outcome(self, state: TrickState) -> Outcome | None:
        return scoring.outcome(state)

    def determinize(self, state: TrickState, seat: int, rng: random.Random) -> TrickState:
        """Others' hands and the deck dealt again from the unseen cards; others' hidden bids
        drawn again; future chance reseeded."""
        other = state.clone()
        unseen = sorted([c for i, h in enumerate(state.hands) if i != seat for c in h]
                        + state.deck)
        rng.shuffle(unseen)
        for i, hand in enumerate(other.hands):
            if i != seat:
                size = len(hand)
                other.hands[i] = sorted(unseen[:size])
                unseen = unseen[size:]
        other.deck = unseen
        if not state.revealed:
            other.bids = [
                bid if i == seat or bid is None else rng.randrange(state.total_tricks + 1)
                for i, bid in enumerate(state.bids)
            ]
        other.rng = Rng(rng.randrange(1 << 30))
        return other

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return ACTION_TYPES.from_json(data)

    def parse_action(self, state: TrickState, seat: int, text: str) -> Action:
        return parse_by_notation(self.legal_actions(state, seat), text)

    def snapshot(self, state: TrickState) -> JSON:
        return snapshot(state)

    def from_position(
        self, options: Options, position: Mapping[str, Any], seed: int
    ) -> TrickState:
        """``hands`` (required), ``bids`` (list, null for not yet bid), ``leader``."""
        state = self.new(options, seed)
        build(state, position)
        return state

    def setup_new(self, options: Options, setup: Mapping[str, Any], seed: int) -> TrickState:
        """A scenario's start from ``new``: the game dealt by ``seed``, with chosen hands
        (docs/scenarios.md, "Starting from new")."""
        state = self.new(options, seed)
        choose_hands(state, setup)
        return state

    def reference_fields(self) -> tuple[str, ...]:
        return ("card",)

    def describe_action(self, state: TrickState, action: Action, language: str = "en") -> str:
        return texts.describe_action(action, language)

    def describe_event(
        self,
        event: Event,
        language: str = "en",
        seats: list[str] | None = None,
        *,
        options: Options | None = None,
    ) -> str:
        """The toy's sentences do not depend on its options."""
        return texts.describe_event(event, language, seats)

    def action_targets(
        self, state: TrickState, action: Action
    ) -> tuple[tuple[str, int | str], ...]:
        if isinstance(action, Play):
            return (("card", action.card),)
        return ()

    def describe_decision(
        self, state: TrickState, decision: Decision, language: str = "en"
    ) -> str:
        return say(f"prompt_{decision.kind}", language)

    def scoreboard(self, state: TrickState) -> Scoreboard:
        return scoring.scoreboard(state)

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """A refusal in ``language`` (refusals.py)."""
        return describe(error, language)

    def labels(self, language: str = "en") -> dict[str, str]:
        names = labels_in(SCORE_LABELS, language)
        names.update(reference_names()[lang_of(language)])
        names.update({f"kind:{kind}": texts.get(language) or texts["en"]
                      for kind, texts in KINDS.items()})
        names.update({f"view:{key}": texts.get(language) or texts["en"]
                      for key, texts in VIEW.items()})
        return names

    def reference(self, language: str = "en") -> dict[str, str]:
        """A short text for each of the game's terms (tooltips, the rules page)."""
        return dict(reference_texts()[lang_of(language)])

    def overview(self, language: str = "en") -> str:
        """The rules overview shown on the rules page."""
        return reference.rules()[lang_of(language)]


#: the registered game (typed as the contract, so that mypy holds its signatures to it)
GAME: Game[TrickState] = Trick()
