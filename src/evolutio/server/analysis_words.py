"""An analysis's sentences in every client language, and a stored analysis said in one.

An analysis (``evolutio.analysis``) words its choices in English. The server's worker, once
the analysis is done, replays the record and says each analysed decision's action played,
the best one and the search's line in every client language with the game's
``describe_choice``; the line's moves are played on one sample of the deciding seat's view
(the analysis searched samples, so a move there may not fit the true state: from the first
such move on the line keeps its notation). The result is stored beside the analysis, and
:func:`localized` puts one language's sentences into the analysis's JSON when it is served.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from evolutio.analysis.engine import digest_of, task_seed
from evolutio.core.game import JSON, Game, describe_choice
from evolutio.core.match import replay
from evolutio.core.record import Record
from evolutio.server.i18n import LANGUAGES


def _said(game: Game[Any], state: Any, data: JSON) -> dict[str, str]:
    """An action's sentence (from its JSON form) in each client language."""
    action = game.action_from_json(data)
    return {lang: describe_choice(game, state, action, lang) for lang in LANGUAGES}


def _line(game: Game[Any], state: Any, seat: int, line: list[JSON], secret: int) -> list[
        dict[str, str]]:
    """The sentences of a search's line, played on a sample of ``seat``'s view of ``state``;
    a move that does not fit the sample, and every move after it, keeps its notation."""
    sample = game.determinize(copy.deepcopy(state), seat, random.Random(secret))
    out: list[dict[str, str]] = []
    fits = True
    for move in line:
        if fits:
            try:
                action = game.action_from_json(move["action"])
                said = {lang: describe_choice(game, sample, action, lang) for lang in LANGUAGES}
                game.apply(sample, int(move["seat"]), action)
                out.append(said)
                continue
            except Exception:  # the sample went elsewhere than the search's: notation only
                fits = False
        out.append({lang: str(move.get("notation", "")) for lang in LANGUAGES})
    return out


def wording(record: Record, analysis: JSON) -> JSON:
    """``{lang: {index: {"played", "best", "line": [sentence]}}}`` for every decision of
    ``analysis`` (the JSON of ``record``'s analysis)."""
    wanted = {int(d["index"]): d for d in analysis["decisions"]}
    words: dict[str, dict[str, Any]] = {lang: {} for lang in LANGUAGES}
    if not wanted:
        return words
    digest = digest_of(record)
    last = max(wanted)
    for match, _step in replay(record):
        index = match.version  # the action about to be played
        decision = wanted.get(index)
        if decision is not None:
            game, state, seat = match.game, match.state, int(decision["seat"])
            played = _said(game, state, decision["played"]["action"])
            best = _said(game, state, decision["best"]["action"])
            line = _line(game, state, seat, list(decision["line"]),
                         task_seed(digest, index, "secret", "words"))
            for lang in LANGUAGES:
                words[lang][str(index)] = {"played": played[lang], "best": best[lang],
                                           "line": [move[lang] for move in line]}
        if index >= last:
            break
    return words


def localized(analysis: JSON, words: JSON | None, lang: str) -> JSON:
    """A copy of ``analysis`` whose sentences are ``lang``'s (each move of a line gets a
    ``text``); English, or the analysis's own, where ``words`` has none."""
    said = (words or {}).get(lang) or (words or {}).get("en") or {}
    out = dict(analysis)
    decisions = []
    for data in analysis.get("decisions", []):
        mine = said.get(str(data["index"]))
        decision = dict(data)
        if mine is not None:
            decision["played"] = {**data["played"], "text": mine["played"]}
            decision["best"] = {**data["best"], "text": mine["best"]}
            texts = list(mine.get("line", []))
            decision["line"] = [{**move, "text": texts[i] if i < len(texts) else
                                 move.get("notation", "")} for i, move in enumerate(data["line"])]
        else:
            decision["line"] = [{**move, "text": move.get("notation", "")}
                                for move in data["line"]]
        decisions.append(decision)
    out["decisions"] = decisions
    return out
