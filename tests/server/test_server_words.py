"""No English word left in Russian, Italian or German: every string the server says, the
shell's and the renderers' string tables, what every game declares and says while played
and the terminal's tables (tests/server/wordwalk.py walks them and says what counts as
English); and plural forms right for 1, 2, 5, 21 and 22 wherever a count meets a noun."""

from __future__ import annotations

from collections.abc import Iterable

import pytest
import wordwalk as walk

from evolutio.core.plural import ORDER, counted, plural
from evolutio.core.registry import get_game
from evolutio.server.texts import say, table

#: what the platform says, read from the code alone: the PostgreSQL pass leaves it out
pytestmark = pytest.mark.storage_neutral
COUNTS = (1, 2, 5, 21, 22)


def leftovers(texts: Iterable[walk.Text]) -> list[str]:
    """One line per text with English words left, with the words and where it is."""
    found = []
    seen = set()
    for item in texts:
        words = walk.english(item)
        key = (item.where.split(" v")[0], item.lang, tuple(words))
        if words and key not in seen:
            seen.add(key)
            found.append(f"{item.where} [{item.lang}] {words}: {item.text[:120]!r}")
    return found


def test_the_server_says_no_english_word() -> None:
    assert not leftovers(walk.server_texts()), "\n".join(leftovers(walk.server_texts()))


def test_what_the_server_composes_for_a_room_has_no_english_word() -> None:
    """/help, refusals of options and option values, for every game's room."""
    texts = list(walk.server_said())
    assert {t.where.split(" ")[1] for t in texts} >= {"/help", "refusal", "value"}
    assert not leftovers(texts), "\n".join(leftovers(texts))


def test_the_shell_and_the_renderers_string_tables_hold_no_english_word() -> None:
    texts = list(walk.js_texts())
    # the walk reads every table: the shell's, each renderer's, in every language
    tables = {t.where.split(" ")[0] for t in texts}
    assert {"server/web/i18n.js", "server/web/table.js", "games/northstar/web/strings.js",
            "games/darwin/web/strings.js", "games/evolution/web/strings.js"} <= tables
    assert not leftovers(texts), "\n".join(leftovers(texts))


@pytest.mark.parametrize("game", walk.GAMES)
def test_what_a_game_declares_is_in_every_language(game: str) -> None:
    texts = list(walk.declared(game))
    assert not leftovers(texts), "\n".join(leftovers(texts))


@pytest.mark.parametrize("game", walk.GAMES)
def test_what_a_game_says_while_played_is_in_every_language(game: str) -> None:
    texts = list(walk.played(game))
    assert len(texts) > 100
    assert not leftovers(texts), "\n".join(leftovers(texts))


@pytest.mark.parametrize("game", walk.GAMES)
def test_the_terminal_table_is_in_every_language(game: str) -> None:
    texts = list(walk.terminal(game))
    assert not leftovers(texts), "\n".join(leftovers(texts))


def test_the_detector_finds_what_it_must() -> None:
    """The walk's judge: the leftovers the players met are English by its rules."""
    met = [walk.Text("a", "ru", "pass · Нажмите ещё раз", "pass · Click again"),
           walk.Text("b", "ru", "you кладёт карту", "you plays a card"),
           walk.Text("c", "it", "Round", "Round"),
           walk.Text("d", "ru", "Колода schmidt · Правила retail", "Deck schmidt · Rules retail"),
           walk.Text("e", "de", "Spieler {name} (attack)", "Player {name} (attack)")]
    assert [bool(walk.english(t)) for t in met] == [True] * len(met)
    fine = [walk.Text("a", "ru", "Ann кладёт A3 на /option deck", ""),
            walk.Text("b", "it", "Chat", "Chat"),
            walk.Text("c", "de", "Evolution (North Star Games)", "Evolution (North Star Games)")]
    assert [walk.english(t) for t in fine] == [[], [], []]


# -- plurals -----------------------------------------------------------------------------------

