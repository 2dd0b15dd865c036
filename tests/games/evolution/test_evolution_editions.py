"""Ruling 21: the edition changes the displayed trait names in every language, in refusal
reasons, action sentences, the labels the renderers use and the terminal table."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from evolutio.cli import _load_commands
from evolutio.cli.app import app
from evolutio.core.match import replay
from evolutio.games.evolution.actions import Eat
from evolutio.games.evolution.cards import trait_name
from evolutio.games.evolution.game import GAME
from evolutio.games.evolution.terminal import edition_names
from evolutio.games.evolution.trait import TRAITS
from evolutio.sim.runner import GameTask, play_game

_load_commands()


def test_english_and_russian_names_follow_the_edition() -> None:
    assert trait_name("anglerfish", "en") == "Hunter"
    assert trait_name("anglerfish", "en", 2) == "Anglerfish"
    assert trait_name("cnidocytes", "en") == "Toxic"
    assert trait_name("cnidocytes", "en", 2) == "Cnidocytes"
    assert trait_name("homeothermy", "en") == "Voracious"
    assert trait_name("homeothermy", "ru") == "Прожорливое"
    assert trait_name("homeothermy", "ru", 2) == "Теплокровность"
    assert trait_name("anglerfish", "ru", 2) == "Удильщик"
    assert trait_name("specialization_a", "ru", 2) == "Специализация А"
    # a trait both editions name alike
    assert trait_name("carnivore", "ru", 2) == trait_name("carnivore", "ru") == "Хищник"


def test_labels_give_both_editions_in_every_language() -> None:
    for language in GAME.info.languages:
        labels = GAME.labels(language)
        assert labels["anglerfish"] == trait_name("anglerfish", language, 3)
        assert labels["anglerfish@2"] == trait_name("anglerfish", language, 2)
        assert all(f"{trait}@2" in labels for trait in TRAITS)


def test_the_terminal_picks_the_views_edition() -> None:
    labels = GAME.labels("en")
    assert edition_names({"options": {"edition": 2}}, labels)["anglerfish"] == "Anglerfish"
    assert edition_names({"options": {"edition": 3}}, labels)["anglerfish"] == "Hunter"
    assert not any("@" in key for key in edition_names({"options": {}}, labels))


def test_action_sentences_use_the_games_edition() -> None:
    for edition, name in ((3, "Voracious"), (2, "Homeothermy")):
        options = {"players": 2, "edition": edition, "expansions": ["gift"]}
        position = {
            "food_bank": 3,
            "players": [{"animals": [{"name": "Cat", "traits": ["homeothermy"]}]}],
        }
        state = GAME.from_position(options, position, 0)
        actions = GAME.legal_actions(state, 0)
        voracious = next(a for a in actions if a.type == "homeothermy")
        assert name in GAME.describe_action(state, voracious, "en")
        assert "A1" in GAME.describe_action(state, Eat(1), "en")


def test_replayed_event_lines_use_the_records_edition(tmp_path: Path) -> None:
    """``evolutio replay --events`` words every event with the record's edition: a 2nd
    edition game shows Anglerfish / Специализация Б, never Hunter / Термосинтез."""
    options = {"players": 3, "edition": 2, "expansions": ["time_to_fly"]}
    played = play_game(GameTask(0, "evolution", options, 3, ("greedy",) * 3, record=True))
    assert played.record is not None
    path = tmp_path / "second.json"
    played.record.save(path)
    lines = {}
    for language in ("en", "ru"):
        result = CliRunner().invoke(
            app, ["replay", str(path), "--events", "--language", language], terminal_width=200
        )
        assert result.exit_code == 0, result.output
        lines[language] = result.output
    assert "Anglerfish" in lines["en"] and "Specialization B" in lines["en"]
    assert "Hunter" not in lines["en"] and "Thermosynthesis" not in lines["en"]
    assert "Удильщик" in lines["ru"] and "Специализация Б" in lines["ru"]
    assert "Охотник" not in lines["ru"] and "Термосинтез" not in lines["ru"]
    # the same events without options keep the 3rd edition's names
    event = next(
        e for _, step in replay(played.record) if step is not None for e in step.events
        if getattr(e, "trait", None) == "specialization_b"
    )
    assert "Thermosynthesis" in GAME.describe_event(event, "en")
    assert "Specialization B" in GAME.describe_event(event, "en", options=options)
    assert "Специализация Б" in GAME.describe_event(event, "ru", options={"edition": 2})
