"""The bot protocol and the information-set adapter that search bots plan with.

A bot chooses from what its seat may see: the seat's view (``Game.view(state, seat)``), the
list of legal actions and the decision. It never receives the true state or the game's RNG.
Search bots (ISMCTS) also get an :class:`InformationSet`: a sampler of states consistent with
the seat's view (built from ``Game.determinize``) plus the game's rules to play them forward.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from evolutio.core.game import JSON, Action, Decision, Game


class BotError(ValueError):
    """An unknown bot name, level or budget; the message lists the allowed values."""


class InformationSet:
    """What a seat cannot see, as a sampler: ``sample(rng)`` returns a possible state.

    Every sample has the hidden information (other hands, deck order, chance) resampled by
    ``Game.determinize`` from the seat's point of view, so planning on it cannot exploit what
    the seat does not know. The true state is held only inside the sampling closure; the bot
    sees ``seat``, ``game`` (rules for ``decision``/``legal_actions``/``apply``/``outcome`` on
    samples) and ``sample``. It is valid only during the ``choose`` call it was given to.
    ``moves``, when the runner knows it, is how many actions the game has seen so far (public:
    every seat sees that someone acted); search bots use it to tell whether anything happened
    since their last decision. ``None`` means unknown.
    """

    __slots__ = ("_sample", "game", "moves", "seat")

    def __init__(
        self,
        game: Game[Any],
        seat: int,
        sample: Callable[[random.Random], Any],
        moves: int | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self._sample = sample
        self.moves = moves

    @classmethod
    def of(
        cls, game: Game[Any], state: Any, seat: int, secret: int = 0, moves: int | None = None
    ) -> InformationSet:
        """The information set of ``seat`` in ``state`` (built by the runner, not by bots).

        Each sample is drawn from a private RNG seeded by the caller's ``rng`` mixed with
        ``secret``. A determinization shuffles the hidden cards starting from their true
        order, so a bot that could predict the shuffle could undo it; the runner passes a
        secret derived from the game's seed, which bots never see, so it cannot.
        """

        def sample(rng: random.Random) -> Any:
            private = random.Random(rng.getrandbits(64) ^ secret)
            return game.determinize(state, seat, private)

        return cls(game, seat, sample, moves)

    def sample(self, rng: random.Random) -> Any:
        """A state consistent with the seat's view, hidden parts drawn from ``rng``."""
        return self._sample(rng)


@runtime_checkable
class Bot(Protocol):
    """A seat controller: picks one of ``legal_actions`` from the seat's view.

    ``info`` is supplied by the runner for bots that plan over hidden information; bots that do
    not need it ignore it. A bot is seeded at creation and is deterministic for its seed.
    """

    name: str

    def choose(
        self,
        view: JSON,
        legal_actions: Sequence[Action],
        decision: Decision,
        info: InformationSet | None = None,
    ) -> Action: ...


def seat_rng(seed: int, *salt: object) -> random.Random:
    """A private ``random.Random`` for a bot, derived from its seed and a salt."""
    return random.Random(repr((seed, *salt)))
