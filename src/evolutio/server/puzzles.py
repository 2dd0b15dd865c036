"""Puzzles on the server: rated like lichess's, one Glicko-2 rating per puzzle and per solver.

Routes (docs/protocol.md, "Puzzles"):

- ``GET /api/puzzles``: the games with puzzles, their counts and themes.
- ``GET /api/puzzles/{game}/next?theme=T&skip=ID``: a puzzle near the asker's rating, one the
  asker has not tried yet where one is left (``skip``: one to leave out, for guests not logged
  in).
- ``GET /api/puzzles/{game}/{id}``: one puzzle: the position as the seat to move sees it
  (``view``), its legal moves, theme, title and rating; never the answer.
- ``POST /api/puzzles/{game}/{id}/attempt`` with ``{"index": n}`` or ``{"action": {...}}``:
  right or wrong, the answer, its explanation and rule, and the rating change.

Each attempt is an encounter between the solver and the puzzle: solving is a win for the
solver, failing a win for the puzzle, and both ratings move (Glicko-2, :func:`glicko2`). Only
a solver's first attempt at a puzzle is rated; a person without a login may try puzzles
unrated. Streaks count rated puzzles solved in a row and end at a wrong answer.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from sqlalchemy import select
from sqlalchemy.orm import Session

from evolutio.core.game import Action, Game, IllegalAction
from evolutio.core.glicko import PUZZLE_RD, SOLVER_START, VOLATILITY, glicko2
from evolutio.core.puzzle import Puzzle, find, moves, puzzle_games, puzzles_of, theme_names
from evolutio.core.registry import available_games, get_game
from evolutio.server.db import PuzzleAttemptRow, PuzzleRatingRow, PuzzleSolverRow, User
from evolutio.server.guard import ApiError, lang_of
from evolutio.server.people import People


def _solver(s: Session, user_id: int, game: str) -> PuzzleSolverRow:
    row = s.get(PuzzleSolverRow, (user_id, game))
    if row is None:
        rating, rd, vol = SOLVER_START
        row = PuzzleSolverRow(user_id=user_id, game=game, rating=rating, rd=rd, vol=vol,
                              attempts=0, solved=0, streak=0, best_streak=0)
        s.add(row)
    return row


def _puzzle_row(s: Session, puzzle: Puzzle) -> PuzzleRatingRow:
    row = s.get(PuzzleRatingRow, (puzzle.game, puzzle.id))
    if row is None:
        row = PuzzleRatingRow(game=puzzle.game, puzzle=puzzle.id, rating=puzzle.rating,
                              rd=PUZZLE_RD, vol=VOLATILITY, plays=0, solved=0)
        s.add(row)
    return row


def solver_json(row: PuzzleSolverRow | None) -> dict[str, Any]:
    """``{"rating", "rd", "attempts", "solved", "streak", "best_streak"}`` (a new solver's when
    None)."""
    if row is None:
        return {"rating": SOLVER_START[0], "rd": SOLVER_START[1], "attempts": 0, "solved": 0,
                "streak": 0, "best_streak": 0}
    return {"rating": round(row.rating), "rd": round(row.rd), "attempts": row.attempts,
            "solved": row.solved, "streak": row.streak, "best_streak": row.best_streak}


def puzzle_json(s: Session, puzzle: Puzzle, lang: str) -> dict[str, Any]:
    """What the page shows before the answer: the position, the moves, theme, title, rating."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    decision = game.decision(state)
    assert decision is not None
    row = s.get(PuzzleRatingRow, (puzzle.game, puzzle.id))
    legal = moves(game, state, puzzle.seat)
    return {
        "id": puzzle.id,
        "game": puzzle.game,
        "theme": puzzle.theme,
        "theme_name": theme_names(puzzle.game, lang)[puzzle.theme],
        "rating": round(row.rating if row is not None else puzzle.rating),
        "plays": row.plays if row is not None else 0,
        "title": puzzle.text("title", lang),
        "seat": puzzle.seat,
        "options": game.normalize_options(dict(puzzle.options)),
        "decision": {"kind": decision.kind,
                     "prompt": game.describe_decision(state, decision, lang)},
        "view": game.view(state, puzzle.seat),
        "legal": [
            {"index": i, "action": a.to_json(), "text": game.describe_choice(state, a, lang)}
            for i, a in enumerate(legal)
        ],
    }


