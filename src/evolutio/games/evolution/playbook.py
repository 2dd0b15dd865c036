"""Evolution's greedy rules, written once against a small read interface.

The rules (D1-D9, F1-F7, R1-R3 and the trigger order, described in ``heuristic.py``) value
each legal action from a few public facts: an animal's traits, food, fat, need and owner, the
seat's animals and the others', the food bank, the links, the natural change in force and the
attacked animal. :class:`Facts` is that interface, for the deciding seat. Two adapters fill
it: ``heuristic.ViewFacts`` from a seat's view (the greedy bot and hints, which get a view)
and ``rollout.StateFacts`` from an engine state (search playouts and priors, which must not
build views). Animals are read through the attributes of :class:`AnimalFacts`, which the
engine's ``Animal`` has as it is and the view adapter gives small objects; actions are read
through their attributes (both callers hold the same ``Action`` objects).

Nothing here reads a hand or the deck: on a determinized sample those are made up, and the
rules look at hand sizes only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

#: Ice Age's traits and the kind of natural change each guards against (rule D9).
ICE_GUARDS = {"insulation": "cold", "immunity": "disease"}
#: extra food need (and extra score) printed on a card's corner.
EXTRA_NEED = {
    "carnivore": 1,
    "high_body_weight": 1,
    "parasite": 2,
    "trematode": 1,
    "intellect": 1,
    "viviparous": 1,
    "homeothermy": 1,
    "voracious": 1,
}
#: traits that stop or blunt attacks.
DEFENCES = {
    "camouflage",
    "burrowing",
    "running",
    "tail_loss",
    "mimicry",
    "swimming",
    "poisonous",
    "high_body_weight",
    "shell",
    "ink_cloud",
    "flight",
    "shy",
}
#: traits that keep a Carnivorous plant from its prey (plants.PLANT_DEFENCES; it ignores one).
PLANT_DEFENCES = frozenset(
    {"camouflage", "burrowing", "swimming", "high_body_weight", "running", "tail_loss",
     "mimicry", "ink_cloud", "shell", "flight"}
)
#: paired traits that bring a partner food.
FOOD_LINKS = {"communication", "cooperation"}
#: expected red tokens per turn by player count (mean of the base game's dice + bonus).
EXPECTED_FOOD = {2: 5.5, 3: 7.0, 4: 9.0, 5: 12.5, 6: 14.5, 7: 16.0, 8: 18.0}


class AnimalFacts(Protocol):
    """What the rules read of an animal (the engine's ``Animal`` has these attributes)."""

    @property
    def id(self) -> int: ...
    @property
    def owner(self) -> int: ...
    @property
    def food(self) -> int: ...
    @property
    def fat(self) -> int: ...
    @property
    def hibernating(self) -> bool: ...
    @property
    def traits(self) -> Sequence[tuple[int, str]]:
        """``(card, trait)`` pairs, every card lying on the animal, working or not."""
        ...


class Facts:
    """The facts the rules read for the deciding ``seat``. An adapter sets ``seat``,
    ``players``, ``animals``, ``mine``, ``others`` and ``last_turn`` in its ``__init__`` and
    implements the methods that raise here; :func:`values` adds the counts (:meth:`count`)
    for the decisions whose rules read them, since a feeding step needs none of them."""

    __slots__ = (
        "animals",
        "carnivores",
        "enemy_carnivores",
        "last_turn",
        "mine",
        "my_need",
        "others",
        "players",
        "seat",
        "share",
    )

    seat: int
    #: how many players the game seats.
    players: int
    #: every animal on the table by id; ``mine`` are the seat's, ``others`` everyone else's.
    animals: Mapping[int, AnimalFacts]
    mine: list[AnimalFacts]
    others: list[AnimalFacts]
    enemy_carnivores: int
    carnivores: int
    #: the seat's expected share of food per turn, and its animals' total need.
    share: float
    my_need: int
    last_turn: bool

    def count(self) -> None:
        """Set the figures derived from ``mine`` and ``others``: carnivores, the seat's
        share of food and its animals' need."""
        players = self.players
        own = sum(1 for a in self.mine if has(a, "carnivore"))
        self.enemy_carnivores = sum(1 for a in self.others if has(a, "carnivore"))
        self.carnivores = self.enemy_carnivores + own
        self.share = EXPECTED_FOOD.get(players, 2.0 * players + 2) / players + 0.6 * own
        self.my_need = sum(self.need(a) for a in self.mine)

    def need(self, animal: AnimalFacts) -> int:
        """Food tokens the animal needs (its traits', its links' and nature's)."""
        raise NotImplementedError

    def food_bank(self) -> int:
        """Red tokens in every food bank."""
        raise NotImplementedError

    def nature_kind(self) -> str | None:
        """The kind of the natural change in force (Ice Age), if any."""
        raise NotImplementedError

    def attacked(self) -> AnimalFacts | None:
        """The animal under attack at a defence decision."""
        raise NotImplementedError

    def links_of(self, animal_id: int) -> Iterable[tuple[str, int]]:
        """``(trait, card)`` of every paired trait joining the animal."""
        raise NotImplementedError

    def link_animals(self, link_id: Any) -> Sequence[int] | None:
        """The two animals of a link, or None if there is no such link."""
        raise NotImplementedError

    def plant_eats(self, animal: AnimalFacts, plant_id: int) -> bool:
        """Plants: whether the Carnivorous plant ``plant_id`` would eat the animal taking a
        token from it (it has not attacked this turn and the animal has one defence at most);
        False for every other plant."""
        return False

    def plant_facts(self, plant_id: int) -> tuple[int, Sequence[str]] | None:
        """Plants: the plant's tokens and plant traits, or None."""
        return None

    def plant_hunters(self) -> int:
        """Plants: the Carnivorous plants that may still attack this turn."""
        return 0

    def deficit(self, animal: AnimalFacts) -> int:
        return max(0, self.need(animal) - animal.food)

    def fed(self, animal: AnimalFacts) -> bool:
        return bool(animal.hibernating) or animal.food >= self.need(animal)

    def tightness(self, extra: int = 0) -> float:
        """How short of food the seat is: need over expected share (1 = just enough)."""
        return (self.my_need + extra) / max(self.share, 1.0)

    def owner(self, animal_id: int) -> int | None:
        animal = self.animals.get(animal_id)
        return animal.owner if animal is not None else None


def plant_prey(animal: AnimalFacts, paralysed: bool) -> bool:
    """Whether a Carnivorous plant ignoring one defence would eat the animal."""
    if paralysed:
        return True
    return sum(1 for _, trait in animal.traits if trait in PLANT_DEFENCES) <= 1


def plant_bonus(plant: tuple[int, Sequence[str]] | None, deficit: int) -> float:
    """P6: which plant to feed on: one that keeps tokens to grow from (an emptied plant
    dies), a second token from Protein-rich, a large animal fed at once by Officinal, a
    card from a Honey plant."""
    if plant is None:
        return 0.0
    food, traits = plant
    value = 0.15 * min(food - 1, 3)
    if "protein_rich" in traits and deficit >= 2:
        value += 0.8
    if "officinal" in traits:
        value += 0.6 if deficit >= 2 else -0.3
    if "honey_plant" in traits:
        value += 0.3
    return value


def has(animal: AnimalFacts, trait: str) -> bool:
    """Whether a card of ``trait`` lies on the animal (working or not, as the view lists)."""
    for _, name in animal.traits:
        if name == trait:
            return True
    return False


def fat_capacity(animal: AnimalFacts) -> int:
    """Fat tissue cards on the animal."""
    return sum(1 for _, t in animal.traits if t == "fat_tissue")


def points(animal: AnimalFacts) -> float:
    """What an animal scores if it survives: 2, plus 1 and the extra need per trait."""
    total = 2.0
    for _, name in animal.traits:
        total += 1 + EXTRA_NEED.get(name, 0)
    return total


def trait_value(facts: Facts, trait: str, animal: AnimalFacts) -> float:
    """Rules D2-D7 (and D9) for a trait on one of the seat's own animals."""
    if trait == "parasite":
        return -3.0  # D5
    extra = EXTRA_NEED.get(trait, 0)
    # the seat's tightness (inlined: development values are the playouts' hottest rules)
    pressure = min(max((facts.my_need + extra) / max(facts.share, 1.0), 0.3), 2.0)
    value = 1.0 + extra * (1.0 - pressure)  # D2: points, less the food they cost
    if trait in DEFENCES:  # D3 (Plants: a Carnivorous plant hunts too)
        enemies = facts.enemy_carnivores + facts.plant_hunters()
        value += 0.25 + 0.35 * min(enemies, 3) if enemies else 0.1
        if trait == "swimming" and has(animal, "carnivore"):
            value -= 0.6  # a swimming carnivore hunts only swimmers
    if trait == "carnivore":  # D4
        prey = len(facts.others)
        value += min(0.3 * prey, 1.2) - (0.4 if has(animal, "swimming") else 0.0)
    elif trait == "sharp_vision":
        value += 0.5 if has(animal, "carnivore") else -0.2
    elif trait == "scavenger":
        value += 0.4 if facts.carnivores else -0.1
    elif trait == "fat_tissue":
        value += 0.5 - 0.25 * fat_capacity(animal)
    elif trait in ("piracy", "hibernation", "grazing"):
        value += 0.1
    elif trait in ICE_GUARDS:  # D9
        value += 0.3 + (0.5 if facts.nature_kind() == ICE_GUARDS[trait] else 0.0)
    value -= 0.15 * len(animal.traits)  # D7
    return value


def develop_value(facts: Facts, action: Any) -> float:
    """Rules D1-D8."""
    kind = action.type
    if kind == "pass":
        return 0.0  # D8
    if kind == "animal":  # D1
        value = 1.6 - 0.9 * max(0.0, facts.tightness(1) - 1.0)
        if len(facts.mine) < 3:
            value += 0.5
        if facts.last_turn:
            value = 2.0 if facts.tightness(1) <= 1.0 else 0.4
        return value
    if kind == "trait":
        animal = facts.animals.get(action.animal)
        if animal is None:
            return -1.0
        trait = action.trait
        if animal.owner != facts.seat:
            if trait == "parasite":  # D5
                return 1.1 + 0.3 * len(animal.traits) / 3
            return -1.0
        return trait_value(facts, trait, animal)
    if kind in ("plant_trait", "plant_pair"):  # P3: a plant trait scores nothing
        return -0.5
    if kind == "pair":  # D6
        a, b = action.animals
        if facts.owner(a) != facts.seat or facts.owner(b) != facts.seat:
            return -1.0
        trait = action.trait
        if trait in FOOD_LINKS:
            return 0.9 + 0.1 * max(0.0, facts.tightness() - 0.5)
        if trait == "symbiosis":
            return 0.3
        return 0.5
    return 0.2


def attack_value(facts: Facts, carnivore: AnimalFacts, target_id: int) -> float:
    """Rule F2."""
    target = facts.animals.get(target_id)
    if target is None:
        return 0.0
    if target.owner == facts.seat:
        return -5.0
    if has(target, "poisonous"):
        return -2.0
    odds = 1.0
    if has(target, "running"):
        odds *= 0.5
    if has(target, "tail_loss"):
        odds *= 0.6
    gain = 2.0 * min(2, facts.deficit(carnivore)) + 0.6 * points(target)
    return 1.5 + odds * gain


def feed_value(facts: Facts, action: Any) -> float:
    """Rules F1-F7."""
    kind = action.type
    animal_id = getattr(action, "animal", None)
    animal = facts.animals.get(animal_id) if animal_id is not None else None
    if kind == "forage" and animal is not None and facts.plant_eats(animal, action.plant):
        return -3.0  # P4: a Carnivorous plant would eat the animal
    if kind in ("eat", "forage") and animal is not None:  # F1, F4 (Plants: a plant's token)
        deficit = facts.deficit(animal)
        if deficit > 0 and not facts.fed(animal):
            links = sum(1 for trait, _ in facts.links_of(animal.id) if trait in FOOD_LINKS)
            value = 4.0 + 0.5 * deficit + 0.3 * links
            if kind == "forage":
                value += plant_bonus(facts.plant_facts(action.plant), deficit)
            return value
        if animal.fat < fat_capacity(animal):
            return 1.5
        return 0.3
    if kind == "attack" and animal is not None:
        return attack_value(facts, animal, action.target)
    if kind == "piracy" and animal is not None:  # F3
        if facts.owner(action.target) == facts.seat:
            return -2.0
        return 3.8 if facts.deficit(animal) > 0 else 0.5
    if kind == "fat" and animal is not None:  # F4
        deficit = facts.deficit(animal)
        if deficit <= 0:
            return -1.0
        fit = -0.3 * abs(deficit - int(action.amount))
        return (3.5 if facts.food_bank() == 0 else 0.4) + fit
    if kind == "hibernate" and animal is not None:  # F5
        deficit = facts.deficit(animal)
        hungry = sum(facts.deficit(a) for a in facts.mine if not facts.fed(a) and not a.hibernating)
        if deficit > 0 and facts.food_bank() < hungry:
            return 3.0 + 0.3 * deficit
        return 0.2
    if kind == "grazing":  # F6
        full = all(facts.fed(a) and a.fat >= fat_capacity(a) for a in facts.mine)
        others_hungry = any(not facts.fed(a) for a in facts.others)
        return 1.2 if full and others_hungry else -1.0
    if kind == "shelter" and animal is not None:  # P1: hide a fed animal from carnivores
        hunters = sum(1 for a in facts.others if has(a, "carnivore"))
        if plant_prey(animal, False):
            hunters += facts.plant_hunters()
        if facts.fed(animal) and hunters:
            return 1.0 + 0.3 * min(hunters, 3) + 0.2 * points(animal)
        return -0.5
    if kind == "parasitize":  # P2: a token for later, rarely worth a step
        return 0.1
    if kind == "plant_attack":  # P5: send a Carnivorous plant at a weak enemy animal
        target = facts.animals.get(action.target)
        if target is None or target.owner == facts.seat or not plant_prey(target, False):
            return -1.0
        return 1.5 + 0.5 * points(target)
    if kind == "end":  # F7
        unfed = any(not facts.fed(a) and not a.hibernating for a in facts.mine)
        return 0.5 if not unfed else -0.5
    return 0.0


def defend_value(facts: Facts, action: Any) -> float:
    """Rules R1-R3."""
    kind = action.type
    if kind == "tail_loss":  # R1
        attacked = facts.attacked()
        trait = ""
        if attacked is not None:
            card = action.card
            trait = next((t for c, t in attacked.traits if c == card), "")
            if not trait:
                trait = next((t for t, c in facts.links_of(attacked.id) if c == card), "")
        keep = trait_value(facts, trait, attacked) if attacked is not None and trait else 1.0
        if trait == "parasite":
            keep = -1.0  # shedding a parasite also frees two food
        return 5.0 - keep
    if kind == "mimic":  # R2
        target = facts.animals.get(action.target)
        return 4.0 - 0.3 * (points(target) if target is not None else 0.0)
    if kind == "run":  # R3
        return 6.0
    if kind == "accept":
        return 0.0
    return 1.0


def trigger_value(facts: Facts, action: Any) -> float:
    """Fire first the link whose partner is hungriest."""
    pair = facts.link_animals(getattr(action, "link", None))
    if pair is None:
        return 0.0
    animals = facts.animals
    partners = [animals[a] for a in pair if a in animals]
    return float(max((facts.deficit(a) for a in partners), default=0))


RULES = {
    "develop": develop_value,
    "feed": feed_value,
    "defend": defend_value,
    "trigger": trigger_value,
}


def values(facts: Facts, kind: str, legal: Sequence[Any]) -> list[float]:
    """The rules' values of ``legal`` (higher is better) for a decision of ``kind``.
    Development values are cached per (kind, trait, animals) within the call, since several
    cards often offer the same trait (a trait key never equals a kind's name)."""
    rule = RULES.get(kind)
    if rule is None:
        return [0.0] * len(legal)
    if kind != "develop":
        if kind == "defend":
            facts.count()  # Tail loss weighs the trait it sheds
        return [rule(facts, action) for action in legal]
    facts.count()
    cache: dict[Any, float] = {}
    out = []
    for action in legal:
        # what a development value depends on: a card's other fields (itself, a place on
        # Continents) do not count
        what = action.type
        if what == "trait":
            key: Any = (action.trait, action.animal)
        elif what == "pair":
            key = (action.trait, action.animals)
        else:
            key = what
        value = cache.get(key)
        if value is None:
            value = cache[key] = rule(facts, action)
        out.append(value)
    return out


def estimate_scores(
    players: Sequence[tuple[int, Sequence[tuple[AnimalFacts, int]]]],
    link_owners: Iterable[int | None],
    *,
    feeding: bool,
    bank: int,
    last_turn: bool,
) -> list[float]:
    """Expected final points per seat: animals and traits weighted by the chance they
    survive, plus a little for cards still in hand. ``players`` gives per seat its hand size
    and its animals with their needs; ``link_owners`` the owner of each link's first animal
    (None if it is gone)."""
    count = len(players)
    share = EXPECTED_FOOD.get(count, 2.0 * count + 2) / count
    hand_weight = 0.0 if last_turn else 0.4
    estimates = []
    for hand, listed in players:
        total_need = sum(wanted for _, wanted in listed) or 1
        value = hand_weight * hand
        for animal, wanted in listed:
            if animal.hibernating or animal.food >= wanted:
                alive = 1.0
            elif feeding:
                missing = wanted - animal.food - animal.fat
                alive = 0.9 if missing <= 0 else (0.55 if bank >= missing else 0.15)
            else:
                alive = min(1.0, max(0.2, share / total_need))
            value += alive * points(animal)
        estimates.append(value)
    for seat in link_owners:
        if seat is not None:
            estimates[seat] += 1.0
    return estimates
