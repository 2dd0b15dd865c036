"""Glicko-2 (Glickman, 2012) for puzzles: a rating, its deviation and its volatility.

Each attempt at a puzzle is one game between the solver and the puzzle: solving scores 1
for the solver, failing 0, and both sides are updated, as lichess rates its puzzles. The
server keeps the ratings in its database (server/puzzles.py), the terminal in a small file
(cli/puzzle.py); both use this one formula.
"""

from __future__ import annotations

import math

#: a new solver's rating, deviation and volatility (Glicko-2's defaults)
SOLVER_START = (1500.0, 350.0, 0.06)
#: a new puzzle's deviation (its rating comes from its file) and volatility
PUZZLE_RD = 200.0
VOLATILITY = 0.06
#: the deviation never falls below this (ratings keep moving a little)
MIN_RD = 45.0
#: Glicko-2's system constant: how fast the volatility may change
TAU = 0.5
_SCALE = 173.7178


def glicko2(
    rating: float, rd: float, vol: float, opponent: float, opponent_rd: float, score: float
) -> tuple[float, float, float]:
    """The new (rating, deviation, volatility) after one game scoring ``score`` (1 or 0)."""
    mu, phi = (rating - 1500) / _SCALE, rd / _SCALE
    mu_j, phi_j = (opponent - 1500) / _SCALE, opponent_rd / _SCALE
    g = 1 / math.sqrt(1 + 3 * phi_j**2 / math.pi**2)
    expected = 1 / (1 + math.exp(-g * (mu - mu_j)))
    v = 1 / (g**2 * expected * (1 - expected))
    delta = v * g * (score - expected)
    a = math.log(vol**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / TAU**2

    lo = a
    if delta**2 > phi**2 + v:
        hi = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * TAU) < 0:
            k += 1
        hi = a - k * TAU
    f_lo, f_hi = f(lo), f(hi)
    for _ in range(100):  # the Illinois method; converges in a few steps
        if abs(hi - lo) <= 1e-6:
            break
        new = lo + (lo - hi) * f_lo / (f_hi - f_lo)
        f_new = f(new)
        if f_new * f_hi <= 0:
            lo, f_lo = hi, f_hi
        else:
            f_lo /= 2
        hi, f_hi = new, f_new
    new_vol = math.exp(lo / 2)
    phi_star = math.sqrt(phi**2 + new_vol**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * g * (score - expected)
    return 1500 + _SCALE * new_mu, max(MIN_RD, min(350.0, _SCALE * new_phi)), new_vol