EXPECTED = {"ru": ("one", "few", "many", "one", "few"),
            "it": ("one", "other", "other", "other", "other"),
            "de": ("one", "other", "other", "other", "other"),
            "en": ("one", "other", "other", "other", "other")}


def pick(forms: list[str], lang: str, n: int) -> str:
    """The form CLDR's category of ``n`` names, by position (one, few, many / one, other)."""
    order = ORDER.get(lang, ("one", "other"))
    return forms[order.index(EXPECTED[lang][COUNTS.index(n)])]


def test_every_counted_noun_has_the_forms_its_language_needs() -> None:
    """Server sentences (``{n:a|b|c}``), the games' plural tables and the renderers' counted
    nouns ("player|players"), each with one form per plural category of its language."""
    import string

    nouns: list[tuple[str, str, list[str]]] = list(walk.game_plurals())
    for key, texts in table().items():
        for lang, text in texts.items():
            nouns += [(key, lang, spec.split("|")) for _, name, spec, _ in
                      string.Formatter().parse(text) if name and spec and "|" in spec]
    for path in walk.js_files():
        for strings in walk.js_tables(path):
            for lang, pairs in strings.items():
                nouns += [(f"{path.name} {key}", lang, text.split("|"))
                          for key, text in pairs.items() if "|" in text]
    assert len(nouns) > 10
    wrong = [(where, lang, forms) for where, lang, forms in nouns
             if len(forms) != len(ORDER.get(lang, ("one", "other")))]
    assert not wrong, wrong
    for where, lang, forms in nouns:
        for n in COUNTS:
            assert plural(n, lang, forms) == pick(forms, lang, n), (where, lang, n)


def test_counts_meet_their_nouns_in_the_sentences_people_read() -> None:
    said = {lang: [say(lang, "too_many_rooms", count=n).split(";")[0] for n in COUNTS]
            for lang in ("en", "ru")}
    assert said["ru"] == [f"У вас уже {n} {w} в ожидании начала" for n, w in
                          zip(COUNTS, ["комната", "комнаты", "комнат", "комната", "комнаты"],
                              strict=True)]
    assert said["en"][0] == "You have 1 room waiting to start"
    assert said["en"][1] == "You have 2 rooms waiting to start"
    north = get_game("northstar")
    from evolutio.games.northstar import events as ns

    drew = [north.describe_event(ns.Drew(0, n), "ru", ["Ann"]) for n in COUNTS]
    assert drew == [f"Ann берёт {n} {w}." for n, w in
                    zip(COUNTS, ["карту", "карты", "карт", "карту", "карты"], strict=True)]
    assert counted(21, "ru", ["игрок", "игрока", "игроков"]) == "21 игрок"


# -- the reader in the second person -------------------------------------------------------------

@pytest.mark.parametrize("game", walk.GAMES)
def test_the_readers_own_moves_are_told_in_the_second_person(game: str) -> None:
    """With the reader's seat marked (core.words.Viewer, as the terminal does), no sentence
    starts with the reader's name; English says "You ..."/"Your ..." ("you creates" is gone)."""
    import random

    from evolutio.core.match import Match
    from evolutio.core.words import Viewer

    rules = get_game(game)
    match = Match.new(game, {}, 4)
    seats = next(match.record.options[s.name] for s in rules.options_spec() if s.seats)
    names = [Viewer("Ann"), *walk.SEATS[1:seats]]
    rng = random.Random(4)
    said: dict[str, list[str]] = {lang: [] for lang in ("en", *walk.LANGS)}
    for _ in range(300):
        if match.decision is None:
            break
        seat = match.decision.seats[0]
        for event in match.act(seat, rng.choice(match.legal(seat))):
            for lang, lines in said.items():
                lines.append(rules.describe_event(event, lang, names,
                                                  options=match.record.options))
    assert any(line.startswith(("You ", "Your ")) for line in said["en"]), said["en"][:20]
    for lang, lines in said.items():
        assert not [line for line in lines if line.startswith("Ann ")], lang
    assert not [line for line in said["en"] if " of Ann" in line]  # "Your species", not that
