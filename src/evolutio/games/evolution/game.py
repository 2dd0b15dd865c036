"""Knorre & Machin's Evolution behind the core game contract: the adapter. The rules live in
rules.py, the view, notation and sentences beside it; nothing in the package imports this
module."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any

from evolutio.core.base import GameBase
from evolutio.core.encoding import Encoding
from evolutio.core.game import (
    JSON,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    OptionError,
    Options,
    Outcome,
)
from evolutio.core.options import OptionSpec, normalize
from evolutio.core.protocols import Heuristic, TerminalRenderer
from evolutio.core.rng import Rng
from evolutio.core.scoring import Scoreboard
from evolutio.core.words import words
from evolutio.games.evolution import explain, notation, reference, rules, texts
from evolutio.games.evolution.cards import build_cards, card_sets, single_deck_players, trait_name
from evolutio.games.evolution.climate import setup_nature
from evolutio.games.evolution.driver import advance, start_development
from evolutio.games.evolution.geography import LOCATIONS
from evolutio.games.evolution.growth import setup_flora
from evolutio.games.evolution.hands import choose_hands
from evolutio.games.evolution.info import INFO, MAX_PLAYERS
from evolutio.games.evolution.kept import share
from evolutio.games.evolution.nature import active_set
from evolutio.games.evolution.ops import revealed
from evolutio.games.evolution.pause import STOP_POINTS
from evolutio.games.evolution.position import from_position, snapshot
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.scoring import outcome as final_outcome
from evolutio.games.evolution.scoring import score_labels, scoreboard
from evolutio.games.evolution.state import OVER, State
from evolutio.games.evolution.timeout import timeout_action
from evolutio.games.evolution.trait import TRAIT_SETS, TRAITS
from evolutio.games.evolution.view import view

EDITIONS = (2, 3)


#: the card sets' names, as the editions print them.
_SET_NAMES = {
    "base": words("Base game", ru="Базовая игра", it="Gioco base", de="Grundspiel"),
    "time_to_fly": words("Time to Fly",
                         ru="Время летать",
                         it="Tempo di volare",
                         de="Zeit zu fliegen"),
    "continents": words("Continents", ru="Континенты", it="Continenti", de="Kontinente"),
    "gift": words("Gift cards", ru="Подарочный набор", it="Carte regalo", de="Geschenkkarten"),
    "plants": words("Plants", ru="Растения", it="Piante", de="Pflanzen"),
    "ice_age": words(
        "Ice Age (unofficial; the project's own natural changes)",
        ru="Ледниковый период (неофициальное; природные изменения проекта)",
        it="Era glaciale (non ufficiale; cambiamenti naturali del progetto)",
        de="Eiszeit (inoffiziell; eigene Naturwandel-Karten des Projekts)",
    ),
}
#: the heading of the natural change in force (Ice Age).
NATURE_TITLE = words("Natural change",
                     ru="Природное изменение",
                     it="Cambiamento naturale",
                     de="Naturwandel")
HAND_SIZE = 6
#: Continents: "раздайте каждому игроку по 10 карт" (seed 004).
CONTINENTS_HAND_SIZE = 10


def base_copies(players: int, expansions: list[str]) -> int:
    """Copies of the base set: two once the players exceed the chosen sets' single-deck
    limit (data/cards.toml, ``[players]``)."""
    return 2 if players > single_deck_players(expansions) else 1


#: action fields a scenario may fill by name.
REFERENCE_FIELDS = ("animal", "target", "card", "link", "animals", "plant", "plant2")
#: action fields that point at something on the table, and what they point at.
TARGET_FIELDS = (
    ("card", "card"),
    ("swap", "card"),
    ("animal", "animal"),
    ("target", "animal"),
    ("animals", "animal"),
    ("link", "link"),
    ("location", "location"),
    ("plant", "plant"),
    ("plant2", "plant"),
)
#: development plays that may be taken back, and the only events they may have caused
UNDOABLE = frozenset({"animal", "trait", "pair"})
PLAYED = frozenset({"animal_played", "trait_played"})


class Evolution(GameBase):
    """The game object: stateless; every method takes the state."""

    name = "evolution"
    title = "Evolution (Knorre & Machin)"
    info = INFO
    #: the browser renderer (index.js, board.css), served by the server under the game's name.
    web: Traversable | None = files("evolutio.games.evolution") / "web"
    #: what the room's log tells besides the actions: Ice Age's natural change as it is
    #: revealed, and its deck reshuffled.

    @property
    def heuristic(self) -> Heuristic | None:
        """The greedy player, its rollout policy and its position evaluator (for bots)."""
        from evolutio.games.evolution.heuristic import HEURISTIC

        return HEURISTIC

    @property
    def terminal(self) -> TerminalRenderer | None:
        """The terminal table (Rich), imported only by the terminal faces."""
        from evolutio.games.evolution.terminal import TERMINAL

        return TERMINAL

    @property
    def encoding(self) -> Encoding | None:
        """The fixed action space and observation vector for learning agents (evolutio.rl)."""
        from evolutio.games.evolution.encoding import ENCODING

        return ENCODING

    def options_spec(self) -> tuple[OptionSpec, ...]:
        """Players, edition, card sets and the half deck (seed 004; 2nd edition: 000, 001)."""
        sets = tuple(s for s in card_sets() if any(TRAIT_SETS.get(t) == s for t in TRAIT_SETS))
        return (
            OptionSpec(
                "players", "int", 2, words("Players", ru="Игроки", it="Giocatori", de="Spieler"),
                words("Number of seats.",
                      ru="Число мест.",
                      it="Numero di posti.",
                      de="Anzahl der Plätze."),
                low=2, high=MAX_PLAYERS, seats=True,
            ),
            OptionSpec(
                "edition", "choice", 3, words("Edition", ru="Издание", it="Edizione", de="Ausgabe"),
                words("Rules edition: 3 (default) or 2.",
                      ru="Издание правил: 3 или 2.",
                      it="Edizione delle regole: 3 o 2.",
                      de="Regelausgabe: 3 oder 2."),
                choices=EDITIONS,
            ),
            OptionSpec(
                "expansions", "multi", ["base"],
                words("Card sets", ru="Наборы карт", it="Set di carte", de="Kartensätze"),
                words("The base set plus any expansions.",
                      ru="Базовый набор и дополнения.",
                      it="Il set base e le espansioni.",
                      de="Grundspiel und Erweiterungen."),
                choices=sets, required=("base",),
                choice_labels={name: _SET_NAMES.get(name, {"en": name}) for name in sets},
            ),
            OptionSpec(
                "half_deck", "bool", False,
                words("Half deck", ru="Половина колоды", it="Mezzo mazzo", de="Halbes Deck"),
                words("Remove half of each card kind (advised for 2-3 players).",
                      ru="Убрать половину карт каждого вида (для 2-3 игроков).",
                      it="Togliere metà di ogni tipo di carta (per 2-3 giocatori).",
                      de="Die Hälfte jeder Kartenart entfernen (für 2-3 Spieler)."),
            ),
        )

    # -- options -----------------------------------------------------------------------------

    def normalize_options(self, options: Options) -> dict[str, Any]:
        """The options validated against ``options_spec`` (core.options), defaults filled."""
        return normalize(self.options_spec(), options)

    # -- the contract --------------------------------------------------------------------

    def new(self, options: Options, seed: int) -> State:
        opts = self.normalize_options(options)
        copies = base_copies(opts["players"], opts["expansions"])
        cards = build_cards(opts["expansions"], copies, opts["half_deck"])
        state = State(opts, seed, cards)
        # card ids must not tell the faces of a face-down card (an animal, a discard)
        state.rng.shuffle(cards)
        if "continents" in opts["expansions"]:
            state.banks = dict.fromkeys(LOCATIONS, 0)
        share(state)  # the action objects of the process's earlier games (kept.py)
        state.deck = list(range(len(cards)))
        state.rng.shuffle(state.deck)
        for _ in range(CONTINENTS_HAND_SIZE if state.geography else HAND_SIZE):
            for player in state.players:
                player.hand.append(state.deck.pop())
        state.first_player = state.rng.randrange(state.num_players)
        setup_nature(state)
        setup_flora(state)
        state.last_turn = not state.deck
        events: list[Event] = []
        start_development(state, events)
        advance(state, events)
        return state

    # the rules' functions themselves, without a call in between: they are the engine's
    # inner loop (python -m bench.engine)
    decision = staticmethod(rules.decision)
    seat_to_act = staticmethod(rules.seat_to_act)
    legal_actions = staticmethod(rules.legal_actions)
    actions_now = staticmethod(rules.actions_now)
    check = staticmethod(rules.check)
    apply = staticmethod(rules.apply)

    def view(self, state: State, seat: int | None) -> JSON:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return final_outcome(state) if state.phase == OVER else None

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """Resample what ``seat`` cannot see: the deck order, other hands, the unseen cards
        of other discard piles (sizes kept), the faces of the others' face-down animal
        cards, the natural-change deck's order and the future dice: the faces of every
        unseen card are dealt again among those cards' ids. What every seat has seen stays:
        a card that lay face up (a trait played, a revealed Hunter) keeps its faces and its
        place in a discard pile."""
        other = state.clone()
        pool = list(other.deck)
        public = other.public
        for player in other.players:
            if player.seat != seat:
                pool.extend(player.hand)
                pool.extend(c for c in player.discard if c not in public)
        unseen = pool + [
            a.card
            for a in other.animals.values()
            if a.owner != seat and a.present and not revealed(a)
        ]
        faces = [other.card_faces[c] for c in unseen]
        # shuffled by sorting on random keys: a search draws thousands of samples per
        # decision, and this is about twice as fast as ``random.shuffle`` (one Python-level
        # ``_randbelow`` per card)
        draw = rng.random
        faces.sort(key=lambda _: draw())
        card_faces = list(other.card_faces)
        for card, face in zip(unseen, faces, strict=True):
            card_faces[card] = face
        if other.not_hunter:
            _keep_known_non_hunters(card_faces, unseen, other.not_hunter, rng)
        other.card_faces = card_faces
        pool.sort(key=lambda _: draw())
        position = 0
        for player in other.players:
            if player.seat != seat:
                size = len(player.hand)
                player.hand = pool[position : position + size]
                position += size
                # a card seen face up keeps its place in the discard pile (and its faces)
                discard = []
                for card in player.discard:
                    if card in public:
                        discard.append(card)
                    else:
                        discard.append(pool[position])
                        position += 1
                player.discard = discard
        other.deck = pool[position:]
        if other.nature_deck:  # Ice Age: the order of the natural changes is hidden
            other.nature_deck = list(other.nature_deck)
            rng.shuffle(other.nature_deck)
        other.rng = Rng(rng.randrange(2**62))
        return other

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return notation.action_from_json(data)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        if seat != rules.seat_to_act(state):
            raise IllegalAction(refusal("not_your_turn"))
        return notation.parse_action(state, text)

    def undoable(self, before: State, seat: int, action: Action, events: list[Event]) -> bool:
        """A card played in development (a new animal, a trait, a paired trait) may be taken
        back when it did nothing else: no phase ended, no die, no draw, no trait fired. Only
        the player's own card was shown; nobody else's secret and no chance."""
        return action.type in UNDOABLE and all(e.type in PLAYED for e in events)

    def confirms(self, state: State, action: Action) -> bool:
        """Passing in development and ending one's feeding turn ask for a second click."""
        return action.type in ("pass", "end")

    def default_action(self, state: State, seat: int) -> Action:
        """On timeout: the safest legal move, never a pass that costs the development
        phase while a card can be played as an animal (``timeout.timeout_action``)."""
        return timeout_action(state, seat)

    def reference_fields(self) -> tuple[str, ...]:
        return REFERENCE_FIELDS

    def action_targets(self, state: State, action: Action) -> tuple[tuple[str, int | str], ...]:
        """Cards, animals, links and locations the action names, for the interface to
        highlight (an attack names its carnivore and its target, a pair its two animals)."""
        out: list[tuple[str, int | str]] = []
        for name, kind in TARGET_FIELDS:
            value = getattr(action, name, None)
            if value is None or value == "":
                continue
            if isinstance(value, tuple):
                out.extend((kind, v) for v in value)
            else:
                out.append((kind, value))
        return tuple(out)

    def snapshot(self, state: State) -> JSON:
        return snapshot(state)

    def from_position(self, options: Options, position: Mapping[str, Any], seed: int) -> State:
        state = from_position(self.normalize_options(options), position, seed)
        advance(state, [])
        return state

    def setup_new(self, options: Options, setup: Mapping[str, Any], seed: int) -> State:
        """A scenario's start from ``new``: the game dealt by ``seed``, with chosen hands
        (docs/scenarios.md)."""
        state = self.new(options, seed)
        choose_hands(state, setup)
        state.offer = None  # the hands changed outside apply
        return state

    def pause(self, state: State, points: list[str]) -> bool:
        """A scenario's stop points (pause.py): the game waits there instead of going on."""
        unknown = [p for p in points if p not in STOP_POINTS]
        if unknown:
            raise OptionError(
                f"unknown stop point {', '.join(map(str, unknown))}; "
                f"known: {', '.join(STOP_POINTS)}"
            )
        state.pauses = frozenset(points)
        state.paused_at = ""
        state.offer = None
        return True

    def describe_action(self, state: State, action: Action, language: str = "en") -> str:
        return texts.describe_action(state, action, language)

    def describe_choice(self, state: State, action: Action, language: str = "en") -> str:
        """The sentence of a legal action for the player choosing it: the card's faces."""
        return texts.describe_action(state, action, language, private=True)

    def describe_event(
        self,
        event: Event,
        language: str = "en",
        seats: list[str] | None = None,
        *,
        options: Options | None = None,
    ) -> str:
        """Trait names follow the options' edition (ruling 21; the 3rd without options)."""
        edition = (options or {}).get("edition", 3)
        return texts.describe_event(
            event.to_json(), language, seats, edition if edition in EDITIONS else 3
        )

    def scoreboard(self, state: State) -> Scoreboard:
        """The score in parts (every figure is public) and the tie-break that decided."""
        return scoreboard(state)

    def describe_done(
        self, state: State, seat: int, action: Action, language: str = "en",
        seats: list[str] | None = None,
    ) -> str:
        return texts.describe_done(seat, action, language, seats)

    def describe_decision(self, state: State, decision: Decision, language: str = "en") -> str:
        return texts.describe_decision(state, decision.kind, decision.prompt, language)

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """A refusal of the rules in ``language`` (data/refusals*.toml)."""
        return explain.describe(error, language)

    def explain(
        self, state: State, seat: int, targets: tuple[tuple[str, int | str], ...],
        language: str = "en",
    ) -> str | None:
        """Why no legal action of ``seat`` uses all of ``targets`` (see explain.py)."""
        return explain.explain(state, seat, targets, language)

    def labels(self, language: str = "en") -> dict[str, str]:
        """Trait names in the 3rd edition (the default), and under ``<trait>@2`` in the 2nd:
        the renderers pick by the view's edition (ruling 21)."""
        names = {trait: trait_name(trait, language) for trait in TRAITS}
        names.update({f"{trait}@2": trait_name(trait, language, 2) for trait in TRAITS})
        # Ice Age: the natural changes of the set in use, "nature.<id>" and its text
        changes = active_set()
        names.update(score_labels(language))
        names.update({f"kind:{kind}": text.get(language) or text["en"]
                      for kind, text in texts.sentences()["kinds"].items()})
        names["nature"] = NATURE_TITLE[language]
        names["nature.origin"] = changes.origin.get(language) or changes.origin["en"]
        for change in changes.changes:
            names[f"nature.{change.id}"] = change.name(language)
            names[f"nature.{change.id}.text"] = change.describe(language)
        names.update(reference.term_names(language))
        return names

    def reference(self, language: str = "en") -> dict[str, str]:
        """A short rules text for every trait, location and natural change (tooltips)."""
        return reference.reference(language)

    def reference_groups(self, language: str = "en") -> list[tuple[str, list[str]]]:
        """The reference by card set, for the rules page."""
        titles = {name: words.get(language) or words["en"] for name, words in _SET_NAMES.items()}
        return reference.groups(titles, language)

    def overview(self, language: str = "en") -> str:
        """The rules overview shown on the rules page."""
        return reference.overview(language)


def _keep_known_non_hunters(
    faces: list[tuple[str, ...]], unseen: list[int], known: frozenset[int], rng: Any
) -> None:
    """After the faces were dealt again: a card known to be no Anglerfish that got one
    swaps faces with an unconstrained card that has none (the true deal satisfies every
    constraint, so one is always there)."""
    free = [c for c in unseen if c not in known]
    for card in unseen:
        if card in known and "anglerfish" in faces[card]:
            choices = [c for c in free if "anglerfish" not in faces[c]]
            other = rng.choice(choices)
            faces[card], faces[other] = faces[other], faces[card]


#: the registered game (typed as the contract, so that mypy holds its signatures to it)
GAME: Game[State] = Evolution()
