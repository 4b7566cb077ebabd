"""Armenian Durak with trumps: the rules, as data and functions (RULES.md §3.1, §3.3, §3.4).

The rule variants (:class:`Rules`), the card points (:func:`card_points`,
:func:`deck_points`), which card wins a trick (:func:`beats`, :func:`trick_winner`,
:func:`special_rank`), who leads first (:func:`first_leader`) and a deal's score
(:func:`score_deal`, :func:`sweep_bonus`). Each rule is written here once and read by the
engine (:mod:`cardkit.games.armenian_durak`), the dealing
(:mod:`cardkit.games.armenian_durak_deal`), the game end
(:mod:`cardkit.games.armenian_durak_game`), the batched simulator and the solver. This
module imports nothing of the engine, the bots, the simulators or the solver; every name
here is importable from :mod:`cardkit.games.armenian_durak` as before.

>>> from cardkit import parse_card as c
>>> trick_winner(c("AS"), c("6S"), trump=None)     # the six takes the ace (RULES.md §3.1)
1
>>> card_points(c("6D")), card_points(c("AD")), deck_points()
(6, 5, 80)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardkit.core._checks import is_whole
from cardkit.core.cards import Card, Rank, Suit, deck
from cardkit.core.dealing import check_rules
from cardkit.core.errors import CardkitError, quote
from cardkit.core.notation import check_deck, parse_card, parse_suit

__all__ = [
    "Rules", "card_points", "deck_points", "trick_winner", "beats", "special_rank", "score_deal",
    "PLAYERS", "STACKS", "SWEEP_BONUS", "POINTS", "MAX_TARGET", "MAX_DEALS", "sweep_bonus", "first_leader",
    "DEFAULT_RULES", "checked_rules", "card_points_checked", "points_table", "points_lookup", "check_durak_seat",
    "score_checked",
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


DEFAULT_RULES = Rules()


def checked_rules(rules) -> Rules:
    """``rules``, or ``Rules()`` for None (:func:`cardkit.dealing.check_rules`).

    :raises CardkitError: for anything but this game's :class:`Rules`.
    """
    if rules is None:
        return DEFAULT_RULES
    return check_rules(rules, Rules, "Armenian Durak")


def special_rank(rules: Rules | None = None) -> Rank:
    """The rank that beats only the ace: ``Rank.SIX``, or ``Rank.TWO`` with ``deck=52`` (RULES.md §3.1)."""
    return checked_rules(rules).special


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
        pts = points_lookup(DEFAULT_RULES if rules is None else rules, trump).get(card)
        if pts is not None:  # arguments already valid: the table gives what the checks below give
            return pts
    return card_points_checked(parse_card(card), parse_suit(trump, "trump", allow_none=True), checked_rules(rules))


def card_points_checked(card: Card, trump: Suit | None, rules: Rules) -> int:
    """:func:`card_points` for arguments already checked."""
    if card.rank == rules.special:
        if rules.trump_six_double and card.suit == trump:
            return 2 * POINTS["special"]
        return POINTS["special"]
    return POINTS.get(card.rank.char, 0)   # the rank characters "A" "K" "Q" "J"; the special card is above


@functools.lru_cache(maxsize=256)
def points_table(rules: Rules, trump: Suit | None) -> dict[Card, int]:
    """Every card's points under ``rules`` and ``trump`` (both already checked), for every
    card of the 52-card deck; cached per (rules, trump) (rules are frozen and hashable).
    Read by :func:`card_points` and :meth:`State.points`; callers must not change it."""
    return {c: card_points_checked(c, trump, rules) for c in deck(52)}


_NOTHING = object()
#: ``(rules, trump, table)`` of the last :func:`points_lookup` call that missed
_LAST_TABLE: tuple = (_NOTHING, _NOTHING, None)


def points_lookup(rules: Rules, trump: Suit | None) -> dict[Card, int]:
    """:func:`points_table` (same arguments, already checked), answered without hashing
    ``rules`` when asked for the same rules object and trump as the time before: a deal
    asks for its own table at every card a bot weighs and every observation."""
    global _LAST_TABLE
    last = _LAST_TABLE
    if last[0] is rules and last[1] is trump:
        return last[2]
    table = points_table(rules, trump)
    _LAST_TABLE = (rules, trump, table)
    return table


def deck_points(trump: Suit | None = None, rules: Rules | None = None) -> int:
    """Points in the whole deck: 80, or 86 with ``trump_six_double`` and a trump (RULES.md §3.1).

    :raises NotationError: for a trump that is not a suit (:func:`cardkit.notation.parse_suit`).
    :raises CardkitError: for ``rules`` that are not this game's :class:`Rules`.
    """
    rules = checked_rules(rules)
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
    return _beats(card, other, checked_rules(rules).special)


def _beats(card: Card, other: Card, special: Rank) -> bool:
    """:func:`beats` for two cards of one suit and the rules' special rank, already read
    (RULES.md §3.1): the rule written once, for :func:`trick_winner` too."""
    if card.rank == special:
        return other.rank == Rank.ACE
    if other.rank == special:
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
    if not (type(lead) is Card and type(reply) is Card and (trump is None or type(trump) is Suit)):
        lead, reply = parse_card(lead), parse_card(reply)  # else nothing to read (the engine's own cards)
        trump = parse_suit(trump, "trump", allow_none=True)
    if reply.suit == lead.suit:
        rules = rules if type(rules) is Rules else checked_rules(rules)
        return 1 if _beats(reply, lead, rules.special) else 0
    return 1 if reply.suit == trump else 0


def check_durak_seat(seat, what="seat") -> None:
    if not is_whole(seat) or not 0 <= seat < PLAYERS:
        raise CardkitError(f"{what} {quote(seat)}: expected a seat 0 or 1 (two players, RULES.md §3.1)")


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
    rules = checked_rules(rules)
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
    return score_checked(taken, trump, rules)


def score_checked(taken: Sequence[Sequence[Card]], trump: Suit | None, rules: Rules) -> list[int]:
    """:func:`score_deal` for arguments already checked (a finished deal's own taken
    cards, its trump and rules)."""
    table = points_lookup(rules, trump)
    return [sum(map(table.__getitem__, t)) + int(sweep_bonus(len(t) // PLAYERS, rules)) for t in taken]


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
    return SWEEP_BONUS * (tricks_won == checked_rules(rules).tricks)


# Older private names of the public ones above, for code written before they were public.
_DEFAULT = DEFAULT_RULES
_check_rules = checked_rules
_card_points = card_points_checked
_points_table = points_table
_table = points_lookup
_check_seat = check_durak_seat
_score = score_checked
