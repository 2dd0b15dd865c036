"""The encodings: every legal action has an index that maps back to it; actions sharing an
index are the same choice; a seat's observation ignores what it cannot see."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from hypothesis import example, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from evolutio.core.encoding import ActionLayout, LayoutError, ObservationLayout  # noqa: E402
from evolutio.core.registry import available_games  # noqa: E402
from evolutio.games.northstar.actions import Use  # noqa: E402
from evolutio.rl.codec import Codec  # noqa: E402

#: options per game for the random games below (seat counts, sets and variants mixed).
OPTIONS: dict[str, list[dict[str, Any]]] = {
    "toy": [{"players": 2}, {"players": 4}],
    "evolution": [
        {"players": 2},
        {"players": 3, "expansions": ["base", "time_to_fly", "continents"]},
        {"players": 4, "expansions": ["base", "gift", "ice_age"]},
        {"players": 5, "expansions": ["base", "time_to_fly", "gift", "continents", "ice_age"]},
        {"players": 4, "expansions": ["base", "plants", "time_to_fly"]},
    ],
    "northstar": [{"players": 2}, {"players": 5}, {"players": 3, "expansions": ["flight"]},
                  {"players": 4, "edition": "climate"},
                  {"players": 2, "edition": "climate", "expansions": ["flight"]}],
    "darwin": [{"players": 3}, {"players": 4, "variant": "cooperative"},
               {"players": 2, "variant": "beginner"}, {"players": 4, "variant": "children"}],
}


def walk(game: str, options: dict[str, Any], seed: int) -> Any:
    """Yield (codec, state, seat) along a random game, every legal action applied once in a
    while so that positions deep in the game are reached."""
    codec = Codec(game, options)
    rules = codec.game
    state = rules.new(codec.options, seed)
    rng = random.Random(seed)
    while (decision := rules.decision(state)) is not None:
        seat = rng.choice(decision.seats)
        yield codec, state, seat
        rules.apply(state, seat, rng.choice(rules.legal_actions(state, seat)))


def same_choice(codec: Codec, state: Any, seat: int, a: Any, b: Any) -> bool:
    """Two actions are the same choice when the acting seat cannot tell the results apart,
    or, in North Star's Climate edition, when they differ only in cards alike in trait and
    food value (docs/rl.md: only a card named as a food card names its climate icons, so
    the discard pile seen afterwards may tell them apart)."""
    first, second = state.clone(), state.clone()
    codec.game.apply(first, seat, a)
    codec.game.apply(second, seat, b)
    if np.array_equal(codec.observe(first, seat), codec.observe(second, seat)):
        return True
    return getattr(state, "climate", None) is not None and alike_but_icons(state, a, b)


#: the fields of North Star's actions that name a card discarded or played.
CARD_FIELDS = ("card", "extra")


def alike_but_icons(state: Any, a: Any, b: Any) -> bool:
    """Whether two North Star actions differ only in their cards' climate icons: the same
    kind of action, every other field equal, the cards alike in trait and food value."""
    if type(a) is not type(b) or not dataclasses.is_dataclass(a):
        return False
    names = [f.name for f in dataclasses.fields(a)]
    if any(getattr(a, n) != getattr(b, n) for n in names if n not in CARD_FIELDS):
        return False

    def faces(action: Any) -> list[Any]:
        cards = [getattr(action, n) for n in CARD_FIELDS if n in names]
        return sorted(state.cards[c] for c in cards if c is not None)

    return faces(a) == faces(b)


@pytest.mark.parametrize("game", available_games())
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 100))
@example(seed=154, pick=3)  # Evolution: an animal with 13 trait cards (tail loss on the 13th)
@example(seed=584, pick=1)  # Evolution: two recombination partners, cards at one position
def test_every_legal_action_round_trips(game: str, seed: int, pick: int) -> None:
    options = OPTIONS[game][pick % len(OPTIONS[game])]
    for codec, state, seat in walk(game, options, seed):
        actions = codec.game.legal_actions(state, seat)
        by_index = codec.legal(state, seat)
        assert by_index, "a deciding seat must have an encodable action"
        for action in actions:
            index = codec.encoding.action_index(state, seat, action)
            assert index is not None, f"{action} has no index"
            assert 0 <= index < codec.action_size
            back = by_index[index]
            assert back in actions
            if back != action:
                assert same_choice(codec, state, seat, action, back), (
                    f"{action} and {back} share index {index} but differ")
        mask = codec.mask(by_index)
        assert int(mask.sum()) == len(by_index)


@pytest.mark.parametrize("game", available_games())
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 100))
def test_observation_ignores_what_the_seat_cannot_see(game: str, seed: int, pick: int) -> None:
    options = OPTIONS[game][pick % len(OPTIONS[game])]
    rng = random.Random(seed)
    for step, (codec, state, _) in enumerate(walk(game, options, seed)):
        if step % 5:
            continue
        for seat in range(state.num_players):
            seen = codec.observe(state, seat)
            assert seen.shape == (codec.observation_size,)
            for _ in range(2):
                other = codec.game.determinize(state, seat, random.Random(rng.random()))
                assert np.array_equal(codec.observe(other, seat), seen), (
                    f"seat {seat}'s observation changed with what it cannot see")


@pytest.mark.parametrize("game", available_games())
def test_determinize_resamples_hidden_cards(game: str) -> None:
    """The property above has teeth: the resampled states do differ from the true one."""
    rng = random.Random(3)
    changed = 0
    for step, (codec, state, seat) in enumerate(walk(game, OPTIONS[game][0], 3)):
        if step % 5 == 0:
            other = codec.game.determinize(state, seat, random.Random(rng.random()))
            changed += codec.game.snapshot(other) != codec.game.snapshot(state)
    assert changed > 0


@pytest.mark.parametrize("game", available_games())
def test_layouts_tile_the_space(game: str) -> None:
    for options in OPTIONS[game]:
        codec = Codec(game, options)
        starts = 0
        for start, count, _, _, _ in codec.action_layout.rows():
            assert start == starts
            starts += count
        assert starts == codec.action_size
        starts = 0
        for start, size, _, _ in codec.observation_layout.rows():
            assert start == starts
            starts += size
        assert starts == codec.observation_size


def test_action_layout_index_and_locate_are_inverse() -> None:
    layout = ActionLayout()
    layout.add("pass")
    layout.add("attack", [("animal", 3), ("target", 5)])
    assert layout.size == 16
    assert layout.index("pass") == 0
    assert layout.index("attack", 2, 4) == 15
    assert layout.index("attack", 3, 0) is None
    for index in range(layout.size):
        key, values = layout.locate(index)
        assert layout.index(key, *values.values()) == index
    with pytest.raises(LayoutError, match="takes 2 axis values"):
        layout.index("attack", 1)
    with pytest.raises(LayoutError, match="outside"):
        layout.locate(16)
    with pytest.raises(LayoutError, match="already"):
        layout.add("pass")
    observation = ObservationLayout()
    assert observation.add("a", 3) == 0
    assert observation.add("b", 2) == 3
    assert observation["b"] == 3 and observation.size == 5


#: North Star's option sets, each with its own layout (docs/rl.md, "Layouts").
NORTHSTAR_SETS: dict[str, dict[str, Any]] = {
    "base": {},
    "flight": {"expansions": ["flight"]},
    "climate": {"edition": "climate"},
    "climate+flight": {"edition": "climate", "expansions": ["flight"]},
}


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", NORTHSTAR_SETS)
def test_northstar_bot_games_index_every_legal_action(name: str, players: int,
                                                      seed: int) -> None:
    """Seeded games of greedy and random bots (the greedy one plays the game's heuristic, so
    the games reach other positions than random walks do): every legal action of every
    decision has an index, and the index decodes to a legal action of the same meaning."""
    from evolutio.bots.levels import make_bot

    codec = Codec("northstar", {"players": players, **NORTHSTAR_SETS[name]})
    rules = codec.game
    state = rules.new(codec.options, seed)
    bots = [make_bot("greedy" if (seat + seed) % 2 else "random", 10 * seed + seat, "northstar")
            for seat in range(players)]
    while (decision := rules.decision(state)) is not None:
        seat = decision.seats[0]
        actions = rules.legal_actions(state, seat)
        by_index = codec.legal(state, seat)
        for action in actions:
            index = codec.encoding.action_index(state, seat, action)
            assert index is not None and 0 <= index < codec.action_size, f"{action} has no index"
            back = by_index[index]
            assert back in actions
            if back != action:
                assert same_choice(codec, state, seat, action, back), (
                    f"{action} and {back} share index {index} but differ")
        rules.apply(state, seat, bots[seat].choose(rules.view(state, seat), actions, decision))
    assert rules.outcome(state) is not None


#: the traits that protect a species from an attack (R-N26), which Intelligence may switch
#: off; Flight's own with the expansion. The Climate edition's four new traits protect only
#: from the climate, so Intelligence never names them.
PROTECTING = ("burrowing", "climbing", "defensive_herding", "hard_shell", "horns",
              "symbiosis", "warning_call")


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("name", NORTHSTAR_SETS)
def test_northstar_intelligence_switching_off_any_trait_has_an_index(name: str,
                                                                     players: int) -> None:
    """A carnivore with Intelligence before prey carrying every protecting trait and, in
    Climate, each of the four new ones (a switch-off random games seldom reach): each trait
    Intelligence may switch off is offered with every hand card, each such use has an index
    of its own that decodes to it (or, in Climate, to the same use with a card alike but for
    its icons), and no Climate trait is offered."""
    options = {"players": players, **NORTHSTAR_SETS[name]}
    codec = Codec("northstar", options)
    climate = "edition" in options
    flight = "expansions" in options
    protecting = PROTECTING + (("flight",) if flight else ())
    weather = ("heavy_fur", "migratory", "cooling_frills", "nocturnal") if climate else ()
    icons = {"climate": 1} if climate else {}
    hand = [{"trait": "horns", "food": 2, **icons}, {"trait": "horns", "food": 2},
            {"trait": "fertile", "food": 4}]
    prey = [{"body": 2, "pop": 2, "traits": [trait]} for trait in protecting + weather]
    assert len(prey) <= 12  # one seat's species (MAX_SPECIES)
    others = [{"species": [{"body": 3, "pop": 2, "traits": ["climbing"]}]}] * (players - 2)
    state = codec.game.from_position(codec.options, {
        "phase": "feed", "watering_hole": 4,
        "players": [{"hand": hand, "species": [
            {"body": 6, "pop": 3, "traits": ["carnivore", "intelligence"]}]},
            {"species": prey}, *others]}, 0)
    actions = codec.game.legal_actions(state, 0)
    by_index = codec.legal(state, 0)
    negates: dict[str, set[int]] = {}
    for action in actions:
        index = codec.encoding.action_index(state, 0, action)
        assert index is not None and 0 <= index < codec.action_size, f"{action} has no index"
        back = by_index[index]
        assert back == action or same_choice(codec, state, 0, action, back), (action, back)
        if isinstance(action, Use) and action.trait == "intelligence" and action.negate:
            assert codec.action_layout.locate(index)[0] == "intelligence"
            negates.setdefault(action.negate, set()).add(index)
    assert set(negates) == set(protecting)
    # three hand cards of two kinds (the two Horns differ only in their icons in Climate):
    # two indices per trait, none shared between traits
    assert all(len(indices) == 2 for indices in negates.values()), negates
    assert len(set().union(*negates.values())) == 2 * len(protecting)
