"""Armenian Durak with trumps: a game of several deals and its end (RULES.md §3.2, §3.4).

:class:`Game` (a :class:`cardkit.series.DealSeries`), :func:`game_over` and
:func:`margin`. Every name here is importable from :mod:`cardkit.games.armenian_durak`
as before (lazily: this module reads that one's ``new_deal``, so that one names these
without importing this module, and the import graph has no cycle).

>>> game_over([250, 198], 6), margin([250, 198])
(True, (0, 52))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cardkit.core._checks import is_whole, is_whole as _is_int
from cardkit.core.cards import Card
from cardkit.core.errors import CardkitError, StateError, quote
from cardkit.core.series import DealSeries

from .armenian_durak import State, new_deal
from .armenian_durak_deal import first_dealer
from .armenian_durak_rules import PLAYERS, Rules, checked_rules

__all__ = ["Game", "game_over", "margin"]


class Game(DealSeries):
    """A game of Armenian Durak with trumps, RULES.md §3.2 and §3.4.

    The first dealer is the first player to receive a six when cards are turned up one at
    a time (:func:`first_dealer`); then the deal alternates (**default**; with two seats
    this is :class:`cardkit.series.DealSeries`' deal passing to the left). The game ends
    when a total reaches ``rules.target`` (250) with the totals different, or after
    ``rules.deals`` deals (``Rules(target=None, deals=3)``, "three rounds").

    :param players: two entries for seats 0 and 1: a :class:`~cardkit.bots.Bot`, or None
        (or a name) for a human who acts through :meth:`State.apply_action`.
    :param rules: :class:`Rules`.
    :param seed: int or Generator: the choice of dealer and every deal come from it.
    :ivar scores: one row per finished deal, two ints (points).
    :ivar cut: the cards turned to choose the dealer, ``(seat, card)`` in order.
    :raises CardkitError: for a players list that is not two long.
    """

    name = "Armenian Durak"
    #: The game's name, as :attr:`State.game` (game records name the game by it).
    game: ClassVar[str] = "armenian_durak"
    seat_counts = (PLAYERS,)
    seat_counts_text = "two players (RULES.md §3.1)"

    def __init__(self, players: Sequence, *, rules: Rules | None = None, seed=None) -> None:
        super().__init__(players, rules=checked_rules(rules), seed=seed)

    def _cut(self) -> tuple[int, list[tuple[int, Card]]]:
        return first_dealer(self.rng, self.rules)

    def _deal(self, dealer: int, rng) -> State:
        return new_deal(dealer=dealer, seed=rng, rules=self.rules)

    def _over_text(self) -> str:
        return f"the game is over: totals {self.totals}"

    def is_over(self) -> bool:
        """RULES.md §3.4: a total at or over the target with the totals different, or the
        agreed number of deals played (see :func:`game_over`)."""
        return game_over(self.totals, len(self.scores), self.rules)

    def winner(self) -> int | None:
        """The seat with the higher total; None on equal totals (possible only with a fixed
        number of deals).

        :raises StateError: before the game is over.
        """
        if not self.is_over():
            raise StateError(f"the game is not over: totals {self.totals} after {len(self.scores)} deals")
        return margin(self.totals)[0]

    def margin(self) -> int:
        """What the winner won: the winner's total minus the loser's (RULES.md §3.4;
        250 against 198 is 52). 0 on equal totals.

        :raises StateError: before the game is over.
        """
        self.winner()
        return margin(self.totals)[1]


def _two_totals(totals) -> tuple[int, int]:
    """``totals`` as two ints (points), one per seat.

    :raises CardkitError: for anything else (None, three totals, text, bools, fractions).
    """
    if (isinstance(totals, (str, bytes)) or not hasattr(totals, "__len__") or len(totals) != PLAYERS
            or not all(_is_int(t) for t in totals)):
        raise CardkitError(f"totals {quote(totals)}: expected two whole numbers (points), one per seat 0 and 1")
    return int(totals[0]), int(totals[1])


def game_over(totals: Sequence[int], deals: int, rules: Rules | None = None) -> bool:
    """Is a game over with these ``totals`` (points) after ``deals`` deals? RULES.md §3.4:
    a total at or over ``rules.target`` (250) with the totals different (equal totals play
    another deal), or ``rules.deals`` deals played.

    >>> game_over([250, 198], 6), game_over([250, 250], 7), game_over([90, 40], 3, Rules(target=None, deals=3))
    (True, False, True)

    :raises CardkitError: for totals that are not two whole numbers, ``deals`` that is not
        a whole number >= 0, or ``rules`` that are not :class:`Rules`.
    """
    rules = checked_rules(rules)
    a, b = _two_totals(totals)
    if not is_whole(deals) or deals < 0:
        raise CardkitError(f"deals {quote(deals)}: expected the number of deals played, a whole number >= 0")
    if rules.target is not None and max(a, b) >= rules.target and a != b:
        return True
    return rules.deals is not None and deals >= rules.deals


def margin(totals: Sequence[int]) -> tuple[int | None, int]:
    """``(winner, margin)`` for two final totals, RULES.md §3.4: ``margin([250, 198]) == (0, 52)``.

    :raises CardkitError: for anything but two whole numbers (points).
    """
    a, b = _two_totals(totals)
    return (None if a == b else (0 if a > b else 1)), abs(a - b)
