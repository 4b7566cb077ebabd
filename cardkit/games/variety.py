"""Variety (Варьете, Варайети): Robert Abbott's 1963 contract game for four, from King.

RULES.md §1 (sources 000 and 001). Four players, 52 cards, ace high. Each deal the players
bid contract numbers 1..8; the first number named twice is the contract, and the player
who named it first and the player who repeated it are the declarers for that deal.

Public API: :class:`Rules`, :data:`CONTRACTS`, :func:`contracts`, :func:`new_deal`,
:class:`State`, :func:`resolve_auction`, :func:`score_deal`, :class:`Game`,
:class:`RandomBot`, :class:`RuleBot`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardkit.core._checks import is_whole
from cardkit.core._lazy import lazy_dir, lazy_exports
from cardkit.core.bots import Bot, RandomBot
from cardkit.core.cards import Card, Rank, Suit, deck
from cardkit.core.dealing import as_generator, check_hands, check_rules, check_seat, deal_hands
from cardkit.core.errors import CardkitError, IllegalActionError, NotationError, StateError, quote
from cardkit.core.notation import parse_card, sort_hand
from cardkit.core.series import DealSeries
from cardkit.core.state import TrickGameState, TrickObservation, new_frozen, seed_of
from cardkit.core.tricks import Trick, winning_index
from cardkit.i18n import N_

#: the answer to text that is no bid (a learner's forged or typed bid; issue 29: worded for the catalog)
_NOT_A_BID = N_("bid {bid}: expected a contract number 1..8")

__all__ = [
    "Rules", "Contract", "CONTRACTS", "contracts", "new_deal", "State", "Observation",
    "Auction", "resolve_auction", "score_deal", "opening_leader", "Game", "RandomBot",
    "RuleBot", "PLAYERS", "DEFENDERS_BONUS", "MAX_DEALS", "first_lead_seat", "trick_points",  # noqa: F822  # loaded on first use (_LAZY)
    "declarers_lose",
    "BLACK_JT", "RED_JT", "Bid",
]

PLAYERS = 4
#: Each defender's bonus when the declarers lose (points), RULES.md §1.6.
DEFENDERS_BONUS = 10
#: The most deals ``Rules(deals=...)`` allows in one game (RULES.md §1.7 plays 8).
MAX_DEALS = 1000

_is_int = is_whole  # the package's one whole-number test


class Bid(int):
    """A bid of the auction: a contract number 1..8 (RULES.md §1.3), a frozen value like
    Armenian Durak's ``PickTrump`` and ``Draw`` (python-chess's ``Move``). It is the number
    itself (``Bid(3) == 3``, it sorts, hashes and indexes as 3, JSON writes ``3``), so the
    auction's arithmetic and the kernels read it as they read an int; its notation is the
    number (``str(Bid(3)) == "3"``, :meth:`parse`), its ``repr`` says what it is.

    :meth:`State.legal_actions` offers bids, :meth:`State.parse_action` reads ``3`` or
    ``"3"`` as one, and the history and :attr:`State.bids` hold them.

    :raises IllegalActionError: for a number outside 1..8, a bool, a float or text
        (``Bid(9)``, ``Bid(True)``, ``Bid("3")``: text goes through :meth:`parse`).
    """

    __slots__ = ()

    def __new__(cls, number) -> Bid:
        if type(number) is cls:
            return number
        if not _is_int(number) or not 1 <= number <= 8:
            raise IllegalActionError(f"bid {quote(number)}: a bid is a contract number 1..8 (RULES.md §1.3)")
        return super().__new__(cls, int(number))

    @classmethod
    def parse(cls, text: str) -> Bid:
        """The bid whose notation is ``text`` (``"3"``; spaces around are allowed).

        :raises NotationError: for text that is not a contract number 1..8 in ASCII digits.
        """
        t = text.strip() if isinstance(text, str) else None
        if t is None or not (t.isascii() and t.isdigit() and len(t) == 1 and "1" <= t <= "8"):
            raise NotationError.worded(_NOT_A_BID, bid=quote(text))
        return _BIDS[int(t) - 1]

    def __str__(self) -> str:
        return int.__repr__(self)

    def __repr__(self) -> str:
        return f"Bid({int.__repr__(self)})"

    def __reduce__(self):
        return (Bid, (int(self),))


#: the eight bids, made once (:meth:`State.legal_actions` offers them at every turn)
_BIDS = tuple(int.__new__(Bid, n) for n in range(1, 9))


def _as_bid(number: int):
    """``number`` as its :class:`Bid` when it is one (1..8); else the int as it is, for the
    auction's own check to refuse in its words."""
    return _BIDS[number - 1] if 1 <= number <= 8 else number


def _check_rules(rules) -> Rules:
    """``rules``, or ``Rules()`` for None (:func:`cardkit.dealing.check_rules`).

    :raises CardkitError: for anything but Variety's :class:`Rules`.
    """
    return check_rules(rules, Rules, "Variety")


_LEADS = ("left_of_first_namer", "left_of_first_bidder", "left_of_dealer")
_VALUES = ("book", "halved_2_7")
#: Older names of ``contract_values``, still accepted and read as the new name (RULES.md §1.2).
_VALUE_ALIASES = {"seed": "book"}
_TIES = ("declarers_lose", "no_bonus")


