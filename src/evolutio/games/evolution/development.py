"""Development checks shared by the legal actions, the check of a played card and the traits
that place a card themselves (Shell): whether a trait may go on an animal, a pair on two
animals, a new animal into a location (seed 004, "Фаза развития")."""

from __future__ import annotations

from evolutio.core.game import Action
from evolutio.games.evolution.actions import Pass, PlayAnimal, PlayPair, PlayTrait
from evolutio.games.evolution.cards import trait_name
from evolutio.games.evolution.geography import CONTINENTS
from evolutio.games.evolution.kept import made_rows
from evolutio.games.evolution.linkindex import link_index
from evolutio.games.evolution.ops import host_block, host_limits
from evolutio.games.evolution.refusals import refusal
from evolutio.games.evolution.state import NO_CARD, Animal, State
from evolutio.games.evolution.trait import LIMITERS, TRAITS, Trait


def shown(state: State, trait_id: str) -> str:
    """A trait's English name in the game's edition, for refusal reasons (ruling 21)."""
    return trait_name(trait_id, edition=state.edition)


def trait_block(state: State, seat: int, trait_id: str, animal: Animal) -> str | None:
    """Why ``trait_id`` cannot be played on ``animal`` by ``seat`` (seed 004, "Свойства
    животных": own animals only, Parasite only on others'; no duplicates but Fat tissue)."""
    trait = TRAITS[trait_id]
    if trait.animal_only:
        return refusal("animal_only", state.edition, trait=trait_id)
    if not animal.present:
        return refusal("no_body", animal=animal.id)
    if trait.target == "own" and animal.owner != seat:
        return refusal("own_only", state.edition, trait=trait_id)
    if trait.target == "enemy" and animal.owner == seat:
        return refusal("enemy_only", state.edition, trait=trait_id)
    if not trait.stackable and animal.holds(trait_id):
        return refusal("already_has", state.edition, animal=animal.id, trait=trait_id)
    for _, existing in animal.traits:
        reason = trait.conflicts(existing) or TRAITS[existing].conflicts(trait_id)
        if reason:
            return reason
    return host_block(state, animal, trait_id) or trait.play_block(state, seat, animal)


def trait_allowed(state: State, seat: int, trait_id: str, animal: Animal) -> bool:
    """Whether ``trait_block`` lets ``seat`` play ``trait_id`` on ``animal``: its tests with
    the traits' yes/no hooks, making no reason (the legal actions are listed with it)."""
    trait = TRAITS[trait_id]
    if trait.animal_only or animal.card == NO_CARD:
        return False
    if trait.target == "own":
        if animal.owner != seat:
            return False
    elif trait.target == "enemy" and animal.owner == seat:
        return False
    if not trait.stackable and animal.holds(trait_id):
        return False
    for _, existing in animal.traits:
        if trait.clashes(existing) or TRAITS[existing].clashes(trait_id):
            return False
    return not host_limits(state, animal, trait_id) and not trait.play_blocked(
        state, seat, animal
    )


def location_refusal(state: State, location: str) -> str | None:
    """Why a new animal cannot be played into ``location``, or None (seed 004: Laurasia or
    Gondwana, never straight into the Ocean)."""
    if not state.geography:
        if location:
            return refusal("no_locations")
        return None
    if location not in CONTINENTS:
        return refusal("continent_only")
    return None


def pair_block(state: State, seat: int, trait_id: str, a: Animal, b: Animal) -> str | None:
    """Why a paired trait cannot join ``a`` and ``b`` (seed 004, "Парные свойства")."""
    trait = TRAITS[trait_id]
    if a.id == b.id:
        return refusal("pair_same")
    if not a.present or not b.present:
        return refusal("pair_absent")
    if a.location != b.location:
        return refusal("pair_apart", a=a.id, b=b.id)
    if trait.target == "own" and (a.owner != seat or b.owner != seat):
        return refusal("pair_own", state.edition, trait=trait_id)
    if trait.target == "enemy" and (a.owner == seat or b.owner == seat or a.owner != b.owner):
        return refusal("pair_enemy", state.edition, trait=trait_id)
    for link in state.links.values():
        if link.trait == trait_id and link.joins(a.id, b.id):
            return refusal("pair_joined", state.edition, a=a.id, b=b.id, trait=trait_id)
    return (
        host_block(state, a, trait_id)
        or host_block(state, b, trait_id)
        or trait.play_block(state, seat, a)
        or trait.play_block(state, seat, b)
    )


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


#: how a card's face is played: its trait id, the trait, whether paired, its target.
Plan = tuple[tuple[str, Trait, bool, str], ...]
#: the most sets of trait names ``_Tables.stopped`` keeps before it starts again (a game
#: meets a few dozen; the sets that recur come back at once)
STOPPED_BOUND = 4096


