"""The legal actions as the terminal lists them: grouped when the list is long, numbered so
that a number keeps its meaning, and the card texts a player may look up.

It knows no game: a group is the actions that share their ``type`` and their first field
(the card a player gives, say, before the card taken for it), read from the action's JSON
form, and its line is what the sentences of its actions have in common. A number belongs to
one action (or one group) for as long as the person's decisions stay of the same kind, so
typing the same number twice never picks a different action; it is gone once its action is.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from evolutio.core.game import Action, Game, describe_choice

#: a longer list of actions is grouped (kind and first field, then kind alone).
LIMIT = 15


@dataclass(frozen=True, slots=True)
class Entry:
    """One numbered line: a single action, or a group chosen in a second step."""

    key: str
    actions: tuple[Action, ...]

    @property
    def single(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None


def action_key(action: Action) -> str:
    """The action's JSON form as a string: the same action in any later list."""
    return json.dumps(action.to_json(), sort_keys=True)


def _first_field(action: Action) -> str | None:
    data = action.to_json()
    fields = [name for name in data if name != "type"]
    return json.dumps(data[fields[0]]) if fields else None


def _merge(
    entries: list[Entry], group_of: Callable[[Entry], Hashable | None]
) -> list[Entry]:
    """``entries`` with those of the same group (not None) joined at the first one's place;
    a group of one stays as it was."""
    members: dict[Hashable, list[Entry]] = {}
    for entry in entries:
        key = group_of(entry)
        if key is not None:
            members.setdefault(key, []).append(entry)
    out: list[Entry] = []
    done: set[Hashable] = set()
    for entry in entries:
        key = group_of(entry)
        if key is None or len(members[key]) == 1:
            out.append(entry)
        elif key not in done:
            done.add(key)
            joined = tuple(a for e in members[key] for a in e.actions)
            out.append(Entry("g:" + json.dumps(key), joined))
    return out


def group_actions(actions: Sequence[Action], limit: int = LIMIT) -> list[Entry]:
    """The lines for ``actions``: one per action up to ``limit`` lines; beyond, the actions
    sharing kind and first field as one line, and if still too many, a kind's remaining
    single actions as one line too."""
    entries = [Entry("a:" + action_key(a), (a,)) for a in actions]
    if len(entries) <= limit:
        return entries

    def by_first(entry: Entry) -> Hashable | None:
        first = _first_field(entry.actions[0])
        return None if first is None else (entry.actions[0].type, first)

    entries = _merge(entries, by_first)
    if len(entries) > limit:
        entries = _merge(entries, lambda e: e.actions[0].type if e.single else None)
    return entries


def common_words(texts: Sequence[str], end: bool = False) -> str:
    """The words every text begins with (``end``: ends with; "" when they share none)."""
    split = [t.split()[::-1] if end else t.split() for t in texts]
    same: list[str] = []
    for words in zip(*split, strict=False):
        if any(w != words[0] for w in words):
            break
        same.append(words[0])
    return " ".join(same[::-1] if end else same)


def describe_entry(game: Game[Any], state: Any, entry: Entry) -> tuple[str, str]:
    """The notation and the sentence of a line; a group's are the words its actions share at
    the start (and at the end), ``…`` for the rest, and how many there are."""
    action = entry.single
    if action is not None:
        return action.notation(), describe_choice(game, state, action)
    notation = common_words([a.notation() for a in entry.actions]) or entry.actions[0].type
    sentences = [describe_choice(game, state, a) for a in entry.actions]
    head, tail = common_words(sentences), common_words(sentences, end=True)
    if len(head.split()) + len(tail.split()) >= min(len(t.split()) for t in sentences):
        tail = ""  # the sentences differ in words they share at both ends: the head is enough
    sentence = f"{head or notation} …" + (f" {tail}" if tail else "")
    return f"{notation} …", f"{sentence} ({len(entry.actions)} choices)"


class Numbering:
    """Numbers for the lines of a person's decisions, kept while they stay of one kind.

    A line's number is given the first time the line is listed in a ``scope`` (the seat and
    the decision's kind) and never given to another line in that scope; a new scope starts
    again from 1."""

    def __init__(self) -> None:
        self.scope: Hashable | None = None
        self.numbers: dict[str, int] = {}

    def number(self, scope: Hashable, entries: Sequence[Entry]) -> dict[int, Entry]:
        """``{number: line}`` in the order of the numbers."""
        if scope != self.scope:
            self.scope, self.numbers = scope, {}
        for entry in entries:
            if entry.key not in self.numbers:
                self.numbers[entry.key] = len(self.numbers) + 1
        return dict(sorted((self.numbers[e.key], e) for e in entries))


def find_texts(game: Game[Any], query: str, language: str = "en") -> list[tuple[str, str]]:
    """``(name, text)`` of the cards and terms of the game's reference that ``query`` names:
    the one whose name or id is the query (any case), else every one whose name contains
    it."""
    texts = game.reference(language)
    labels = game.labels(language)
    wanted = " ".join(query.replace("_", " ").lower().split())
    if not wanted:
        return []
    named = {ident: labels.get(ident) or ident.replace("_", " ") for ident in texts}
    exact = [
        i for i, name in named.items()
        if wanted in (name.lower(), i.replace("_", " ").lower())
    ]
    found = exact or [i for i, name in named.items() if wanted in name.lower()]
    return [(named[i], texts[i]) for i in found]


def reference_names(game: Game[Any], language: str = "en") -> list[tuple[str, list[str]]]:
    """The names of the reference's cards and terms by section (one untitled section when
    the game names none)."""
    texts = game.reference(language)
    labels = game.labels(language)
    groups = game.reference_groups(language) or [("", list(texts))]
    return [
        (title, [labels.get(i) or i.replace("_", " ") for i in ids if i in texts])
        for title, ids in groups
    ]