@dataclass(frozen=True)
class Rules:
    """The rule variants of Variety. Every field names its RULES.md section.

    :param lead: who leads to the first trick, RULES.md §1.4.
        ``"left_of_first_namer"`` (**default**, source 001): the player on the left of the
        player who first named the contract played; ``"left_of_first_bidder"`` (source 000):
        the player on the left of the one who opened the bidding;
        ``"left_of_dealer"``: the player on the dealer's left.
    :param contract_values: RULES.md §1.2. ``"book"`` (**default**, both sources): contract 2
        pays +2 a trick, contract 7 costs −2 a club; ``"halved_2_7"``: +1 and −1 (English
        sources). ``"seed"``, the older name of ``"book"``, is accepted and stored as
        ``"book"`` (so ``Rules(contract_values="seed") == Rules()``, and saved games, deal
        texts and records that say ``"seed"`` still load).
    :param deals: deals in a game, RULES.md §1.7 (**default** 8, so each player deals twice);
        at most :data:`MAX_DEALS` (1,000), so that ``Game.play()`` always ends soon.
    :param tie: RULES.md §1.6. ``"declarers_lose"`` (**default**, source 001): a tie is the
        declarers' loss and each defender gets +10; ``"no_bonus"`` (source 000): nobody gets it.
    :raises CardkitError: (a ValueError) for a value not listed here.
    """

    lead: str = "left_of_first_namer"
    contract_values: str = "book"
    deals: int = 8
    tie: str = "declarers_lose"

    #: The values each rule variant may take, the **default** first: the one list that the
    #: checks below and the deal codes (:mod:`cardkit.registry`, which numbers them) read.
    choices: ClassVar[dict[str, tuple]] = {"lead": _LEADS, "contract_values": _VALUES, "tie": _TIES}

    def __post_init__(self) -> None:
        if isinstance(self.contract_values, str) and self.contract_values in _VALUE_ALIASES:
            object.__setattr__(self, "contract_values", _VALUE_ALIASES[self.contract_values])
        for name, allowed in (("lead", _LEADS), ("contract_values", _VALUES), ("tie", _TIES)):
            if getattr(self, name) not in allowed:
                raise CardkitError(f"Rules({name}={quote(getattr(self, name))}): expected one of "
                                   f"{', '.join(map(repr, allowed))}")
        if not _is_int(self.deals) or not 1 <= self.deals <= MAX_DEALS:
            raise CardkitError(f"Rules(deals={quote(self.deals)}): expected a whole number of deals "
                               f"1..{MAX_DEALS:,} (RULES.md §1.7)")
        object.__setattr__(self, "deals", int(self.deals))  # a numpy int would not save as JSON


# ---- the eight contracts (RULES.md §1.2): rules are data -----------------------------

@dataclass(frozen=True)
class Contract:
    """One of the eight contracts, RULES.md §1.2.

    :ivar number: 1..8.
    :ivar trump: the trump suit, or None (no trumps).
    :ivar lowest_wins: reversed order (contract 6): the lowest card wins.
    :ivar per_trick: points to a side for each trick it takes.
    :ivar majority: points to the side that takes more tricks (contract 1: 12).
    :ivar card_values: points for each card taken, a tuple of 52 ints indexed by
        :attr:`Card.index`.
    :ivar scoring: one line that says how the contract scores.
    """

    number: int
    trump: Suit | None
    lowest_wins: bool
    per_trick: int
    majority: int
    card_values: tuple[int, ...]
    scoring: str

    @property
    def trump_name(self) -> str:
        return "no trumps" if self.trump is None else f"{self.trump.symbol} trumps"

    @property
    def side_total(self) -> int:
        """Points of both sides together in one deal (an invariant): +12, +26, +26, 0, 0, +26, −26, −26."""
        return self.majority + 13 * self.per_trick + sum(self.card_values)

    def card_points(self, card: Card) -> int:
        return self.card_values[card.index]

    def __str__(self) -> str:
        order = ", lowest card wins" if self.lowest_wins else ""
        return f"{self.number}: {self.trump_name}{order}; {self.scoring}"


def _values(f) -> tuple[int, ...]:
    return tuple(f(c) for c in deck(52))


BLACK_JT = {Card(s, r) for s in (Suit.SPADES, Suit.CLUBS) for r in (Rank.JACK, Rank.TEN)}
RED_JT = {Card(s, r) for s in (Suit.HEARTS, Suit.DIAMONDS) for r in (Rank.JACK, Rank.TEN)}
_ZERO = _values(lambda c: 0)