def _chosen(game: Game[Any], state: Any, seat: int, data: dict[str, Any]) -> Action:
    """The move an attempt names: ``index`` into the puzzle's moves, or ``action`` (JSON)."""
    legal = moves(game, state, seat)
    if "index" in data:
        index = data["index"]
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(legal):
            raise ApiError(400, "not a legal move's index", code="bad_move")
        return legal[index]
    raw = data.get("action")
    if not isinstance(raw, dict):
        raise ApiError(400, "give the move's index or its action", code="bad_move")
    try:
        action = game.action_from_json(raw)
    except IllegalAction as exc:
        raise ApiError(400, exc.reason, code="bad_move") from None
    if action not in legal:
        raise ApiError(400, "not a legal move here", code="bad_move")
    return action


def attempt(s: Session, user: User | None, puzzle: Puzzle, data: dict[str, Any],
            lang: str) -> dict[str, Any]:
    """Judge one answer and, for a first attempt by a user, rate both sides."""
    game = get_game(puzzle.game)
    state = puzzle.state()
    action = _chosen(game, state, puzzle.seat, data)
    answer = puzzle.answer_action(game, state)
    correct = action == answer
    result: dict[str, Any] = {
        "correct": correct,
        "answer": {"action": answer.to_json(), "text": game.describe_choice(state, answer, lang)},
        "title": puzzle.text("title", lang),
        "explanation": puzzle.text("explanation", lang),
        "rule": puzzle.rule,
        "rated": False,
    }
    if user is None:
        return result
    solver = _solver(s, user.id, puzzle.game)
    prow = _puzzle_row(s, puzzle)
    tried = s.scalars(
        select(PuzzleAttemptRow.id).where(
            PuzzleAttemptRow.user_id == user.id, PuzzleAttemptRow.game == puzzle.game,
            PuzzleAttemptRow.puzzle == puzzle.id,
        ).limit(1)
    ).first()
    before, puzzle_before = solver.rating, prow.rating
    rated = tried is None
    if rated:
        score = 1.0 if correct else 0.0
        new = glicko2(solver.rating, solver.rd, solver.vol, prow.rating, prow.rd, score)
        new_p = glicko2(prow.rating, prow.rd, prow.vol, solver.rating, solver.rd, 1 - score)
        solver.rating, solver.rd, solver.vol = new
        prow.rating, prow.rd, prow.vol = new_p
        prow.plays += 1
        prow.solved += int(correct)
        solver.streak = solver.streak + 1 if correct else 0
        solver.best_streak = max(solver.best_streak, solver.streak)
    solver.attempts += 1
    solver.solved += int(correct)
    s.add(PuzzleAttemptRow(user_id=user.id, game=puzzle.game, puzzle=puzzle.id, correct=correct,
                           rated=rated, rating_before=before, rating_after=solver.rating))
    result.update({
        "rated": rated,
        "rating": {"before": round(before), "after": round(solver.rating),
                   "change": round(solver.rating) - round(before)},
        "puzzle_rating": {"before": round(puzzle_before), "after": round(prow.rating)},
        "me": solver_json(solver),
    })
    return result


