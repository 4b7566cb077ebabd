"""Reading and writing cards, card lists and hands (RULES.md, "Common conventions").

- A card: rank then suit, ``QH``, ``qh``, ``Q♥``, ``10H``, ``TH``, ``10♥``, ``t♥``.
- A list of cards: cards separated by spaces or commas, ``"QH 10♥ 2C"``.
- A hand, PBN style, suit by suit in the order spades.hearts.diamonds.clubs:
  ``AK73.AQ5.KJ4.AQ9``; ``-`` or an empty field is a void.

The Russian books' letters are read too (issue 29), in either case: the ranks Т (туз, the
ace), К, Д, В (король, дама, валет), and in a card's suit place П Ч Б Т (пики, черви,
бубны, трефы): ``ДЧ`` is the queen of hearts, ``ТТ`` the ace of clubs, ``10Т`` the ten of
clubs, and a hand ``ТК73.ТД5.КВ4.ТД9``. The Cyrillic Т is the ace; the Latin ``T`` stays
the ten.

Every parser raises :class:`cardkit.NotationError` (a ``ValueError``) that quotes the
input and says what was expected; a learner's mistake also carries its words for the
message catalog (:meth:`~cardkit.errors.CardkitError.in_language`), so a Russian page
says it in Russian.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardkit.i18n import N_

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
#: the Russian books' suit letters, read in a card's suit place (пики, черви, бубны, трефы)
_RUSSIAN_SUITS = {"П": Suit.SPADES, "Ч": Suit.HEARTS, "Б": Suit.DIAMONDS, "Т": Suit.CLUBS}
_CARD_SUITS = dict(_SUITS, **_RUSSIAN_SUITS)
_RANKS = {r.char: r for r in Rank}
_RANKS["10"] = Rank.TEN
#: the Russian books' letters (Cyrillic): туз, король, дама, валет
_RANKS.update({"Т": Rank.ACE, "К": Rank.KING, "Д": Rank.QUEEN, "В": Rank.JACK})
# A learner's mistakes, whole sentences for the message catalog (each says what a card is).
_NOT_TEXT = N_("card {card} is not text: expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
               "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'")
_TOO_SHORT = N_("card {card}: expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
                "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'")
_UNKNOWN_RANK = N_("card {card}: unknown rank; expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
                   "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'")
_UNKNOWN_SUIT = N_("card {card}: unknown suit; expected a rank (A K Q J T 9 8 7 6 5 4 3 2, or 10) then a suit "
                   "(S H D C or ♠ ♥ ♦ ♣), such as 'QH' or '10♥'")
_CACHE: dict[str, Card] = {}


def parse_card(text: str | Card) -> Card:
    """One card from its notation; a :class:`Card` is returned as it is.

    >>> str(parse_card("10h")), parse_card("t♥") == parse_card("TH")
    ('T♥', True)

    The Russian letters (Cyrillic, either case): ranks Т К Д В, suits П Ч Б Т.

    >>> [parse_card(t).code for t in ("ДЧ", "дч", "Д♥", "ТТ", "10т", "ВБ", "КП", "TТ")]
    ['QH', 'QH', 'QH', 'AC', 'TC', 'JD', 'KS', 'TC']

    :raises NotationError: for anything that is not exactly one card; its
        :attr:`~cardkit.errors.CardkitError.words` let a page say it in its language.
    """
    if isinstance(text, Card):
        return text
    card = _CACHE.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    if not isinstance(text, str):
        raise NotationError.worded(_NOT_TEXT, card=quote(text))
    s = text.strip().upper().replace("\ufe0f", "")
    if len(s) < 2:
        raise NotationError.worded(_TOO_SHORT, card=quote(text))
    rank = _RANKS.get(s[:-1])
    suit = _CARD_SUITS.get(s[-1])
    if rank is None or suit is None:
        raise NotationError.worded(_UNKNOWN_RANK if rank is None else _UNKNOWN_SUIT, card=quote(text))
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
            raise NotationError.worded(N_("in cards {cards}, item {n}: {error}"), cards=quote(text), n=i + 1,
                                       error=e) from None
    return cards


def parse_hand(text: str | Iterable[str | Card]) -> list[Card]:
    """A hand in PBN notation, ``"AK73.AQ5.KJ4.AQ9"`` (spades.hearts.diamonds.clubs).

    A field ``-`` or an empty field is a void; ``10`` may stand for ``T``. A list of cards
    (or card strings) is accepted too. The result is sorted high to low in PBN suit order.
    The Russian letters Т К Д В (туз, король, дама, валет; Cyrillic, either case) are read
    as A K Q J:

    >>> parse_hand("ТК73.ТД5.КВ4.ТД9") == parse_hand("AK73.AQ5.KJ4.AQ9") == parse_hand("тк73.тд5.кв4.тд9")
    True

    :raises NotationError: for a wrong number of fields, an unknown rank, or a card named
        twice; its :attr:`~cardkit.errors.CardkitError.words` let a page say it in its
        language.
    """
    if not isinstance(text, str) or ("." not in text and text.strip() and (" " in text.strip() or "," in text)):
        cards = parse_cards(text)
    else:
        fields = text.strip().split(".")
        if len(fields) != 4:
            raise NotationError.worded(
                N_("hand {hand}: expected four suits separated by dots, spades.hearts.diamonds.clubs, "
                   "such as 'AK73.AQ5.KJ4.AQ9' ('-' or nothing for a void); found {n} field(s)"),
                hand=quote(text), n=len(fields))
        cards = []
        for suit, field in zip(Suit, fields):
            f = field.strip().upper()
            if f in ("", "-"):
                continue
            f = f.replace("10", "T")
            for ch in f:
                rank = _RANKS.get(ch)
                if rank is None:
                    raise NotationError.worded(
                        N_("hand {hand}: {char} in the {suit} field {field} is not a rank (A K Q J T 9 8 7 6 5 4 3 2)"),
                        hand=quote(text), char=quote(ch), suit=suit.symbol, field=quote(field))
                cards.append(Card(suit, rank))
    seen = set()
    for c in cards:
        if c in seen:
            raise NotationError.worded(N_("hand {hand}: {card} is named twice"), hand=quote(text), card=c)
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
