"""Armenian Durak with trumps (Дурак армянский с козырями): a two-player trick game.

RULES.md §3 (source 004), which the book presents as a harder form of "simple Armenian
Durak" (not described there). It is played for tricks; its tableau resembles Officers'
Skat (a comparison from outside the source). Each player owns a **tableau** of six stacks
(a face-down card under a face-up card) and a hand; a card may be played from the hand or
from the face-up cards of one's own stacks. The six (the two with 52 cards) is the special
card: it beats only the ace of its suit and every other card of its suit beats it.

Public API: :class:`Rules`, :func:`card_points`, :func:`trick_winner`, :func:`new_deal`,
:class:`State`, :class:`Observation`, :class:`PickTrump`, :class:`Draw`,
:func:`deal_layout`, :func:`dealing_steps`, :func:`first_dealer`, :class:`Game`,
:class:`RandomBot`, :class:`RuleBot`.

>>> from cardkit import parse_card as c
>>> trick_winner(c("AS"), c("6S"), trump=None)     # the six takes the ace (RULES.md §3.1)
1
>>> card_points(c("6D")), card_points(c("AD")), deck_points()
(6, 5, 80)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, ClassVar

from .._checks import is_whole
from .._lazy import lazy_dir, lazy_exports
from ..bots import RandomBot, play_out
from ..cards import Card, Rank, Suit, deck
from ..dealing import as_generator, check_rules, shuffled
from ..errors import CardkitError, IllegalActionError, NotationError, StateError, quote
from ..notation import check_deck, format_cards, parse_card, parse_cards, parse_suit, sort_hand
from ..series import DealSeries
from ..state import TrickGameState, TrickObservation, rules_from_json, seed_of
from ..tricks import Trick

if TYPE_CHECKING:  # re-exported lazily at the end (_LAZY): no import at run time
    from .armenian_durak_bots import RuleBot

__all__ = [
    "Rules", "card_points", "deck_points", "trick_winner", "beats", "special_rank",
    "new_deal", "State", "Observation", "PickTrump", "Draw", "deal_layout", "dealing_steps",
    "first_dealer", "score_deal", "Game", "RandomBot", "RuleBot", "play_out",
    "PLAYERS", "STACKS", "SWEEP_BONUS", "POINTS", "MAX_TARGET", "MAX_DEALS", "sweep_bonus",
    "first_leader",
]

PLAYERS = 2
#: Stacks in each player's tableau (RULES.md §3.2).
STACKS = 6
#: Bonus (points) for the player who took every trick (RULES.md §3.4).
SWEEP_BONUS = 10

#: Card points by rank, RULES.md §3.1 (rules are data). ``"special"`` is the six (the two
#: with ``deck=52``); every rank not listed counts 0.
POINTS: dict[str, int] = {
    "special": 6,  # the six (36 cards) or the two (52 cards): 6 points
    "A": 5,        # ace
    "K": 4,        # king
    "Q": 3,        # queen
    "J": 2,        # jack
}


#: The largest ``Rules(target=...)`` (points; the source plays to 250, RULES.md §3.4).
MAX_TARGET = 100_000
#: The most deals ``Rules(deals=...)`` allows (the source's variant plays 3, RULES.md §3.4).
MAX_DEALS = 1000


_is_int = is_whole  # the package's one whole-number test


@dataclass(frozen=True)
class Rules:
    """The rule variants of Armenian Durak with trumps. Every field names its RULES.md section.

    :param deck: 36 (**default**) or 52, RULES.md §3.1. With 52 cards the **two** is the
        special card (beats only the ace, 6 points), the six is an ordinary card worth 0,
        and each player gets 14 cards in the hand instead of 6 (§3.2).
    :param trump_six_double: RULES.md §3.1 variant: the six of trumps (the two of trumps
        with 52 cards) counts 12 points instead of 6; 86 points in the deck.
    :param target: RULES.md §3.4: the game ends when a player's total reaches this many
        points (**default** 250) and the totals differ; None: no target. At most
        :data:`MAX_TARGET` (100,000 points).
    :param deals: RULES.md §3.4 variant "three rounds": the game ends after this many
        deals (``target=None, deals=3``). With both set, whichever comes first ends it. At
        most :data:`MAX_DEALS` (1,000).
    :param draw_after: RULES.md §3.3, when the optional draw of a face-down card is
        offered («Когда же выхаживается карта из руки»). ``"any"`` (**default**): after any
        card played from the hand, a lead or a reply; ``"lead"``: only after leading from
        the hand (a reply from the hand gives no draw). Saved deals from before this field
        load with the default.
    :raises CardkitError: (a ValueError) for a value not described here, or for neither
        ``target`` nor ``deals``.
    """

    deck: int = 36
    trump_six_double: bool = False
    target: int | None = 250
    deals: int | None = None
    draw_after: str = "any"

    #: Fields a saved deal may lack (it was saved before they existed): they take their
    #: default (:func:`cardkit.state.rules_from_json`).
    fields_added_later: ClassVar[tuple[str, ...]] = ("draw_after",)
    #: The values each rule variant may take, the **default** first: the one list that the
    #: checks below and the deal codes (:mod:`cardkit.registry`, which numbers them) read.
    choices: ClassVar[dict[str, tuple]] = {"deck": (36, 52), "trump_six_double": (False, True),
                                           "draw_after": ("any", "lead")}

    def __post_init__(self) -> None:
        if not _is_int(self.deck) or self.deck not in self.choices["deck"]:
            raise CardkitError(f"Rules(deck={quote(self.deck)}): expected 36 or 52 (RULES.md §3.1)")
        object.__setattr__(self, "deck", int(self.deck))  # numpy ints become ints: the rules save as JSON
        if not isinstance(self.trump_six_double, bool):
            raise CardkitError(f"Rules(trump_six_double={quote(self.trump_six_double)}): expected True or False")
        for name, top in (("target", MAX_TARGET), ("deals", MAX_DEALS)):
            v = getattr(self, name)
            if v is not None and (not _is_int(v) or not 1 <= v <= top):
                raise CardkitError(f"Rules({name}={quote(v)}): expected a whole number 1..{top:,} or None "
                                   f"(RULES.md §3.4)")
            if v is not None:
                object.__setattr__(self, name, int(v))
        if self.target is None and self.deals is None:
            raise CardkitError("Rules(target=None, deals=None): a game needs a target or a number of deals "
                               "(RULES.md §3.4)")
        if not isinstance(self.draw_after, str) or self.draw_after not in self.choices["draw_after"]:
            raise CardkitError(f"Rules(draw_after={quote(self.draw_after)}): expected 'any' or 'lead' (RULES.md §3.3)")

    @property
    def special(self) -> Rank:
        """The special rank: the six (36 cards) or the two (52 cards), RULES.md §3.1."""
        return Rank.TWO if self.deck == 52 else Rank.SIX

    @property
    def hand_size(self) -> int:
        """Cards dealt into each hand: 6 (36 cards) or 14 (52 cards), RULES.md §3.2."""
        return 14 if self.deck == 52 else 6

    @property
    def tricks(self) -> int:
        """Tricks in a deal: 18 (36 cards) or 26 (52 cards), RULES.md §3.3."""
        return self.deck // PLAYERS


_DEFAULT = Rules()


def _check_rules(rules) -> Rules:
    """``rules``, or ``Rules()`` for None (:func:`cardkit.dealing.check_rules`).

    :raises CardkitError: for anything but this game's :class:`Rules`.
    """
    if rules is None:
        return _DEFAULT
    return check_rules(rules, Rules, "Armenian Durak")


def special_rank(rules: Rules | None = None) -> Rank:
    """The rank that beats only the ace: ``Rank.SIX``, or ``Rank.TWO`` with ``deck=52`` (RULES.md §3.1)."""
    return _check_rules(rules).special


def card_points(card: Card, trump: Suit | None = None, rules: Rules | None = None) -> int:
    """Points of one card, RULES.md §3.1.

    6 → 6, A → 5, K → 4, Q → 3, J → 2, others 0 (80 points in the 36-card deck). With
    ``rules.trump_six_double`` the six of ``trump`` counts 12 (86 in the deck). With
    ``rules.deck == 52`` the two takes the six's role and its points; the six counts 0.

    :param card: a :class:`~cardkit.Card` or its notation (``"6H"``).
    :param trump: the trump suit (needed only for ``trump_six_double``): a
        :class:`~cardkit.Suit`, its letter or symbol (``"H"``, ``"♥"``, ``"hearts"``), or None.
    :param rules: :class:`Rules` (default ``Rules()``).
    :raises NotationError: for text that is not a card, or a trump that is not a suit
        (:func:`cardkit.notation.parse_suit`).
    :raises CardkitError: for ``rules`` that are not this game's :class:`Rules`.
    """
    if type(card) is Card and (trump is None or type(trump) is Suit) and (rules is None or type(rules) is Rules):
        pts = _points_table(_DEFAULT if rules is None else rules, trump).get(card)
        if pts is not None:  # arguments already valid: the table gives what the checks below give
            return pts
    return _card_points(parse_card(card), parse_suit(trump, "trump", allow_none=True), _check_rules(rules))


def _card_points(card: Card, trump: Suit | None, rules: Rules) -> int:
    """:func:`card_points` for arguments already checked."""
    if card.rank == rules.special:
        if rules.trump_six_double and card.suit == trump:
            return 2 * POINTS["special"]
        return POINTS["special"]
    return POINTS.get(card.rank.char, 0)   # the rank characters "A" "K" "Q" "J"; the special card is above


@functools.lru_cache(maxsize=256)
def _points_table(rules: Rules, trump: Suit | None) -> dict[Card, int]:
    """Every card's points under ``rules`` and ``trump`` (both already checked), for every
    card of the 52-card deck; cached per (rules, trump) (rules are frozen and hashable).
    Read by :func:`card_points` and :meth:`State.points`; callers must not change it."""
    return {c: _card_points(c, trump, rules) for c in deck(52)}


def deck_points(trump: Suit | None = None, rules: Rules | None = None) -> int:
    """Points in the whole deck: 80, or 86 with ``trump_six_double`` and a trump (RULES.md §3.1).

    :raises NotationError: for a trump that is not a suit (:func:`cardkit.notation.parse_suit`).
    :raises CardkitError: for ``rules`` that are not this game's :class:`Rules`.
    """
    rules = _check_rules(rules)
    trump = parse_suit(trump, "trump", allow_none=True)
    return sum(card_points(c, trump, rules) for c in deck(rules.deck))


def beats(card: Card, other: Card, rules: Rules | None = None) -> bool:
    """Within one suit: does ``card`` beat ``other``? RULES.md §3.1.

    Ranks high to low A K Q J T 9 8 7 (… 3 with 52 cards); the special card (the six, or
    the two) beats the ace only and is beaten by everything else. Cards of different suits
    are not compared here (see :func:`trick_winner`).

    :param card: :param other: :class:`~cardkit.Card` objects or their notation (``"6S"``).
    :raises NotationError: for something that is not a card.
    :raises CardkitError: for ``rules`` that are not this game's :class:`Rules`.
    """
    card, other = parse_card(card), parse_card(other)
    sp = _check_rules(rules).special
    if card.rank == sp:
        return other.rank == Rank.ACE
    if other.rank == sp:
        return card.rank != Rank.ACE
    return card.rank > other.rank


def trick_winner(lead: Card, reply: Card, trump: Suit | None, rules: Rules | None = None) -> int:
    """Who wins a two-card trick, RULES.md §3.3: 0 if the leader's card wins, 1 if the reply.

    A reply of the suit led wins if it :func:`beats` the lead (so a six takes an ace of its
    suit, and an ace or a seven takes a six); a trump reply to a plain lead wins; a reply of
    a third suit never wins. **Default** (§3.1): the six-beats-ace rule works within one
    suit only, so a plain six never takes a trump ace.

    >>> from cardkit import parse_card as c
    >>> trick_winner(c("JS"), c("7H"), Suit.HEARTS), trick_winner(c("KD"), c("QC"), Suit.HEARTS)
    (1, 0)

    :param lead: the first card; :param reply: the second; cards or notation.
    :param trump: the trump suit: a :class:`~cardkit.Suit`, its letter or symbol (``"H"``,
        ``"♥"``, ``"hearts"``), or None for no trumps.
    :raises NotationError: for text that is not a card, or a trump that is not a suit
        (:func:`cardkit.notation.parse_suit`; ``99`` or ``1`` are refused, not read as
        "no trump" or hearts).
    """
    lead, reply = parse_card(lead), parse_card(reply)
    trump = parse_suit(trump, "trump", allow_none=True)
    if reply.suit == lead.suit:
        return 1 if beats(reply, lead, rules) else 0
    return 1 if reply.suit == trump else 0


# ---- actions ---------------------------------------------------------------------------

@dataclass(frozen=True)
class PickTrump:
    """The dealer's opponent draws the card at ``index`` (0-based) of the dealer's fanned,
    face-down hand; its suit is trump (RULES.md §3.2, fig. 51). Notation ``"trump 3"``."""

    index: int

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", _whole_number(self.index, "trump", "a card of the dealer's fan, 0..5 "
                                                                           "(0..13 with 52 cards), RULES.md §3.2"))

    def __str__(self) -> str:
        return f"trump {self.index}"


@dataclass(frozen=True)
class Draw:
    """After playing a card from the hand: take the face-down card of stack ``stack``
    (0-based, 0..5) into the hand, or ``Draw(None)`` to decline (RULES.md §3.3).
    Notation ``"draw 2"``, ``"draw none"``."""

    stack: int | None

    def __post_init__(self) -> None:
        if self.stack is not None:
            object.__setattr__(self, "stack", _whole_number(self.stack, "draw", "a stack 0..5, or None "
                                                                             "to decline (RULES.md §3.3)"))

    def __str__(self) -> str:
        return "draw none" if self.stack is None else f"draw {self.stack}"


def _whole_number(value, word: str, expected: str) -> int:
    """``value`` as an int, for an action's number (numpy integers are normalised, so
    ``to_json`` writes ``"draw 2"``).

    :raises IllegalActionError: for a bool, a float, text or anything else that is not a
        whole number (``Draw(True)`` is not stack 1, ``Draw(1.0)`` not stack 1).
    """
    if not is_whole(value) or not -10**9 < value < 10**9:
        raise IllegalActionError(f"{word} {quote(value)}: expected a whole number, {expected}")
    return int(value)


def _parse_suit(value) -> Suit:
    """The trump of ``new_deal(trump=...)``: :func:`cardkit.notation.parse_suit`."""
    suit = parse_suit(value, "trump")
    assert suit is not None  # parse_suit refuses None unless allow_none
    return suit


_ASCII_DIGITS = re.compile(r"[0-9]+")


# ---- dealing (RULES.md §3.2) -------------------------------------------------------------

def dealing_steps(pack: Sequence[Card], dealer: int = 0, rules: Rules | None = None
                  ) -> Iterator[tuple[int, str, int, Card]]:
    """The deal of RULES.md §3.2, card by card, from ``pack`` (top card first).

    The dealer deals one card at a time, to themself first, then the opponent, in three
    rounds: 6 cards each face down in a row (the tableau), 6 each (14 with 52 cards) into
    a pile that becomes the hand, 6 each face up, one on each face-down card.

    :returns: an iterator of ``(seat, place, position, card)``; ``place`` is ``"down"``,
        ``"hand"`` or ``"up"``; ``position`` is the stack (0..5) or the place in the hand.
    :raises CardkitError: for a pack that is not the rules' whole deck, or a bad dealer.
    """
    rules = _check_rules(rules)
    _check_seat(dealer, "dealer")
    if isinstance(pack, (str, bytes)) or not isinstance(pack, (Sequence, Iterator)):
        raise CardkitError(f"pack {quote(pack)}: expected a list of the {rules.deck} cards, top card first "
                           f"(RULES.md §3.2)")
    pack = list(pack)
    if not all(isinstance(c, Card) for c in pack):
        raise CardkitError(f"pack: {quote(next(c for c in pack if not isinstance(c, Card)))} is not a Card; "
                           f"expected the {rules.deck}-card deck once (RULES.md §3.1)")
    if len(pack) != rules.deck or set(pack) != set(deck(rules.deck)):
        raise CardkitError(f"pack of {len(pack)} cards: expected the {rules.deck}-card deck once (RULES.md §3.1)")
    order = (dealer, 1 - dealer)
    i = 0
    for place, n in (("down", STACKS), ("hand", rules.hand_size), ("up", STACKS)):
        for pos in range(n):
            for seat in order:
                yield seat, place, pos, pack[i]
                i += 1


def deal_layout(pack: Sequence[Card], dealer: int = 0, rules: Rules | None = None) -> list[dict]:
    """The layout that :func:`dealing_steps` gives: for seats 0 and 1 a dict with
    ``"hand"`` (cards in the order dealt), ``"down"`` and ``"up"`` (6 cards each, by stack).
    This is the ``layout`` argument of :func:`new_deal`.

    :raises CardkitError: as :func:`dealing_steps`.
    """
    out: list[dict[str, list[Card]]] = [{"hand": [], "down": [], "up": []} for _ in range(PLAYERS)]
    for seat, place, _, card in dealing_steps(pack, dealer, rules):
        out[seat][place].append(card)
    return out


def first_dealer(seed=None, rules: Rules | None = None) -> tuple[int, list[tuple[int, Card]]]:
    """Choose the dealer for a game, RULES.md §3.2: cards are turned face up one at a
    time, to seat 0, seat 1, seat 0, ...; the first player to receive a six deals
    (``deck=52``: a two, **default**).

    :param seed: an int or :class:`numpy.random.Generator`.
    :returns: ``(dealer, turned)``: the cards turned, as ``(seat, card)`` in order.
    """
    rules = _check_rules(rules)
    pack = shuffled(deck(rules.deck), as_generator(seed))
    turned = []
    for i, card in enumerate(pack):
        turned.append((i % PLAYERS, card))
        if card.rank == rules.special:
            return i % PLAYERS, turned
    raise AssertionError("a deck always holds the special rank")  # pragma: no cover


def _check_seat(seat, what="seat") -> None:
    if not is_whole(seat) or not 0 <= seat < PLAYERS:
        raise CardkitError(f"{what} {quote(seat)}: expected a seat 0 or 1 (two players, RULES.md §3.1)")


def _parse_layout(layout, rules: Rules) -> list[dict]:
    if isinstance(layout, (str, dict)) or not hasattr(layout, "__len__") or len(layout) != PLAYERS:
        raise NotationError(f"layout {quote(layout)}: expected two entries, one per seat, each "
                            "{'hand': ..., 'down': ..., 'up': ...} or (hand, down, up)")
    out = []
    seen: dict[Card, int] = {}
    for s, entry in enumerate(layout):
        if isinstance(entry, dict):
            try:
                parts = entry["hand"], entry["down"], entry["up"]
            except KeyError as e:
                raise NotationError(f"layout, seat {s}: missing {quote(e.args[0])}; "
                                    f"expected keys 'hand', 'down', 'up'") from None
        elif isinstance(entry, (list, tuple)) and len(entry) == 3:
            parts = tuple(entry)
        else:
            raise NotationError(f"layout, seat {s}: {quote(entry)}: expected (hand, down, up)")
        got = {}
        for name, part, n in zip(("hand", "down", "up"), parts, (rules.hand_size, STACKS, STACKS)):
            try:
                cards = parse_cards(part)
            except NotationError as e:
                raise NotationError(f"layout, seat {s}, {name}: {e}") from None
            if len(cards) != n:
                raise NotationError(f"layout, seat {s}, {name}: {len(cards)} cards given, {n} expected "
                                    f"with the {rules.deck}-card deck (RULES.md §3.2)")
            check_deck(cards, rules.deck, f"layout, seat {s}, {name}")
            for c in cards:
                if c in seen:
                    raise NotationError(f"layout: {c} is dealt twice (seats {seen[c]} and {s})")
                seen[c] = s
            got[name] = cards
        out.append(got)
    return out


# ---- observation ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Observation(TrickObservation):
    """What one seat may see, RULES.md §3.2–§3.3: its own hand, both tableaux' face-up
    cards and how many face-down cards each stack holds, the trump, every card played.
    Never the opponent's hand nor any face-down card (the owner does not see them either).

    The fields of :class:`~cardkit.state.TrickObservation` (``seat``, ``players`` = 2,
    ``phase`` — ``"trump"``, ``"play"``, ``"draw"`` or ``"over"`` —, ``current_player``,
    ``dealer``, ``hand``, ``legal_actions``, ``trump`` — None before the trump draw —,
    ``lowest_wins`` — always False —, ``trick_leader``, ``trick``, ``tricks``,
    ``hand_sizes``), and:

    :ivar trump_card: the card drawn for trump (public: it went back to the dealer's hand),
        or None (trump given, or not drawn yet).
    :ivar face_up: ``face_up[s][i]``: the face-up card of seat ``s``'s stack ``i``, or None.
    :ivar face_down: ``face_down[s][i]``: 1 if that stack still holds a face-down card, else 0.
    :ivar taken: ``taken[s]``: the cards in the tricks seat ``s`` has won.
    :ivar points: each seat's card points so far (without the sweep bonus).
    :ivar rules: the :class:`Rules`.
    """

    trump_card: Card | None
    face_up: tuple[tuple[Card | None, ...], ...]
    face_down: tuple[tuple[int, ...], ...]
    taken: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    rules: Rules

    @property
    def playable(self) -> tuple[Card, ...]:
        """The seat's own cards it could play if nothing restricted it: hand, then face-up."""
        return self.hand + tuple(c for c in self.face_up[self.seat] if c is not None)


# ---- the state -------------------------------------------------------------------------------

def _sort_key(c: Card):
    return (c.suit, -c.rank)


class State(TrickGameState):
    """One deal of Armenian Durak with trumps, RULES.md §3.2–§3.4. Build it with :func:`new_deal`.

    Attributes beyond :class:`~cardkit.state.TrickGameState`:

    - ``rules``: :class:`Rules`; ``trump``: the trump :class:`~cardkit.Suit` (None until drawn);
      ``trump_card``: the card drawn for trump or None.
    - ``down[s][i]`` / ``up[s][i]``: the face-down / face-up card of seat ``s``'s stack
      ``i`` (0..5), or None. A stack never holds a face-down card without a face-up card
      on it: when the face-up card is played the card under it is turned up at once.
    - ``hands[s]``: the hand, display order (suit by suit, high to low).
    - ``fan``: the dealer's hand in the order dealt (what the trump draw picks from).

    Phases: ``"trump"`` (the dealer's opponent acts: :class:`PickTrump`), ``"play"`` (a
    :class:`~cardkit.Card` from the hand or face up on one's own stacks), ``"draw"`` (after
    a card from the hand, while the player has a face-down card: :class:`Draw`; with
    ``rules.draw_after="lead"`` only after a lead from the hand), ``"over"``.
    """

    game: ClassVar[str] = "armenian_durak"
    phases: ClassVar[tuple[str, ...]] = ("trump", "play", "draw", "over")

    def __init__(self, layout: list[dict], dealer: int, rules: Rules, trump: Suit | None = None) -> None:
        self.players = PLAYERS
        self.rules = rules
        self.dealer = dealer
        self.layout = [{k: tuple(v) for k, v in e.items()} for e in layout]
        self.hands = [sort_hand(e["hand"]) for e in layout]
        self.down = [list(e["down"]) for e in layout]
        self.up = [list(e["up"]) for e in layout]
        self.fan = tuple(layout[dealer]["hand"])
        self.tricks: list[Trick] = []
        self.taken = [[] for _ in range(PLAYERS)]
        self.history = []
        self.given_trump = trump
        self.trump = trump
        self.trump_card: Card | None = None
        self._resume: int | None = None
        self._scores: list[int] | None = None
        if trump is None:
            self.phase = "trump"
            self.current_player = 1 - dealer
        else:
            self._start_play()

    def _start_play(self) -> None:
        leader = first_leader(self.dealer)
        self.phase = "play"
        self.tricks.append(Trick(leader, PLAYERS))
        self.current_player = leader

    # -- the trump draw (RULES.md §3.2, fig. 51)
    def _legal_trump(self) -> list[PickTrump]:
        return [PickTrump(i) for i in range(len(self.fan))]

    def _check_trump(self, a) -> None:
        if not isinstance(a, PickTrump):
            raise IllegalActionError(
                f"{quote(self.action_to_str(a))}: first the trump draw: seat {self.current_player} draws one of the "
                f"dealer's {len(self.fan)} face-down cards, 'trump 0'..'trump {len(self.fan) - 1}' (RULES.md §3.2)")
        if not is_whole(a.index) or not 0 <= a.index < len(self.fan):
            raise IllegalActionError(
                f"trump {quote(a.index)}: the dealer fans {len(self.fan)} cards; draw one of "
                f"0..{len(self.fan) - 1} (RULES.md §3.2)")

    def _apply_trump(self, a: PickTrump) -> None:
        card = self.fan[a.index]  # it goes back to the dealer's hand: nothing moves
        self.trump_card = card
        self.trump = card.suit
        self._start_play()

    # -- trick play: the shared core with durak's hooks (RULES.md §3.3)
    def _playable(self, seat: int) -> list[Card]:
        """The hand, then the face-up cards of the seat's own stacks."""
        return self.hands[seat] + [c for c in self.up[seat] if c is not None]

    def _legal_play(self) -> list[Card]:
        """Following, RULES.md §3.3: a plain suit led: that suit or a trump (the player's
        choice), with neither any card; a trump led: a trump, with none any card."""
        assert self.current_player is not None  # the play phase always has a player to act
        cards = self._playable(self.current_player)
        trick = self.tricks[-1]
        if trick.cards:
            led = trick.cards[0].suit
            follow = [c for c in cards if c.suit == led or c.suit == self.trump]
            if follow:
                return follow
        return list(cards)

    def _not_a_card_message(self, action) -> str:
        return f"{quote(self.action_to_str(action))}: now seat {self.current_player} plays a card (RULES.md §3.3)"

    def _not_playable_message(self, card: Card, seat: int, cards: Sequence[Card]) -> str:
        where = self.where(card)
        why = {"down": "it lies face down", "taken": "it has been played already",
               "trick": "it is in the trick already"}.get(where[0], f"it is not seat {seat}'s")
        return (f"{card} cannot be played: {why}; seat {seat} may play from its hand or its face-up cards: "
                f"{format_cards(cards)} (RULES.md §3.3)")

    def _follow_message(self, card: Card, legal: Sequence[Card]) -> str:
        led = self.tricks[-1].cards[0].suit
        assert self.trump is not None  # drawn before the play
        need = "a trump" if led == self.trump else f"a {led.symbol} or a trump ({self.trump.symbol})"
        return (f"{card} cannot be played: {led.symbol} was led, so play {need}: you have "
                f"{format_cards(legal)} (RULES.md §3.3)")

    def _remove_played(self, seat: int, card: Card) -> None:
        hand = self.hands[seat]
        if card in hand:
            hand.remove(card)
            return
        i = self.up[seat].index(card)  # played from a stack: turn up the card under it
        self.up[seat][i] = self.down[seat][i]
        self.down[seat][i] = None

    def _apply_play(self, card: Card) -> None:
        seat = self.current_player
        assert seat is not None  # the play phase always has a player to act
        from_hand = card in self.hands[seat]
        # the draw follows a card from the hand: any such card, or only a lead (RULES.md §3.3)
        offered = from_hand and (self.rules.draw_after == "any" or not self.tricks[-1].cards)
        super()._apply_play(card)
        if offered and any(d is not None for d in self.down[seat]):
            self._resume = self.current_player
            self.phase = "draw"
            self.current_player = seat

    def _more_tricks(self) -> bool:
        return any(self.hands) or any(c is not None for s in self.up for c in s)

    def _trick_winner_index(self, trick: Trick) -> int:
        return trick_winner(trick.cards[0], trick.cards[1], self.trump, self.rules)

    # -- the optional draw (RULES.md §3.3)
    def _legal_draw(self) -> list[Draw]:
        seat = self.current_player
        assert seat is not None  # the player who may draw
        return [Draw(i) for i, d in enumerate(self.down[seat]) if d is not None] + [Draw(None)]

    def _check_draw(self, a) -> None:
        seat = self.current_player
        assert seat is not None  # the player who may draw
        stacks = [i for i, d in enumerate(self.down[seat]) if d is not None]
        if not isinstance(a, Draw):
            raise IllegalActionError(
                f"{quote(self.action_to_str(a))}: seat {seat} played from the hand and now may take a face-down "
                f"card: 'draw N' for stack N in {stacks}, or 'draw none' (RULES.md §3.3)")
        if a.stack is not None and (not is_whole(a.stack) or a.stack not in stacks):
            raise IllegalActionError(
                f"draw {quote(a.stack)}: stack {quote(a.stack)} of seat {seat} has no face-down card; "
                f"choose one of {stacks} or 'draw none' (RULES.md §3.3)")

    def _apply_draw(self, a: Draw) -> None:
        seat = self.current_player
        assert seat is not None  # the player who may draw
        if a.stack is not None:
            card = self.down[seat][a.stack]
            self.down[seat][a.stack] = None  # the face-up card of that stack stays
            hand = self.hands[seat]
            hand.append(card)
            hand.sort(key=_sort_key)
        self.phase = "play"
        self.current_player = self._resume
        self._resume = None

    # -- scoring (RULES.md §3.4)
    def _deal_over(self) -> None:
        self._scores = score_deal(self.taken, self.trump, self.rules)

    def _returns(self) -> list[int]:
        assert self._scores is not None  # asked only when the deal is over
        return list(self._scores)

    def points(self) -> list[int]:
        """Each seat's card points in the tricks it has taken so far (no sweep bonus)."""
        if type(self.rules) is Rules and (self.trump is None or type(self.trump) is Suit):
            table = _points_table(self.rules, self.trump)
            try:
                return [sum(map(table.__getitem__, t)) for t in self.taken]
            except (KeyError, TypeError):  # an item that is not a card: card_points says so
                pass
        return [sum(card_points(c, self.trump, self.rules) for c in t) for t in self.taken]

    # -- where the cards are
    def where(self, card) -> tuple:
        """Where ``card`` is now: ``("hand", seat)``, ``("down", seat, stack)``,
        ``("up", seat, stack)``, ``("trick",)``, ``("taken", seat)``, or ``("out",)`` for a
        card not in this deal's deck.

        :raises NotationError: for text that is not a card.
        """
        card = parse_card(card)
        for s in range(PLAYERS):
            if card in self.hands[s]:
                return ("hand", s)
            if card in self.up[s]:
                return ("up", s, self.up[s].index(card))
            if card in self.down[s]:
                return ("down", s, self.down[s].index(card))
            if card in self.taken[s]:
                return ("taken", s)
        t = self.trick
        if t is not None and card in t.cards:
            return ("trick",)
        return ("out",)

    def face_down_count(self, seat: int) -> int:
        """How many face-down cards seat ``seat`` still has (0..6).

        :raises CardkitError: for a seat other than 0 or 1.
        """
        _check_seat(seat)
        return sum(1 for d in self.down[seat] if d is not None)

    # -- notation and saved deals
    def parse_action(self, action):
        """``"trump 3"`` → :class:`PickTrump`, ``"draw 2"`` / ``"draw none"`` → :class:`Draw`,
        a card code (``"QH"``, ``"10♥"``) → :class:`~cardkit.Card`; action objects pass through.

        :raises NotationError: for anything else.
        """
        if isinstance(action, (Card, PickTrump, Draw)):
            return action
        if isinstance(action, str):
            words = action.strip().lower().split()
            if len(words) == 2 and words[0] in ("trump", "draw"):
                if words[0] == "draw" and words[1] in ("none", "-", "no"):
                    return Draw(None)
                if _ASCII_DIGITS.fullmatch(words[1]) and len(words[1]) <= 9:  # not str.isdigit: int('²') fails;
                    n = int(words[1])  # and no stack or fan place has 10 digits (int() refuses 4,300)
                    return PickTrump(n) if words[0] == "trump" else Draw(n)
                raise NotationError(f"action {quote(action)}: expected 'trump N', 'draw N' or 'draw none' "
                                    f"(N a number from 0)")
            try:
                return parse_card(action)
            except NotationError:
                raise NotationError(f"action {quote(action)}: expected a card such as 'QH', 'trump N', "
                                    "'draw N' or 'draw none'") from None
        raise NotationError(f"action {quote(action)}: expected a card such as 'QH', 'trump N', 'draw N' or 'draw none'")

    def action_to_str(self, action) -> str:
        if isinstance(action, Card):
            return action.code
        return str(action)

    def _start_json(self) -> dict:
        return {"rules": asdict(self.rules), "dealer": self.dealer,
                "layout": [{k: " ".join(c.code for c in v) for k, v in e.items()} for e in self.layout],
                "trump": None if self.given_trump is None else self.given_trump.letter}

    # saved deals: the start is the layout and the trump (null: drawn in the deal)
    start_fields = ("rules", "dealer", "layout", "trump")
    nullable_fields = ("trump",)

    @classmethod
    def _from_start_json(cls, data: dict) -> State:
        return new_deal(data["layout"], dealer=data["dealer"], trump=data["trump"],
                        rules=rules_from_json(data["rules"], Rules))

    def observation(self, seat: int) -> Observation:
        """What seat ``seat`` may see (see :class:`Observation`). Two states that differ
        only in cards this seat cannot see give equal observations.

        :raises CardkitError: for a seat other than 0 or 1.
        """
        _check_seat(seat)
        return Observation(
            **self._observation_fields(seat),
            trump=self.trump, trump_card=self.trump_card,
            face_up=(tuple(self.up[0]), tuple(self.up[1])),
            face_down=tuple(tuple(0 if d is None else 1 for d in self.down[s]) for s in range(PLAYERS)),
            taken=(tuple(self.taken[0]), tuple(self.taken[1])),
            points=tuple(self.points()), rules=self.rules, lowest_wins=False)

    def __str__(self) -> str:
        lines = [f"Armenian Durak: dealer {self.dealer}, trump {self.trump or '?'}, phase {self.phase}"]
        for s in range(PLAYERS):
            ups = " ".join("--" if u is None else str(u) for u in self.up[s])
            downs = "".join("#" if d is not None else "." for d in self.down[s])
            lines.append(f"seat {s}: hand {format_cards(self.hands[s]) or '-'} | up {ups} | down {downs}")
        if self.trick is not None and self.trick.cards:
            lines.append(f"trick: {self.trick}")
        return "\n".join(lines)


def score_deal(taken: Sequence[Sequence[Card]], trump: Suit | None, rules: Rules | None = None) -> list[int]:
    """Both seats' points for one deal, RULES.md §3.4: the card points in the tricks each
    took, plus 10 to a player who took every trick.

    :param taken: ``taken[s]``: the cards of the tricks seat ``s`` won (2 cards a trick),
        two lists of :class:`~cardkit.Card` or notation, for seats 0 and 1.
    :param trump: the trump suit (for ``trump_six_double``): a :class:`~cardkit.Suit`, its
        letter, symbol or name, or None.
    :raises CardkitError: for ``taken`` that is not two lists (one per seat), a card taken
        twice (RULES.md §3.1: each card is in the deck once) or not in the rules' deck.
    :raises NotationError: for an item that is not a card, or a trump that is not a suit.
    """
    rules = _check_rules(rules)
    trump = parse_suit(trump, "trump", allow_none=True)
    if (isinstance(taken, (str, bytes)) or not isinstance(taken, Sequence) or len(taken) != PLAYERS
            or any(isinstance(t, (str, bytes)) or not isinstance(t, Sequence) for t in taken)):
        raise CardkitError(f"taken {quote(taken)}: expected two lists of cards, the tricks each seat won "
                           f"(RULES.md §3.4)")
    taken = [[parse_card(c) for c in t] for t in taken]
    seen: set[Card] = set()
    for t in taken:
        check_deck(t, rules.deck, "taken")
        for c in t:
            if c in seen:
                raise CardkitError(f"taken: {c} is taken twice; each card is in the deck once (RULES.md §3.1)")
            seen.add(c)
    pts = [sum(card_points(c, trump, rules) for c in t) for t in taken]
    return [p + int(sweep_bonus(len(t) // PLAYERS, rules)) for p, t in zip(pts, taken)]


def first_leader(dealer):
    """The seat that leads to the first trick: the dealer's opponent, ``1 - dealer``
    (RULES.md §3.3). The one rule, read by :class:`State` and the batched simulator;
    elementwise on integer numpy arrays (one dealer per deal)."""
    return 1 - dealer


def sweep_bonus(tricks_won, rules: Rules | None = None):
    """The bonus (points) for tricks won in one deal, RULES.md §3.4: :data:`SWEEP_BONUS`
    (10) to a player who took every trick (``rules.tricks``: 18, or 26 with 52 cards),
    else 0. The one rule, read by :func:`score_deal` and the batched simulator;
    elementwise on integer numpy arrays (one count per deal).

    :raises CardkitError: for ``rules`` that are not :class:`Rules`.
    """
    return SWEEP_BONUS * (tricks_won == _check_rules(rules).tricks)


def new_deal(layout=None, *, dealer: int = 0, seed=None, trump=None, rules: Rules | None = None) -> State:
    """A new deal, RULES.md §3.2.

    :param layout: for each seat 0 and 1, ``{"hand": ..., "down": ..., "up": ...}`` or
        ``(hand, down, up)``: the hand (6 cards, 14 with 52), then the six face-down and the
        six face-up cards by stack; each a list of cards or text such as ``"AS KS 6H"``.
        Together the whole deck. None: a random deal: the deck of :func:`cardkit.deck` is
        permuted with ``Generator.permutation`` and dealt as :func:`dealing_steps` says.
    :param dealer: seat 0 or 1. The dealer's opponent draws the trump and leads first.
    :param seed: for a random deal, an int or a :class:`numpy.random.Generator`; an int is
        kept as ``state.seed`` (the short deal code ``D-5``, :mod:`cardkit.codes`).
    :param trump: a suit (``Suit.HEARTS``, ``"H"``, ``"♥"``) to skip the trump draw; None:
        the deal starts in the ``"trump"`` phase.
    :param rules: :class:`Rules` (default ``Rules()``).
    :raises NotationError: for a layout that is not the whole deck dealt as §3.2 says (a
        number, text, a dict), or a trump that is not a suit
        (:func:`cardkit.notation.parse_suit`).
    :raises CardkitError: for a dealer other than 0 or 1, ``rules`` that are not
        :class:`Rules`, or a bad seed.
    """
    rules = _check_rules(rules)
    _check_seat(dealer, "dealer")
    trump = None if trump is None else _parse_suit(trump)
    if layout is None:
        parsed = deal_layout(shuffled(deck(rules.deck), as_generator(seed)), int(dealer), rules)
    else:
        parsed = _parse_layout(layout, rules)  # every part's size checked: the whole deck
    state = State(parsed, int(dealer), rules, trump)
    state.seed = seed_of(seed, layout is None)
    return state


# ---- a game -----------------------------------------------------------------------------------------

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
    seat_counts = (PLAYERS,)
    seat_counts_text = "two players (RULES.md §3.1)"

    def __init__(self, players: Sequence, *, rules: Rules | None = None, seed=None) -> None:
        super().__init__(players, rules=_check_rules(rules), seed=seed)

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
    rules = _check_rules(rules)
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


__all__ += ["margin", "game_over"]


#: Names re-exported here lazily (:func:`cardkit._lazy.lazy_exports`), so that importing this
#: module imports neither (no import cycle, no solver): ``ExpertBot``, the judge's expert
#: player (:class:`cardkit.analysis.ExpertBot`), and the rule bot ``RuleBot``
#: (:mod:`cardkit.games.armenian_durak_bots`).
_LAZY = {"ExpertBot": ("cardkit.analysis.judge", "ExpertBot"),
         "RuleBot": ("cardkit.games.armenian_durak_bots", "RuleBot")}
__getattr__ = lazy_exports(__name__, _LAZY)
__dir__ = lazy_dir(globals(), _LAZY)