def _table(two: int, seven: int) -> dict[int, Contract]:
    S, H, D, C = Suit
    rows = [
        # 1: no trumps; +12 to the side that takes more tricks
        Contract(1, None, False, 0, 12, _ZERO, "+12 to the side that takes more tricks"),
        # 2: clubs trumps; +2 (or +1) per trick
        Contract(2, C, False, two, 0, _ZERO, f"{two:+d} per trick".replace("-", "−")),
        # 3: hearts trumps; +2 per spade taken
        Contract(3, H, False, 0, 0, _values(lambda c: 2 if c.suit == S else 0), "+2 per ♠ taken"),
        # 4: diamonds trumps; +1 per red card, −1 per black card
        Contract(4, D, False, 0, 0, _values(lambda c: 1 if c.suit.is_red else -1),
                 "+1 per red card, −1 per black card taken"),
        # 5: spades trumps; +5 per black J and T, −5 per red J and T
        Contract(5, S, False, 0, 0,
                 _values(lambda c: 5 if c in BLACK_JT else -5 if c in RED_JT else 0),
                 "+5 per J♠ J♣ 10♠ 10♣, −5 per J♥ J♦ 10♥ 10♦ taken"),
        # 6: clubs trumps, reversed order; +1 per red card
        Contract(6, C, True, 0, 0, _values(lambda c: 1 if c.suit.is_red else 0), "+1 per red card taken"),
        # 7: spades trumps; −2 (or −1) per club taken
        Contract(7, S, False, 0, 0, _values(lambda c: seven if c.suit == C else 0),
                 f"{seven:+d} per ♣ taken".replace("-", "−")),   # the minus sign, as in 4, 5 and 8
        # 8: no trumps; −2 per trick
        Contract(8, None, False, -2, 0, _ZERO, "−2 per trick"),
    ]
    return {c.number: c for c in rows}


#: The eight contracts with the sources' values (RULES.md §1.2), keyed 1..8.
CONTRACTS: dict[int, Contract] = _table(2, -2)
_HALVED: dict[int, Contract] = _table(1, -1)


def contracts(rules: Rules | None = None) -> dict[int, Contract]:
    """The eight contracts under ``rules`` (``contract_values`` picks the table), keyed 1..8.

    :raises CardkitError: for ``rules`` that are not Variety's :class:`Rules`.
    """
    return _contract_table(_check_rules(rules))


def _contract_table(rules: Rules) -> dict[int, Contract]:
    """:func:`contracts` for rules already checked (``contract_values``, RULES.md §1.2)."""
    return _HALVED if rules.contract_values == "halved_2_7" else CONTRACTS


# ---- bidding (RULES.md §1.3) ---------------------------------------------------------

@dataclass(frozen=True)
class Auction:
    """The result of reading a list of bids.

    :ivar bids: the bids in order, ints 1..8.
    :ivar first: the seat of the first bid.
    :ivar contract: the contract number, or None while the bidding goes on.
    :ivar declarers: ``(first namer, repeater)`` seats, or None while it goes on.
    :ivar next_bidder: the seat to bid next, or None once it has ended.
    """

    bids: tuple[int, ...]
    first: int
    contract: int | None
    declarers: tuple[int, int] | None
    next_bidder: int | None

    def seat_of(self, i: int) -> int:
        """The seat that made bid ``i`` (0-based)."""
        return (self.first + i) % PLAYERS

    def named_by(self, seat: int) -> list[int]:
        """The numbers ``seat`` has named, in order."""
        return [b for i, b in enumerate(self.bids) if self.seat_of(i) == seat]


def resolve_auction(bids: Sequence[int], first: int = 0) -> Auction:
    """Read a bidding, RULES.md §1.3.

    Bids go round clockwise from seat ``first``. A player may not name a number they named
    before; a number already named by another player ends the bidding: it is the
    contract, and the player who named it first and the repeater are the declarers.

    >>> a = resolve_auction([2, 3, 6, 2])      # source 001, example 1
    >>> a.contract, a.declarers
    (2, (0, 3))

    :param bids: contract numbers 1..8 in order.
    :param first: the seat that bids first (the dealer's left).
    :raises IllegalActionError: for a bid outside 1..8, a player repeating their own
        number, or a bid after the bidding has ended.
    :raises CardkitError: for a ``first`` that is not a seat 0..3, or ``bids`` that is not
        a list (None, text).
    """
    first = check_seat(first, PLAYERS, "first")
    if isinstance(bids, (str, bytes)) or not hasattr(bids, "__len__") or not hasattr(bids, "__getitem__"):
        raise CardkitError(f"bids {quote(bids)}: expected a list of contract numbers 1..8 (RULES.md §1.3)")
    namer: dict[int, int] = {}
    for i, b in enumerate(bids):
        seat = (first + i) % PLAYERS
        if not is_whole(b) or not 1 <= b <= 8:
            raise IllegalActionError(f"bid {i + 1} ({quote(b)}): a bid is a contract number 1..8 (RULES.md §1.3)")
        if b in namer:
            if namer[b] == seat:
                raise IllegalActionError(
                    f"seat {seat} may not name {b} again: a player never repeats their own number (RULES.md §1.3)")
            if i + 1 < len(bids):  # the repeat ends the bidding: nothing may follow it
                raise IllegalActionError(
                    f"bid {i + 2} ({quote(bids[i + 1])}): the bidding ended with bid {i + 1}, "
                    f"{b} named again (RULES.md §1.3)")
            return Auction(tuple(int(x) for x in bids[:i + 1]), first, int(b), (namer[b], seat), None)
        namer[int(b)] = seat
    return Auction(tuple(int(x) for x in bids), first, None, None, (first + len(bids)) % PLAYERS)


