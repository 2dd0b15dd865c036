"""Knorre & Machin's Evolution behind the core game contract."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from importlib.resources import files
from typing import Any

from evolutio.core.game import (
    JSON,
    Action,
    Decision,
    Event,
    GameInfo,
    Heuristic,
    IllegalAction,
    OptionError,
    Options,
    Outcome,
    Tally,
    TerminalRenderer,
)
from evolutio.core.options import OptionSpec
from evolutio.core.rng import Rng
from evolutio.games.evolution.actions import (
    ACTION_TYPES,
    Eat,
    EndStep,
    FatUsed,
    Pass,
    Passed,
    PlayAnimal,
    PlayPair,
    PlayTrait,
    TraitPlayed,
    Trigger,
    UseFat,
)
from evolutio.games.evolution.attack import apply_defence, check_defence, defence_options
from evolutio.games.evolution.deck import build_cards, card_sets, single_deck_players, trait_name
from evolutio.games.evolution.geography import CONTINENTS, LOCATIONS, place_name
from evolutio.games.evolution.ops import (
    BANK,
    became_fed,
    can_eat,
    fat_capacity,
    firable,
    fire,
    gain,
    has_trait,
    host_block,
    need,
    place_trait,
    revealed,
)
from evolutio.games.evolution.phases import (
    advance,
    end_step,
    fat_uses,
    feeding_trait_actions,
    here,
    must_feed,
    new_animal,
    start_development,
    trigger_choices,
)
from evolutio.games.evolution.position import from_position, snapshot
from evolutio.games.evolution.scoring import outcome as final_outcome
from evolutio.games.evolution.state import (
    DEVELOPMENT,
    OVER,
    Animal,
    AttackFrame,
    ChoiceFrame,
    Link,
    State,
)
from evolutio.games.evolution.traits import base as _base_traits  # noqa: F401  (registers)
from evolutio.games.evolution.traits import continents as _continents  # noqa: F401
from evolutio.games.evolution.traits import gift as _gift_traits  # noqa: F401  (registers)
from evolutio.games.evolution.traits import time_to_fly as _ttf_traits  # noqa: F401
from evolutio.games.evolution.traits.registry import (
    FEEDING_ACTIONS,
    TABLE_ACTIONS,
    TRAIT_SETS,
    TRAITS,
)
from evolutio.games.evolution.view import describe_action, describe_event, parse_action, view

EDITIONS = (2, 3)
LANGUAGES = ("en", "ru", "it", "de")


def _words(en: str, ru: str, it: str, de: str) -> dict[str, str]:
    return dict(zip(LANGUAGES, (en, ru, it, de), strict=True))


#: the card sets' names, as the editions print them.
_SET_NAMES = {
    "base": _words("Base game", "Базовая игра", "Gioco base", "Grundspiel"),
    "time_to_fly": _words("Time to Fly", "Время летать", "Tempo di volare", "Zeit zu fliegen"),
    "continents": _words("Continents", "Континенты", "Continenti", "Kontinente"),
    "gift": _words("Gift cards", "Подарочный набор", "Carte regalo", "Geschenkkarten"),
}
HAND_SIZE = 6
#: Continents: "раздайте каждому игроку по 10 карт" (seed 004).
CONTINENTS_HAND_SIZE = 10


MAX_PLAYERS = 8


def max_players(expansions: list[str]) -> int:
    """Up to 8 players with any sets: beyond what one base set serves (seed 004's table:
    base 2-4, with Time to Fly 2-6) the deck holds two base sets (seed 000, 5-8 players)."""
    return MAX_PLAYERS


def base_copies(players: int, expansions: list[str]) -> int:
    """Copies of the base set: two once the players exceed the chosen sets' single-deck
    limit (data/cards.toml, ``[players]``)."""
    return 2 if players > single_deck_players(expansions) else 1


#: timeout moves, mildest first.
SAFE_TYPES = ("pass", "end", "accept")
#: action fields a scenario may fill by name.
REFERENCE_FIELDS = ("animal", "target", "card", "link", "animals")
#: action fields that point at something on the table, and what they point at.
TARGET_FIELDS = (
    ("card", "card"),
    ("swap", "card"),
    ("animal", "animal"),
    ("target", "animal"),
    ("animals", "animal"),
    ("link", "link"),
    ("location", "location"),
)
INFO = GameInfo(
    min_players=2,
    max_players=MAX_PLAYERS,
    simultaneous=False,
    chance=True,
    languages=LANGUAGES,
    tallies=(
        Tally("turns", "mean", _words("Turns", "Ходы", "Turni", "Runden")),
        Tally(
            "survivor_traits",
            "count",
            _words("Traits of survivors", "Свойства выживших", "Proprietà dei sopravvissuti",
                   "Eigenschaften der Überlebenden"),
        ),
    ),
    summary=_words(
        "Knorre & Machin's Evolution: breed animals, give them traits, feed them, hunt.",
        "«Эволюция» Кнорре и Мачина: выводите животных, давайте им свойства, кормите, охотьтесь.",
        "Evolution di Knorre e Machin: allevate animali, date loro proprietà, nutriteli, cacciate.",
        "Evolution von Knorre & Machin: Tiere züchten, Eigenschaften geben, füttern, jagen.",
    ),
    order=0,
)


class Evolution:
    """The game object: stateless; every method takes the state."""

    name = "evolution"
    title = "Evolution (Knorre & Machin)"
    info = INFO
    #: the browser renderer (index.js, board.css), served by the server under the game's name.
    web = files("evolutio.games.evolution") / "web"

    @property
    def heuristic(self) -> Heuristic:
        """The greedy player, its rollout policy and its position evaluator (for bots)."""
        from evolutio.games.evolution.heuristic import HEURISTIC

        return HEURISTIC

    @property
    def terminal(self) -> TerminalRenderer:
        """The terminal table (Rich), imported only by the terminal faces."""
        from evolutio.games.evolution.terminal import TERMINAL

        return TERMINAL

    def options_spec(self) -> tuple[OptionSpec, ...]:
        """Players, edition, card sets and the half deck (seed 004; 2nd edition: 000, 001)."""
        sets = tuple(s for s in card_sets() if any(TRAIT_SETS.get(t) == s for t in TRAIT_SETS))
        return (
            OptionSpec(
                "players", "int", 2, _words("Players", "Игроки", "Giocatori", "Spieler"),
                _words("Number of seats.", "Число мест.", "Numero di posti.", "Anzahl der Plätze."),
                low=2, high=MAX_PLAYERS, seats=True,
            ),
            OptionSpec(
                "edition", "choice", 3, _words("Edition", "Издание", "Edizione", "Ausgabe"),
                _words("Rules edition: 3 (default) or 2.", "Издание правил: 3 или 2.",
                       "Edizione delle regole: 3 o 2.", "Regelausgabe: 3 oder 2."),
                choices=EDITIONS,
            ),
            OptionSpec(
                "expansions", "multi", ["base"],
                _words("Card sets", "Наборы карт", "Set di carte", "Kartensätze"),
                _words("The base set plus any expansions.", "Базовый набор и дополнения.",
                       "Il set base e le espansioni.", "Grundspiel und Erweiterungen."),
                choices=sets, required=("base",),
                choice_labels={name: _SET_NAMES.get(name, {"en": name}) for name in sets},
            ),
            OptionSpec(
                "half_deck", "bool", False,
                _words("Half deck", "Половина колоды", "Mezzo mazzo", "Halbes Deck"),
                _words("Remove half of each card kind (advised for 2-3 players).",
                       "Убрать половину карт каждого вида (для 2-3 игроков).",
                       "Togliere metà di ogni tipo di carta (per 2-3 giocatori).",
                       "Die Hälfte jeder Kartenart entfernen (für 2-3 Spieler)."),
            ),
        )

    # -- options -----------------------------------------------------------------------------

    def normalize_options(self, options: Options) -> dict[str, Any]:
        allowed = {"players", "edition", "expansions", "half_deck"}
        unknown = sorted(set(options) - allowed)
        if unknown:
            raise OptionError(
                f"unknown option {', '.join(map(repr, unknown))}; "
                f"allowed: {', '.join(sorted(allowed))}"
            )
        expansions = options.get("expansions", ["base"])
        if isinstance(expansions, str):
            expansions = [e for e in expansions.replace(",", " ").split() if e]
        if not isinstance(expansions, (list, tuple)) or not all(
            isinstance(e, str) for e in expansions
        ):
            raise OptionError("expansions must be a list of names")
        known = [s for s in card_sets() if any(TRAIT_SETS.get(t) == s for t in TRAIT_SETS)]
        for expansion in expansions:
            if expansion not in known:
                raise OptionError(f"unknown expansion '{expansion}'; allowed: {', '.join(known)}")
        expansions = ["base"] + [e for e in known if e in expansions and e != "base"]
        players = options.get("players", 2)
        high = max_players(expansions)
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= high:
            raise OptionError(f"players must be a whole number from 2 to {high}, not {players!r}")
        edition = options.get("edition", 3)
        if edition not in EDITIONS:
            raise OptionError(f"edition must be 2 or 3, not {edition!r}")
        half_deck = options.get("half_deck", False)
        if not isinstance(half_deck, bool):
            raise OptionError(f"half_deck must be true or false, not {half_deck!r}")
        normal: dict[str, Any] = {"players": players, "edition": edition, "expansions": expansions}
        if half_deck:
            normal["half_deck"] = True
        return normal

    # -- the contract --------------------------------------------------------------------

    def new(self, options: Options, seed: int) -> State:
        opts = self.normalize_options(options)
        copies = base_copies(opts["players"], opts["expansions"])
        cards = build_cards(opts["expansions"], copies, opts.get("half_deck", False))
        state = State(opts, seed, cards)
        # card ids must not tell the faces of a face-down card (an animal, a discard)
        state.rng.shuffle(cards)
        if "continents" in opts["expansions"]:
            state.banks = dict.fromkeys(LOCATIONS, 0)
        state.deck = list(range(len(cards)))
        state.rng.shuffle(state.deck)
        for _ in range(CONTINENTS_HAND_SIZE if state.geography else HAND_SIZE):
            for player in state.players:
                player.hand.append(state.deck.pop())
        state.first_player = state.rng.randrange(state.num_players)
        state.last_turn = not state.deck
        events: list[Event] = []
        start_development(state, events)
        advance(state, events)
        return state

    def decision(self, state: State) -> Decision | None:
        if state.phase == OVER:
            return None
        if state.stack:
            frame = state.stack[-1]
            if isinstance(frame, AttackFrame):
                owner = state.animals[frame.target].owner
                return Decision.one(
                    owner,
                    "defend",
                    f"A{frame.target} is attacked by carnivore A{frame.carnivore}: "
                    "choose how it defends.",
                )
            if isinstance(frame, ChoiceFrame):
                return Decision.one(frame.chooser(state), frame.kind, frame.prompt(state))
            return Decision.one(frame.seat, "trigger", "Choose which paired trait fires next.")
        if state.phase == DEVELOPMENT:
            return Decision.one(state.current, "develop", "Play a card from your hand, or pass.")
        return Decision.one(state.current, "feed", "Your feeding turn.")

    def seat_to_act(self, state: State) -> int | None:
        """The one seat that decides now (Evolution never asks several at once); the same
        seat as ``decision`` names, without building its prompt."""
        if state.phase == OVER:
            return None
        if state.stack:
            frame = state.stack[-1]
            if isinstance(frame, AttackFrame):
                return state.animals[frame.target].owner
            if isinstance(frame, ChoiceFrame):
                return frame.chooser(state)
            return frame.seat
        return state.current

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        if state.phase == OVER or seat != self.seat_to_act(state):
            return []
        return self.actions_now(state)

    def actions_now(self, state: State) -> list[Action]:
        """Every legal action of the seat that decides now."""
        if state.stack:
            frame = state.stack[-1]
            if isinstance(frame, AttackFrame):
                return defence_options(state, frame)
            if isinstance(frame, ChoiceFrame):
                return frame.options(state)
            return trigger_choices(state)
        if state.phase == DEVELOPMENT:
            return self._development_actions(state, state.current)
        return self._feeding_actions(state, state.current)

    def check(self, state: State, seat: int, action: Action) -> None:
        if state.phase == OVER:
            raise IllegalAction("The game is over.")
        if seat != self.seat_to_act(state):
            raise IllegalAction("It is not your turn.")
        if state.stack:
            frame = state.stack[-1]
            if isinstance(frame, AttackFrame):
                check_defence(state, frame, action)
            elif isinstance(frame, ChoiceFrame):
                if action not in frame.options(state):
                    raise IllegalAction(
                        f"'{action.notation()}' is not a choice now: {frame.prompt(state)}"
                    )
            elif action not in trigger_choices(state):
                raise IllegalAction("Choose one of the paired traits waiting to fire.")
            return
        if state.phase == DEVELOPMENT:
            self._check_development(state, state.current, action)
        else:
            self._check_feeding(state, state.current, action)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        self.check(state, seat, action)
        events: list[Event] = []
        if state.stack:
            frame = state.stack[-1]
            if isinstance(frame, AttackFrame):
                apply_defence(state, frame, action, events)
            elif isinstance(frame, ChoiceFrame):
                frame.apply(state, action, events)
            else:
                assert isinstance(action, Trigger)
                recipient = next(r for link, r in firable(state) if link == action.link)
                state.stack.pop()
                fire(state, action.link, recipient, events)
        elif state.phase == DEVELOPMENT:
            self._apply_development(state, action, events)
        else:
            self._apply_feeding(state, action, events)
        advance(state, events)
        return events

    def view(self, state: State, seat: int | None) -> JSON:
        return view(self, state, seat)

    def outcome(self, state: State) -> Outcome | None:
        return final_outcome(state) if state.phase == OVER else None

    def determinize(self, state: State, seat: int, rng: Any) -> State:
        """Resample what ``seat`` cannot see: the deck order, other hands, other discard
        piles (sizes kept), the faces of the others' face-down animal cards, and the future
        dice: the faces of every unseen card are dealt again among those cards' ids."""
        other = state.clone()
        pool = list(other.deck)
        for player in other.players:
            if player.seat != seat:
                pool.extend(player.hand)
                pool.extend(player.discard)
        unseen = pool + [
            a.card
            for a in other.animals.values()
            if a.owner != seat and a.present and not revealed(a)
        ]
        faces = [other.card_faces[c] for c in unseen]
        rng.shuffle(faces)
        card_faces = list(other.card_faces)
        for card, face in zip(unseen, faces, strict=True):
            card_faces[card] = face
        other.card_faces = card_faces
        rng.shuffle(pool)
        position = 0
        for player in other.players:
            if player.seat != seat:
                size = len(player.hand)
                player.hand = pool[position : position + size]
                position += size
                size = len(player.discard)
                player.discard = pool[position : position + size]
                position += size
        other.deck = pool[position:]
        other.rng = Rng(rng.randrange(2**62))
        return other

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise IllegalAction("An action must be a JSON object with a 'type'.")
        kind = data.get("type")
        cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise IllegalAction(
                f"Unknown action type {kind!r}; known: {', '.join(sorted(ACTION_TYPES))}."
            )
        fields = dict(data)
        fields.pop("type")
        expected = {f.name for f in dataclasses.fields(cls)}
        required = {f.name for f in dataclasses.fields(cls) if f.default is dataclasses.MISSING}
        extra = sorted(set(fields) - set(expected))
        missing = sorted(required - set(fields))
        if extra or missing:
            problem = f"unexpected {extra}" if extra else f"missing {missing}"
            raise IllegalAction(f"Action '{kind}': {problem}.")
        for name, value in fields.items():
            if name == "animals":
                if (
                    not isinstance(value, (list, tuple))
                    or len(value) != 2
                    or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
                ):
                    raise IllegalAction(f"Action '{kind}': 'animals' must be two animal ids.")
                fields[name] = tuple(value)
            elif name in ("trait", "location"):
                if not isinstance(value, str):
                    raise IllegalAction(f"Action '{kind}': '{name}' must be a name.")
            elif not isinstance(value, int) or isinstance(value, bool):
                raise IllegalAction(f"Action '{kind}': '{name}' must be a whole number.")
        action: Action = cls(**fields)
        return canonical(action)

    def parse_action(self, state: State, seat: int, text: str) -> Action:
        if seat != self.seat_to_act(state):
            raise IllegalAction("It is not your turn.")
        return parse_action(self, state, text)

    def default_action(self, state: State, seat: int) -> Action:
        """On timeout: pass, end the feeding step or accept an attack when legal (the
        mildest moves), else the first legal action."""
        actions = self.legal_actions(state, seat)
        if not actions:
            raise IllegalAction("It is not your turn.")
        for kind in SAFE_TYPES:
            for action in actions:
                if action.type == kind:
                    return action
        return actions[0]

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
        state = from_position(self, self.normalize_options(options), position, seed)
        advance(state, [])
        return state

    def describe_action(self, state: State, action: Action, language: str = "en") -> str:
        return describe_action(state, action, language)

    def describe_event(
        self, event: Event, language: str = "en", seats: list[str] | None = None
    ) -> str:
        return describe_event(event.to_json(), language, seats)

    def labels(self, language: str = "en") -> dict[str, str]:
        return {trait: trait_name(trait, language) for trait in TRAITS}

    # -- development (seed 004, "Фаза развития") ----------------------------------------------

    def _development_actions(self, state: State, seat: int) -> list[Action]:
        player = state.players[seat]
        own = [state.animals[a] for a in player.animals if state.animals[a].present]
        others = [a for a in state.animals.values() if a.owner != seat and a.present]
        places = CONTINENTS if state.geography else ("",)
        actions: list[Action] = []
        everyone = own + others
        for card in player.hand:
            actions.extend(PlayAnimal(card, place) for place in places)
            for face in state.card_faces[card]:
                trait = TRAITS[face]
                if trait.animal_only:
                    continue
                if trait.paired:
                    pool = own if trait.target == "own" else others
                    for i, a in enumerate(pool):
                        for b in pool if trait.directed else pool[i + 1 :]:
                            if a is b or a.owner != b.owner or a.location != b.location:
                                continue
                            if pair_block(state, seat, face, a, b) is None:
                                actions.append(PlayPair(card, face, (a.id, b.id)))
                else:
                    pool = (
                        own
                        if trait.target == "own"
                        else others
                        if trait.target == "enemy"
                        else everyone
                    )
                    for animal in pool:
                        if trait_block(state, seat, face, animal) is None:
                            actions.append(PlayTrait(card, face, animal.id))
        actions.append(Pass())
        return actions

    def _check_development(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, Pass):
            return
        if not isinstance(action, (PlayAnimal, PlayTrait, PlayPair)):
            raise IllegalAction(
                "In the development phase you can only play a card from your hand or pass."
            )
        player = state.players[seat]
        if action.card not in player.hand:
            raise IllegalAction(f"Card #{action.card} is not in your hand.")
        if isinstance(action, PlayAnimal):
            reason = location_refusal(state, action.location)
            if reason:
                raise IllegalAction(reason)
            return
        faces = state.card_faces[action.card]
        if action.trait not in faces:
            shown = " or ".join(trait_name(f) for f in faces)
            raise IllegalAction(
                f"Card #{action.card} can be played as {shown}, not {action.trait}."
            )
        trait = TRAITS[action.trait]
        if isinstance(action, PlayTrait):
            if trait.paired:
                raise IllegalAction(
                    f"{trait_name(action.trait)} is paired: play it on two animals."
                )
            animal = state.animals.get(action.animal)
            if animal is None:
                raise IllegalAction(f"There is no animal A{action.animal} on the table.")
            reason = trait_block(state, seat, action.trait, animal)
        else:
            if not trait.paired:
                raise IllegalAction(f"{trait_name(action.trait)} is played on one animal.")
            a = state.animals.get(action.animals[0])
            b = state.animals.get(action.animals[1])
            if a is None or b is None:
                missing = action.animals[0] if a is None else action.animals[1]
                raise IllegalAction(f"There is no animal A{missing} on the table.")
            reason = pair_block(state, seat, action.trait, a, b)
        if reason:
            raise IllegalAction(reason)

    def _apply_development(self, state: State, action: Action, events: list[Event]) -> None:
        seat = state.current
        player = state.players[seat]
        if isinstance(action, Pass):
            player.passed = True
            events.append(Passed(seat))
        else:
            assert isinstance(action, (PlayAnimal, PlayTrait, PlayPair))
            player.hand.remove(action.card)
            if isinstance(action, PlayAnimal):
                new_animal(state, seat, action.card, action.location, events)
            elif isinstance(action, PlayTrait):
                animal = state.animals[action.animal]
                place_trait(animal, action.card, action.trait)
                events.append(TraitPlayed(seat, action.card, action.trait, (action.animal,)))
                TRAITS[action.trait].on_play(state, seat, animal, action.card, events)
            else:
                link = Link(state.next_link, action.trait, action.card, *action.animals)
                state.next_link += 1
                state.links[link.id] = link
                events.append(TraitPlayed(seat, action.card, action.trait, action.animals))
        state.current = (seat + 1) % state.num_players

    # -- feeding (seed 004, "Фаза питания") -------------------------------------------------

    def _feeding_actions(self, state: State, seat: int) -> list[Action]:
        actions: list[Action] = []
        player = state.players[seat]
        if not state.main_done:
            for animal_id in player.animals:
                animal = state.animals[animal_id]
                if (
                    here(state, animal)
                    and state.bank(animal.location) > 0
                    and can_eat(state, animal)
                ):
                    actions.append(Eat(animal_id))
            for animal_id, most in fat_uses(state, seat):
                actions.extend(UseFat(animal_id, k) for k in range(1, most + 1))
        actions.extend(feeding_trait_actions(state, seat))
        if not must_feed(state, seat):
            actions.append(EndStep())
        return actions

    def _check_feeding(self, state: State, seat: int, action: Action) -> None:
        if isinstance(action, EndStep):
            if must_feed(state, seat):
                raise IllegalAction(
                    "You must take a red token from the food bank while one of your animals "
                    "can eat (or use a feeding trait instead)."
                )
            return
        animal_id = getattr(action, "animal", None)
        if isinstance(action, (Pass, PlayAnimal, PlayTrait, PlayPair)):
            raise IllegalAction("Cards are played in the development phase; now it is feeding.")
        if not isinstance(animal_id, int):
            raise IllegalAction(f"'{action.notation()}' cannot be used in your feeding turn.")
        animal = state.animals.get(animal_id)
        if animal is None:
            raise IllegalAction(f"There is no animal A{animal_id} on the table.")
        if animal.owner != seat:
            raise IllegalAction(f"A{animal_id} is not your animal.")
        if not animal.present:
            raise IllegalAction(f"Only the traits of A{animal_id} lie on the table.")
        trait_id = FEEDING_ACTIONS.get(action.type)
        migration = trait_id is not None and TRAITS[trait_id].during_migration
        if state.where is not None and animal.location != state.where and not migration:
            raise IllegalAction(
                f"In this feeding turn you act in {place_name(state.where)}; A{animal_id} "
                f"lives in {place_name(animal.location)}."
            )
        if state.used("migrating", seat) and not migration:
            raise IllegalAction(
                "You declared a migration: this feeding turn you can only migrate "
                "(no food, no other traits)."
            )
        if isinstance(action, (Eat, UseFat)):
            if state.main_done:
                raise IllegalAction(
                    "You already took food, attacked or used fat in this feeding turn."
                )
            if isinstance(action, Eat):
                if state.bank(animal.location) < 1:
                    raise IllegalAction(
                        f"The food bank of {place_name(animal.location)} is empty."
                        if animal.location
                        else "The food bank is empty."
                    )
                if not can_eat(state, animal):
                    raise IllegalAction(eat_refusal(state, animal))
            else:
                uses = dict(fat_uses(state, seat))
                if animal_id not in uses:
                    raise IllegalAction(f"A{animal_id} has no fat it can use now.")
                if not 1 <= action.amount <= uses[animal_id]:
                    raise IllegalAction(
                        f"A{animal_id} can turn 1 to {uses[animal_id]} fat tokens into food now."
                    )
            return
        table_trait = TABLE_ACTIONS.get(action.type)
        if table_trait is not None:
            TRAITS[table_trait].check_action(state, animal, action)
            return
        if trait_id is None:
            raise IllegalAction(f"'{action.notation()}' cannot be used in your feeding turn.")
        if not has_trait(state, animal, trait_id):
            raise IllegalAction(f"A{animal_id} does not have {trait_name(trait_id)}.")
        TRAITS[trait_id].check_action(state, animal, action)

    def _apply_feeding(self, state: State, action: Action, events: list[Event]) -> None:
        if isinstance(action, EndStep):
            end_step(state, events)
            return
        animal = state.animals[action.animal]  # type: ignore[attr-defined]
        state.acted = True
        trait_id = FEEDING_ACTIONS.get(action.type)
        if trait_id is None or not TRAITS[trait_id].during_migration:
            state.where = animal.location
        if isinstance(action, Eat):
            state.main_done = True
            gain(state, animal, BANK, "eat", events)
        elif isinstance(action, UseFat):
            state.main_done = True
            hungry = animal.food < need(state, animal)
            animal.fat -= action.amount
            animal.food += action.amount
            events.append(FatUsed(animal.id, action.amount))
            if hungry and animal.food >= need(state, animal):
                became_fed(state, animal, events)
        else:
            trait = TRAITS[FEEDING_ACTIONS.get(action.type) or TABLE_ACTIONS[action.type]]
            if trait.main_action(action):
                state.main_done = True
            trait.apply_action(state, animal, action, events)


