"""The game contract every evolutio game implements.

Modelled on OpenSpiel's ``State`` and PokerKit's verify/apply discipline: ``check`` raises
``IllegalAction`` with a reason a player can read and never mutates; ``apply`` verifies once,
then mutates and returns the events that say what happened (nobody else needs to call
``check`` first). A decision names every seat that may act now: one seat for a turn, several
for a simultaneous choice (each acts once, in any order; the game hides committed choices
until the last one is in, the turn-based encoding of simultaneous moves), or a turn open to
side actions of other seats (``Decision.open``: nothing hidden). Bots, the server,
simulation and the research API use only the core and the registry, never a game's internals.

The values the rules trade in (``Action``, ``Event``, ``IllegalAction``, ``Refusal``,
``Tagged``, ``parse_by_notation``) are defined in :mod:`evolutio.core.moves` and re-exported
here: importers name them from this module, the contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

# defined below the contract (core/options.py needs them too), part of it for every importer
from evolutio.core.common import JSON as JSON
from evolutio.core.common import OptionError as OptionError

# what the rules trade in (core/moves.py), part of the contract for every importer too
from evolutio.core.moves import Action as Action
from evolutio.core.moves import Event as Event
from evolutio.core.moves import IllegalAction as IllegalAction
from evolutio.core.moves import Refusal as Refusal
from evolutio.core.moves import Tagged as Tagged
from evolutio.core.moves import parse_by_notation as parse_by_notation

if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.resources.abc import Traversable

    from evolutio.core.options import OptionSpec
    from evolutio.core.scoring import Scoreboard

Options = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class Decision:
    """Who may choose now and what kind of choice it is.

    ``seats`` are the seats that may act now, in any order: one seat on a turn, several for a
    simultaneous choice. In a simultaneous choice each seat chooses once (in one step or
    several, below), the game hides the committed choices until the last one is in, and
    ``chosen`` names the seats that have already chosen (they wait; a seat moves from
    ``seats`` to ``chosen`` once its choice is complete). What a seat may choose never depends
    on the hidden choices already made, which would reveal them, so its legal actions stay the
    same while the others choose. ``kind`` names the choice (``"develop"``, ``"feed"``,
    ``"bid"``...); ``prompt`` is a sentence for the player; ``progress`` is ``(done, total)``
    for a choice made in several steps (one card per step, then ``done``; a seat choosing in
    several steps stays in ``seats`` until its last), for the interface to show "3 of 10
    chosen".

    A simultaneous decision stays the same open decision (:meth:`continues`) while its kind
    and its seats (``seats`` and ``chosen`` together) stay and ``chosen`` only grows; it closes
    when the last seat has chosen, and the next decision opens with nobody in ``chosen``.

    ``open`` marks a turn open to others instead: ``seats[0]`` is the seat whose turn it is
    and the other seats may take a side action now, in the open (Darwin's Choice's card draw
    in another player's turn). Nothing is hidden: it is no simultaneous choice, every action
    is told and may be taken back like a turn's, and each action makes a new decision. Faces
    that play one seat at a time ask ``seats[0]``.
    """

    seats: tuple[int, ...]
    kind: str
    prompt: str = ""
    progress: tuple[int, int] | None = None
    chosen: tuple[int, ...] = ()
    open: bool = False

    @classmethod
    def one(cls, seat: int, kind: str, prompt: str = "") -> Decision:
        """A decision for a single seat (a turn, a defence, a trigger)."""
        return cls((seat,), kind, prompt)

    @property
    def simultaneous(self) -> bool:
        """Whether several seats take part (those to choose and those who have) in a hidden
        choice: every choice in it is hidden until the decision closes, the last seat's too.
        An ``open`` turn is never simultaneous."""
        return not self.open and len(self.seats) + len(self.chosen) > 1

    def continues(self, before: Decision) -> bool:
        """Whether this decision, found after one action, is the simultaneous decision
        ``before`` still open: the same kind among the same seats, nobody's choice undone."""
        if not before.simultaneous or self.kind != before.kind:
            return False
        seats, chosen = set(before.seats), set(before.chosen)
        mine = set(self.chosen)
        return chosen <= mine and mine | set(self.seats) == seats | chosen

    def to_json(self) -> JSON:
        out: JSON = {"seats": list(self.seats), "kind": self.kind, "prompt": self.prompt}
        if self.progress is not None:
            out["progress"] = list(self.progress)
        if self.simultaneous:
            out["chosen"] = list(self.chosen)
        if self.open:
            out["open"] = True
        return out


@dataclass(frozen=True, slots=True)
class Tally:
    """A figure a game reports per finished game in ``Outcome.stats`` (for reports).

    ``kind`` says how a batch sums it up: ``mean`` (one number per game, averaged, e.g. the
    turns played) or ``count`` (a list of names per game, counted, e.g. the traits of the
    survivors). ``label`` maps a language to the heading a report prints.
    """

    name: str
    kind: Literal["mean", "count"]
    label: Mapping[str, str]

    def text(self, language: str = "en") -> str:
        return self.label.get(language) or self.label.get("en") or self.name


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game is, declared (OpenSpiel's ``GameType``/``GameInfo``): seat range, whether
    some decisions are simultaneous, whether chance plays a part, its languages, the
    figures its outcomes report, and a short description per language for the lobby.

    ``order`` places the game in lists (lowest first); ``demo`` marks a game made to test the
    platform, which is listed but never chosen by default. For the lobby's card: ``titles``
    (the game's title per language, else its ``title``), ``minutes`` (a game's usual length,
    low and high), ``difficulty`` (``easy``, ``medium``, ``medium-high`` or ``hard``); for
    the rules page: ``notes`` per language (what the project made up itself, such as card
    texts no official source gives).

    ``rules`` is the version of the game's rules, raised whenever a change makes a recorded
    action play differently; every record carries the version it was played under, so that
    a replay refused under later rules can say why. ``changelog`` maps each version above 1 to
    its changes, one short sentence per change by language (``core.record.rules_changes``
    lists those since a record's version).

    ``easy_options`` are the options of the game's easy way in for a first game (a beginners'
    variant, the base game), which Play now offers beside the standard game under the name
    ``easy_label`` (per language); empty: the game has none.

    ``analysis_iterations`` is the search per decision an analysis of the game needs for its
    win-share estimates to foretell outcomes (measured by ``bench.calibration``); the
    server analyses at it unless its operator sets one budget for every game."""

    min_players: int
    max_players: int
    simultaneous: bool = False
    chance: bool = True
    languages: tuple[str, ...] = ("en",)
    tallies: tuple[Tally, ...] = ()
    summary: Mapping[str, str] = field(default_factory=dict)
    order: int = 100
    demo: bool = False
    titles: Mapping[str, str] = field(default_factory=dict)
    minutes: tuple[int, int] | None = None
    difficulty: str = ""
    notes: Mapping[str, str] = field(default_factory=dict)
    rules: int = 1
    changelog: Mapping[int, tuple[Mapping[str, str], ...]] = field(default_factory=dict)
    easy_options: Mapping[str, Any] = field(default_factory=dict)
    easy_label: Mapping[str, str] = field(default_factory=dict)
    analysis_iterations: int = 100

    def describe(self, language: str = "en") -> str:
        return self.summary.get(language) or self.summary.get("en") or ""

    def to_json(self) -> JSON:
        return {
            "min_players": self.min_players,
            "max_players": self.max_players,
            "simultaneous": self.simultaneous,
            "chance": self.chance,
            "languages": list(self.languages),
            "tallies": [
                {"name": t.name, "kind": t.kind, "label": dict(t.label)} for t in self.tallies
            ],
            "summary": dict(self.summary),
            "order": self.order,
            "demo": self.demo,
            "titles": dict(self.titles),
            "minutes": None if self.minutes is None else list(self.minutes),
            "difficulty": self.difficulty,
            "notes": dict(self.notes),
            "rules": self.rules,
            "easy_options": dict(self.easy_options),
            "easy_label": dict(self.easy_label),
            "analysis_iterations": self.analysis_iterations,
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final scores and ranks (1 = best; equal ranks share a place) once the game is over."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    tiebreaks: tuple[int, ...] = field(default=())
    #: game-specific figures for statistics (e.g. turns played, traits of survivors).
    stats: JSON = field(default_factory=dict, compare=False, hash=False)

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    def to_json(self) -> JSON:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "tiebreaks": list(self.tiebreaks),
            "winners": list(self.winners),
            "stats": self.stats,
        }


S = TypeVar("S")


class Game(Protocol[S]):
    """The contract. One instance per game kind; all per-game data lives in the state.

    Besides the methods, a game object carries ``name``, ``title`` and ``info`` (a
    :class:`GameInfo`). Every game derives from :class:`evolutio.core.base.GameBase`, which
    declares the capabilities a game may lack with their defaults, and the faces call them
    without asking whether they are there (docs/architecture.md, "The contract"):
    ``heuristic`` (a :class:`evolutio.core.protocols.Heuristic`), ``terminal`` (a
    ``TerminalRenderer``), ``web`` (the folder of its browser renderer) and ``encoding`` (an
    :class:`evolutio.core.encoding.Encoding`, for learning agents), each ``None`` for a game
    without; ``scoreboard`` (``None``: no parts), ``undoable`` and ``confirms`` (never),
    ``reference``, ``overview`` and ``reference_groups`` (none), ``describe_decision`` (the
    decision's prompt), ``describe_choice`` (``describe_action``), ``describe_refusal`` (the
    English reason), ``describe_done`` and ``explain`` (``None``: nothing to say),
    ``setup_new`` (``None``) and ``pause`` (``False``), both for scenarios. This protocol
    declares them all, so that the type checker holds each game's signatures to it; the
    first three properties are typed on ``GameBase`` (their protocols' module sits above
    this one).
    """

    name: str
    title: str
    info: GameInfo

    def options_spec(self) -> Sequence[OptionSpec]:
        """The options this game takes, declared (see :mod:`evolutio.core.options`)."""
        ...

    def normalize_options(self, options: Options) -> dict[str, Any]:
        """Fill defaults and refuse unknown options or bad values with the allowed ones."""
        ...

    def new(self, options: Options, seed: int) -> S:
        """A fresh game: shuffled with a RNG seeded from ``seed``, dealt, ready to play."""
        ...

    def options_of(self, state: S) -> dict[str, Any]:
        """The normalised options ``state`` was dealt with (``GameBase``: its ``options``)."""
        ...

    def decision(self, state: S) -> Decision | None:
        """Who may choose now, and what kind of choice; ``None`` once the game is over."""
        ...

    def legal_actions(self, state: S, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now (empty when it has nothing to decide)."""
        ...

    def check(self, state: S, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` with a readable reason if ``seat`` may not play ``action``."""
        ...

    def apply(self, state: S, seat: int, action: Action) -> list[Event]:
        """Verify (as ``check``), then mutate; returns the events in order."""
        ...

    def default_action(self, state: S, seat: int) -> Action:
        """The move played for ``seat`` when its clock runs out: the mildest legal one."""
        ...

    def view(self, state: S, seat: int | None) -> JSON:
        """What ``seat`` may see (``None``: a spectator). Never other seats' hidden cards,
        nor a simultaneous choice another seat has made and not yet revealed."""
        ...

    def outcome(self, state: S) -> Outcome | None:
        """Scores, ranks and tie-breaks once the game is over, else ``None``."""
        ...

    def determinize(self, state: S, seat: int, rng: Any) -> S:
        """A copy with what ``seat`` cannot see resampled, consistent with its view
        (hidden simultaneous choices of other seats included)."""
        ...

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        """Parse an action's JSON form; raises ``IllegalAction`` on malformed input."""
        ...

    def parse_action(self, state: S, seat: int, text: str) -> Action:
        """Parse a notation (or a number into ``seat``'s legal-action list) in this state."""
        ...

    def snapshot(self, state: S) -> JSON:
        """The whole state as JSON (hidden parts included), for tests and scenarios."""
        ...

    def from_position(self, options: Options, position: Mapping[str, Any], seed: int) -> S:
        """Set up any position described by a scenario file (see docs/scenarios.md)."""
        ...

    def reference_fields(self) -> tuple[str, ...]:
        """Action fields that hold ids a scenario may give by name (see docs/scenarios.md)."""
        ...

    def describe_action(self, state: S, action: Action, language: str = "en") -> str:
        """A full sentence naming the action for people (card and trait names)."""
        ...

    def describe_event(
        self,
        event: Event,
        language: str = "en",
        seats: list[str] | None = None,
        *,
        options: Options | None = None,
    ) -> str:
        """A sentence for people saying what an event did ("" for bookkeeping events);
        ``seats`` names the players; ``options`` are the game's options (``None``: its
        defaults), for sentences that depend on them, such as an edition's card names."""
        ...

    def action_targets(self, state: S, action: Action) -> tuple[tuple[str, int | str], ...]:
        """What an action points at on the table, as ``(kind, id)`` pairs, so that an
        interface can highlight them and let a player pick an action by clicking."""
        ...

    def labels(self, language: str = "en") -> dict[str, str]:
        """Display names of the game's terms in ``language``."""
        ...

    # -- the capabilities a game may lack (evolutio.core.base.GameBase gives the defaults) --

    web: Traversable | None

    @property
    def heuristic(self) -> Any:
        """The game's ``Heuristic`` for the bots, or None."""
        ...

    @property
    def terminal(self) -> Any:
        """The game's ``TerminalRenderer``, or None."""
        ...

    @property
    def encoding(self) -> Any:
        """The game's ``Encoding`` for learning agents, or None."""
        ...

    def scoreboard(self, state: S) -> Scoreboard | None:
        """The score in parts (:mod:`evolutio.core.scoring`), or None."""
        ...

    def undoable(self, before: S, seat: int, action: Action, events: list[Event]) -> bool:
        """Whether a person may take back ``action`` played in ``before``."""
        ...

    def confirms(self, state: S, action: Action) -> bool:
        """Whether interfaces ask twice before ``action`` (it ends a phase)."""
        ...

    def reference(self, language: str = "en") -> dict[str, str]:
        """Card texts for people, ``{id: text}`` (:mod:`evolutio.core.reference`)."""
        ...

    def overview(self, language: str = "en") -> str:
        """The rules overview for people ("" for none)."""
        ...

    def reference_groups(self, language: str = "en") -> list[tuple[str, list[str]]]:
        """The reference's sections, ``[(title, [id, ...])]``."""
        ...

    def describe_decision(self, state: S, decision: Decision, language: str = "en") -> str:
        """The prompt of the current decision in ``language``."""
        ...

    def describe_choice(self, state: S, action: Action, language: str = "en") -> str:
        """The sentence of a legal action for the player choosing it, who may see more than
        the others (the faces of a card in their hand); ``describe_action`` is the public
        sentence (logs)."""
        ...

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """The refusal ``error`` in ``language`` (from its ``key`` and ``fields``)."""
        ...

    def describe_done(
        self, state: S, seat: int, action: Action, language: str = "en",
        seats: list[str] | None = None,
    ) -> str | None:
        """The log's sentence for an action whose events say nothing, or None."""
        ...

    def explain(
        self, state: S, seat: int, targets: tuple[tuple[str, int | str], ...],
        language: str = "en",
    ) -> str | None:
        """Why no legal action of ``seat`` uses all of ``targets`` (things on the table, as
        in ``action_targets``), in ``language``; None when the game has nothing to say."""
        ...

    def setup_new(self, options: Options, setup: Mapping[str, Any], seed: int) -> S | None:
        """A scenario's start from ``new`` (docs/scenarios.md), or None."""
        ...

    def pause(self, state: S, points: list[str]) -> bool:
        """Make the game wait at a scenario's stop points; False: it has none."""
        ...


def decision_prompt(game: Game[Any], state: Any, decision: Decision, language: str = "en") -> str:
    """The decision's prompt in ``language`` (the game's ``describe_decision``; by default
    the prompt the decision carries)."""
    return str(game.describe_decision(state, decision, language))


def describe_choice(game: Game[Any], state: Any, action: Action, language: str = "en") -> str:
    """A legal action's sentence for the player choosing it (the game's
    ``describe_choice``; by default its public ``describe_action``)."""
    return str(game.describe_choice(state, action, language))


def describe_refusal(game: Game[Any], error: IllegalAction, language: str = "en") -> str:
    """``error`` said in ``language`` by ``game`` when it names its sentence (``key``),
    else its English reason; a sentence that cannot be said falls back to the reason."""
    if error.key is None:
        return error.reason
    try:
        return str(game.describe_refusal(error, language))
    except (KeyError, IndexError, ValueError):
        return error.reason
