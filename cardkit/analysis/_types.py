"""Result types of :mod:`cardkit.analysis` (shared by the three games' solvers)."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.core.errors import CardkitError


@dataclass(frozen=True)
class Solution:
    """The exact ("double dummy") value of a position: every card known, every player
    playing their best to the end of the deal.

    :ivar value: in the deal's own points (a whole number). Variety: the declarers'
        margin, their deal score minus the defenders' deal score, the defenders' +10
        included (RULES.md §1.6); Armenian Durak: the margin of the player to move, their
        deal points minus the opponent's, the sweep's +10 included (§3.4); Warsaw Hearts:
        the deal result (bonus − penalty, §2.2) of the player to move, under max^n
        (each player maximises their own result).
    :ivar line: the actions of best play from this position to the end of the deal, in
        order (cards, and Durak's draws), each legal when its turn comes.
    :ivar nodes: positions searched.
    :ivar returns: each seat's deal points at the end of :attr:`line` (what
        ``state.returns()`` gives once the line is played), a tuple of ints, one per seat.
    :ivar seconds: wall-clock time the search took.
    """

    value: int
    line: tuple
    nodes: int
    returns: tuple[int, ...]
    seconds: float = 0.0


class SearchLimit(CardkitError):
    """A search stopped at its node limit (``max_nodes``) before finding the exact value."""