class _Tables:
    """What the development options need that depends only on the registered traits: per
    trait, the trait names that stop it from going on an animal without further thought (a
    duplicate, a clash of ``conflicts`` either way, a limiting trait such as Regeneration,
    which ``trait_allowed`` then asks itself), the traits that refuse some animals
    themselves (``play_block``), and per card face tuple how its faces are played (the
    faces a card may be played as a trait, in order). Turned around, per set of trait
    names an animal holds, the faces those names stop (``stopped``: keyed by the set, which
    is all the faces depend on, and emptied past ``STOPPED_BOUND`` sets, so that a process
    playing many games keeps it small). Built on first use, once every trait is
    registered."""

    __slots__ = ("blockers", "everything", "plans", "size", "stopped", "stopped_by", "stops")

    def __init__(self) -> None:
        self.size = -1
        self.stops: dict[str, frozenset[str]] = {}
        #: per trait name, the faces it stops (``stops`` turned around)
        self.stopped_by: dict[str, frozenset[str]] = {}
        self.blockers: frozenset[str] = frozenset()
        self.plans: dict[tuple[str, ...], Plan] = {}
        self.stopped: dict[frozenset[str], frozenset[str]] = {}
        self.everything: frozenset[str] = frozenset()

    def ready(self) -> _Tables:
        if self.size != len(TRAITS):
            names = list(TRAITS)
            self.stops = {
                a: frozenset(
                    b
                    for b in names
                    if (a == b and not TRAITS[a].stackable)
                    or b in LIMITERS
                    or TRAITS[a].clashes(b)
                    or TRAITS[b].clashes(a)
                )
                for a in names
            }
            self.blockers = frozenset(
                name
                for name, trait in TRAITS.items()
                if type(trait).play_block is not Trait.play_block
            )
            self.plans = {}
            self.stopped = {}
            self.stopped_by = {
                name: frozenset(face for face, stops in self.stops.items() if name in stops)
                for name in names
            }
            self.everything = frozenset(names)
            self.size = len(TRAITS)
        return self

    def stopped_faces(self, state: State, animal: Animal, linked: set[int]) -> frozenset[str]:
        """The faces that the traits of ``animal`` (or a limiting link in ``linked``) stop
        from going on it without ``trait_allowed``'s full check; kept per animal while its
        trait cards stay the same (``State.stopped``)."""
        if animal.id in linked:
            return self.everything
        known = state.stopped.get(animal.id)
        if known is not None and known[0] == animal.traits:
            return known[1]
        held = frozenset([name for _, name in animal.traits])
        faces = self.stopped.get(held)
        if faces is None:
            if len(self.stopped) >= STOPPED_BOUND:
                self.stopped.clear()
            faces = self.stopped[held] = frozenset().union(
                *[self.stopped_by.get(name, _NO_FACES) for name in held]
            )
        state.stopped[animal.id] = (list(animal.traits), faces)
        return faces

    def plan(self, faces: tuple[str, ...]) -> Plan:
        """How a card with ``faces`` may be played as a trait (not animal-only faces)."""
        plan = self.plans.get(faces)
        if plan is None:
            plan = self.plans[faces] = tuple(
                (face, TRAITS[face], TRAITS[face].paired, TRAITS[face].target)
                for face in faces
                if not TRAITS[face].animal_only
            )
        return plan


_TABLES = _Tables()
#: no face stopped.
_NO_FACES: frozenset[str] = frozenset()


