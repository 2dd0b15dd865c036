"""The parts of Evolution's encoding for learning agents that the base layout
(encoding.py) and the Plants layout (plants_encoding.py) share: the caps and tables, the
blocks and segments of every set but Plants, the index of an action of those sets and the
writer of those segments, each over the card kinds a layout names (``CardTables``).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from dataclasses import dataclass

from evolutio.core.encoding import ActionLayout, ObservationLayout, one_hot_index
from evolutio.core.game import Action
from evolutio.games.evolution import actions as act
from evolutio.games.evolution.cards import card_kinds
from evolutio.games.evolution.nature import active_set
from evolutio.games.evolution.ops import need, revealed
from evolutio.games.evolution.rules import decision as decision_now
from evolutio.games.evolution.state import AttackFrame, State
from evolutio.games.evolution.trait import TRAITS
from evolutio.games.evolution.traits.gift import HomeothermyAction
from evolutio.games.evolution.traits.time_to_fly import (
    Fly,
    MetamorphoseAction,
    SpecializationA,
    SpecializationB,
)
from evolutio.games.evolution.traits.time_to_fly_ambush import AmbushAttack, Decline
from evolutio.games.evolution.traits.time_to_fly_hunt import (
    EnterShell,
    HideInShell,
    InkCloudAction,
    IntellectAttack,
    RevealAnglerfish,
)

MAX_ANIMALS = 16
MAX_FAT = 8
MAX_TRAIT_CARDS = 16
#: recombination partners' trait cards, counted together (partners in link order).
MAX_PARTNER_CARDS = 2 * MAX_TRAIT_CARDS
MAX_LINKS = 8
#: a card lying on an animal: its trait cards in play order, then its links by age.
ON_ANIMAL = MAX_TRAIT_CARDS + MAX_LINKS
#: every card kind of every set, by its faces, in data order.
KINDS: tuple[tuple[str, ...], ...] = tuple(
    faces for card_set, faces, _ in card_kinds() if card_set != "plants"
)
KIND_INDEX = {faces: i for i, faces in enumerate(KINDS)}
TRAIT_IDS: tuple[str, ...] = tuple(sorted({face for faces in KINDS for face in faces}))
TRAIT_INDEX = {trait: i for i, trait in enumerate(TRAIT_IDS)}
PAIRED = tuple(t for t in TRAIT_IDS if TRAITS[t].paired)


@dataclass(frozen=True, slots=True)
class CardTables:
    """The card kinds a layout names and the (kind, face) plays of their faces as animal
    traits, single and paired apart (the base layout's, or Plants' with the set after)."""

    kinds: tuple[tuple[str, ...], ...]
    kind_index: dict[tuple[str, ...], int]
    single_plays: tuple[tuple[int, str], ...]
    single_index: dict[tuple[int, str], int]
    pair_plays: tuple[tuple[int, str], ...]
    pair_index: dict[tuple[int, str], int]


def card_tables(
    kinds: tuple[tuple[str, ...], ...], skip: frozenset[str] = frozenset()
) -> CardTables:
    """The tables of ``kinds``; faces in ``skip`` are never played on an animal."""
    plays = [(k, f) for k, faces in enumerate(kinds) for f in faces if f not in skip]
    single = tuple(p for p in plays if not TRAITS[p[1]].paired)
    pair = tuple(p for p in plays if TRAITS[p[1]].paired)
    return CardTables(kinds, {faces: i for i, faces in enumerate(kinds)}, single,
                      {p: i for i, p in enumerate(single)}, pair,
                      {p: i for i, p in enumerate(pair)})


CARDS = card_tables(KINDS)
#: a (kind, face) a card is played as: single traits and paired traits apart.
SINGLE_PLAYS = CARDS.single_plays
PAIR_PLAYS = CARDS.pair_plays
SINGLE_INDEX = CARDS.single_index
PAIR_INDEX = CARDS.pair_index
PLACES = ("", "laurasia", "gondwana", "ocean")
PHASES = ("development", "feeding", "extinction", "over")
DECISIONS = ("develop", "feed", "defend", "trigger", "follow", "ambush", "found", "regrow")
NATURE = tuple(dict.fromkeys(change.id for change in active_set().cards()))
#: link roles an animal can hold: Symbiosis is directed (symbiont, host), the others not.
ROLES = ("symbiosis_symbiont", "symbiosis_host", *(t for t in PAIRED if t != "symbiosis"))
ANIMAL_SCALARS = ("exists", "present", "food", "fat", "fat_capacity", "need", "fed",
                  "hibernating", "poisoned", "paralysed", "attacker", "attacked",
                  "disabled_traits")
#: offsets inside an animal's features: scalars, location, traits, roles, faces.
TRAITS_AT = len(ANIMAL_SCALARS) + 3
ROLES_AT = TRAITS_AT + len(TRAIT_IDS)
FACES_AT = ROLES_AT + len(ROLES)
ANIMAL_FEATURES = FACES_AT + len(TRAIT_IDS)
SEAT_FEATURES = 5

#: singleton actions: their block is their type.
SINGLES: dict[type[Action], str] = {
    act.Pass: "pass", act.EndStep: "end", act.Run: "run", act.Accept: "accept",
    act.Stay: "stay", Decline: "decline", InkCloudAction: "ink_cloud", HideInShell: "shell",
}
SINGLE_MEANINGS = {
    "pass": "no more cards this development phase", "end": "end the feeding step",
    "run": "defend by Running", "accept": "let the attack happen", "stay": "no (more) "
    "animals follow the migrating one (Suckerfish)", "decline": "let the moment pass (no "
    "Ambush)", "ink_cloud": "defend with Ink Cloud", "shell": "defend by hiding in the Shell",
}
#: actions of one own animal.
OWN: dict[type[Action], str] = {
    act.Eat: "eat", act.Grazing: "grazing", act.Hibernate: "hibernate",
    HomeothermyAction: "homeothermy", SpecializationA: "specialization_a",
    SpecializationB: "specialization_b", act.Follow: "follow", EnterShell: "enter_shell",
}
#: actions of one own animal against any animal on the table.
HUNTS: dict[type[Action], str] = {
    act.Attack: "attack", act.Piracy: "piracy", AmbushAttack: "ambush",
}



def add_blocks(layout: ActionLayout, players: int, cards: CardTables) -> None:
    """Add the blocks of every set but Plants, over the card kinds of ``cards``."""
    table = players * MAX_ANIMALS
    own = ("animal", MAX_ANIMALS)
    anywhere = ("target", table)
    kinds = len(cards.kinds)
    for name in SINGLES.values():
        layout.add(name, (), SINGLE_MEANINGS[name])
    layout.add("animal", [("kind", kinds), ("location", len(PLACES))],
               "play a card of a kind face down as an animal (location: none, Laurasia, "
               "Gondwana, Ocean)")
    layout.add("trait", [("play", len(cards.single_plays)), anywhere],
               "play a card of a kind as one of its single traits on an animal")
    layout.add("pair", [("play", len(cards.pair_plays)), ("seat", players),
                        ("first", MAX_ANIMALS), ("second", MAX_ANIMALS)],
               "play a paired trait on two animals of one seat (Symbiosis: symbiont first)")
    for name in OWN.values():
        layout.add(name, [own], f"{name} with an own animal")
    for name in HUNTS.values():
        layout.add(name, [own, anywhere], f"{name}: an own animal against an animal")
    layout.add("intellect", [own, anywhere, ("trait", len(TRAIT_IDS))],
               "attack ignoring one trait of the prey")
    layout.add("fat", [own, ("amount", MAX_FAT)], "turn amount+1 fat into food")
    layout.add("migrate", [own, ("location", len(PLACES))], "migrate to a location")
    layout.add("fly", [own, ("location", len(PLACES))], "fly to a location")
    layout.add("recombine", [own, ("card", MAX_TRAIT_CARDS), ("swap", MAX_PARTNER_CARDS)],
               "swap the own animal's trait card at a position for a partner's (swap: the "
               "position among the trait cards of its partners, partners in link order)")
    layout.add("metamorphose", [own, ("card", ON_ANIMAL)],
               "discard a card from the animal (its trait cards in play order, then its "
               "links by age)")
    layout.add("mimic", [own], "redirect the attack to this own animal")
    layout.add("tail_loss", [("card", ON_ANIMAL)],
               "drop a card from the attacked animal (as metamorphose)")
    layout.add("anglerfish", [own, ("trait", len(TRAIT_IDS))],
               "reveal this Anglerfish and attack, ignoring a trait")
    layout.add("regrow", [own, ("kind", kinds)],
               "put a card of a kind under the traits of this animal")
    layout.add("trigger", [("paired", len(PAIRED)), ("first", MAX_ANIMALS),
                           ("second", MAX_ANIMALS), ("recipient", 3)],
               "fire the own link of a paired trait (recipient: unnamed, first, second)")



def add_segments(layout: ObservationLayout, players: int, kinds: int) -> None:
    """Add the segments of every set but Plants, ``kinds`` card kinds in the hand."""
    layout.add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
    layout.add("decision", len(DECISIONS) + 1, "one-hot: " + ", ".join(DECISIONS) + ", other")
    layout.add("table", 5, "turn / 10, last turn, deck size / 100, food in banks / 10, "
               "shells on the table")
    layout.add("banks", 3, "Continents: food in Laurasia's, Gondwana's, the Ocean's bank / 10")
    layout.add("step_location", len(PLACES), "one-hot: the feeding step's location")
    layout.add("first_player", players, "one-hot relative seat of the first player")
    layout.add("current", players, "one-hot relative seat whose turn it is")
    layout.add("nature", len(NATURE) + 2,
               "Ice Age: one-hot natural change in force, changes left / 10, used / 10")
    layout.add("hand", kinds, "cards in the own hand per kind")
    layout.add("discard", kinds, "cards in the own discard pile per kind")
    layout.add("seats", players * SEAT_FEATURES,
               "per relative seat: hand size / 10, discard size / 10, passed, animals / 10, "
               "animals beyond the cap")
    layout.add(
        "animals",
        players * MAX_ANIMALS * ANIMAL_FEATURES,
        f"per relative seat, per slot ({ANIMAL_FEATURES} each): " + ", ".join(ANIMAL_SCALARS)
        + "; location one-hot (Laurasia, Gondwana, Ocean); trait cards per trait; links per "
        "role (" + ", ".join(ROLES) + "); the faces of its animal card when the seat may "
        "see them (its own, or a revealed Anglerfish)",
    )


def slots(state: State, seat: int) -> tuple[dict[int, int], dict[int, int]]:
    """For the animals within the cap: own animal id -> slot, and any animal id ->
    relative seat × MAX_ANIMALS + slot."""
    n = state.num_players
    own = {animal: slot for slot, animal in enumerate(state.players[seat].animals[:MAX_ANIMALS])}
    table = dict(own)
    for r in range(1, n):
        base = r * MAX_ANIMALS
        for slot, animal in enumerate(state.players[(seat + r) % n].animals[:MAX_ANIMALS]):
            table[animal] = base + slot
    return own, table



def index_of(
    state: State,
    layout: ActionLayout,
    cards: CardTables,
    own_slots: dict[int, int],
    table: dict[int, int],
    a: Action,
) -> int | None:
    """The index of an action of any set but Plants' own (``own_slots`` and ``table`` from
    ``slots``), or None."""
    own = own_slots.get
    kind = type(a)
    name = SINGLES.get(kind)
    if name is not None:
        return layout.index(name)
    name = OWN.get(kind)
    if name is not None:
        return layout.index(name, own(a.animal, -1))  # type: ignore[attr-defined]
    name = HUNTS.get(kind)
    if name is not None:
        return layout.index(name, own(a.animal, -1),  # type: ignore[attr-defined]
                            table.get(a.target, -1))  # type: ignore[attr-defined]
    if isinstance(a, act.PlayTrait | act.PlayAnimal):
        card_kind = cards.kind_index.get(state.card_faces[a.card], -1)
        if card_kind < 0:
            return None  # a card of the Plants set in the base layout
        if isinstance(a, act.PlayAnimal):
            return layout.index("animal", card_kind, PLACES.index(a.location))
        return layout.index("trait", cards.single_index.get((card_kind, a.trait), -1),
                            table.get(a.animal, -1))
    if isinstance(a, act.PlayPair):
        card_kind = cards.kind_index.get(state.card_faces[a.card], -1)
        play = cards.pair_index.get((card_kind, a.trait), -1)
        if play < 0:
            return None  # a card of the Plants set in the base layout
        first, second = (table.get(x, -1) for x in a.animals)
        if first < 0 or second < 0 or first // MAX_ANIMALS != second // MAX_ANIMALS:
            return None
        return layout.index("pair", play, first // MAX_ANIMALS, first % MAX_ANIMALS,
                            second % MAX_ANIMALS)
    if isinstance(a, IntellectAttack):
        return layout.index("intellect", own(a.animal, -1), table.get(a.target, -1),
                            TRAIT_INDEX[a.trait])
    if isinstance(a, act.UseFat):
        return layout.index("fat", own(a.animal, -1), a.amount - 1)
    if isinstance(a, act.Migrate | Fly):
        return layout.index(a.type, own(a.animal, -1), PLACES.index(a.location))
    if isinstance(a, act.Recombine):
        swap = _partner_position(state, a.animal, a.swap)
        if swap < 0:
            return None
        return layout.index("recombine", own(a.animal, -1),
                            _position(state.animals[a.animal].traits, a.card), swap)
    if isinstance(a, MetamorphoseAction):
        return layout.index("metamorphose", own(a.animal, -1),
                            _on_animal(state, a.animal, a.card))
    if isinstance(a, act.Mimic):
        return layout.index("mimic", own(a.target, -1))
    if isinstance(a, act.TailLoss):
        frame = state.stack[-1] if state.stack else None
        if not isinstance(frame, AttackFrame):
            return None
        return layout.index("tail_loss", _on_animal(state, frame.target, a.card))
    if isinstance(a, RevealAnglerfish):
        return layout.index("anglerfish", own(a.animal, -1), TRAIT_INDEX[a.trait])
    if isinstance(a, act.Regrow):
        return layout.index("regrow", own(a.animal, -1),
                            cards.kind_index.get(state.card_faces[a.card], -1))
    if isinstance(a, act.Trigger):
        link = state.links[a.link]
        recipient = 0 if not a.animal else 1 if a.animal == link.a else 2
        return layout.index("trigger", PAIRED.index(link.trait), own(link.a, -1),
                            own(link.b, -1), recipient)
    return None


def write(
    state: State, seat: int, out: MutableSequence[float], off: dict[str, int],
    kinds: dict[tuple[str, ...], int],
) -> None:
    """Write the segments of every set but Plants at the offsets ``off`` (a layout's
    ``offsets``), the hand and the discard over ``kinds``."""
    n = state.num_players
    out[off["phase"] + one_hot_index(PHASES, state.phase)] = 1.0
    decision = decision_now(state)
    if decision is not None:
        out[off["decision"] + one_hot_index(DECISIONS, decision.kind)] = 1.0
    base = off["table"]
    out[base] = state.turn / 10
    out[base + 1] = float(state.last_turn)
    out[base + 2] = len(state.deck) / 100
    out[base + 3] = (state.food_bank + sum(state.banks.values())) / 10
    out[base + 4] = len(state.table_cards)
    for i, place in enumerate(PLACES[1:]):
        out[off["banks"] + i] = state.banks.get(place, 0) / 10
    if state.geography and state.phase == "feeding" and state.where is not None:
        out[off["step_location"] + PLACES.index(state.where)] = 1.0
    out[off["first_player"] + (state.first_player - seat) % n] = 1.0
    out[off["current"] + (state.current - seat) % n] = 1.0
    if state.nature_cards:
        base = off["nature"]
        if state.nature_now >= 0:
            change = state.nature_cards[state.nature_now]
            out[base + NATURE.index(change.id)] = 1.0
        out[base + len(NATURE)] = len(state.nature_deck) / 10
        out[base + len(NATURE) + 1] = len(state.nature_discard) / 10
    me = state.players[seat]
    for card in me.hand:
        card_kind = kinds.get(state.card_faces[card], -1)
        if card_kind >= 0:  # not a card of the Plants set (not encoded)
            out[off["hand"] + card_kind] += 1.0
    for card in me.discard:
        card_kind = kinds.get(state.card_faces[card], -1)
        if card_kind >= 0:
            out[off["discard"] + card_kind] += 1.0
    attack = state.stack[-1] if state.stack else None
    attacker = attack.carnivore if isinstance(attack, AttackFrame) else 0
    attacked = attack.target if isinstance(attack, AttackFrame) else 0
    roles: dict[int, list[int]] = {}
    #: per animal, the food its links ask (ops.need's second part, in this one pass)
    linked: dict[int, int] = {}
    for link in state.links.values():
        food = TRAITS[link.trait].food
        linked[link.a] = linked.get(link.a, 0) + food
        linked[link.b] = linked.get(link.b, 0) + food
        if link.trait == "symbiosis":
            roles.setdefault(link.a, []).append(0)
            roles.setdefault(link.b, []).append(1)
        else:
            role = ROLES.index(link.trait)
            roles.setdefault(link.a, []).append(role)
            roles.setdefault(link.b, []).append(role)
    nature = bool(state.nature_need)
    for r in range(n):
        player = state.players[(seat + r) % n]
        base = off["seats"] + r * SEAT_FEATURES
        out[base] = len(player.hand) / 10
        out[base + 1] = len(player.discard) / 10
        out[base + 2] = float(player.passed)
        out[base + 3] = len(player.animals) / 10
        out[base + 4] = max(0, len(player.animals) - MAX_ANIMALS)
        row = off["animals"] + r * MAX_ANIMALS * ANIMAL_FEATURES
        for slot, animal_id in enumerate(player.animals[:MAX_ANIMALS]):
            a = state.animals[animal_id]
            at = row + slot * ANIMAL_FEATURES
            if nature or not a.present:
                needs = need(state, a)
            else:  # ops.need without rescanning the links for every animal
                needs = 1 + sum([TRAITS[trait].food for _, trait in a.active()])
                if not a.paralysed:
                    needs += linked.get(animal_id, 0)
            out[at] = 1.0
            out[at + 1] = float(a.present)
            out[at + 2] = a.food
            out[at + 3] = a.fat
            out[at + 5] = needs
            out[at + 6] = float(a.hibernating or a.food >= needs)
            if a.hibernating:
                out[at + 7] = 1.0
            if a.poisoned:
                out[at + 8] = 1.0
            if a.paralysed:
                out[at + 9] = 1.0
            if animal_id == attacker:
                out[at + 10] = 1.0
            elif animal_id == attacked:
                out[at + 11] = 1.0
            if a.off:
                out[at + 12] = len(a.off)
            if a.location:
                out[at + TRAITS_AT - 4 + PLACES.index(a.location)] = 1.0
            fat_cards = 0
            for _, trait in a.traits:
                out[at + TRAITS_AT + TRAIT_INDEX[trait]] += 1.0
                if trait == "fat_tissue":
                    fat_cards += 1
            out[at + 4] = fat_cards
            for role in roles.get(animal_id, ()):
                out[at + ROLES_AT + role] += 1.0
            if a.present and (r == 0 or revealed(a)):
                for face in state.card_faces[a.card]:
                    face_at = TRAIT_INDEX.get(face, -1)
                    if face_at >= 0:  # a plant trait face is not encoded
                        out[at + FACES_AT + face_at] = 1.0

def _position(traits: list[tuple[int, str]], card: int) -> int:
    for i, (c, _) in enumerate(traits):
        if c == card:
            return i
    return -1


def _partner_position(state: State, animal: int, card: int) -> int:
    """The position of ``card`` among the trait cards of ``animal``'s recombination partners,
    partners in link order, each counted once (two partners may offer cards at the same
    position of their own), or -1."""
    seen: set[int] = set()
    offset = 0
    for link in state.animal_links(animal):
        partner = link.other(animal)
        if link.trait != "recombination" or partner in seen:
            continue
        seen.add(partner)
        traits = state.animals[partner].traits
        for i, (c, _) in enumerate(traits):
            if c == card:
                return offset + i if offset + i < MAX_PARTNER_CARDS else -1
        offset += len(traits)
    return -1


def _on_animal(state: State, animal: int, card: int) -> int:
    """The position of ``card`` among the cards lying on ``animal`` (ON_ANIMAL), or -1."""
    traits = state.animals[animal].traits
    for i, (c, _) in enumerate(traits):
        if c == card:
            return i if i < MAX_TRAIT_CARDS else -1
    for i, link in enumerate(state.animal_links(animal)):
        if link.card == card:
            return MAX_TRAIT_CARDS + i
    return -1
