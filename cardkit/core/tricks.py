"""Tricks and trick winners, shared by every game.

A trick is led by one seat; the others play in turn clockwise (RULES.md, "Common
conventions": the player on the left of seat ``s`` is ``(s + 1) % n``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any

from .cards import Card, Suit
from .errors import CardkitError, NotationError, quote
from .notation import parse_suit

__all__ = ["Trick", "winning_index", "left_of"]


_CARD = frozenset({Card})
_SUIT = attrgetter("suit")


def left_of(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places to the left (clockwise) of ``seat``: ``(seat + steps) % players``."""
    return (seat + steps) % players


@dataclass
class Trick:
    """One trick: who led, the cards in play order, and who won (None while open).

    ``seats[i]`` is the seat that played ``cards[i]``.
    """

    leader: int
    players: int
    cards: list[Card] = field(default_factory=list)
    winner: int | None = None

    @property
    def seats(self) -> list[int]:
        """The seat of each card, in play order."""
        return [(self.leader + i) % self.players for i in range(len(self.cards))]

    @property
    def suit_led(self) -> Suit | None:
        """The suit of the first card, or None for an empty trick."""
        return self.cards[0].suit if self.cards else None

    @property
    def complete(self) -> bool:
        """True once every seat has played."""
        return len(self.cards) == self.players

    def copy(self) -> Trick:
        return Trick(self.leader, self.players, list(self.cards), self.winner)

    def __str__(self) -> str:
        played = " ".join(f"{s}:{c}" for s, c in zip(self.seats, self.cards))
        won = "" if self.winner is None else f" won by {self.winner}"
        return f"[{played}]{won}"


def winning_index(
    cards: Sequence[Card],
    trump: Suit | None = None,
    *,
    lowest: bool = False,
) -> int:
    """Index (in play order) of the card that wins a trick.

    The highest trump wins if any trump was played, else the highest card of the suit led;
    a discard of a third suit never wins (RULES.md §1.5, §2.1, §3.3).

    :param cards: the trick's cards in play order (at least one :class:`Card`).
    :param trump: the trump suit (a :class:`Suit`, its letter or symbol such as ``"H"`` or
        ``"♥"``, or its name, read by :func:`cardkit.notation.parse_suit`), or None for no
        trumps. A plain int is refused, not read as a suit.
    :param lowest: reversed order (Variety contract 6, RULES.md §1.5): the lowest trump, else
        the lowest card of the suit led, wins. Ranks count ace high (Armenian Durak, where
        the six beats the ace, decides its tricks with its own ``trick_winner``, §3.1).
    :raises CardkitError: (a ValueError) for an empty trick or one that is not a list of
        cards (None, text: read text with :func:`cardkit.parse_cards`).
    :raises NotationError: (a CardkitError) for a trump that is not a suit or None.
    """
    if type(cards) not in (list, tuple) and (isinstance(cards, (str, bytes)) or not isinstance(cards, Sequence)):
        raise CardkitError(f"trick {quote(cards)}: expected a list of cards in play order "
                           f"(parse_cards reads text such as 'QH 7H')")
    if not cards:
        raise CardkitError("an empty trick has no winner: a trick has at least one card (RULES.md §1.5)")
    if not _CARD.issuperset(map(type, cards)):  # something other than cards: find it
        for c in cards:
            if not isinstance(c, Card):
                raise NotationError(f"trick: {quote(c)} is not a Card (parse_cards reads text such as 'QH 7H')")
    if trump is not None and not isinstance(trump, Suit):
        trump = parse_suit(trump, "trump", allow_none=True)
    suit = trump if trump is not None and trump in map(_SUIT, cards) else cards[0].suit
    best = -1
    best_key: Any = None
    for i, c in enumerate(cards):
        if c.suit != suit:
            continue
        k = c.rank
        if best < 0 or (k < best_key if lowest else k > best_key):
            best, best_key = i, k
    return best
