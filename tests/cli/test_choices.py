"""The terminal's list of actions: long lists grouped by kind and first field, numbers that
keep their meaning while a decision repeats, card texts by name; and ``evolutio play``'s
two-step choice, ``help WORD`` and default bots."""

from __future__ import annotations

import random
from pathlib import Path

from typer.testing import CliRunner

from evolutio.cli import _load_commands
from evolutio.cli.app import app
from evolutio.cli.choices import (
    LIMIT,
    Entry,
    Numbering,
    action_key,
    common_words,
    describe_entry,
    find_texts,
    group_actions,
)
from evolutio.core import get_game
from evolutio.core.match import Match

_load_commands()
runner = CliRunner()


def darwin_market_turn() -> Match:
    """A seeded Darwin's Choice game at a turn with more than 40 legal actions."""
    match = Match.new(get_game("darwin"), {"players": 3}, 3, ["a", "b", "c"])
    rng = random.Random(1)
    while (decision := match.decision) is not None:
        seat = decision.seats[0]
        legal = match.legal(seat)
        if len(legal) > 40:
            return match
        match.act(seat, rng.choice(legal))
    raise AssertionError("no long list of actions met")


def test_a_long_list_is_grouped_by_kind_and_first_field() -> None:
    match = darwin_market_turn()
    legal = match.legal(match.decision.seats[0])  # type: ignore[union-attr]
    entries = group_actions(legal)
    assert len(entries) <= LIMIT < len(legal)
    # every action is in exactly one line, in the game's order within a line
    assert [action_key(a) for e in entries for a in e.actions] == sorted(
        (action_key(a) for a in legal), key=[action_key(a) for a in legal].index
    )
    swaps = [e for e in entries if e.single is None and e.actions[0].type == "exchange"]
    assert swaps
    for entry in swaps:
        cards = {a.to_json()["card"] for a in entry.actions}
        assert len(cards) == 1 and len(entry.actions) > 1
        notation, sentence = describe_entry(match.game, match.state, entry)
        assert notation.endswith(" …") and sentence.endswith(f"({len(entry.actions)} choices)")
    # a short list stays one action a line
    short = legal[:LIMIT]
    assert [e.single for e in group_actions(short)] == short


def test_common_words_at_either_end() -> None:
    texts = ["Keep Sloth tail, discard the rest.", "Keep Shark head, discard the rest."]
    assert common_words(texts) == "Keep"
    assert common_words(texts, end=True) == "discard the rest."
    assert common_words(["a b", "c d"]) == ""


def test_numbers_keep_their_meaning_while_the_kind_repeats() -> None:
    game = get_game("toy")
    state = game.new({"players": 2}, 1)
    cards = [Entry(f"a:{n}", (a,)) for n, a in enumerate(game.legal_actions(state, 0))]
    numbering = Numbering()
    first = numbering.number((0, "play"), cards)
    assert list(first) == [1, 2, 3, 4]
    # the first line is gone and a new one comes: no number changes meaning
    later = numbering.number((0, "play"), [*cards[1:], Entry("a:new", cards[0].actions)])
    assert list(later) == [2, 3, 4, 5] and later[5].key == "a:new"
    assert all(later[n] == first[n] for n in (2, 3, 4))
    # another kind of decision numbers afresh
    assert list(numbering.number((0, "bid"), cards[2:])) == [1, 2]


def test_card_texts_are_found_by_name() -> None:
    game = get_game("northstar")
    [(name, text)] = find_texts(game, "CARNIVORE")
    assert name == "Carnivore" and text == game.reference("en")["carnivore"]
    assert find_texts(game, "fat_tissue") == find_texts(game, "Fat Tissue")
    assert len(find_texts(game, "o")) > 1
    assert find_texts(game, "no such card") == [] and find_texts(game, " ") == []


def test_play_groups_swaps_and_reads_card_texts(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["play", "--game", "darwin", "-p", "3", "--seed", "3", "--record",
         str(tmp_path / "d.json")],
        input="help\nhelp carnivore\nhelp unicorn\n" + "1\n" * 10 + "4\n9\n4\n\n4 2\nquit\n",
        terminal_width=120,
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "against 2 bots (normal)" in out and "normal 1" in out
    assert "Animals: Lion, Wolf" in out  # help lists the cards by section
    assert "Carnivore: The head's diet" in out
    assert "No card or term is named 'unicorn'" in out
    assert "Put Sloth tail in the market and take … (5 choices)" in out
    assert "Choose 1 to 5 of this line." in out
    assert "You put Sloth tail in the market and take" in out


def test_play_defaults_to_the_normal_level_where_the_game_has_a_heuristic(
    tmp_path: Path,
) -> None:
    for game, said in (("evolution", "against 1 bot (normal)"),
                       ("toy", "against 1 bot (random)")):
        result = runner.invoke(
            app, ["play", "--game", game, "--seed", "1", "--record", str(tmp_path / "r.json")],
            input="quit\n", terminal_width=120,
        )
        assert result.exit_code == 0, result.output
        assert said in result.output
