"""Ratings of learners and problems (issue 33, "problems rated to the learner"): Glicko-2.

Each problem of a set has a rating, and so has the learner (one per game's problem set,
kept in her own progress, :mod:`cardkit.progress`). Each **first** answer to a problem is
one game between the two, in a rating period of its own: a right answer is a win for the
learner (1) and a loss for the problem (0); a wrong one the other way round. Both ratings
move (Glickman, *Example of the Glicko-2 system*, 2013: :func:`update`). **Next problem**
(:func:`pick_next`) then picks, among the problems she has not yet solved, the one rated
nearest to her.

Why a module of its own: the ``glicko2`` package on PyPI (2.1.0) computes the new
volatility with the player's rating where Glickman's step 5 has its deviation
(``f(x)`` reads ``μ²`` for ``φ²``); it agrees with the paper only at rating 1500, which is
where the paper's example sits. This module follows the paper, and its test is the paper's
worked example (:func:`update` gives 1464.05, RD 151.52, volatility 0.059996; the paper,
rounding its steps, prints 1464.06 and 0.05999).

The problems' ratings are **seeded** from how hard they measured when they were mined
(:func:`seed_rating`): whether the rule bots' rule of thumb finds the best answer, what
the common mistake (the rule bots' answer) costs against the spread of the choices, and
how many choices there are. Standard library only; no UI.

Units: ratings on the Glicko scale (1500 an average start), deviations (RD) in the same
points, volatility as in the paper.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

K = TypeVar("K", bound=Hashable)

__all__ = ["Rating", "update", "expected", "play", "seed_rating", "replay", "pick_next",
           "LEARNER_START", "PROBLEM_RD", "TAU", "SCALE", "BIG_MISTAKE"]

#: Glicko-2's scale factor between the Glicko scale and its own (173.7178)
SCALE = 173.7178
#: the system constant τ (how much the volatility may change; Glickman suggests 0.3 to 1.2)
TAU = 0.5
_EPSILON = 1e-6
#: points a common mistake costs for the most a seeded rating adds for its size (a heart
#: honour's swing in Warsaw Hearts is 40)
BIG_MISTAKE = 40.0


@dataclass(frozen=True)
class Rating:
    """A rating on the Glicko scale: ``rating`` (1500 a start), ``rd`` its deviation (the
    uncertainty, points: 350 for someone never rated), ``vol`` the volatility (0.06)."""

    rating: float = 1500.0
    rd: float = 350.0
    vol: float = 0.06


#: a learner who has answered no problem yet
LEARNER_START = Rating(1500.0, 350.0, 0.06)
#: a problem's deviation when its rating is seeded (its rating is an estimate, not a guess)
PROBLEM_RD = 100.0


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance (0..1) that ``player`` beats ``opponent`` (for a learner and a problem:
    that she solves it), as Glicko-2 reckons it from the two ratings and the opponent's RD."""
    return _e((player.rating - 1500.0) / SCALE, (opponent.rating - 1500.0) / SCALE, opponent.rd / SCALE)


def update(player: Rating, games: Iterable[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period (Glickman's steps 1 to 8).

    :param player: the rating before.
    :param games: ``(opponent, score)`` pairs, the score 1 for a win, 0 for a loss, 0.5 a
        draw. None: the period had no game, and only the deviation grows (step 6).
    :param tau: the system constant (:data:`TAU`).
    :returns: the new :class:`Rating`.
    :raises ValueError: for a score outside 0..1 or a rating, deviation or volatility that
        is not a finite positive number (a rating may be any finite number).

    >>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)])
    >>> round(r.rating, 1), round(r.rd, 2), round(r.vol, 4)
    (1464.1, 151.52, 0.06)

    (The paper, rounding as it goes, prints 1464.06, 151.52 and 0.05999; unrounded the
    figures are 1464.051, 151.517 and 0.059996.)
    """
    games = list(games)
    _check(player)
    mu, phi, sigma = (player.rating - 1500.0) / SCALE, player.rd / SCALE, player.vol
    if not games:
        return Rating(player.rating, SCALE * math.sqrt(phi * phi + sigma * sigma), sigma)
    v_inv, delta_sum = 0.0, 0.0
    for opponent, score in games:
        _check(opponent)
        if isinstance(score, bool) or not isinstance(score, (int, float)) or not 0.0 <= score <= 1.0:
            raise ValueError(f"a score of {score!r}: expected 0 (a loss), 0.5 or 1 (a win)")
        mu_j, phi_j = (opponent.rating - 1500.0) / SCALE, opponent.rd / SCALE
        g, e = _g(phi_j), _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility (the Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = c, f_c
    sigma_new = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(1500.0 + SCALE * mu_new, SCALE * phi_new, sigma_new)


def _check(r: Rating) -> None:
    if not isinstance(r, Rating):
        raise ValueError(f"{r!r}: expected a Rating")
    if not math.isfinite(r.rating) or not (math.isfinite(r.rd) and r.rd > 0) or not (
            math.isfinite(r.vol) and r.vol > 0):
        raise ValueError(f"{r!r}: a rating is a finite number, its deviation and volatility finite and positive")


def play(learner: Rating, problem: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One first answer as a game: the learner's and the problem's ratings after it
    (``solved``: a win for her, a loss for the problem)."""
    score = 1.0 if solved else 0.0
    return update(learner, [(problem, score)]), update(problem, [(learner, 1.0 - score)])


