"""Evolution for learning agents: a fixed action index space and observation vector.

Everything is seen from the acting seat: seats are numbered relative to it (0 = itself, 1 =
the next in turn order...), animals by their place in their owner's row (slot 0 = the
first played), at most ``MAX_ANIMALS`` per seat. Cards in a hand are named by their kind
(the pair of faces, ``KINDS``), since two copies of a kind are the same choice; traits by
``TRAIT_IDS``. The layouts are fixed for given options (they depend on the seat count only)
and docs/rl.md prints their tables. Legal actions the caps cannot hold (a 17th animal) get
no index; no random game of any set reached it. The caps, the tables and the blocks and
segments are in encoding_parts.py, which the Plants layout shares.

A game with Plants (``expansions=plants``) has layouts of its own (plants_encoding.py,
imported only then): the same blocks and segments over the card kinds of every set, then the
plants and the actions on them. ``KINDS`` here leaves the Plants set out, so that the layouts
of every other game stay as they were.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import cache

from evolutio.core.encoding import ActionLayout, ObservationLayout
from evolutio.core.game import Action, Options
from evolutio.games.evolution import actions as act
from evolutio.games.evolution.encoding_parts import (
    CARDS,
    KIND_INDEX,
    KINDS,
    MAX_ANIMALS,
    PLACES,
    SINGLE_INDEX,
    add_blocks,
    add_segments,
    index_of,
    slots,
    write,
)
from evolutio.games.evolution.state import State


@cache
def _actions(players: int) -> ActionLayout:
    layout = ActionLayout()
    add_blocks(layout, players, CARDS)
    return layout


@cache
def _observation(players: int) -> ObservationLayout:
    layout = ObservationLayout()
    add_segments(layout, players, len(KINDS))
    return layout


def _plants(options: Options) -> bool:
    """Whether the game has the Plants set: ``plants_encoding`` encodes it."""
    return "plants" in (options.get("expansions") or ())


class EvolutionEncoding:
    """The encoding of Evolution (``GAME.encoding``)."""

    def action_layout(self, options: Options) -> ActionLayout:
        if _plants(options):
            from evolutio.games.evolution import plants_encoding

            return plants_encoding.actions(int(options["players"]))
        return _actions(int(options["players"]))

    def observation_layout(self, options: Options) -> ObservationLayout:
        if _plants(options):
            from evolutio.games.evolution import plants_encoding

            sets = options.get("expansions") or ()
            return plants_encoding.observation(int(options["players"]), "continents" in sets)
        return _observation(int(options["players"]))

    def action_index(self, state: State, seat: int, action: Action) -> int | None:
        return self.action_indices(state, seat, [action])[0]

    def action_indices(
        self, state: State, seat: int, actions: Sequence[Action]
    ) -> list[int | None]:
        """The indices of several actions of ``seat`` in one state (shares the lookups)."""
        if state.flora is not None:  # the Plants set: its own encoding
            from evolutio.games.evolution import plants_encoding

            return plants_encoding.action_indices(state, seat, actions)
        layout = _actions(state.num_players)
        own, table = slots(state, seat)
        faces = state.card_faces
        width = state.num_players * MAX_ANIMALS
        trait_at, animal_at = layout.start("trait"), layout.start("animal")
        out: list[int | None] = []
        for a in actions:
            kind = type(a)
            if kind is act.PlayTrait:  # the commonest actions, inline
                target = table.get(a.animal, -1)  # type: ignore[attr-defined]
                card_kind = KIND_INDEX.get(faces[a.card], -1)  # type: ignore[attr-defined]
                out.append(None if target < 0 or card_kind < 0 else trait_at + width * SINGLE_INDEX[
                    (card_kind, a.trait)] + target)  # type: ignore[attr-defined]
            elif kind is act.PlayAnimal:
                card_kind = KIND_INDEX.get(faces[a.card], -1)  # type: ignore[attr-defined]
                out.append(None if card_kind < 0 else animal_at + len(PLACES) * card_kind
                           + PLACES.index(a.location))  # type: ignore[attr-defined]
            else:
                out.append(index_of(state, layout, CARDS, own, table, a))
        return out

    def observe(self, state: State, seat: int, out: MutableSequence[float]) -> None:
        if state.flora is not None:  # the Plants set: its own encoding
            from evolutio.games.evolution import plants_encoding

            plants_encoding.observe(state, seat, out)
            return
        write(state, seat, out, _observation(state.num_players).offsets, KIND_INDEX)


ENCODING = EvolutionEncoding()
