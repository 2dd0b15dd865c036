"""The runtime-checkable protocols of the game contract (:mod:`evolutio.core.game`).

They live in this module, which the compiled build (setup.py) leaves interpreted, because
``isinstance`` cannot check a protocol that mypyc compiled. They name the contract's types for
the type checker only: the contract does not import this module, so the two do not import each
other; import the protocols from here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

if TYPE_CHECKING:
    import random
    from collections.abc import Callable, Mapping, Sequence

    from evolutio.core.game import JSON, Action, Decision, Game


@runtime_checkable
class GameState(Protocol):
    """What every game's state offers: its options, its seed, the seat count and a clone."""

    options: dict[str, Any]
    seed: int

    @property
    def num_players(self) -> int: ...

    def clone(self) -> GameState: ...


@runtime_checkable
class Heuristic(Protocol):
    """A game's own playing knowledge, used by the bots' levels and by search.

    ``choose`` picks from what a seat sees (its view and legal actions); ``rollout_policy``
    plays a sampled state forward fast; ``evaluate`` scores an unfinished sampled state in
    [0, 1] per seat; ``rollout_depth`` is how many actions a playout runs before that.
    Every heuristic derives from :class:`evolutio.core.base.HeuristicBase`, which declares
    the members a heuristic may lack, each ``None`` or empty by default: ``shortlist(game,
    state, seat, legal)`` names the actions worth searching in a sampled state (a non-empty
    subset of ``legal``; without, a search weighs every legal action); ``priors(game, state,
    seat, legal)`` gives a weight per legal action (summing to 1) that the search's tree
    follows (PUCT, best first; without, the tree expands at random and selects by UCB1);
    ``level_options`` maps a level (``hard``) to search options a spec may carry (``"ucb"``;
    evolutio.bots.options) that the level's search takes for this game, where the game's
    measurements found them better at that budget. The search methods
    read the engine state, never views (docs/architecture.md).
    """

    rollout_depth: int
    shortlist: Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[Action]] | None
    priors: Callable[[Game[Any], Any, int, Sequence[Action]], Sequence[float]] | None

    @property
    def level_options(self) -> Mapping[str, str]: ...

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        rng: random.Random,
    ) -> Action: ...

    def rollout_policy(
        self,
        rng: random.Random,
        game: Game[Any],
        state: Any,
        seat: int,
        legal: Sequence[Action],
    ) -> Action: ...

    def evaluate(self, game: Game[Any], state: Any) -> list[float]: ...


@runtime_checkable
class TerminalRenderer(Protocol):
    """Draws a seat's view in the terminal (a Rich renderable), its words in ``language``
    (``labels`` are the game's names in it)."""

    def render(self, view: JSON, labels: Mapping[str, str], players: Sequence[str],
               language: str = "en") -> Any: ...
