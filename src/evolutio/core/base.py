"""The base every game and every game heuristic derives from: each optional capability of
the contract (:class:`evolutio.core.game.Game`, :class:`evolutio.core.protocols.Heuristic`)
declared once, with the behaviour a game that lacks it gets.

The faces call these members directly and test ``is None`` where a capability may be
absent, so that a misspelt member is a type error rather than a feature silently gone.
A game overrides what it has; docs/architecture.md ("The contract") lists what each default
means. Both classes are compiled (setup.py) and allow interpreted subclasses: the toy game and
the tests' games are interpreted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from evolutio.core.compiled import mypyc_attr
from evolutio.core.game import Action, Decision, Event, IllegalAction

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from importlib.resources.abc import Traversable

    from evolutio.core.encoding import Encoding
    from evolutio.core.game import Game
    from evolutio.core.protocols import Heuristic, TerminalRenderer
    from evolutio.core.scoring import Scoreboard

    #: a heuristic's shortlist: the actions worth searching among ``legal`` (non-empty).
    Shortlist = Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[Action]]
    #: a heuristic's priors: one weight per action of ``legal``, summing to 1.
    Priors = Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[float]]

#: what ``reference_groups`` gives: the reference's sections, ``[(title, [id, ...])]``.
Groups = list[tuple[str, list[str]]]


@mypyc_attr(allow_interpreted_subclasses=True)  # the toy game and the tests' games are not
class GameBase:
    """Every optional member of a game with its default. ``web`` (the folder of the browser
    renderer) is an attribute; ``heuristic``, ``terminal`` and ``encoding`` are properties, so
    that a game imports them only when a face asks (``None``: the game has none)."""

    #: the folder of the game's browser renderer (index.js); None: the generic table.
    web: Traversable | None = None

    @property
    def heuristic(self) -> Heuristic | None:
        """The game's playing knowledge for the bots; None: only random and search bots."""
        return None

    @property
    def terminal(self) -> TerminalRenderer | None:
        """The terminal table; None: the terminal draws the view as a tree."""
        return None

    @property
    def encoding(self) -> Encoding | None:
        """The vectors of learning agents (evolutio.rl); None: no environment."""
        return None

    def describe_action(self, state: Any, action: Action, language: str = "en") -> str:
        """A full sentence naming the action for people: required of every game (the
        contract); this one only names it, for :meth:`describe_choice`'s default."""
        raise NotImplementedError(f"{type(self).__name__} must describe its actions")

    def scoreboard(self, state: Any) -> Scoreboard | None:
        """The score in parts (:mod:`evolutio.core.scoring`); None: the outcome's totals."""
        return None

    def undoable(self, before: Any, seat: int, action: Action, events: list[Event]) -> bool:
        """Whether a person may take back ``action`` (``before``: the state it was played
        in; ``events``: what it did); by default never."""
        return False

    def confirms(self, state: Any, action: Action) -> bool:
        """Whether ``action`` ends a phase or the player's part in it, so that interfaces ask
        for a second click; by default no."""
        return False

    def labels(self, language: str = "en") -> dict[str, str]:
        """Display names of the game's terms (``kind:<kind>`` names a decision kind); by
        default none, and the faces show the keys."""
        return {}

    def reference(self, language: str = "en") -> dict[str, str]:
        """A short rules text per card, trait or term, ``{id: text}``; by default none."""
        return {}

    def overview(self, language: str = "en") -> str:
        """The rules overview for the rules page; by default none ("")."""
        return ""

    def reference_groups(self, language: str = "en") -> Groups:
        """The reference's sections, ``[(title, [id, ...])]``; by default none (the rules
        page lists every text in one section)."""
        return []

    def describe_decision(self, state: Any, decision: Decision, language: str = "en") -> str:
        """The current decision's prompt in ``language``; by default the prompt it carries."""
        return decision.prompt

    def describe_choice(self, state: Any, action: Action, language: str = "en") -> str:
        """A legal action's sentence for the player choosing it, who may see more than the
        others (the faces of a card in their hand); by default the public sentence."""
        return self.describe_action(state, action, language)

    def describe_refusal(self, error: IllegalAction, language: str = "en") -> str:
        """The refusal ``error`` in ``language`` (from its ``key`` and ``fields``); by default
        its English reason."""
        return error.reason

    def describe_done(
        self, state: Any, seat: int, action: Action, language: str = "en",
        seats: list[str] | None = None,
    ) -> str | None:
        """The log's sentence for an action whose events say nothing (``state``: after it;
        ``seats`` names the players); None: the log says nothing either."""
        return None

    def explain(
        self, state: Any, seat: int, targets: tuple[tuple[str, int | str], ...],
        language: str = "en",
    ) -> str | None:
        """Why no legal action of ``seat`` uses all of ``targets``; None: nothing to say (the
        interface then says a generic "not now")."""
        return None

    def options_of(self, state: Any) -> dict[str, Any]:
        """The normalised options ``state`` was dealt with (every game's state keeps them as
        ``options``): what a record names, read back rather than normalised a second time."""
        return dict(state.options)

    def setup_new(self, options: Mapping[str, Any], setup: Mapping[str, Any], seed: int) -> Any:
        """A scenario's start from ``new`` (docs/scenarios.md): the game dealt by ``seed``
        with what ``setup`` chooses; None: the game cannot start a scenario that way."""
        return None

    def pause(self, state: Any, points: list[str]) -> bool:
        """Make the game wait at a scenario's stop ``points`` (an unknown one raises
        ``OptionError``); False: the game has no stop points (and nothing changed)."""
        return False


@mypyc_attr(allow_interpreted_subclasses=True)  # a game need not be compiled
class HeuristicBase:
    """The optional members of a heuristic, declared with their defaults. ``shortlist`` and
    ``priors`` are callables a search calls with the game (``(game, state, seat, legal)``,
    see :class:`evolutio.core.protocols.Heuristic`), set by a heuristic that has them,
    usually in its ``__init__``; None: the search weighs every legal action, and expands its
    tree at random selecting by UCB1. ``level_options`` maps a level to the search options
    its search takes in this game; empty: the levels as the platform plays them."""

    shortlist: Shortlist | None = None
    priors: Priors | None = None
    level_options: Mapping[str, str] = {}