def opening_leader(auction: Auction, dealer: int, rules: Rules | None = None) -> int:
    """The seat that leads to the first trick, RULES.md §1.4 (``rules.lead``).

    :raises CardkitError: for a dealer that is not a seat 0..3.
    :raises StateError: for an auction that has not ended (no declarers yet).
    """
    dealer = check_seat(dealer, PLAYERS, "dealer")
    if auction.declarers is None:
        raise StateError("the bidding has not ended: nobody leads yet (RULES.md §1.4)")
    return int(first_lead_seat(auction.declarers[0], dealer, _check_rules(rules), first_bidder=auction.first))


def first_lead_seat(first_namer, dealer, rules: Rules | None = None, *, first_bidder=None):
    """The seat that leads to the first trick, RULES.md §1.4: the one rule, read by
    :func:`opening_leader` and by the batched simulator (:mod:`cardkit.simulate.variety`).
    Works elementwise: seats may be ints or integer numpy arrays (one per deal).

    :param first_namer: the declarer who named the contract first (§1.3).
    :param dealer: the dealer's seat.
    :param first_bidder: the seat that opened the bidding; None: the dealer's left (§1.3).
    :returns: ``(first_namer + 1) % 4`` under ``lead="left_of_first_namer"`` (**default**),
        ``(first_bidder + 1) % 4`` under ``"left_of_first_bidder"``, ``(dealer + 1) % 4``
        under ``"left_of_dealer"``; an int or an array like the seats given.
    :raises CardkitError: for ``rules`` that are not :class:`Rules`.
    """
    rules = _check_rules(rules)
    if rules.lead == "left_of_first_namer":
        before = first_namer
    elif rules.lead == "left_of_first_bidder":
        before = (dealer + 1) % PLAYERS if first_bidder is None else first_bidder
    else:
        before = dealer
    return (before + 1) % PLAYERS


# ---- scoring (RULES.md §1.6) ---------------------------------------------------------

def _contract_number(contract) -> int:
    """``contract`` as an int 1..8; a bool is not a contract number (True is not 1).

    :raises CardkitError: for anything else.
    """
    if not _is_int(contract) or not 1 <= contract <= 8:
        raise CardkitError(f"contract {quote(contract)}: expected 1..8 (RULES.md §1.2)")
    return int(contract)


def _check_seats(seats, what: str) -> set[int]:
    """``seats`` as a set of ints 0..3.

    :raises CardkitError: for anything but a list of seats (None, text, bools, fractions).
    """
    if isinstance(seats, (str, bytes)) or not hasattr(seats, "__iter__") or not all(
            _is_int(s) and 0 <= s < PLAYERS for s in seats):
        raise CardkitError(f"{what} {quote(seats)}: expected {'two ' if what == 'declarers' else ''}"
                           f"different seats 0..3")
    out = {int(s) for s in seats}
    if len(out) != len(list(seats)):
        raise CardkitError(f"{what} {quote(seats)}: expected {'two ' if what == 'declarers' else ''}"
                           f"different seats 0..3")
    return out


def _check_taken(taken) -> list[list[Card]]:
    """``taken`` read and checked: four lists of cards, no card twice, each seat a whole
    number of tricks (a multiple of 4 cards), RULES.md §1.5.

    :raises CardkitError: naming the problem (the card taken twice, the seat).
    :raises NotationError: for a card that cannot be read.
    """
    if isinstance(taken, (str, bytes)) or not hasattr(taken, "__len__") or len(taken) != PLAYERS:
        raise CardkitError(f"taken {quote(taken)}: expected four lists of cards, one per seat 0..3")
    out: list[list[Card]] = []
    seen: dict[Card, int] = {}
    for s, cards in enumerate(taken):
        if isinstance(cards, (str, bytes, Card)) or not hasattr(cards, "__iter__"):
            raise CardkitError(f"taken[{s}] {quote(cards)}: expected a list of the cards seat {s} took")
        got = [c if isinstance(c, Card) else parse_card(c) for c in cards]
        for c in got:
            if c in seen:
                raise CardkitError(f"taken: {c} is taken twice, by seats {seen[c]} and {s}")
            seen[c] = s
        out.append(got)
    for s, got in enumerate(out):
        if len(got) % PLAYERS:
            raise CardkitError(f"taken[{s}]: {len(got)} cards is not a whole number of tricks "
                               f"(4 cards each, RULES.md §1.5)")
    return out


def side_points(contract: int | Contract, seats: Sequence[int], taken: Sequence[Sequence[Card]],
                rules: Rules | None = None) -> int:
    """Points (RULES.md §1.2) that the side made of ``seats`` earned from its cards and tricks.

    :param taken: ``taken[s]``: the cards seat ``s`` took, four lists (cards or notation).
    :raises CardkitError: for a contract that is not a :class:`Contract` or a number 1..8,
        seats that are not seats 0..3, or ``taken`` that cannot be what four players took
        (see :func:`score_deal`).
    :raises NotationError: for a taken card that cannot be read.
    """
    c = contract if isinstance(contract, Contract) else contracts(rules)[_contract_number(contract)]
    taken = _check_taken(taken)
    return _side_points(c, _check_seats(seats, "seats"), taken)


def _side_points(c: Contract, side, taken: list[list[Card]]) -> int:
    """:func:`side_points` for arguments already checked (``taken`` as
    :func:`_check_taken` returns it)."""
    cards = [card for s in side for card in taken[s]]
    tricks = len(cards) // PLAYERS
    total_tricks = sum(len(t) for t in taken) // PLAYERS
    return trick_points(c.per_trick, c.majority, tricks, total_tricks - tricks) + sum(
        c.card_values[card.index] for card in cards)


