"""Darwin's Choice (Treeceratops 2019; seed 003) behind the core game contract: the adapter.
The rules live in rules.py, evaluation.py and driver.py; the card data (the project's own
set, see data.py) in data/."""

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
    OptionError,
    Options,
    Outcome,
    Tally,
    parse_by_notation,
)
from evolutio.core.options import OptionSpec, normalize
from evolutio.core.protocols import Heuristic, TerminalRenderer
from evolutio.core.rng import Rng
from evolutio.core.scoring import Scoreboard
from evolutio.core.words import words
from evolutio.games.darwin import coop, reference, refusals, rules, scoring, texts
from evolutio.games.darwin import ops as bio
from evolutio.games.darwin.actions import ACTIONS, Add, Create, DrawSplit, Migrate, Mutate, Remove
from evolutio.games.darwin.changelog import CHANGELOG, RULES
from evolutio.games.darwin.driver import advance
from evolutio.games.darwin.evaluation import setup
from evolutio.games.darwin.heuristic import HEURISTIC
from evolutio.games.darwin.notation import parse_notation
from evolutio.games.darwin.position import build, choose_hands, snapshot
from evolutio.games.darwin.state import State
from evolutio.games.darwin.timeout import timeout_action
from evolutio.games.darwin.view import view

LANGUAGES = ("en", "it", "de", "ru")

OPTIONS = (
    OptionSpec("players", "int", 3, words("Players", ru="Игроки", it="Giocatori", de="Spieler"),
               words("2 players play the two-player variant.",
                     ru="Вдвоём — вариант для двоих.",
                     it="In 2 si gioca la variante per 2.",
                     de="Zu zweit gilt die Zwei-Spieler-Variante."),
               low=2, high=6, seats=True),
    OptionSpec("eras", "int", 4, words("Eras", ru="Эры", it="Ere", de="Zeitalter"),
               words("4 eras, or 3 for a shorter game.",
                     ru="4 эры или 3 для короткой игры.",
                     it="4 Ere, o 3 per una partita breve.",
                     de="4 Zeitalter, oder 3 für ein kürzeres Spiel."),
               low=3, high=4),
    OptionSpec("variant", "choice", "standard",
               words("Variant", ru="Вариант", it="Variante", de="Variante"),
               words("Beginners: 4 fixed habitats, two eras. Children: creation only, no food, "
                     "3 new habitats and a competition token each era.",
                     ru="Для новичков: 4 заданные среды, две эры. Детские: только создание, "
                     "без еды, каждую эру 3 новые среды и жетон состязания.",
                     it="Principianti: 4 habitat fissi, due Ere. Bambini: solo creazione, "
                     "niente cibo, 3 nuovi habitat e un Gettone Competizione per Era.",
                     de="Anfänger: 4 feste Habitate, zwei Zeitalter. Kinder: nur Erschaffen, "
                     "kein Futter, je Zeitalter 3 neue Habitate und ein Wettbewerbsmarker."),
               choices=("standard", "beginner", "children", "cooperative"),
               choice_labels={"standard": words("Standard", ru="Обычный", it="Base", de="Standard"),
                              "beginner": words("Beginners",
                                                ru="Для новичков",
                                                it="Principianti",
                                                de="Anfänger"),
                              "children": words("Children (7+)",
                                                ru="Детские правила (7+)",
                                                it="Bambini (7+)",
                                                de="Kinder (7+)"),
                              "cooperative": words("2 vs 2 cooperative",
                                                   ru="Командный 2 на 2",
                                                   it="Cooperativa 2 contro 2",
                                                   de="2 gegen 2 kooperativ")}),
)
#: action fields a scenario may fill by name.
REFERENCE_FIELDS = ("card", "take", "new", "keep", "species", "habitat")


#: the steps of a species being built, which change nothing others can see until ``done``
BUILD_STEPS = frozenset({"create", "mutate", "add", "remove", "swap", "cancel"})