def seed_rating(data: Mapping) -> int:
    """A stored problem's first rating, from how hard it measured when it was mined.

    :param data: the problem's JSON object (:mod:`cardkit.problems`): ``"best"``,
        ``"rule_choice"`` (the rule bots' answer), ``"gap"`` (what it costs, points) and the
        values of the choices (``"values"``, or a bid's ``"margins"``).
    :returns: the rating, a whole number of tens from 1000 to 2200.

    The chance that a learner rated 1500 solves it is taken as 0.82 when the rule bots find
    the best answer (the rule of thumb a beginner learns first), else 0.42, less up to 0.12
    as the rule bots' mistake costs a larger share of the spread of the choices and up to
    0.15 as it costs more points (all 0.15 at :data:`BIG_MISTAKE` points); 0.03 less
    for each choice over two. The rating is the one at which Elo's curve gives that chance
    (``1500 + 400·log10((1 − p) / p)``). So a problem the bots miss is rated above one they
    solve, a costlier common mistake and more choices rate a problem higher.
    """
    values = data.get("values") or {k: v[0] for k, v in (data.get("margins") or {}).items()}
    found = str(data.get("best")) == str(data.get("rule_choice"))
    numbers = [float(v) for v in values.values()] if isinstance(values, Mapping) else []
    spread = (max(numbers) - min(numbers)) if numbers else 0.0
    gap = float(data.get("gap") or 0.0)
    share = min(1.0, gap / spread) if spread > 0 else 0.0
    p = 0.82 if found else 0.42 - 0.12 * share - 0.15 * min(1.0, gap / BIG_MISTAKE)
    p -= 0.03 * max(0, len(numbers) - 2)
    p = min(0.92, max(0.08, p))
    rating = 1500.0 + 400.0 * math.log10((1.0 - p) / p)
    return int(round(min(2200.0, max(1000.0, rating)) / 10.0) * 10)


def replay(answers: Iterable[tuple[K, bool]], problems: Mapping[K, float],
           start: Rating = LEARNER_START) -> tuple[Rating, dict[K, Rating]]:
    """The learner's rating and the problems' after her first answers, in the order given.

    :param answers: ``(problem key, solved)`` in the order answered; a key not in
        ``problems`` is skipped, and so is a second answer to the same problem.
    :param problems: problem key -> its seeded rating (RD :data:`PROBLEM_RD`).
    :returns: ``(learner, {key: problem's rating})``.
    """
    rated = {k: Rating(float(r), PROBLEM_RD, 0.06) for k, r in problems.items()}
    learner, seen = start, set()
    for key, solved in answers:
        if key not in rated or key in seen:
            continue
        seen.add(key)
        learner, rated[key] = play(learner, rated[key], bool(solved))
    return learner, rated


def pick_next(learner: Rating, problems: Mapping[K, Rating], solved: Iterable[K],
              answered: Iterable[K] = (), order: Sequence[K] | None = None) -> K | None:
    """The problem to offer next: among those not yet solved, the one rated nearest to the
    learner (one not yet answered before one answered wrong; on a tie, the first in
    ``order``, the set's order). None when every problem is solved.

    :param problems: key -> the problem's rating now.
    :param solved: keys whose first answer was right.
    :param answered: keys with a first answer (right or wrong).
    :param order: the keys in the set's order (default: ``problems``' order).
    """
    done, tried = set(solved), set(answered)
    keys = list(problems) if order is None else [k for k in order if k in problems]
    left = [k for k in keys if k not in done]
    if not left:
        return None
    place = {k: i for i, k in enumerate(keys)}
    return min(left, key=lambda k: (k in tried, abs(problems[k].rating - learner.rating), place[k]))