def trick_points(per_trick, majority, tricks, other_tricks):
    """Points a side earns for its tricks, RULES.md §1.2 (its cards not counted): ``per_trick``
    for each, and ``majority`` (contract 1: 12) when it took more tricks than the other side
    (strictly: equal counts earn nothing). The one rule, read by :func:`side_points` and the
    batched simulator; elementwise on integer numpy arrays (one value per deal).

    :param per_trick: :attr:`Contract.per_trick`; :param majority: :attr:`Contract.majority`.
    :param tricks: tricks the side took; :param other_tricks: tricks the other side took.
    """
    return per_trick * tricks + majority * (tricks > other_tricks)


def score_deal(contract: int, declarers: Sequence[int], taken: Sequence[Sequence[Card]],
               rules: Rules | None = None) -> list[int]:
    """The four seats' scores for one deal (points), RULES.md §1.6.

    Each player is credited with their side's points; if the declarers' points are not
    strictly greater than the defenders', each defender gets +10 (under ``tie="no_bonus"``
    a tie gives nobody the bonus).

    :param contract: 1..8.
    :param declarers: the two declarers' seats.
    :param taken: ``taken[s]`` is the list of cards seat ``s`` took (its tricks are len/4):
        four lists of cards (or notation such as ``"QH"``).
    :raises CardkitError: for a contract outside 1..8, declarers that are not two different
        seats 0..3, or ``taken`` that four players cannot have taken: not four lists, a
        card taken twice (named), a seat whose count is not a whole number of tricks (a
        multiple of 4), more than 52 cards.
    :raises NotationError: for a taken card that cannot be read.
    """
    rules = _check_rules(rules)
    contract = _contract_number(contract)
    decl = sorted(_check_seats(declarers, "declarers"))
    if len(decl) != 2 or len(declarers) != 2:
        raise CardkitError(f"declarers {quote(declarers)}: expected two different seats 0..3")
    taken = _check_taken(taken)
    defs = [s for s in range(PLAYERS) if s not in decl]
    c = contracts(rules)[contract]
    d_pts = _side_points(c, decl, taken)
    f_pts = _side_points(c, defs, taken)
    scores = [d_pts if s in decl else f_pts for s in range(PLAYERS)]
    if declarers_lose(d_pts, f_pts, rules):
        for s in defs:
            scores[s] += DEFENDERS_BONUS
    return scores


def declarers_lose(declarers_points, defenders_points, rules: Rules | None = None):
    """Do the declarers lose the deal (each defender then gets :data:`DEFENDERS_BONUS`)?
    RULES.md §1.6: they win only with strictly more points; a tie is their loss under
    ``tie="declarers_lose"`` (**default**) and nobody's under ``tie="no_bonus"``. The one
    rule, read by :func:`score_deal`, the batched simulator and the exact solver;
    elementwise on numpy arrays (one value per deal).

    :param declarers_points: :param defenders_points: the sides' points (§1.2).
    :returns: a bool, or a bool array like the points given.
    :raises CardkitError: for ``rules`` that are not :class:`Rules`.
    """
    tie_loses = _check_rules(rules).tie == "declarers_lose"
    return (declarers_points < defenders_points) | ((declarers_points == defenders_points) & tie_loses)


# ---- the state -------------------------------------------------------------------------

@dataclass(frozen=True)
class Observation(TrickObservation):
    """What one seat may see (RULES.md §1): its own hand, the public bidding and play.

    The fields of :class:`~cardkit.state.TrickObservation` (``seat``, ``players``,
    ``phase``, ``current_player``, ``dealer``, ``hand``, ``legal_actions``, ``trump``,
    ``lowest_wins`` for contract 6, ``trick_leader``, ``trick``, ``tricks``,
    ``hand_sizes``), and:

    :ivar first_bidder: the seat of the first bid.
    :ivar bids: the bids so far, ints 1..8, the first by ``first_bidder``.
    :ivar contract: the contract number once the bidding has ended, else None.
    :ivar declarers: ``(first namer, repeater)`` or None.
    :ivar rules: the :class:`Rules`.
    """

    first_bidder: int
    bids: tuple[int, ...]
    contract: int | None
    declarers: tuple[int, int] | None
    rules: Rules


