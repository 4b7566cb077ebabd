"""Reading and writing cards, card lists and hands (RULES.md, "Common conventions").

- A card: rank then suit, ``QH``, ``qh``, ``Q♥``, ``10H``, ``TH``, ``10♥``, ``t♥``.
- A list of cards: cards separated by spaces or commas, ``"QH 10♥ 2C"``.
- A hand, PBN style, suit by suit in the order spades.hearts.diamonds.clubs:
  ``AK73.AQ5.KJ4.AQ9``; ``-`` or an empty field is a void.

Every parser raises :class:`cardkit.NotationError` (a ``ValueError``) that quotes the
input and says what was expected.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .cards import Card, Rank, Suit, deck
from .errors import NotationError, quote

__all__ = [
    "parse_card",
    "parse_cards",
    "parse_hand",
    "format_hand",
    "format_cards",
    "check_deck",
    "parse_suit",
]

_SUITS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
_SUIT_WORDS = dict(_SUITS, SPADES=Suit.SPADES, HEARTS=Suit.HEARTS, DIAMONDS=Suit.DIAMONDS, CLUBS=Suit.CLUBS)
_RANKS = {r.char: r for r in Rank}
_RANKS["10"] = Rank.TEN
_CARD_HINT = ("expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
              "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'")
_CACHE: dict[str, Card] = {}


def parse_card(text: str | Card) -> Card:
    """One card from its notation; a :class:`Card` is returned as it is.

    >>> str(parse_card("10h")), parse_card("t♥") == parse_card("TH")
    ('T♥', True)

    :raises NotationError: for anything that is not exactly one card.
    """
    if isinstance(text, Card):
        return text
    card = _CACHE.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise NotationError(f"card {quote(text)} is not text: {_CARD_HINT}")
    s = text.strip().upper().replace("\ufe0f", "")
    if len(s) < 2:
        raise NotationError(f"card {quote(text)}: {_CARD_HINT}")
    rank = _RANKS.get(s[:-1])
    suit = _SUITS.get(s[-1])
    if rank is None or suit is None:
        what = "rank" if rank is None else "suit"
        raise NotationError(f"card {quote(text)}: unknown {what}; {_CARD_HINT}")
    card = Card(suit, rank)
    if len(_CACHE) < 4096:
        _CACHE[text] = card
    return card


def parse_suit(value, what: str = "suit", *, allow_none: bool = False) -> Suit | None:
    """A suit from a :class:`Suit` or its notation: the letter ``S H D C`` (any case), the
    symbol ``♠ ♥ ♦ ♣`` (or ``♤ ♡ ♢ ♧``), or the name ``"spades"``, ``"hearts"``,
    ``"diamonds"``, ``"clubs"``. Used wherever a trump is given (Armenian Durak's
    ``new_deal(trump=)``, ``trick_winner``, ``card_points``, the simulators).

    >>> parse_suit("h"), parse_suit("♥"), parse_suit("Hearts"), parse_suit(Suit.HEARTS)
    (<Suit.HEARTS: 1>, <Suit.HEARTS: 1>, <Suit.HEARTS: 1>, <Suit.HEARTS: 1>)

    :param what: the argument's name, for the message (``"trump"``).
    :param allow_none: None is accepted and returned (no trumps).
    :raises NotationError: for anything else, quoting it: a plain int (``1`` is not read
        as hearts: pass ``Suit.HEARTS``), a bool, other text.
    """
    if isinstance(value, Suit):
        return value
    if value is None and allow_none:
        return None
    if isinstance(value, str):
        suit = _SUIT_WORDS.get(value.strip().upper().replace("\ufe0f", "").replace("\ufe0e", ""))
        if suit is not None:
            return suit
    none = ", or None for no trumps" if allow_none else ""
    raise NotationError(f"{what} {quote(value)}: expected a suit: Suit.HEARTS, a letter S H D C, a symbol "
                        f"♠ ♥ ♦ ♣ or a name such as 'hearts'{none}")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """A list of cards, in the order given.

    ``text`` is a string of cards separated by spaces or commas (``"QH 10♥ 2C"``) or an
    iterable of card strings or cards. An empty string gives an empty list.

    :raises NotationError: naming the first bad card and its position.
    """
    if isinstance(text, str):
        items = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    else:
        try:
            items = list(text)
        except TypeError:
            raise NotationError(f"cards {quote(text)}: expected text such as 'QH 10♥ 2C' or a list of cards") from None
    cards = []
    for i, item in enumerate(items):
        try:
            cards.append(parse_card(item))
        except NotationError as e:
            raise NotationError(f"in cards {quote(text)}, item {i + 1}: {e}") from None
    return cards


def parse_hand(text: str | Iterable[str | Card]) -> list[Card]:
    """A hand in PBN notation, ``"AK73.AQ5.KJ4.AQ9"`` (spades.hearts.diamonds.clubs).

    A field ``-`` or an empty field is a void; ``10`` may stand for ``T``. A list of cards
    (or card strings) is accepted too. The result is sorted high to low in PBN suit order.

    :raises NotationError: for a wrong number of fields, an unknown rank, or a card named
        twice.
    """
    if not isinstance(text, str) or ("." not in text and text.strip() and (" " in text.strip() or "," in text)):
        cards = parse_cards(text)
    else:
        fields = text.strip().split(".")
        if len(fields) != 4:
            raise NotationError(
                f"hand {quote(text)}: expected four suits separated by dots, spades.hearts.diamonds.clubs, "
                f"such as 'AK73.AQ5.KJ4.AQ9' ('-' or nothing for a void); found {len(fields)} field(s)")
        cards = []
        for suit, field in zip(Suit, fields):
            f = field.strip().upper()
            if f in ("", "-"):
                continue
            f = f.replace("10", "T")
            for ch in f:
                rank = _RANKS.get(ch)
                if rank is None:
                    raise NotationError(
                        f"hand {quote(text)}: {quote(ch)} in the {suit.symbol} field {quote(field)} is not a rank "
                        f"(A K Q J T 9 8 7 6 5 4 3 2)")
                cards.append(Card(suit, rank))
    seen = set()
    for c in cards:
        if c in seen:
            raise NotationError(f"hand {quote(text)}: {c} is named twice")
        seen.add(c)
    return sort_hand(cards)


def _card_list(cards, what: str) -> list[Card]:
    """``list(cards)``, every item a :class:`Card`.

    :raises NotationError: for something that is not a collection of cards (text, None,
        a number), or an item that is not a Card (quoted; the message points to the parsers).
    """
    if isinstance(cards, (str, bytes)):
        raise NotationError(f"{what} {quote(cards)} is text: read it with parse_hand or parse_cards first")
    try:
        out = list(cards)
    except TypeError:
        raise NotationError(f"{what} {quote(cards)}: expected a list of cards") from None
    for c in out:
        if not isinstance(c, Card):
            raise NotationError(f"{what}: {quote(c)} is not a Card; read text with parse_cards "
                                f"(such as parse_cards('QH 7H'))")
    return out


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Cards in display order: suit by suit (♠ ♥ ♦ ♣), high to low within a suit.

    :raises NotationError: for anything but a collection of :class:`Card` (text included).
    """
    return sorted(_card_list(cards, "hand"), key=lambda c: (c.suit, -c.rank))


