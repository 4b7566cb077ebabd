"""Cards, suits and ranks: small immutable value types shared by every game.

``Suit`` and ``Rank`` are :class:`enum.IntEnum`; ``Card`` is a frozen, hashable and ordered
dataclass (ordered by suit in the order ♠ ♥ ♦ ♣, then by rank, 2 low and A high).
Every card is interned: ``Card(Suit.HEARTS, Rank.QUEEN) is parse_card("QH")``.

Notation (RULES.md, "Common conventions"): rank characters ``A K Q J T 9 8 7 6 5 4 3 2``
(``10`` is accepted for ``T`` on input), suit characters ``S H D C`` or ``♠ ♥ ♦ ♣``. A card is
written rank then suit; ``str(card)`` is the short form ``Q♥``, ``T♥`` (files, logs, the
engine's messages) and ``card.label`` what a learner reads, the ten as ``10♥`` as on the
card faces (RULES.md, "Common conventions"; :func:`cardkit.wording.tens_as_10` reads a
message written with ``str``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, ClassVar

from ._checks import is_whole
from .errors import CardkitError, quote

__all__ = ["Suit", "Rank", "Card", "deck", "DECK_SIZES", "HIGH_CARD_POINTS"]


class Suit(IntEnum):
    """The four suits, numbered in PBN order (spades, hearts, diamonds, clubs)."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """``'♠'``, ``'♥'``, ``'♦'`` or ``'♣'``."""
        return "♠♥♦♣"[self]

    @property
    def letter(self) -> str:
        """``'S'``, ``'H'``, ``'D'`` or ``'C'``."""
        return "SHDC"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    def __str__(self) -> str:
        return self.symbol


class Rank(IntEnum):
    """Ranks valued 2..14 (ace high). ``Rank.TEN.char == 'T'``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One character: ``'A'``, ``'K'``, ..., ``'T'``, ..., ``'2'``."""
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """As a learner reads it: ``'10'`` for the ten, else :attr:`char` (``'Q'``, ``'9'``)."""
        return "10" if self == Rank.TEN else self.char

    def __str__(self) -> str:
        return self.char


_INTERNED: dict[tuple[int, int], Card] = {}


_is_whole = is_whole  # the package's one whole-number test


def _member(enum, value, what: str, expected: str):
    """``enum(value)`` for a whole number ``value``.

    :raises CardkitError: for anything else (a bool, a float, text, a number out of range).
    """
    if _is_whole(value):
        try:
            return enum(int(value))
        except ValueError:
            pass
    raise CardkitError(f"card {what} {quote(value)}: expected {expected}; parse_card reads text such as 'QH'")


@dataclass(frozen=True, order=True)
class Card:
    """One playing card. Frozen, hashable, ordered by ``(suit, rank)``.

    ``str(card)`` is the display form (``'Q♥'``); ``card.code`` is the ASCII form
    (``'QH'``); ``card.index`` is its position in :func:`deck` (52), 0..51.
    Build cards with :func:`cardkit.parse_card` or ``Card(Suit.HEARTS, Rank.QUEEN)``.
    """

    # the two fields, and three values computed once per card (not fields: they are not
    # in ``dataclasses.fields``, the repr or the comparisons), read by the hot paths below
    __slots__ = ("_hash", "_index", "_order", "rank", "suit")

    suit: Suit
    rank: Rank
    if TYPE_CHECKING:  # the three slots' types, for mypy only (annotated here at run time, they would be fields)
        _hash: ClassVar[int]
        _order: ClassVar[int]
        _index: ClassVar[int]

    def __new__(cls, suit: Suit, rank: Rank):  # intern: one object per card
        key = (suit, rank) if _is_whole(suit) and _is_whole(rank) else None
        card = _INTERNED.get(key) if key is not None else None
        if card is None:
            card = object.__new__(cls)
        return card

    def __post_init__(self) -> None:
        if not isinstance(self.suit, Suit):
            object.__setattr__(self, "suit", _member(Suit, self.suit, "suit", "0..3 (a Suit)"))
        if not isinstance(self.rank, Rank):
            object.__setattr__(self, "rank", _member(Rank, self.rank, "rank", "2..14 (a Rank)"))
        # the dataclass's hash value, hash((suit, rank)), and the (suit, rank) order as one
        # int, kept so that hashing and comparing a card is one attribute read
        object.__setattr__(self, "_hash", hash((self.suit, self.rank)))
        object.__setattr__(self, "_order", int(self.suit) * 16 + int(self.rank))
        object.__setattr__(self, "_index", int(self.suit) * 13 + (14 - int(self.rank)))
        _INTERNED.setdefault((int(self.suit), int(self.rank)), self)

    #: Cards are interned (``__new__`` above: one object per card, which ``copy``,
    #: ``deepcopy``, pickling and :func:`dataclasses.replace` all return), so two cards are
    #: equal exactly when they are the same object: ``==`` is Python's identity test, in
    #: C, not a generated method comparing ``(suit, rank)`` (the engine compares cards
    #: millions of times a test run). ``__hash__`` is the dataclass's value,
    #: ``hash((suit, rank))`` (set orders depend on it), computed once per card: equal
    #: cards, one object, one hash.
    __eq__ = object.__eq__

    def __hash__(self) -> int:
        return self._hash

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo) -> Card:
        return self

    def __reduce__(self):
        return (Card, (int(self.suit), int(self.rank)))

    def __str__(self) -> str:
        return self.rank.char + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({quote(self.code)})"

    @property
    def label(self) -> str:
        """The card as a learner reads it, the ten as on its face: ``'10♥'``, ``'Q♥'``
        (``str(card)`` writes ``'T♥'``; RULES.md, "Common conventions")."""
        return self.rank.label + self.suit.symbol

    @property
    def code(self) -> str:
        """ASCII notation, rank then suit letter: ``'QH'``, ``'TS'``."""
        return self.rank.char + self.suit.letter

    @property
    def index(self) -> int:
        """Position in ``deck(52)``: ``suit * 13 + (14 - rank)``, so A♠ is 0 and 2♣ is 51."""
        return self._index

    @staticmethod
    def from_index(index: int) -> Card:
        """The card at ``index`` (0..51) of ``deck(52)``.

        :raises CardkitError: (a ValueError) for anything but a whole number 0..51 (a bool,
            a float and an index outside 0..51 are refused).
        """
        if not _is_whole(index) or not 0 <= index < 52:
            raise CardkitError(f"card index {quote(index)}: expected a whole number 0..51 (a position in deck(52))")
        return _BY_INDEX[index]


def _lt(self, other):
    if other.__class__ is self.__class__:
        return self._order < other._order
    return NotImplemented


def _le(self, other):
    if other.__class__ is self.__class__:
        return self._order <= other._order
    return NotImplemented


def _gt(self, other):
    if other.__class__ is self.__class__:
        return self._order > other._order
    return NotImplemented


def _ge(self, other):
    if other.__class__ is self.__class__:
        return self._order >= other._order
    return NotImplemented


# The dataclass's order (``order=True``: ``(suit, rank)`` compared as tuples, other types
# NotImplemented), read from the one int ``suit * 16 + rank`` that orders cards the same way
# (ranks are 2..14); ``sorted`` compares cards often. Set after the class is made, as
# ``order=True`` refuses comparison methods written in the class.
for _f in (_lt, _le, _gt, _ge):
    _name = f"__{_f.__name__[1:]}__"
    _f.__name__, _f.__qualname__ = _name, f"Card.{_name}"
    setattr(Card, _name, _f)
del _f, _name

_BY_INDEX = tuple(Card(Suit(i // 13), Rank(14 - i % 13)) for i in range(52))

DECK_SIZES = (52, 36)


#: High-card points by rank, the usual count a player sizes a hand by (A 4, K 3, Q 2, J 1;
#: 10 in a 52-card deck): not a scoring rule of any game here (RULES.md scores by tricks and
#: card points), the bots' and the deal editor's measure of a hand's strength.
HIGH_CARD_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def deck(size: int = 52) -> list[Card]:
    """Every card of a ``size``-card deck once, in a fixed documented order.

    The order is suit by suit, ♠ ♥ ♦ ♣, and within a suit from the ace down: ``deck(52)``
    is A♠ K♠ ... 2♠ A♥ ... 2♣; ``deck(36)`` keeps only A down to 6 (RULES.md §2.1, §3.1).

    :param size: 52 or 36.
    :raises CardkitError: (a ValueError) for any other size.
    """
    if not _is_whole(size):
        raise CardkitError(f"deck size {quote(size)}: cardkit knows the 52- and 36-card decks (a whole number)")
    if size == 52:
        return list(_BY_INDEX)
    if size == 36:
        return [c for c in _BY_INDEX if c.rank >= Rank.SIX]
    raise CardkitError(f"deck size {quote(size)}: cardkit knows the 52- and 36-card decks")