class State(TrickGameState):
    """One deal of Variety: bidding, then 13 tricks (RULES.md §1.3–§1.6).

    Attributes beyond :class:`~cardkit.state.TrickGameState`: ``rules``, ``bids`` (ints
    1..8 in order, the first by the dealer's left), ``contract`` (1..8 or None),
    ``declarers`` (``(first namer, repeater)`` or None), ``remarks`` (table talk during
    the bidding, ``(seat, text)``). Build it with :func:`new_deal`.
    """

    game: ClassVar[str] = "variety"
    phases: ClassVar[tuple[str, ...]] = ("bidding", "play", "over")

    @classmethod
    def dealt_from_seed(cls, seed: int, *, dealer: int, rules: Rules) -> State:
        """:func:`new_deal` with ``seed``, ``dealer`` and ``rules``: the deal a seed gives
        (:meth:`from_json` checks a saved seed with it)."""
        return new_deal(seed=seed, dealer=dealer, rules=rules)

    def __init__(self, hands: Sequence[Sequence[Card]], dealer: int, rules: Rules) -> None:
        self.players = PLAYERS
        self.rules = rules
        self.dealer = dealer
        self.initial_hands = [tuple(sort_hand(h)) for h in hands]
        self.hands = [list(h) for h in self.initial_hands]
        self.tricks: list[Trick] = []
        self.taken = [[] for _ in range(PLAYERS)]
        self.history = []
        self.bids: list[int] = []
        self.contract: int | None = None
        self.declarers: tuple[int, int] | None = None
        self.remarks: list[tuple[int, str]] = []
        self._remark_at: list[int] = []  # len(history) when each remark was said
        self.phase = "bidding"
        self.current_player = (dealer + 1) % PLAYERS
        self._named: list[set[int]] = [set() for _ in range(PLAYERS)]
        self._namer: dict[int, int] = {}
        self._scores: list[int] | None = None

    @property
    def first_bidder(self) -> int:
        """The seat on the dealer's left, who bids first (RULES.md §1.3)."""
        return (self.dealer + 1) % PLAYERS

    @property
    def contract_info(self) -> Contract | None:
        """The :class:`Contract` being played, or None during the bidding."""
        if self.contract is None:
            return None
        rules = self.rules
        # contracts(rules), without its check for the state's own Rules (read at every bot decision)
        return (_contract_table(rules) if type(rules) is Rules else contracts(rules))[self.contract]

    @property
    def trump(self) -> Suit | None:
        c = self.contract_info
        return None if c is None else c.trump

    @property
    def defenders(self) -> tuple[int, int] | None:
        if self.declarers is None:
            return None
        a, b = (s for s in range(PLAYERS) if s not in self.declarers)
        return (a, b)

    # bidding
    def _legal_bidding(self) -> list[Bid]:
        assert self.current_player is not None  # the bidding always has a bidder
        named = self._named[self.current_player]
        return [b for b in _BIDS if b not in named]

    def _check_bidding(self, bid) -> None:
        if not isinstance(bid, int):
            raise IllegalActionError(f"{bid} is a card, but now is the bidding: bid a contract number 1..8")
        if not 1 <= bid <= 8:
            raise IllegalActionError(f"bid {quote(bid)}: a bid is a contract number 1..8 (RULES.md §1.3)")
        assert self.current_player is not None  # the bidding always has a bidder
        if bid in self._named[self.current_player]:
            raise IllegalActionError(
                f"seat {self.current_player} named {bid} already: a player never names their own number twice "
                f"(RULES.md §1.3)")

    def _apply_bidding(self, bid: int) -> None:
        # everything that can fail (the opening leader reads the rules) comes first, so
        # that a failure leaves the state as it was
        seat = self.current_player
        assert seat is not None  # the bidding always has a bidder
        if bid in self._namer:
            declarers = (self._namer[bid], seat)
            auction = Auction(tuple(self.bids) + (bid,), self.first_bidder, bid, declarers, None)
            leader = opening_leader(auction, self.dealer, self.rules)
            self.bids.append(bid)
            self._named[seat].add(bid)
            self.contract = bid
            self.declarers = declarers
            self.phase = "play"
            self.tricks.append(Trick(leader, PLAYERS))
            self.current_player = leader
        else:
            self.bids.append(bid)
            self._named[seat].add(bid)
            self._namer[bid] = seat
            self.current_player = (seat + 1) % PLAYERS

    def say(self, seat: int, text: str) -> None:
        """Table talk (RULES.md §1.3): allowed during the bidding only.

        :raises IllegalActionError: after the bidding has ended.
        :raises CardkitError: for a seat that is not 0..3.
        """
        seat = check_seat(seat, PLAYERS)
        if self.phase != "bidding":
            raise IllegalActionError("table talk is forbidden once the bidding has ended (RULES.md §1.3)")
        self._remark_positions()
        self.remarks.append((seat, str(text)))
        self._remark_at.append(len(self.history))

    def _remark_positions(self) -> list[int]:
        """``len(history)`` when each remark was said; a remark appended to :attr:`remarks`
        directly counts as said at the start of the deal."""
        at = self.__dict__.setdefault("_remark_at", [])
        del at[len(self.remarks):]
        at.extend([0] * (len(self.remarks) - len(at)))
        return at

    def _undo_to(self, n: int) -> None:
        """:meth:`undo_action` and :meth:`undo_to` (practice mode): remarks said before a
        remaining action stay; those said after it (with the bid taken back) go."""
        said = list(zip(self.remarks, self._remark_positions()))
        super()._undo_to(n)
        n = len(self.history)
        self.remarks = [r for r, at in said if at < n]
        self._remark_at = [at for _, at in said if at < n]

    # play
    def _trick_winner_index(self, trick: Trick) -> int:
        c = self.contract_info
        assert c is not None  # tricks come after the bidding
        return winning_index(trick.cards, c.trump, lowest=c.lowest_wins)

    def _deal_over(self) -> None:
        assert self.contract is not None and self.declarers is not None  # the deal was played
        self._scores = score_deal(self.contract, self.declarers, self.taken, self.rules)

    def _returns(self) -> list[int]:
        assert self._scores is not None  # asked only when the deal is over
        return self._scores

    def side_points(self) -> tuple[int, int]:
        """``(declarers' points, defenders' points)`` from the tricks taken so far."""
        if self.contract is None or self.declarers is None or self.defenders is None:
            raise StateError("the bidding is not over: no side has points yet (RULES.md §1.2)")
        return (side_points(self.contract, self.declarers, self.taken, self.rules),
                side_points(self.contract, self.defenders, self.taken, self.rules))

    # notation
    def parse_action(self, action):
        kind = type(action)
        if kind is Card:  # an action object, as below, in either phase
            return action
        if kind is Bid:
            return action
        if kind is int and self.phase == "bidding":
            return _as_bid(action)
        if self.phase == "bidding":
            if is_whole(action):
                return _as_bid(int(action))
            if isinstance(action, str) and action.strip().isascii() and action.strip().isdigit():
                if len(action.strip()) > 9:  # no bid has so many digits; int() refuses 4,300
                    raise NotationError.worded(_NOT_A_BID, bid=quote(action))
                return _as_bid(int(action.strip()))  # isascii: int() refuses digits such as '²'
            if isinstance(action, Card):
                return action
            raise NotationError.worded(_NOT_A_BID, bid=quote(action))
        if is_whole(action):
            raise IllegalActionError(f"bid {quote(action)}: the bidding is over, now play a card")
        return super().parse_action(action)

    # saved deals: the core's _start_json / _from_start_json (rules, dealer, hands)
    rules_class = Rules

    @staticmethod
    def _new_deal(hands, *, dealer: int, rules: Rules) -> State:
        return new_deal(hands, dealer=dealer, rules=rules)

    extra_fields = ("remarks",)
    _kept_on_restore = ("seed", "remarks", "_remark_at")

    def _json_extras(self) -> dict:
        """The table talk: ``"remarks"``, a list of ``[seat, text, at]``, ``at`` the number
        of actions taken when it was said."""
        return {"remarks": [[s, t, at] for (s, t), at in zip(self.remarks, self._remark_positions())]}

    def _read_json_extras(self, data: dict) -> None:
        """Read ``"remarks"`` (missing: none; ``[seat, text]`` without ``at``: said at the
        start), each said during the bidding.

        :raises NotationError: for a remark that is not ``[seat, text, at]`` with a seat
            0..3, text, and ``at`` a point of the bidding.
        """
        remarks, positions = [], []
        items = data.get("remarks") or []
        if not isinstance(items, list):
            raise NotationError(f"'remarks' must be a list of [seat, text, at], got {quote(items)}")
        bidding = len(self.bids) if self.phase == "bidding" else len(self.bids) - 1
        for item in items:
            ok = isinstance(item, list) and len(item) in (2, 3)
            seat, text, at = (item + [0])[:3] if ok and len(item) == 2 else (item if ok else (None, None, None))
            if not (ok and _is_int(seat) and 0 <= seat < PLAYERS and isinstance(text, str)
                    and _is_int(at) and 0 <= at <= bidding):
                raise NotationError(f"remark {quote(item)}: expected [seat 0..3, text, actions taken 0..{bidding}], "
                                    f"said during the bidding (RULES.md §1.3)")
            remarks.append((seat, text))
            positions.append(at)
        self.remarks, self._remark_at = remarks, positions

    def observation(self, seat: int) -> Observation:
        """What seat ``seat`` may see: its own hand, the bids, the contract and every card
        played; never another seat's hand.

        :raises CardkitError: for a seat outside 0..3.
        """
        c = self.contract_info
        fields = self._trick_observation(seat, None if c is None else c.trump,
                                         False if c is None else c.lowest_wins)
        fields.update(first_bidder=self.first_bidder, bids=tuple(self.bids), contract=self.contract,
                      declarers=self.declarers, rules=self.rules)
        return new_frozen(Observation, fields)


    @classmethod
    def from_observation(cls, obs: Observation, hidden: dict) -> State:
        """A full deal that seat ``obs.seat`` cannot tell from the one it observes: each
        seat's hand at the start is its hand now (``obs.hand``, or ``hidden`` for the other
        seats) plus the cards it has played; the bidding and the play of ``obs`` are
        applied again (``undo_action``, ``to_json`` work on it; ``seed`` None; no table
        talk).

        :param obs: ``state.observation(seat)`` of a Variety deal, any phase.
        :param hidden: ``{seat: cards}`` for every seat but ``obs.seat``: the cards it holds
            now (``obs.hand_sizes[seat]`` of them), as :class:`~cardkit.Card` or text.
        :returns: a :class:`State` whose ``observation(obs.seat)`` equals ``obs``.
        :raises NotationError: for hidden cards that contradict ``obs``, naming the seat or
            card: a seat missing, a hand of the wrong size, a card outside the deck, seen by
            the seat or given twice, a card of a suit its holder did not follow (RULES.md §1.5).
        :raises CardkitError: for an ``obs`` that is not a Variety observation.
        """
        from ._views import check_world, replay, start_hands
        if not isinstance(obs, Observation):
            raise CardkitError(f"from_observation: {quote(obs)} is not a Variety observation "
                               "(state.observation(seat))")
        # the hands are checked by start_hands (the seat's own and the cards played come from obs)
        world = cls(start_hands(obs, hidden, 52, "RULES.md §1.5"), obs.dealer, obs.rules)
        played = [c for _leader, cards, _ in obs.tricks for c in cards] + list(obs.trick)
        try:
            replay(world, list(obs.bids) + played)
        except IllegalActionError as error:  # pragma: no cover - start_hands refuses such cards first
            raise NotationError(f"hidden cards contradict the play: {error}") from None
        check_world(world, obs)
        return world


