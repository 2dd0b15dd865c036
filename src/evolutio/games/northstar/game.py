"""North Star's Evolution as BrettspielWelt plays it (seed 002): the contract adapter.

Rules as implemented and every decision: docs/rules/northstar.md; decided facts and rulings:
rules/northstar.md (R-Nxx). The food values of the shipped card list are the project's own,
provisional (R-N01).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
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
    GameInfo,
    IllegalAction,
    Options,
    Outcome,
    Tally,
    parse_by_notation,
)
from evolutio.core.options import OptionSpec
from evolutio.core.protocols import Heuristic, TerminalRenderer
from evolutio.core.rng import Rng
from evolutio.core.scoring import Scoreboard
from evolutio.core.words import words
from evolutio.games.northstar import (
    climate,
    climate_texts,
    driver,
    effects,
    flight,
    flight_rules,
    position,
    reference,
    rules,
    scoring,
    texts,
)
from evolutio.games.northstar import climate_traits as _climate_traits  # noqa: F401
from evolutio.games.northstar import flight_traits as _flight_traits  # noqa: F401  (registers)
from evolutio.games.northstar import traits as _traits  # noqa: F401  (registers the traits)
from evolutio.games.northstar.actions import ACTIONS, Attack, Eat, PlayTrait, Use
from evolutio.games.northstar.cards import LANGUAGES, TRAIT_IDS, CardList, shipped_cards
from evolutio.games.northstar.cards import trait_name as _trait_name
from evolutio.games.northstar.changelog import CHANGELOG, RULES
from evolutio.games.northstar.climate_cards import ClimateCards, shipped_climate
from evolutio.games.northstar.flight_cards import FlightCards, shipped_flight_cards
from evolutio.games.northstar.flight_traits import EVENT_IDS as FLIGHT_EVENT_IDS
from evolutio.games.northstar.flight_traits import TRAIT_IDS as FLIGHT_TRAIT_IDS
from evolutio.games.northstar.notation import parse_text
from evolutio.games.northstar.options import OPTIONS, normalize_options
from evolutio.games.northstar.refusals import describe
from evolutio.games.northstar.state import Player, Species, State
from evolutio.games.northstar.timeout import timeout_action
from evolutio.games.northstar.view import view as _view

#: cards taken out of the deck in a 2-player game (R-N16, Schmidt rulebook).
TWO_PLAYER_REMOVED = 40




class NorthStar(GameBase):
    """The game object: stateless; every method takes the state. ``cards`` is the card
    list (the shipped provisional one unless a user loads another, ``cards.load_cards``)."""

    name = "northstar"
    title = "Evolution (North Star Games)"
    info = GameInfo(
        min_players=2,
        max_players=6,
        simultaneous=True,
        chance=True,
        languages=LANGUAGES,
        tallies=(
            Tally("rounds", "mean", words("Rounds", ru="Раунды", it="Giri", de="Runden")),
            Tally("survivor_traits", "count",
                  words("Traits of survivors",
                        ru="Свойства выживших",
                        it="Tratti dei sopravvissuti",
                        de="Eigenschaften der Überlebenden")),
            Tally("seat_traits", "count",
                  words("Traits in play at the end, per seat",
                        ru="Свойства в игре в конце, по местам",
                        it="Tratti in gioco alla fine, per posto",
                        de="Eigenschaften im Spiel am Ende, je Platz")),
            Tally("seat_played", "count",
                  words("Traits played, per seat",
                        ru="Сыгранные свойства, по местам",
                        it="Tratti giocati, per posto",
                        de="Gespielte Eigenschaften, je Platz")),
            Tally("seat_survived", "count",
                  words("Traits played and still in play at the end, per seat",
                        ru="Сыгранные свойства, оставшиеся в игре к концу, по местам",
                        it="Tratti giocati ancora in gioco alla fine, per posto",
                        de="Gespielte Eigenschaften, am Ende noch im Spiel, je Platz")),
        ),
        summary=words(
            "North Star Games' Evolution as BrettspielWelt plays it: food cards chosen at "
            "the same time, 17 traits, carnivores.",
            ru="Evolution от North Star Games как на BrettspielWelt: одновременный выбор карт "
            "еды, 17 свойств, хищники.",
            it="Evolution di North Star Games come su BrettspielWelt: carte cibo scelte insieme, "
            "17 tratti, carnivori.",
            de="Evolution von North Star Games wie auf BrettspielWelt: gleichzeitige "
            "Nahrungskarten, 17 Eigenschaften, Fleischfresser.",
        ),
        order=20,
        rules=RULES,
        changelog=CHANGELOG,
        titles=words("Evolution (North Star Games)",
                     ru="Эволюция (North Star Games)",
                     it="Evolution (North Star Games)",
                     de="Evolution (North Star Games)"),
        minutes=(45, 60),
        difficulty="medium",
        notes=words(
            "Card food values are the project's own (provisional); so are the Flight "
            "expansion's trait and event cards. Climate edition: the cards' food values and sun "
            "and snowflake icons, the copies per trait, the zones' and the event cards' effects "
            "are the project's own too. Climate with Flight: how the two combine (the Climate's "
            "set-aside only, Flight's cards without icons, the Cliff apart from the climate's "
            "plant food) is the project's decision.",
            ru="Значения еды на картах — предварительные, собственные проекта; как и карты "
            "свойств и событий дополнения «Полёт». Издание «Климат»: значения еды и значки "
            "солнца и снежинки на картах, число копий свойств, действие зон и карт событий — "
            "тоже собственные проекта. «Климат» с «Полётом»: как они сочетаются (только "
            "отложенные карты «Климата», карты «Полёта» без значков, Утёс вне климатической "
            "растительной пищи) — решение проекта.",
            it="I valori di cibo delle carte sono provvisori, scelti dal progetto; così le carte "
            "tratto ed evento dell'espansione Volo. Edizione Clima: anche i valori di cibo e i "
            "simboli di sole e di fiocco di neve delle carte, le copie per tratto, gli effetti "
            "delle zone e delle carte evento sono del progetto. Clima con Volo: come si "
            "combinano (solo le carte messe da parte del Clima, le carte di Volo senza simboli, "
            "la Scogliera fuori dal cibo vegetale del clima) è una scelta del progetto.",
            de="Die Nahrungswerte der Karten sind vorläufig, eigene Festlegung des Projekts; "
            "ebenso die Eigenschafts- und Ereigniskarten der Erweiterung Flug. Ausgabe Klima: "
            "auch die Nahrungswerte und Sonnen- und Schneeflockensymbole der Karten, die Kopien "
            "je Eigenschaft, die Wirkungen der Zonen und Ereigniskarten legt das Projekt selbst "
            "fest. Klima mit Flug: wie beide zusammenspielen (nur die beiseitegelegten Karten "
            "von Klima, Flug-Karten ohne Symbole, die Klippe außerhalb der Pflanzennahrung des "
            "Klimas), legt das Projekt fest.",
        ),
    )

    #: the browser renderer (index.js, board.css), served by the server under the game's name.
    web: Traversable | None = files("evolutio.games.northstar") / "web"

    def __init__(self, cards: CardList | None = None,
                 flight_cards: FlightCards | None = None,
                 climate_cards: ClimateCards | None = None) -> None:
        self.cards = cards or shipped_cards()
        #: the Flight expansion's cards (``flight_cards.load_flight_cards`` for another list).
        self.flight_cards = flight_cards or shipped_flight_cards()
        #: the Climate edition's data (zones, events, trait cards; ``climate_cards``).
        self.climate_cards = climate_cards or shipped_climate()

    @property
    def heuristic(self) -> Heuristic | None:
        """The greedy player, its rollout policy and its evaluator (for bots)."""
        from evolutio.games.northstar.heuristic import HEURISTIC

        return HEURISTIC

    @property
    def terminal(self) -> TerminalRenderer | None:
        """The terminal table (Rich), imported only by the terminal faces."""
        from evolutio.games.northstar.terminal import TERMINAL

        return TERMINAL

    @property
    def encoding(self) -> Encoding | None:
        """The fixed action space and observation vector for learning agents (evolutio.rl)."""
        from evolutio.games.northstar.encoding import ENCODING

        return ENCODING

    def options_spec(self) -> Sequence[OptionSpec]:
        return OPTIONS

    def normalize_options(self, options: Options) -> dict[str, Any]:
        return normalize_options(options)

    def new(self, options: Options, seed: int) -> State:
        opts = self.normalize_options(options)
        state = State(opts, seed)
        state.players = [Player() for _ in range(opts["players"])]
        flight_on = flight.enabled(opts)
        if opts["edition"] == "climate":
            # Climate with Flight: Flight's cards join the Climate deck before its set-aside
            climate.setup(state, self.climate_cards,
                          self.flight_cards.deck() if flight_on else ())
            if flight_on:
                flight_rules.setup(state, self.flight_cards.flight.copies)
        else:
            cards = self.cards.deck(opts["deck"])
            if flight_on:  # Flight: its trait and event cards shuffled into the deck
                cards += self.flight_cards.deck()
            state.rng.shuffle(cards)
            if opts["players"] == 2 and opts["two_player_deck"] == "reduced":
                cards = cards[TWO_PLAYER_REMOVED:]
            state.cards = tuple(cards)
            state.deck = list(range(len(cards)))
            state.rng.shuffle(state.deck)
            if flight_on:
                flight_rules.setup(state, self.flight_cards.flight.copies)
        for seat in range(opts["players"]):
            state.players[seat].species.append(Species(state.next_id))
            state.next_id += 1
        state.first_player = state.rng.randrange(opts["players"])
        state.current = state.first_player
        events: list[Event] = []
        driver.start_round(state, events)
        driver.advance(state, events)
        return state

    # -- turns --------------------------------------------------------------------------------

    def decision(self, state: State) -> Decision | None:
        return rules.decision(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def check(self, state: State, seat: int, action: Action) -> None:
        rules.check(state, seat, action)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        rules.check(state, seat, action)
        events = effects.apply_action(state, seat, action)
        driver.advance(state, events)
        state.memo.clear()
        return events

    def undoable(self, before: State, seat: int, action: Action, events: list[Event]) -> bool:
        """Playing a card (a new species, a size or population step, a face-down trait) may
        be taken back while it only played the card: the traits stay hidden until every
        player is done, and no food, draw or reveal followed."""
        return action.type in ("species", "grow", "trait") and all(
            e.type == "played" for e in events)

    def confirms(self, state: State, action: Action) -> bool:
        """Being done playing cards and passing in feeding ask for a second click."""
        return action.type in ("done", "pass")

    def default_action(self, state: State, seat: int) -> Action:
        """On timeout, the safest legal move (``timeout.timeout_action``)."""
        return timeout_action(state, seat)

    # -- what people see ----------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> JSON:
        return _view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        survivors = [
            state.cards[c][0] for p in state.players for s in p.species for c in s.traits
        ]
        played, survived = scoring.plays(state)
        return Outcome(
            tuple(scoring.scores(state)),
            tuple(scoring.ranks(state)),
            tuple(scoring.trait_counts(state)),
            stats={"rounds": state.round, "survivor_traits": survivors,
                   "seat_traits": [
                       [state.cards[c][0] for s in p.species for c in s.traits]
                       for p in state.players
                   ],
                   "seat_played": played, "seat_survived": survived,
                   "populations": scoring.populations(state)},
        )

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Others' hands, hidden food cards and face-down traits, and the deck order, dealt
        again from the cards ``seat`` cannot see; future chance reseeded."""
        other = state.clone()
        pool = list(state.deck)
        if state.flight is not None:  # Flight: the cards set aside are hidden too
            pool += state.flight.reserve
        for s, player in enumerate(state.players):
            if s == seat:
                continue
            pool += player.hand
            if player.food_card is not None:
                pool.append(player.food_card)
            pool += [c for sp in player.species for c in sp.traits if c in state.face_down]
        rng.shuffle(pool)
        other.face_down = {
            c for c in state.face_down
            if any(c in sp.traits for sp in state.players[seat].species)
        }
        for s, player in enumerate(other.players):
            if s == seat:
                continue
            for species in player.species:
                for i, card in enumerate(species.traits):
                    if card not in state.face_down:
                        continue
                    names = {state.cards[c][0] for c in species.traits if c != card}
                    fallback = card if card in pool else pool[0]
                    pick = next((c for c in pool if state.cards[c][0] not in names
                                 and not state.cards[c][0].startswith("event_")), fallback)
                    pool.remove(pick)
                    species.traits[i] = pick
                    other.face_down.add(pick)
        for s, player in enumerate(other.players):
            if s == seat:
                continue
            size = len(player.hand)
            player.hand, pool = pool[:size], pool[size:]
            if player.food_card is not None:
                player.food_card, pool = pool[0], pool[1:]
        if state.flight is not None:
            from evolutio.games.northstar.flight_table import determinize

            pool = determinize(state, other, seat, pool, rng)
        other.deck = pool
        if other.climate is not None:  # the event decks' order and the set-aside are hidden
            rng.shuffle(other.climate.cold_deck)
            rng.shuffle(other.climate.hot_deck)
        other.rng = Rng(rng.randrange(1 << 30))
        return other

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return ACTIONS.from_json(data)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        stripped = text.strip()
        if stripped.isdigit():
            return parse_by_notation(self.legal_actions(state, seat), stripped)
        return parse_text(stripped)

    def snapshot(self, state: State) -> JSON:
        return position.snapshot(state)

    def from_position(self, options: Options, pos: Mapping[str, Any], seed: int) -> State:
        state = State(self.normalize_options(options), seed)
        state.players = [Player() for _ in range(state.options["players"])]
        if state.options["edition"] == "climate":
            state.climate = climate.Climate()
        position.build(state, pos)
        driver.advance(state, [])
        return state

    def setup_new(self, options: Options, setup: Mapping[str, Any], seed: int) -> State:
        """A scenario's start from ``new``: the game dealt by ``seed``, with chosen hands
        (docs/scenarios.md, "Starting from new")."""
        state = self.new(options, seed)
        position.choose_hands(state, setup)
        return state

    def reference_fields(self) -> tuple[str, ...]:
        return ("card", "species", "target", "replace")

    def describe_action(self, state: State, action: Action, language: str = "en") -> str:
        return texts.describe_action(state, action, language)

    def describe_event(
        self,
        event: Event,
        language: str = "en",
        seats: list[str] | None = None,
        *,
        options: Options | None = None,
    ) -> str:
        """Sentences here do not depend on the options."""
        return texts.describe_event(event, language, seats)

    def describe_choice(self, state: State, action: Action, language: str = "en") -> str:
        """A legal action's sentence for its chooser: the trait card played is named."""
        return texts.describe_choice(state, action, language)

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """A refusal of the rules in ``language`` (data/refusals.toml)."""
        return describe(error, language)

    def explain(
        self, state: State, seat: int, targets: tuple[tuple[str, int | str], ...],
        language: str = "en",
    ) -> str | None:
        """Why no legal action uses all of ``targets``: the rules' refusal of the action the
        clicked things would make (a card on a species, a species eating or attacking)."""
        cards = [i for k, i in targets if k == "card" and isinstance(i, int)]
        species = [i for k, i in targets if k == "species" and isinstance(i, int)]
        action: Action | None = None
        if cards and species and cards[0] in state.players[seat].hand:
            action = PlayTrait(cards[0], species[0])
        elif len(species) >= 2:
            action = Attack(species[0], species[1])
        elif species and not cards:
            action = Eat(species[0])
        reason = rules.refusal(state, seat, action) if action is not None else None
        return describe(IllegalAction(reason), language) if reason else None

    def action_targets(self, state: State, action: Action) -> tuple[tuple[str, int | str], ...]:
        out: list[tuple[str, int | str]] = []
        card = getattr(action, "card", None)
        if isinstance(card, int):
            out.append(("card", card))
        for key in ("species", "target"):
            value = getattr(action, key, None)
            if isinstance(value, int):
                out.append(("species", value))
        if isinstance(action, PlayTrait) and action.replace is not None:
            out.append(("card", action.replace))
        if isinstance(action, Use) and action.negate:
            out.append(("trait", action.negate))
        return tuple(out)

    def describe_decision(self, state: State, decision: Decision, language: str = "en") -> str:
        return texts.describe_decision(decision.kind, language, state.flight is not None)

    def scoreboard(self, state: State) -> Scoreboard:
        """The score in parts and the tie-break that decided."""
        return scoring.scoreboard(state)

    def labels(self, language: str = "en") -> dict[str, str]:
        names = {trait: _trait_name(trait, language) for trait in TRAIT_IDS}
        names.update({card: _trait_name(card, language)  # the Flight expansion's cards
                      for card in ("flight", *FLIGHT_TRAIT_IDS, *FLIGHT_EVENT_IDS)})
        names.update(climate_texts.names(language))
        names.update(scoring.score_labels(language))
        names.update(reference.term_names(language))
        names.update({f"kind:{kind}": texts.say(f"kind_{kind}", language)
                      for kind in rules.PROMPTS})
        return names

    def reference(self, language: str = "en") -> dict[str, str]:
        """A short rules text for every trait card and term (tooltips, the rules page)."""
        return {**reference.reference(self.cards, language, self.flight_cards),
                **climate_texts.reference(language)}

    def reference_groups(self, language: str = "en") -> list[tuple[str, list[str]]]:
        """The reference in sections (trait cards, terms), for the rules page."""
        lang = language if language in LANGUAGES else "en"
        return [*reference.groups(self.cards, language, self.flight_cards),
                (climate_texts.GROUP[lang], list(climate_texts.reference(language)))]

    def overview(self, language: str = "en") -> str:
        """The rules overview shown on the rules page."""
        return f"{reference.overview(language)}\n\n{climate_texts.overview(language)}"


#: the registered game (typed as the contract, so that mypy holds its signatures to it)
GAME: Game[State] = NorthStar()