# -- development checks shared by legal_actions and check ------------------------------------


def trait_block(state: State, seat: int, trait_id: str, animal: Animal) -> str | None:
    """Why ``trait_id`` cannot be played on ``animal`` by ``seat`` (seed 004, "Свойства
    животных": own animals only, Parasite only on others'; no duplicates but Fat tissue)."""
    trait = TRAITS[trait_id]
    if trait.animal_only:
        return f"{trait_name(trait_id)} can only be played as an animal (face down)."
    if not animal.present:
        return f"Only the traits of A{animal.id} lie on the table: there is no animal."
    if trait.target == "own" and animal.owner != seat:
        return f"{trait_name(trait_id)} can only be played on your own animals."
    if trait.target == "enemy" and animal.owner == seat:
        return f"{trait_name(trait_id)} can only be played on another player's animal."
    if not trait.stackable and animal.holds(trait_id):
        return f"A{animal.id} already has {trait_name(trait_id)}."
    for _, existing in animal.traits:
        reason = trait.conflicts(existing) or TRAITS[existing].conflicts(trait_id)
        if reason:
            return reason
    return host_block(state, animal, trait_id) or trait.play_block(state, seat, animal)


def location_refusal(state: State, location: str) -> str | None:
    """Why a new animal cannot be played into ``location``, or None (seed 004: Laurasia or
    Gondwana, never straight into the Ocean)."""
    if not state.geography:
        if location:
            return "There are no locations without the Continents expansion."
        return None
    if location not in CONTINENTS:
        return "Play the animal into a continent: laurasia or gondwana."
    return None