class DarwinsChoice(GameBase):
    """The game object: stateless; every method takes the state."""

    name = "darwin"
    title = "Darwin's Choice"
    info = GameInfo(
        min_players=2,
        max_players=6,
        rules=RULES,
        changelog=CHANGELOG,
        simultaneous=False,
        chance=True,
        languages=LANGUAGES,
        tallies=(
            Tally("extinctions", "mean", words("Extinctions",
                                               ru="Вымирания",
                                               it="Estinzioni",
                                               de="Aussterben")),
            Tally("created", "mean", words("Species created",
                                           ru="Создано видов",
                                           it="Specie create",
                                           de="Erschaffene Arten")),
            Tally("seat_parts", "count", words("Animals' parts in play at the end, per seat",
                                               ru="Части животных в игре в конце, по местам",
                                               it="Parti di animali in gioco alla fine, per posto",
                                               de="Tierteile im Spiel am Ende, je Platz")),
            Tally("seat_played", "count", words("Animals' parts played, per seat",
                                                ru="Сыгранные части животных, по местам",
                                                it="Parti di animali giocate, per posto",
                                                de="Gespielte Tierteile, je Platz")),
            Tally("seat_survived", "count",
                  words("Animals' parts played and still in play at the end, per seat",
                        ru="Сыгранные части животных, оставшиеся в игре к концу, по местам",
                        it="Parti di animali giocate ancora in gioco alla fine, per posto",
                        de="Gespielte Tierteile, am Ende noch im Spiel, je Platz")),
        ),
        summary=words(
            "Darwin's Choice: build species from animal parts, fit them to changing habitats "
            "over four eras.",
            ru="«Выбор Дарвина»: собирайте виды из частей животных и приспосабливайте их к "
            "меняющимся средам за четыре эры.",
            it="Darwin's Choice: crea specie da parti di animali e adattale ad habitat che "
            "cambiano in quattro Ere.",
            de="Darwin's Choice: Arten aus Tierteilen bauen und an wechselnde Habitate anpassen, "
            "vier Zeitalter lang.",
        ),
        order=10,
        titles=words("Darwin's Choice",
                     ru="Выбор Дарвина",
                     it="Darwin's Choice",
                     de="Darwin's Choice"),
        minutes=(45, 90),
        difficulty="medium-high",
        easy_options={"variant": "beginner"},
        # at 30 iterations the estimates foretold outcomes worse than an even share (Brier
        # 0.282); at 200, well (0.145, skill 0.42): docs/bots.md, "Calibration"
        analysis_iterations=200,
        easy_label=words("beginners' rules",
                         ru="правила для новичков",
                         it="regole per principianti",
                         de="Anfängerregeln"),
        notes=words("The card set is the project's own design, not the publisher's.",
                    ru="Карты — собственный набор проекта, не издательский.",
                    it="Le carte sono un progetto originale, non quelle dell'editore.",
                    de="Die Karten sind ein eigener Entwurf, nicht die des Verlags."),
    )
    web: Traversable | None = files("evolutio.games.darwin") / "web"

    @property
    def heuristic(self) -> Heuristic | None:
        """The greedy player, its playouts and its evaluation (for bots)."""
        return HEURISTIC

    @property
    def terminal(self) -> TerminalRenderer | None:
        """The terminal table (Rich), imported only by the terminal faces."""
        from evolutio.games.darwin.terminal import TERMINAL

        return TERMINAL

    @property
    def encoding(self) -> Encoding | None:
        """The fixed action space and observation vector for learning agents (evolutio.rl)."""
        from evolutio.games.darwin.encoding import ENCODING

        return ENCODING

    def options_spec(self) -> Sequence[OptionSpec]:
        return OPTIONS

    def normalize_options(self, options: Options) -> dict[str, Any]:
        opts = normalize(OPTIONS, options)
        if opts["variant"] == "cooperative" and opts["players"] != 4:
            raise OptionError(
                "the 2 vs 2 cooperative variant is played by 4 players", "together",
                texts=words("The 2 vs 2 cooperative variant is played by 4 players.",
                            ru="Командный вариант 2 на 2 играют вчетвером.",
                            it="La variante cooperativa 2 contro 2 si gioca in 4.",
                            de="Die kooperative Variante 2 gegen 2 spielen 4 Personen."),
            )
        return opts

    def new(self, options: Options, seed: int) -> State:
        opts = self.normalize_options(options)
        state = State(opts, seed)
        setup(state, int(opts["players"]))
        advance(state, [])
        return state

    def decision(self, state: State) -> Decision | None:
        return rules.decision(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return rules.legal_actions(state, seat)

    def check(self, state: State, seat: int, action: Action) -> None:
        rules.check(state, seat, action)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def undoable(self, before: State, seat: int, action: Action, events: list[Event]) -> bool:
        """The steps of building a species (choosing to create or mutate, adding, removing,
        swapping parts, cancelling) may be taken back: they show nothing until ``done``."""
        return action.type in BUILD_STEPS and not events

    def confirms(self, state: State, action: Action) -> bool:
        """Passing (which ends the player's part in the era's round) asks for a second click."""
        return action.type == "pass"

    def default_action(self, state: State, seat: int) -> Action:
        """On timeout: the safest legal move; never a pass that ends the seat's era while a
        species of its hand would stand (``timeout.timeout_action``)."""
        return timeout_action(state, seat)

    # -- what people see ---------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> JSON:
        return view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        """Most Darwin points wins; a tie shares the victory (seed 003, "Fine della partita")."""
        if state.phase != "over":
            return None
        scores = tuple(state.score(s) for s in range(state.num_players))
        if state.coop:
            scores = coop.team_scores(state)
        ranks = tuple(1 + sum(o > sc for o in scores) for sc in scores)
        parts = [
            [bio.card(c).animal for sp in state.species.values() if sp.owner == seat
             for c in sp.cards]
            for seat in range(state.num_players)
        ]
        played, survived = scoring.plays(state)
        return Outcome(scores, ranks, (), stats={**state.stats, "seat_parts": parts,
                                                 "seat_played": played,
                                                 "seat_survived": survived})

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Other seats' hands (keeping how many small and large cards each holds, which the
        table sees) and the draw decks dealt again from the unseen cards; the habitat and
        event decks reshuffled; future chance reseeded. Public cards stay."""
        other = state.clone()
        if state.coop and state.shown:
            # a card shown and since gone from the hand shows nothing: dealt back into that
            # hand by the resampling it would show a card the seat never saw there
            other.shown = [[c for c in shown if c in state.hands[s]]
                           for s, shown in enumerate(state.shown)]
        hidden_hands = [] if state.beginner else [
            s for s in range(state.num_players) if s != seat]
        for large in (False, True):
            pool = list(other.large if large else other.small)
            known = set()
            if state.coop and state.shown:
                known = set(state.shown[coop.teammate(seat)])
            for s in hidden_hands:
                pool += [c for c in other.hands[s]
                         if bio.card(c).large == large and c not in known]
            rng.shuffle(pool)
            for s in hidden_hands:
                count = sum(1 for c in other.hands[s]
                            if bio.card(c).large == large and c not in known)
                keep = [c for c in other.hands[s] if bio.card(c).large != large or c in known]
                other.hands[s] = keep + pool[:count]
                pool = pool[count:]
            if large:
                other.large = pool
            else:
                other.small = pool
        rng.shuffle(other.habitat_deck)
        rng.shuffle(other.event_deck)
        other.rng = Rng(rng.randrange(1 << 30))
        return other

    # -- notation and scenarios --------------------------------------------------------------

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return ACTIONS.from_json(data)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        stripped = text.strip()
        if stripped.isdigit():
            return parse_by_notation(self.legal_actions(state, seat), stripped)
        return parse_notation(stripped)

    def snapshot(self, state: State) -> JSON:
        return snapshot(state)

    def from_position(self, options: Options, position: Mapping[str, Any], seed: int) -> State:
        try:
            opts = self.normalize_options(options)
        except OptionError:
            raise
        state = State(opts, seed)
        setup(state, int(opts["players"]))
        build(state, position)
        advance(state, [])
        return state

    def setup_new(self, options: Options, setup: Mapping[str, Any], seed: int) -> State:
        """A scenario's start from ``new``: the game dealt by ``seed``, with chosen hands
        (docs/scenarios.md, "Starting from new")."""
        state = self.new(options, seed)
        choose_hands(state, setup)
        advance(state, [])
        return state

    def reference_fields(self) -> tuple[str, ...]:
        return REFERENCE_FIELDS

    def describe_action(self, state: State, action: Action, language: str = "en") -> str:
        return texts.describe_action(action, [p.habitat for p in state.positions], language)

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

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """A refusal of the rules in ``language`` (data/refusals.toml)."""
        return refusals.describe(error, language)

    def explain(
        self, state: State, seat: int, targets: tuple[tuple[str, int | str], ...],
        language: str = "en",
    ) -> str | None:
        """Why no legal action uses all of ``targets``: the rules' refusal of the action the
        clicked things would make (a card added to or taken from the species being built, a
        species to mutate or to move to a habitat, a habitat for a new species)."""
        ids = {kind: [i for k, i in targets if k == kind and isinstance(i, int)]
               for kind in ("card", "species", "habitat")}
        cards, species, habitats = ids["card"], ids["species"], ids["habitat"]
        action: Action | None = None
        if cards and state.build is not None:
            action = Add(cards[0]) if cards[0] in state.hands[seat] else Remove(cards[0])
        elif species and habitats:
            action = Migrate(species[0], habitats[0])
        elif species and not cards:
            action = Mutate(species[0])
        elif habitats and not cards:
            action = Create(habitats[0])
        why = rules.refusal(state, seat, action) if action is not None else ""
        return refusals.describe(refusals.illegal(why), language) if why else None

    def action_targets(self, state: State, action: Action) -> tuple[tuple[str, int | str], ...]:
        out: list[tuple[str, int | str]] = []
        for name, kind in (("card", "card"), ("take", "card"), ("new", "card"),
                           ("keep", "card"), ("species", "species"), ("habitat", "habitat")):
            value = getattr(action, name, None)
            if isinstance(value, int):
                out.append((kind, value))
        if isinstance(action, DrawSplit):
            # the browser's form picks both counts (docs/rules/darwin.md)
            out += [("draw_small", action.small), ("draw_large", action.large)]
        return tuple(out)

    def scoreboard(self, state: State) -> Scoreboard:
        """The Darwin points in parts; ties are shared."""
        return scoring.scoreboard(state)

    def describe_done(
        self, state: State, seat: int, action: Action, language: str = "en",
        seats: list[str] | None = None,
    ) -> str:
        name = seats[seat] if seats and seat < len(seats) else f"#{seat + 1}"
        return texts.describe_done(action, [p.habitat for p in state.positions], language, name)

    def describe_decision(self, state: State, decision: Decision, language: str = "en") -> str:
        prompt = texts.PROMPTS.get("turn_open" if decision.open else decision.kind)
        return decision.prompt if prompt is None else texts.pick(prompt, language)

    def labels(self, language: str = "en") -> dict[str, str]:
        return {**texts.labels(language), **scoring.score_labels(language)}

    def reference(self, language: str = "en") -> dict[str, str]:
        """A short rules text for every symbol, part, habitat, event and animal (tooltips)."""
        return reference.reference(language)

    def reference_groups(self, language: str = "en") -> list[tuple[str, list[str]]]:
        """The reference in sections (symbols, parts, terms, habitats, ...), for the rules page."""
        return reference.groups(language)

    def overview(self, language: str = "en") -> str:
        """The rules overview shown on the rules page."""
        return reference.overview(language)


#: the registered game (typed as the contract, so that mypy holds its signatures to it)
GAME: Game[State] = DarwinsChoice()