def format_hand(cards: Iterable[Card]) -> str:
    """The PBN form of a hand, ``'AK73.AQ5.KJ4.AQ9'``; a void is an empty field.

    :raises NotationError: for anything but a collection of :class:`Card` (``["QH"]``
        is refused: ``format_hand(parse_cards("QH"))``).
    """
    by: list[list[str]] = [[] for _ in Suit]
    for c in sort_hand(cards):
        by[c.suit].append(c.rank.char)
    return ".".join("".join(f) for f in by)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in display form separated by spaces, ``'Q♥ 7♥'``.

    :raises NotationError: for anything but a collection of :class:`Card`.
    """
    return " ".join(str(c) for c in _card_list(cards, "cards"))


def check_deck(cards: Iterable[Card], size: int, what: str = "hand") -> None:
    """Check that every card belongs to the ``size``-card deck.

    :raises NotationError: naming the first card that is not in the deck, e.g.
        "2♥ is not in the 36-card deck (A K Q J T 9 8 7 6 in each suit)".
    """
    allowed = _DECKS.get(size)
    if allowed is None:
        allowed = _DECKS[size] = frozenset(deck(size))
    for c in cards:
        if c not in allowed:
            low = "A K Q J T 9 8 7 6" if size == 36 else "A K Q J T 9 8 7 6 5 4 3 2"
            raise NotationError(f"{what}: {c} is not in the {size}-card deck ({low} in each suit)")


_DECKS: dict[int, frozenset] = {}
