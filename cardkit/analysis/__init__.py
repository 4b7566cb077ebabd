"""The judge: exact ("double dummy") analysis, estimates from one seat's view, the review
of a player's decisions, and expert bots, for the three games.

- :func:`solve` (state) -> :class:`Solution`: the value of the position under best play
  by every player with all cards known, with the line of play and the nodes searched.
- :func:`analyse` (state) -> ``{action: points}``: the exact value of every legal action
  of the player to move, from that player's side.
- :func:`estimate` (state, samples=..., seconds=..., seed=..., progress=...) ->
  :class:`Estimate`: the same from the mover's observation only, by dealing the unseen
  cards at random (exact per world late in a deal, rule-bot playouts earlier).
- :func:`evaluate_decision` (state, seed=...) -> :class:`Estimate`: the one evaluator of a
  decision that the Hint, the review and the problem sets read (fixed samples, no time
  budget: the same position and deal number give the same best action).
- :func:`review` (state, seat) -> list of :class:`Verdict`: what each decision cost.
- :func:`dd_table` (state) -> :class:`DDTable`: Variety's double-dummy table, the
  declarers' margin for each contract and each declaring pair.
- :mod:`cardkit.analysis.worlds`: the deals one seat cannot tell from the real one, from its
  observation alone (the one place cardkit deals the cards a seat cannot see; each game's
  ``State.from_observation`` makes them states).
- :class:`ExpertBot`: plays from :func:`estimate` (``variety.ExpertBot`` and the other
  games' names refer to it).

Units: points of the game's own deal score (RULES.md §1.6, §2.2, §3.4). Importing this
package compiles nothing: the numba kernels are compiled (or loaded from numba's cache)
on first use.
"""

from __future__ import annotations

from cardkit.core.registry import game_entry

from ._types import SearchLimit, Solution
from .ddtable import DDTable, dd_table
from .judge import (
    EXACT_CARDS,
    Estimate,
    ExpertBot,
    Verdict,
    decision_seed,
    estimate,
    estimate_observation,
    evaluate_decision,
    outcome,
    review,
)
from .worlds import MAX_WORLDS

__all__ = ["Solution", "SearchLimit", "solve", "analyse", "sample_worlds", "estimate", "estimate_observation",
           "Estimate", "review", "Verdict", "ExpertBot", "outcome", "EXACT_CARDS", "MAX_WORLDS", "dd_table", "DDTable",
           "decision_seed", "evaluate_decision"]


def _backend(state):
    from .judge import game_of
    return game_entry(game_of(state)).solver


def solve(state, *, max_nodes: int | None = None) -> Solution:
    """The exact value of ``state`` with all cards known, from the current position (any
    point of the play, mid-trick included) to the end of the deal.

    ``value``: Variety, the declarers' margin (RULES.md §1.6); Armenian Durak, the margin
    of the player to move (§3.4); Warsaw Hearts, the deal result (bonus − penalty) of the
    player to move under max^n (§2.2). See :class:`Solution`.

    :param max_nodes: None (no limit) or a whole number 1..2**63 − 1 of positions.
    :raises StateError: for a state not in its play (Variety's bidding, Durak's trump
        draw) or of another game.
    :raises SearchLimit: when ``max_nodes`` positions were searched without an answer.
    :raises CardkitError: for any other ``max_nodes`` (0, negative, past 2**63 − 1, a
        bool, a float, text), before any search.
    """
    return _backend(state).solve(state, max_nodes=max_nodes)


def analyse(state, *, max_nodes: int | None = None) -> dict:
    """``{action: points}``: the exact value of each legal action of the player to move,
    from that player's side (the units of :func:`solve`'s value, seen by the mover).

    :raises StateError: for a state not in its play, over, or of another game.
    :raises SearchLimit: when ``max_nodes`` is passed.
    :raises CardkitError: for a bad ``max_nodes``, as :func:`solve`.
    """
    return _backend(state).analyse(state, max_nodes=max_nodes)


def sample_worlds(state, seat: int, n: int, rng) -> list:
    """``n`` full states that seat ``seat`` cannot tell from ``state``: its own cards and
    every public card where they are, the hidden cards dealt at random, consistently with
    the voids shown (see each game's ``cardkit.analysis.<game>.sample_worlds``).

    :param n: how many worlds, a whole number 0..:data:`MAX_WORLDS` (10,000).
    :raises StateError: for a state not in its play, or of another game.
    :raises CardkitError: for a bad seat, ``n`` (a bool, a float, text, below 0 or past
        :data:`MAX_WORLDS`) or ``rng``, before any world is dealt.
    """
    return _backend(state).sample_worlds(state, seat, n, rng)