def new_deal(hands=None, *, dealer: int = 0, seed=None, rules: Rules | None = None) -> State:
    """A new deal of Variety, in the bidding phase (RULES.md §1.1).

    :param hands: four hands for seats 0..3, each a PBN string (``"AK73.AQ5.KJ4.AQ9"``) or
        a list of cards / card strings; together the 52 cards. None: a random deal.
    :param dealer: the dealer's seat, 0..3; the seat on the left bids first.
    :param seed: for a random deal, an int or a :class:`numpy.random.Generator`; the deck
        of :func:`cardkit.deck` is permuted with ``Generator.permutation`` and seat ``s``
        gets cards ``13*s .. 13*s+12``, so a seed gives the same deal everywhere. An int is
        kept as ``state.seed`` (the short deal code ``V-4821``, :mod:`cardkit.codes`).
    :param rules: :class:`Rules` (default ``Rules()``).
    :raises NotationError: for hands that are not four disjoint 13-card hands.
    :raises CardkitError: for a dealer outside 0..3, ``rules`` that are not :class:`Rules`,
        or a bad seed.
    """
    rules = _check_rules(rules)
    dealer = check_seat(dealer, PLAYERS, "dealer")
    dealt = hands is None
    if dealt:
        hands = deal_hands(deck(52), PLAYERS, 13, as_generator(seed))
    else:
        hands = check_hands(hands, PLAYERS, 13, 52, game="Variety", rule="RULES.md §1.1")
    state = State(hands, dealer, rules)
    state.seed = seed_of(seed, dealt)
    return state