def next_puzzle(s: Session, user: User | None, game: str, theme: str | None,
                skip: str | None, rng: random.Random) -> Puzzle | None:
    """A puzzle of ``game`` (and ``theme``) near the asker's rating: among those not tried
    yet (all, once every one was), one of the three nearest, at random."""
    pool = [p for p in puzzles_of(game) if theme in (None, p.theme) and p.id != skip]
    if not pool:
        return None
    target = SOLVER_START[0]
    if user is not None:
        row = s.get(PuzzleSolverRow, (user.id, game))
        target = row.rating if row is not None else target
        tried = set(s.scalars(select(PuzzleAttemptRow.puzzle).where(
            PuzzleAttemptRow.user_id == user.id, PuzzleAttemptRow.game == game)))
        fresh = [p for p in pool if p.id not in tried]
        pool = fresh or pool
    ratings = {r.puzzle: r.rating for r in s.scalars(
        select(PuzzleRatingRow).where(PuzzleRatingRow.game == game))}
    pool.sort(key=lambda p: abs(ratings.get(p.id, p.rating) - target))
    return rng.choice(pool[:3])


def routes(app: FastAPI, people: People,
           body: Callable[[Request], Awaitable[dict[str, Any]]]) -> None:
    """Mount the puzzle routes (the module's docstring). Every puzzle file is loaded (and each
    position built) at its game's first request, off the event loop like the queries."""
    rng = random.Random()

    def game_of(name: str) -> str:
        if name not in available_games() or not puzzles_of(name):
            raise ApiError(404, "unknown_game", code="bad_game", game=name,
                           games=", ".join(puzzle_games()))
        return name

    def puzzle_of(name: str, pid: str) -> Puzzle:
        puzzle = find(game_of(name), pid)
        if puzzle is None:
            raise ApiError(404, "not_found", code="no_puzzle")
        return puzzle

    @app.get("/api/puzzles")
    async def api_puzzles(request: Request) -> dict[str, Any]:
        user, lang = people.current(request), lang_of(request)

        def listing() -> list[dict[str, Any]]:
            with people.store.session() as s:
                out = []
                for name in puzzle_games():
                    themes: dict[str, int] = {}
                    for p in puzzles_of(name):
                        themes[p.theme] = themes.get(p.theme, 0) + 1
                    me = s.get(PuzzleSolverRow, (user.id, name)) if user else None
                    out.append({"game": name, "count": len(puzzles_of(name)), "themes": themes,
                                "theme_names": theme_names(name, lang),
                                "me": solver_json(me)})
                return out

        return {"games": await people.off_loop(listing)}

    @app.get("/api/puzzles/{name}/next")
    async def api_next(name: str, request: Request, theme: str | None = None,
                       skip: str | None = None) -> dict[str, Any]:
        user, lang = people.current(request), lang_of(request)

        def pick() -> dict[str, Any]:
            game = game_of(name)
            with people.store.session() as s:
                puzzle = next_puzzle(s, user, game, theme or None, skip, rng)
                if puzzle is None:
                    raise ApiError(404, "not_found", code="no_puzzle")
                me = s.get(PuzzleSolverRow, (user.id, game)) if user else None
                return {"puzzle": puzzle_json(s, puzzle, lang), "me": solver_json(me),
                        "rated": user is not None}

        return await people.off_loop(pick)

    @app.get("/api/puzzles/{name}/{pid}")
    async def api_puzzle(name: str, pid: str, request: Request) -> dict[str, Any]:
        user, lang = people.current(request), lang_of(request)

        def show() -> dict[str, Any]:
            puzzle = puzzle_of(name, pid)
            with people.store.session() as s:
                me = s.get(PuzzleSolverRow, (user.id, puzzle.game)) if user else None
                return {"puzzle": puzzle_json(s, puzzle, lang), "me": solver_json(me),
                        "rated": user is not None}

        return await people.off_loop(show)

    @app.post("/api/puzzles/{name}/{pid}/attempt")
    async def api_attempt(name: str, pid: str, request: Request) -> dict[str, Any]:
        data = await body(request)
        user, lang = people.current(request), lang_of(request)

        def judge() -> dict[str, Any]:
            puzzle = puzzle_of(name, pid)
            with people.store.session() as s:
                result = attempt(s, user, puzzle, data, lang)
                s.commit()
                return result

        return await people.off_loop(judge)