def development_options(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in the development phase, in the hand's order: each
    card as a new animal (in each location), then as each of its traits on every animal that
    may take it; Pass last. A trait's animals are found once per call, however many cards
    of the hand show it; an animal none of whose traits (nor links) stops the trait needs
    no further check than the trait's own ``play_blocked``, and the rest ask
    ``trait_allowed``. A card's actions are made once per game (``State.rows``, by card:
    its row as an animal, and by face its actions by target animal or pair): actions are
    immutable, and a hand's cards recur from one decision to the next."""
    tables = _TABLES if _TABLES.size == len(TRAITS) else _TABLES.ready()
    player = state.players[seat]
    animals = state.animals
    own = [animal for animal in map(animals.__getitem__, player.animals) if animal.card != NO_CARD]
    others: list[Animal] | None = None  # the other seats' animals, listed when asked
    linked = (state.link_index or link_index(state)).limited if state.links else _NONE
    rows = state.rows
    plans = tables.plans
    card_faces = state.card_faces
    #: per animal of the pools, the faces its traits stop (found when first asked)
    stopped: dict[int, frozenset[str]] = {}
    singles: dict[str, tuple[int, ...]] = {}
    pairs: dict[str, tuple[tuple[int, int], ...]] = {}
    actions: list[Action] = []
    extend = actions.extend
    append = actions.append
    for card in player.hand:
        made = rows.get(card)
        if made is None:
            places = CONTINENTS if state.geography else ("",)
            made = rows[card] = (tuple(PlayAnimal(card, place) for place in places), {})
            made_rows[0] += len(places)
        extend(made[0])
        by_face = made[1]
        faces = card_faces[card]
        plan = plans.get(faces)
        if plan is None:
            plan = tables.plan(faces)
        for face, trait, paired, target in plan:
            if paired:
                joined = pairs.get(face)
                if joined is None:
                    if others is None and target != "own":
                        others = _others(state, seat)
                    pool = own if target == "own" else others or []
                    joined = pairs[face] = _pair_targets(
                        state, seat, face, trait, pool, linked, stopped
                    )
                if joined:
                    by = by_face.get(face)
                    if by is None:
                        by = by_face[face] = {}
                    for ab in joined:
                        action = by.get(ab)
                        if action is None:
                            action = by[ab] = PlayPair(card, face, ab)
                            made_rows[0] += 1
                        append(action)
                continue
            ids = singles.get(face)
            if ids is None:
                if target == "own":
                    pool = own
                else:
                    if others is None:
                        others = _others(state, seat)
                    pool = others if target == "enemy" else own + others
                ids = singles[face] = _single_targets(
                    state, seat, face, trait, pool, tables, linked, stopped
                )
            if ids:
                by = by_face.get(face)
                if by is None:
                    by = by_face[face] = {}
                for animal_id in ids:
                    action = by.get(animal_id)
                    if action is None:
                        action = by[animal_id] = PlayTrait(card, face, animal_id)
                        made_rows[0] += 1
                    append(action)
    if state.flora is not None:  # Plants: plant traits go on plants
        from evolutio.games.evolution.plants import development_actions

        extend(development_actions(state, seat))
    actions.append(PASS)
    return actions


#: no animal touched by a limiting link (read only).
_NONE: set[int] = set()
#: Pass, the same object every time.
PASS = Pass()


def _single_targets(
    state: State,
    seat: int,
    face: str,
    trait: Trait,
    pool: list[Animal],
    tables: _Tables,
    linked: set[int],
    stopped: dict[int, frozenset[str]],
) -> tuple[int, ...]:
    """The animals of ``pool`` (present, of the trait's target) that may take ``face``;
    ``stopped`` keeps, per animal, the faces its traits stop (``_Tables.stopped_faces``)."""
    blocks = face in tables.blockers
    out: list[int] = []
    for animal in pool:
        faces = stopped.get(animal.id)
        if faces is None:
            faces = stopped[animal.id] = tables.stopped_faces(state, animal, linked)
        if face in faces:
            if not trait_allowed(state, seat, face, animal):
                continue
        elif blocks and trait.play_blocked(state, seat, animal):
            continue
        out.append(animal.id)
    return tuple(out)


def _others(state: State, seat: int) -> list[Animal]:
    """The other seats' animals on the table (not traits waiting for a body), in table order."""
    return [a for a in state.animals.values() if a.owner != seat and a.card != NO_CARD]


def _pair_targets(
    state: State,
    seat: int,
    face: str,
    trait: Trait,
    pool: list[Animal],
    linked: set[int],
    stopped: dict[int, frozenset[str]],
) -> tuple[tuple[int, int], ...]:
    """The pairs of animals of ``pool`` a paired trait may join, in table order: what
    ``pair_block`` checks, with its checks of one animal (``host_limits``, ``play_blocked``)
    asked once per animal (and only of an animal whose traits stop the face, with a
    limiting trait among them or a limiting link in ``linked``), and the links of the trait
    read once."""
    tables = _TABLES
    blocks = face in tables.blockers
    fit: dict[int, bool] = {}
    for a in pool:
        faces = stopped.get(a.id)
        if faces is None:
            faces = stopped[a.id] = tables.stopped_faces(state, a, linked)
        fit[a.id] = (
            face not in faces
            or (a.id not in linked and LIMITERS.isdisjoint([name for _, name in a.traits]))
            or not host_limits(state, a, face)
        ) and (not blocks or not trait.play_blocked(state, seat, a))
    joined = {(link.a, link.b) for link in state.links.values() if link.trait == face}
    out: list[tuple[int, int]] = []
    for i, a in enumerate(pool):
        if not fit[a.id]:
            continue
        for b in pool if trait.directed else pool[i + 1 :]:
            if a is b or a.owner != b.owner or a.location != b.location or not fit[b.id]:
                continue
            if joined and ((a.id, b.id) in joined or (b.id, a.id) in joined):
                continue
            out.append((a.id, b.id))
    return tuple(out)