# ---- a game ----------------------------------------------------------------------------

class Game(DealSeries):
    """A game of Variety: a series of deals, RULES.md §1.1 and §1.7.

    The first dealer is chosen by the cut (highest card; tied players draw again), then
    the deal passes to the left (:class:`cardkit.series.DealSeries`). Scores are kept per
    player. During the bidding a bot's ``remark`` is said at the table (§1.3).

    :param players: four entries for seats 0..3: a :class:`~cardkit.bots.Bot`, or None
        (or a name) for a human who acts through :meth:`State.apply_action`.
    :param rules: :class:`Rules`; ``rules.deals`` deals (default 8).
    :param seed: int or Generator: the cut and every deal come from it.
    :ivar scores: one row per finished deal, four ints (points).
    :ivar cut: the cut's rounds, each a dict seat -> card drawn.
    :raises CardkitError: for a players list that is not four long, ``rules`` that are not
        :class:`Rules`, or a bad seed.
    """

    name = "Variety"
    seat_counts = (PLAYERS,)
    seat_counts_text = "four players"
    deck_size = 52
    cut_lowest = False

    def __init__(self, players: Sequence, *, rules: Rules | None = None, seed=None) -> None:
        super().__init__(players, rules=_check_rules(rules), seed=seed)

    def _deal(self, dealer: int, rng) -> State:
        return new_deal(dealer=dealer, seed=rng, rules=self.rules)

    def _over_text(self) -> str:
        return f"the game is over after {self.rules.deals} deals"

    def _bot_acted(self, state: State, seat: int, bot: Bot) -> None:
        if state.phase == "bidding" and bot.remark:
            state.say(seat, bot.remark)

    def is_over(self) -> bool:
        return len(self.scores) >= self.rules.deals

    def winner(self) -> list[int]:
        """The seats with the highest total (**default**, RULES.md §1.7); several on a tie.

        :raises StateError: before the game is over.
        """
        if not self.is_over():
            raise StateError(f"the game is not over: {len(self.scores)} of {self.rules.deals} deals played")
        t = self.totals
        return [s for s in range(PLAYERS) if t[s] == max(t)]


# ---- names kept here for older code, loaded on first use -------------------------------

#: Public names that live in higher modules and are re-exported here lazily (PEP 562), so
#: that importing this module imports none of them (no import cycle, no solver):
#: ``advise``, the contract advisor (RULES.md §1.8, :func:`cardkit.advisor.advise`);
#: ``ExpertBot``, the judge's expert player (:class:`cardkit.analysis.ExpertBot`); the rule
#: bot ``RuleBot`` and its ``hand_evaluation`` (:mod:`cardkit.games.variety_bots`).
_LAZY = {"advise": ("cardkit.analysis.advisor", "advise"), "ExpertBot": ("cardkit.analysis.judge", "ExpertBot"),
         "RuleBot": ("cardkit.games.variety_bots", "RuleBot"),
         "hand_evaluation": ("cardkit.games.variety_bots", "hand_evaluation"),
         "_reason": ("cardkit.games.variety_bots", "_reason")}

__all__.append("advise")



__getattr__ = lazy_exports(__name__, _LAZY)
__dir__ = lazy_dir(globals(), _LAZY)
