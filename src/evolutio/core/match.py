"""A game in play: the rules' state wrapped with its version, record and log.

Every face that plays a game (the terminal, the simulator, the server, the benches and
replay) drives a :class:`Match` instead of writing its own loop: ``pending()`` names the seats
that may act, ``legal(seat)`` lists their actions (computed once per version), and
``act(seat, action)`` applies one action, checked exactly once (by ``Game.apply``). This is
scalachess's ``Game`` around its ``Position``: the rules know nothing of records or versions.

"May this seat act now?" has one answer, ``refusal(seat)``: ``None``, or a reason code of
:data:`MAY_NOT_ACT` (a :class:`Refusal`, its English sentence with ``key`` and ``fields``)
that every face words in its player's language. ``opened`` and ``stands`` say which version
the open decision began at and whether an action chosen at an earlier version still fits.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.core.game import (
    JSON,
    Action,
    Decision,
    Event,
    Game,
    IllegalAction,
    Outcome,
    Refusal,
)
from evolutio.core.record import Record, RecordError, RulesChanged, RulesTooNew, rules_changes
from evolutio.core.registry import get_game

#: why a seat may not act at all now (``Match.refusal``), by reason code, in English: the
#: server says each code in the player's language (its texts of the same keys, ``game_over``
#: as ``game_is_over``), the terminal prints these sentences
MAY_NOT_ACT = {
    "game_over": "The game is over.",
    "not_your_turn": "It is not your turn.",
    "already_chosen": "You have already chosen; waiting for the others.",
}


@dataclass(frozen=True, slots=True)
class Step:
    """One applied action: its index in the record, who played it, and what it did."""

    index: int
    seat: int
    action: Action
    events: tuple[Event, ...]


class Match:
    """A state with its version (actions applied so far), record and per-seat legal actions.

    With ``keep=False`` the record's actions and the step log are not kept (bulk simulation
    that needs only the outcome); everything else behaves the same.
    """

    __slots__ = ("_decision", "_legal", "_moved", "_opened", "_seen", "game", "keep", "log",
                 "record", "state", "version")

    def __init__(self, game: Game[Any], state: Any, record: Record, *, keep: bool = True) -> None:
        self.game = game
        self.state = state
        self.record = record
        self.keep = keep
        self.version = len(record.actions)
        self.log: list[Step] = []
        self._seen = -1
        self._decision: Decision | None = None
        self._legal: dict[int, list[Action]] = {}
        #: the version the open decision began at, and the version each seat last acted at
        #: in it (a seat may choose in several steps)
        self._opened = self.version
        self._moved: dict[int, int] = {}

    @classmethod
    def new(
        cls,
        game: str | Game[Any],
        options: Mapping[str, Any],
        seed: int,
        players: Sequence[str] = (),
        *,
        keep: bool = True,
    ) -> Match:
        """A fresh game; options are normalized (bad ones raise ``OptionError``)."""
        rules = get_game(game) if isinstance(game, str) else game
        state = rules.new(options, seed)  # normalises them, once
        normal = rules.options_of(state)
        record = Record(rules.name, normal, seed, players=list(players), rules=rules.info.rules)
        return cls(rules, state, record, keep=keep)

    @classmethod
    def from_record(cls, record: Record, source: str = "record") -> Match:
        """The match at the end of ``record``, replayed; problems raise ``RecordError``."""
        final = None
        for match, _ in replay(record, source):
            final = match
        assert final is not None
        return final

    # -- where the game stands ---------------------------------------------------------------

    def _refresh(self) -> None:
        if self._seen != self.version:
            # the decision of the version before, when this one follows it by one action
            before = self._decision if self._seen == self.version - 1 else None
            self._seen = self.version
            decision = self._decision = self.game.decision(self.state)
            self._legal = {}
            if before is None or decision is None or not decision.continues(before):
                self._opened = self.version
                self._moved.clear()

    @property
    def decision(self) -> Decision | None:
        """Who may choose now; ``None`` once the game is over."""
        self._refresh()
        return self._decision

    @property
    def over(self) -> bool:
        return self.decision is None

    def pending(self) -> tuple[int, ...]:
        """The seats that may act now (several for a simultaneous choice)."""
        decision = self.decision
        return decision.seats if decision is not None else ()

    def on_clock(self) -> tuple[int, ...]:
        """The seats whose time runs now: every pending seat, but in a turn open to side
        actions (``Decision.open``) only the seat whose turn it is (the others' are optional)."""
        decision = self.decision
        if decision is None:
            return ()
        return decision.seats[:1] if decision.open else decision.seats

    @property
    def opened(self) -> int:
        """The version the current decision began at: the current version, or an earlier one
        while a simultaneous decision stays open (after a ``rewind``, the version it went
        back to)."""
        self._refresh()
        return self._opened

    def stands(self, seat: int, version: int) -> bool:
        """Whether an action ``seat`` chose at ``version`` still fits now: ``version`` is
        the current one, or an earlier one of the simultaneous decision still open in which
        ``seat`` has not acted since (only other seats' hidden choices came in, and those
        change nothing it may do)."""
        if version == self.version:
            return True
        decision = self.decision
        return (
            decision is not None
            and decision.simultaneous
            and seat in decision.seats
            and self._opened <= version < self.version
            and self._moved.get(seat, -1) < version
        )

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now; computed once per version."""
        self._refresh()
        actions = self._legal.get(seat)
        if actions is None:
            pending = seat in self.pending()
            actions = self.game.legal_actions(self.state, seat) if pending else []
            self._legal[seat] = actions
        return actions

    def view(self, seat: int | None) -> JSON:
        return self.game.view(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.game.outcome(self.state)

    def default_action(self, seat: int) -> Action:
        """The move a clock plays for ``seat`` (the game's mildest legal action)."""
        return self.game.default_action(self.state, seat)

    # -- acting ------------------------------------------------------------------------------

    def refusal(self, seat: int) -> Refusal | None:
        """Why ``seat`` may not act at all now, or ``None`` when it may: the reason code
        ``game_over``, ``already_chosen`` (it has chosen in the simultaneous decision still
        open) or ``not_your_turn`` (with ``waiting``, the seats that may act), as a
        :class:`Refusal` whose text is the English sentence of :data:`MAY_NOT_ACT`."""
        decision = self.decision
        if decision is None:
            return Refusal(MAY_NOT_ACT["game_over"], "game_over")
        if seat in decision.seats:
            return None
        key = "already_chosen" if seat in decision.chosen else "not_your_turn"
        return Refusal(MAY_NOT_ACT[key], key, {"waiting": list(decision.seats)})

    def act(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s ``action`` (checked once, by the rules); the new version follows.

        An illegal action raises ``IllegalAction`` with the reason and changes nothing; a seat
        that may not act now gets ``refusal``'s, its ``key`` the reason code.
        """
        reason = self.refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        events = self.game.apply(self.state, seat, action)
        if self.keep:
            self.record.add(seat, action)
            self.log.append(Step(self.version, seat, action, tuple(events)))
        self._moved[seat] = self.version
        self.version += 1
        return events

    def rewind(self, state: Any) -> None:
        """Go back one version to ``state``, a copy of the state taken before the last
        action (an undo); the record and the step log lose their last entry."""
        if self.version == 0:
            raise ValueError("nothing to take back at version 0")
        self.state = state
        self.version -= 1
        if self.keep:
            self.record.actions.pop()
            self.log.pop()
        self._seen = -1
        self._decision = None  # the decision there opens anew (``opened``)

    def act_json(self, seat: int, data: Mapping[str, Any]) -> tuple[Action, list[Event]]:
        """Parse an action's JSON form and apply it; malformed or illegal raises
        ``IllegalAction``."""
        action = self.game.action_from_json(data)
        return action, self.act(seat, action)

    def parse(self, seat: int, text: str) -> Action:
        """An action typed by a person (a number into ``legal(seat)`` or a notation)."""
        reason = self.refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        return self.game.parse_action(self.state, seat, text)

    def finish_record(self) -> Record:
        """The record, with the outcome filled in once the game is over."""
        outcome = self.outcome()
        if outcome is not None:
            self.record.outcome = outcome.to_json()
        return self.record


def replay(record: Record, source: str = "record") -> Iterator[tuple[Match, Step | None]]:
    """Replay ``record``: yield the match at the start with ``None``, then after each action
    with its :class:`Step`. The match is the same object, advanced in place.

    The one replayer: the terminal, the server and the tests all use it. A record whose
    options, seats or actions do not fit the game raises ``RecordError`` saying where; when
    the record was played under other rules than the game's (``Record.rules``) a refused
    action raises ``RulesChanged``, naming the changes since, and a record from newer rules
    than the game's is refused before anything is replayed (``RulesTooNew``).
    """
    from evolutio.core.game import OptionError

    check_rules(record, source)
    try:
        match = Match.new(record.game, record.options, record.seed, record.players)
    except OptionError as exc:
        raise _refused(record, source, None, str(exc), "options") from None
    match.record.rules = record.rules
    yield match, None
    for index, (seat, data) in enumerate(record.actions):
        decision = match.decision
        if decision is None:
            raise _refused(record, source, index, "the game is already over")
        if seat not in decision.seats:
            waiting = ", ".join(str(s) for s in decision.seats)
            raise _refused(record, source, index,
                           f"seat {seat} acted but seat {waiting} was to {decision.kind}", "seat")
        try:
            match.act_json(seat, data)
        except IllegalAction as refused:
            raise _refused(record, source, index, refused.reason, "action") from None
        yield match, match.log[-1]


def check_rules(record: Record, source: str = "record") -> None:
    """Refuse a record played under rules newer than the game's (``RulesTooNew``); older
    ones are replayed, and say so only if the replay is refused."""
    current = get_game(record.game).info.rules
    if record.rules > current:
        raise RulesTooNew(
            f"{source}: this record was played under {record.game} rules {record.rules}, "
            f"newer than this program's ({record.game} rules {current}); a newer evolutio "
            "replays it"
        )


def _refused(record: Record, source: str, index: int | None, reason: str,
             part: str = "") -> RecordError:
    """The error for a replay refused at ``actions[index]`` (``None``: before the first
    action): ``RulesChanged`` when the record's rules differ from the game's."""
    info = get_game(record.game).info
    if record.rules != info.rules:
        return RulesChanged(source, record.game, record.rules, info.rules,
                            rules_changes(info, record.rules), index, reason,
                            f"The {part} were refused")
    if index is None:
        return RecordError(f"{source}: {part}: {reason}")
    where = f"actions[{index}]" + (f".{part}" if part else "")
    return RecordError(f"{source}: {where}: {reason}")


def check_outcome(record: Record, match: Match, source: str = "record") -> None:
    """Refuse a record whose stored outcome differs from the replayed one."""
    outcome = match.outcome()
    if record.outcome is None or outcome is None:
        return
    stored = {k: record.outcome.get(k) for k in ("scores", "ranks")}
    if "game_ranks" in record.outcome:  # a seat resigned: the game's own ranks were these
        stored["ranks"] = record.outcome["game_ranks"]
    found = {"scores": list(outcome.scores), "ranks": list(outcome.ranks)}
    if stored != found:
        info = match.game.info
        if record.rules != info.rules:
            raise RulesChanged(source, record.game, record.rules, info.rules,
                               rules_changes(info, record.rules), None,
                               f"stored {stored}, replayed {found}")
        raise RecordError(f"{source}: outcome: stored {stored}, replayed {found}")