def pair_block(state: State, seat: int, trait_id: str, a: Animal, b: Animal) -> str | None:
    """Why a paired trait cannot join ``a`` and ``b`` (seed 004, "Парные свойства")."""
    trait = TRAITS[trait_id]
    if a.id == b.id:
        return "A paired trait joins two different animals."
    if not a.present or not b.present:
        return "A paired trait joins two animals on the table."
    if a.location != b.location:
        return (
            f"A paired trait joins animals in one location; A{a.id} and A{b.id} live in "
            "different places."
        )
    if trait.target == "own" and (a.owner != seat or b.owner != seat):
        return f"{trait_name(trait_id)} can only be played on two of your own animals."
    if trait.target == "enemy" and (a.owner == seat or b.owner == seat or a.owner != b.owner):
        return f"{trait_name(trait_id)} is played on a pair of another player's animals."
    for link in state.links.values():
        if link.trait == trait_id and link.joins(a.id, b.id):
            return f"A{a.id} and A{b.id} are already joined by {trait_name(trait_id)}."
    return (
        host_block(state, a, trait_id)
        or host_block(state, b, trait_id)
        or trait.play_block(state, seat, a)
        or trait.play_block(state, seat, b)
    )


def eat_refusal(state: State, animal: Animal) -> str:
    if animal.hibernating:
        return f"A{animal.id} is hibernating and takes no food."
    if animal.food >= need(state, animal) and animal.fat >= fat_capacity(animal):
        return f"A{animal.id} is fed and its fat tissue is full."
    return f"A{animal.id} cannot take food until its symbiont is fed."


def canonical(action: Action) -> Action:
    """Undirected paired traits list their animals in ascending order."""
    if (
        isinstance(action, PlayPair)
        and action.trait in TRAITS
        and not TRAITS[action.trait].directed
        and action.animals[0] > action.animals[1]
    ):
        return PlayPair(action.card, action.trait, (action.animals[1], action.animals[0]))
    return action


GAME = Evolution()
