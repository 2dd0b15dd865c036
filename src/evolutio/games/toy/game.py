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
from evolutio.core.scoring import Scoreboard, deciding, labels_in
from evolutio.core.words import words
from evolutio.games.toy.refusals import describe, refused
from evolutio.games.toy.state import (
    ACTION_TYPES,
    EXACT_BONUS,
    Bid,
    BidMade,
    BidsRevealed,
    Play,
    Played,
    TrickState,
    TrickTaken,
)
from evolutio.games.toy.texts import (
    KINDS,
    LANGUAGES,
    SCORE_LABELS,
    lang_of,
    reference_names,
    reference_texts,
    rules,
    say,
)

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
        if not state.revealed:
            waiting = tuple(s for s, bid in enumerate(state.bids) if bid is None)
            chosen = tuple(s for s, bid in enumerate(state.bids) if bid is not None)
            return Decision(waiting, "bid", "Bid how many tricks you will take.",
                            (len(chosen), state.num_players), chosen)
        if state.tricks >= state.total_tricks:
            return None
        seat = (state.leader + len(state.table)) % state.num_players
        return Decision.one(seat, "play", "Play a card.")

    def legal_actions(self, state: TrickState, seat: int) -> list[Action]:
        decision = self.decision(state)
        if decision is None or seat not in decision.seats:
            return []
        if decision.kind == "bid":
            return [Bid(n) for n in range(state.total_tricks + 1)]
        return [Play(card) for card in state.hands[seat]]

    def check(self, state: TrickState, seat: int, action: Action) -> None:
        decision = self.decision(state)
        if decision is None:
            raise refused("over")
        if seat not in decision.seats:
            if decision.kind == "bid":
                raise refused("bid_made")
            raise refused("not_your_turn")
        if decision.kind == "bid":
            if not isinstance(action, Bid):
                raise refused("bid_first")
            if not 0 <= action.tricks <= state.total_tricks:
                raise refused("bid_range", most=state.total_tricks)
            return
        if not isinstance(action, Play):
            raise refused("play_card")
        if action.card not in state.hands[seat]:
            raise refused("not_in_hand", card=action.card)

    def apply(self, state: TrickState, seat: int, action: Action) -> list[Event]:
        self.check(state, seat, action)
        if isinstance(action, Bid):
            state.bids[seat] = action.tricks
            events: list[Event] = [BidMade(seat)]
            if all(bid is not None for bid in state.bids):
                state.revealed = True
                events.append(BidsRevealed(tuple(int(b or 0) for b in state.bids)))
            return events
        assert isinstance(action, Play)
        state.hands[seat].remove(action.card)
        state.table.append((seat, action.card))
        events = [Played(seat, action.card)]
        if len(state.table) == state.num_players:
            winner = max(state.table, key=lambda sc: sc[1])[0]
            points = sum(card for _, card in state.table)
            state.scores[winner] += points
            state.taken[winner] += 1
            state.leader = winner
            state.table = []
            state.tricks += 1
            events.append(TrickTaken(winner, points))
            if state.tricks == state.total_tricks:
                for s, bid in enumerate(state.bids):
                    if bid == state.taken[s]:
                        state.scores[s] += EXACT_BONUS
        return events

    def default_action(self, state: TrickState, seat: int) -> Action:
        """On timeout: bid nothing (the first bid), or play the lowest card (it gives the
        fewest points away when the trick is lost, and a bid of nothing wants no trick)."""
        legal = self.legal_actions(state, seat)
        if not legal:
            raise refused("not_your_turn")
        return min(legal, key=lambda a: a.card if isinstance(a, Play) else 0)

    # -- what people see ---------------------------------------------------------------------

    def view(self, state: TrickState, seat: int | None) -> JSON:
        def bid_of(s: int) -> int | None:
            if state.revealed or s == seat:
                return state.bids[s]
            return None

        return {
            "game": self.name,
            "seat": seat,
            "tricks": state.tricks,
            "total_tricks": state.total_tricks,
            "leader": state.leader,
            "table": [list(sc) for sc in state.table],
            "deck_size": len(state.deck),
            "bids_revealed": state.revealed,
            "players": [
                {
                    "seat": s,
                    "hand_size": len(hand),
                    "hand": list(hand) if s == seat else None,
                    "bid": bid_of(s),
                    "has_bid": state.bids[s] is not None,
                    "taken": state.taken[s],
                    "score": state.scores[s],
                }
                for s, hand in enumerate(state.hands)
            ],
        }

    def outcome(self, state: TrickState) -> Outcome | None:
        if self.decision(state) is not None:
            return None
        scores = tuple(state.scores)
        keys = [(score, state.taken[s]) for s, score in enumerate(scores)]
        ranks = tuple(1 + sum(other > key for other in keys) for key in keys)
        exact = sum(bid == state.taken[s] for s, bid in enumerate(state.bids))
        return Outcome(scores, ranks, tuple(state.taken), stats={"exact_bids": exact})

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
        return {
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "bids": list(state.bids),
            "revealed": state.revealed,
            "table": [list(sc) for sc in state.table],
            "scores": list(state.scores),
            "taken": list(state.taken),
            "leader": state.leader,
            "tricks": state.tricks,
        }

    def from_position(
        self, options: Options, position: Mapping[str, Any], seed: int
    ) -> TrickState:
        """``hands`` (required), ``bids`` (list, null for not yet bid), ``leader``."""
        state = self.new(options, seed)
        hands = position.get("hands")
        if not isinstance(hands, list) or len(hands) != state.num_players:
            raise IllegalAction(f"position.hands: give {state.num_players} hands")
        state.hands = [sorted(int(c) for c in h) for h in hands]
        if "bids" in position:
            state.bids = [None if b is None else int(b) for b in position["bids"]]
            state.revealed = all(b is not None for b in state.bids)
        state.leader = int(position.get("leader", state.leader))
        return state

    def reference_fields(self) -> tuple[str, ...]:
        return ("card",)

    def describe_action(self, state: TrickState, action: Action, language: str = "en") -> str:
        if isinstance(action, Bid):
            return say("bid_action", language, n=action.tricks)
        if isinstance(action, Play):
            return say("play_action", language, n=action.card)
        return action.notation()

    def describe_event(
        self,
        event: Event,
        language: str = "en",
        seats: list[str] | None = None,
        *,
        options: Options | None = None,
    ) -> str:
        """The toy's sentences do not depend on its options."""
        def name(seat: int) -> str:
            return seats[seat] if seats and seat < len(seats) else f"#{seat + 1}"

        if isinstance(event, BidMade):
            return say("bid", language, name=name(event.seat))
        if isinstance(event, BidsRevealed):
            bids = ", ".join(f"{name(s)} {b}" for s, b in enumerate(event.bids))
            return say("bids_revealed", language, bids=bids)
        if isinstance(event, Played):
            return say("played", language, name=name(event.seat), card=event.card)
        if isinstance(event, TrickTaken):
            return say("trick_taken", language, name=name(event.seat), points=event.points)
        return ""

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
        """Points from tricks and the exact-bid bonus (added at the end), and whether tricks
        taken decided a tie."""
        over = state.tricks >= state.total_tricks and state.revealed
        bonus = [EXACT_BONUS if over and bid == state.taken[s] else 0
                 for s, bid in enumerate(state.bids)]
        parts = tuple((("score.tricks", score - bonus[s]), ("score.bid", bonus[s]))
                      for s, score in enumerate(state.scores))
        keys = [(score, state.taken[s]) for s, score in enumerate(state.scores)]
        return Scoreboard(parts, deciding(keys, ["score.tiebreak.taken"]))

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """A refusal in ``language`` (refusals.py)."""
        return describe(error, language)

    def labels(self, language: str = "en") -> dict[str, str]:
        names = labels_in(SCORE_LABELS, language)
        names.update(reference_names()[lang_of(language)])
        names.update({f"kind:{kind}": texts.get(language) or texts["en"]
                      for kind, texts in KINDS.items()})
        return names

    def reference(self, language: str = "en") -> dict[str, str]:
        """A short text for each of the game's terms (tooltips, the rules page)."""
        return dict(reference_texts()[lang_of(language)])

    def overview(self, language: str = "en") -> str:
        """The rules overview shown on the rules page."""
        return rules()[lang_of(language)]


#: the registered game (typed as the contract, so that mypy holds its signatures to it)
GAME: Game[TrickState] = Trick()
