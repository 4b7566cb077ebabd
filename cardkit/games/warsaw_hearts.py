"""Warsaw Hearts (Варшавские червы): avoid the heart honours K♥ Q♥ J♥.

RULES.md §2 (source 003). Three or four players, 36 cards (A down to 6), no trumps, the
highest card of the suit led wins. Each deal (кон) charges every player a penalty for the
heart honours in the tricks (взятки) they took, by a schedule that looks at how the
honours lie in those tricks, and gives +20 to a player whose tricks hold no heart at all.
Deals go on until a penalty total reaches 30; then the loser pays the others in chips.

Public API: :class:`Rules`, :data:`PENALTY_SCHEDULE`, :data:`HONOURS`, :data:`BONUS`,
:func:`penalty_and_bonus`, :func:`assess_tricks`, :func:`settle`, :func:`new_deal`,
:class:`State`, :class:`Observation`, :class:`Game`, :class:`RandomBot`, :class:`RuleBot`,
:class:`KeepHonoursBot`.

>>> penalty_and_bonus([["KH", "QH", "6S"], ["JH", "7C", "8C"]])   # RULES.md §2.2, rule 1
(20, 0)
>>> penalty_and_bonus([["KH", "QH", "6S"], ["JH", "7C", "8C"]], Rules(double_honour_trick="additive"))
(22, 0)
>>> settle([30, 25, 15, 10], [0, 0, 0, 0])                          # RULES.md §2.3, source 003
[-40, 5, 15, 20]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardkit.core._checks import is_whole
from cardkit.core._lazy import lazy_dir, lazy_exports
from cardkit.core.bots import RandomBot
from cardkit.core.cards import Card, Rank, Suit, deck
from cardkit.core.dealing import as_generator, check_hands, check_rules, check_seat, deal_hands
from cardkit.core.errors import CardkitError, IllegalActionError, NotationError, StateError, quote
from cardkit.core.notation import check_deck, parse_card, sort_hand
from cardkit.core.series import DealSeries
from cardkit.core.state import TrickGameState, TrickObservation, new_frozen, seed_of
from cardkit.core.tricks import Trick, winning_index

__all__ = [
    "Rules", "PenaltyRow", "PENALTY_SCHEDULE", "HONOURS", "HONOUR_VALUES", "BONUS", "DECK_SIZE",
    "Assessment", "assess_tricks", "penalty_and_bonus", "Payment", "payments", "settle", "losers",
    "new_deal", "State", "Observation", "Game", "RandomBot", "RuleBot", "rules_for", "MAX_LOSS_AT",  # noqa: F822  # loaded on first use (_LAZY)
    "first_leader", "KeepHonoursBot",  # noqa: F822  # loaded on first use (_LAZY)
    "HONOUR_SET",
]


def first_leader(dealer, players: int):
    """The seat that leads to the first trick: the dealer's left, ``(dealer + 1) % players``
    (RULES.md §2.1, **default**). The one rule, read by :class:`State` and the batched
    simulator; elementwise on integer numpy arrays (one dealer per deal)."""
    return (dealer + 1) % players

#: Warsaw Hearts is played with the 36-card deck, A down to 6 (RULES.md §2.1).
DECK_SIZE = 36
#: Cards each player gets: 12 with three players, 9 with four (RULES.md §2.1).
CARDS_PER_PLAYER = {3: 12, 4: 9}
#: The bonus, in points, for a deal whose tricks hold no heart (RULES.md §2.2).
BONUS = 20

_DOUBLE = ("max", "additive")
_SETTLEMENT_BONUS = ("all", "only_plus")


#: The largest ``Rules(loss_at=...)`` (penalty points; the source plays to 30, RULES.md §2.3).
MAX_LOSS_AT = 10_000


_is_int = is_whole  # the package's one whole-number test


def _check_rules(rules, default=None) -> Rules:
    """``rules``, or ``default`` (``Rules()``) for None (:func:`cardkit.dealing.check_rules`).

    :raises CardkitError: for anything but Warsaw Hearts' :class:`Rules`.
    """
    return check_rules(rules, Rules, "Warsaw Hearts", default)


@dataclass(frozen=True)
class Rules:
    """The rule variants of Warsaw Hearts. Every field names its RULES.md section.

    :param players: 3 or 4 (RULES.md §2.1): 12 or 9 cards each.
    :param double_honour_trick: RULES.md §2.2, rule 1. ``"max"`` (**default**): a trick
        holding two or more heart honours costs 20 and that is the whole penalty (K♥Q♥ in
        one trick and J♥ in another: 20); ``"additive"``: 20 plus the single value of the
        honour in another trick (that example: 22).
    :param bonus_without_tricks: RULES.md §2.2. False (**default**): the +20 bonus needs
        at least one trick, none holding a heart; True: a player who took no trick gets it too.
    :param loss_at: RULES.md §2.3: the penalty total (points) that ends the game and loses
        it (**default** 30, the source's figure); 1..:data:`MAX_LOSS_AT` (10,000), so that
        ``Game.play()`` always ends soon.
    :param settlement_bonus: RULES.md §2.3, a receiver's plus points in the settlement.
        ``"all"`` (**default**): every receiver's bonus total is added to what the loser
        pays them; ``"only_plus"``: a receiver's bonus is added only when that player's
        penalty total is 0 (the only case the source shows). The loser's own bonus never
        counts. Saved deals from before this field load with the default.
    :raises CardkitError: (a ValueError) for a value not listed here.
    """

    players: int = 4
    double_honour_trick: str = "max"
    bonus_without_tricks: bool = False
    loss_at: int = 30
    settlement_bonus: str = "all"

    #: Fields a saved deal may lack (it was saved before they existed): they take their
    #: default (:func:`cardkit.state.rules_from_json`).
    fields_added_later: ClassVar[tuple[str, ...]] = ("settlement_bonus",)
    #: The values each rule variant may take, the **default** first: the one list that the
    #: checks below and the deal codes (:mod:`cardkit.registry`, which numbers them) read.
    choices: ClassVar[dict[str, tuple]] = {"double_honour_trick": _DOUBLE, "bonus_without_tricks": (False, True),
                                           "settlement_bonus": _SETTLEMENT_BONUS}

    def __post_init__(self) -> None:
        if not _is_int(self.players) or self.players not in CARDS_PER_PLAYER:
            raise CardkitError(f"Rules(players={quote(self.players)}): Warsaw Hearts is for 3 or 4 players "
                               f"(RULES.md §2.1)")
        if self.double_honour_trick not in _DOUBLE:
            raise CardkitError(f"Rules(double_honour_trick={quote(self.double_honour_trick)}): expected "
                               f"'max' or 'additive' (RULES.md §2.2, rule 1)")
        if not isinstance(self.bonus_without_tricks, bool):
            raise CardkitError(f"Rules(bonus_without_tricks={quote(self.bonus_without_tricks)}): expected "
                               f"True or False (RULES.md §2.2)")
        if not is_whole(self.loss_at) or not 1 <= self.loss_at <= MAX_LOSS_AT:
            raise CardkitError(f"Rules(loss_at={quote(self.loss_at)}): expected a whole number of penalty "
                               f"points 1..{MAX_LOSS_AT:,} (RULES.md §2.3)")
        if not isinstance(self.settlement_bonus, str) or self.settlement_bonus not in _SETTLEMENT_BONUS:
            raise CardkitError(f"Rules(settlement_bonus={quote(self.settlement_bonus)}): expected "
                               f"'all' or 'only_plus' (RULES.md §2.3)")
        for name in ("players", "loss_at"):  # numpy ints become ints: the rules save as JSON
            object.__setattr__(self, name, int(getattr(self, name)))

    @property
    def cards_per_player(self) -> int:
        """12 with three players, 9 with four (RULES.md §2.1)."""
        return CARDS_PER_PLAYER[self.players]


# ---- the penalty schedule (RULES.md §2.2): rules are data ------------------------------

#: The heart honours, the only cards that cost points (RULES.md §2.2).
HONOURS: tuple[Card, ...] = (Card(Suit.HEARTS, Rank.KING), Card(Suit.HEARTS, Rank.QUEEN),
                             Card(Suit.HEARTS, Rank.JACK))


@dataclass(frozen=True)
class PenaltyRow:
    """One row of the penalty schedule, RULES.md §2.2.

    A row matches the honours one player took in one deal:

    - ``same_trick=True``: some trick of the player's holds at least ``honours`` honours;
    - ``same_trick=False``: every honour lies in its own trick and there are exactly
      ``honours`` of them (and, if ``card`` is set, that one honour is ``card``).

    The first matching row of :data:`PENALTY_SCHEDULE` gives the penalty.

    :ivar item: the rule's number in RULES.md §2.2's list.
    :ivar honours: how many honours the row is about.
    :ivar same_trick: see above.
    :ivar card: the honour of a single-honour row, else None.
    :ivar penalty: penalty points.
    :ivar text: the row in words, as lessons and tables show it.
    :ivar figure: the source's figure for the row ("fig. 200"), or "".
    """

    item: int
    honours: int
    same_trick: bool
    card: Card | None
    penalty: int
    text: str
    figure: str = ""

    def matches(self, per_trick: Sequence[int], taken: frozenset) -> bool:
        """Whether the row applies to a player whose tricks hold ``per_trick`` honours each
        (one int per trick) and who took the honours ``taken``."""
        most = max(per_trick, default=0)
        if self.same_trick:
            return most >= self.honours
        return most <= 1 and len(taken) == self.honours and (self.card is None or self.card in taken)


_K, _Q, _J = HONOURS

#: The penalty schedule of RULES.md §2.2, in the order it is read: the first row that
#: matches gives the penalty. Penalty points; the 10 and 15 replace the single values.
PENALTY_SCHEDULE: tuple[PenaltyRow, ...] = (
    # 1. two (or, by default, three) honours in one trick: the highest penalty, fig. 200
    PenaltyRow(1, 2, True, None, 20, "two or three honours in one trick", "fig. 200"),
    # 2. K♥, Q♥ and J♥ each in a different trick of the same player, fig. 199
    PenaltyRow(2, 3, False, None, 15, "K♥, Q♥ and J♥ in three different tricks", "fig. 199"),
    # 3. two honours in two different tricks (Q♥ + K♥ costs 10, not 4 + 3 = 7)
    PenaltyRow(3, 2, False, None, 10, "two honours in two different tricks"),
    # 4. K♥ alone
    PenaltyRow(4, 1, False, _K, 4, "K♥ alone"),
    # 4. Q♥ alone
    PenaltyRow(4, 1, False, _Q, 3, "Q♥ alone"),
    # 4. J♥ alone
    PenaltyRow(4, 1, False, _J, 2, "J♥ alone"),
)

#: Each honour's value alone (from the single-honour rows): K♥ 4, Q♥ 3, J♥ 2.
HONOUR_VALUES: dict[Card, int] = {r.card: r.penalty for r in PENALTY_SCHEDULE if r.card is not None}
HONOUR_SET = frozenset(HONOURS)


@dataclass(frozen=True)
class Assessment:
    """How one player's tricks of one deal score, RULES.md §2.2.

    :ivar penalty: penalty points.
    :ivar bonus: bonus points (0 or :data:`BONUS`).
    :ivar row: the :class:`PenaltyRow` that applied, or None (no honour taken).
    :ivar added: points added to ``row.penalty`` under ``double_honour_trick="additive"``
        (the single values of honours lying outside the double trick), else 0.
    :ivar honours: each honour taken with the 0-based index of its trick in the list given,
        in the order K♥ Q♥ J♥.
    :ivar hearts: how many hearts of any rank the tricks hold.
    :ivar tricks: how many tricks were assessed.
    """

    penalty: int
    bonus: int
    row: PenaltyRow | None
    added: int
    honours: tuple[tuple[Card, int], ...]
    hearts: int
    tricks: int


def _assess(tricks: Sequence[Sequence[Card]], rules: Rules) -> Assessment:
    """:func:`assess_tricks` without reading or checking the cards."""
    where: dict[Card, int] = {}
    per_trick = []
    hearts = 0
    for i, cards in enumerate(tricks):
        n = 0
        for c in cards:
            if c.suit is Suit.HEARTS:
                hearts += 1
                if c in HONOUR_SET:
                    where[c] = i
                    n += 1
        if n:
            per_trick.append(n)
    taken = frozenset(where)
    row = next((r for r in PENALTY_SCHEDULE if r.matches(per_trick, taken)), None) if taken else None
    added = 0
    if row is not None and row.same_trick and rules.double_honour_trick == "additive":
        count: dict[int, int] = {}
        for i in where.values():
            count[i] = count.get(i, 0) + 1
        added = sum(HONOUR_VALUES[c] for c, i in where.items() if count[i] == 1)
    penalty = 0 if row is None else row.penalty + added
    bonus = BONUS if hearts == 0 and (tricks or rules.bonus_without_tricks) else 0
    honours = tuple((c, where[c]) for c in HONOURS if c in where)
    return Assessment(penalty, bonus, row, added, honours, hearts, len(tricks))


_DECK_SET = frozenset(deck(DECK_SIZE))


def _read_tricks(tricks) -> list[list[Card]]:
    if isinstance(tricks, (str, Trick)) or not isinstance(tricks, Iterable):
        raise NotationError(f"tricks {quote(tricks)}: expected a list of tricks, each a list of cards "
                            f"such as [['KH', 'QH', '6S'], ['JH', '7C', '8C']]")
    out = []
    seen: dict[Card, int] = {}
    for i, t in enumerate(tricks):
        items = t.cards if isinstance(t, Trick) else t
        if isinstance(items, (str, Card)) or not isinstance(items, Iterable):
            raise NotationError(f"trick {i + 1} {quote(t)}: expected a list of cards such as ['KH', 'QH', '6S']")
        try:
            cards = [parse_card(c) for c in items]
            if not _DECK_SET.issuperset(cards):  # the message (with the trick quoted) only when needed
                check_deck(cards, DECK_SIZE, what=f"trick {i + 1} {quote(t)}")
        except NotationError as e:
            raise NotationError(f"{e}") from None
        if not cards:
            raise NotationError(f"trick {i + 1} is empty: a trick holds one card from each player")
        for c in cards:
            if c in seen:
                raise NotationError(f"{c} appears twice, in tricks {seen[c] + 1} and {i + 1}")
            seen[c] = i
        out.append(cards)
    for i, cards in enumerate(out):
        if len(cards) not in CARDS_PER_PLAYER:
            raise NotationError(f"trick {i + 1} holds {len(cards)} cards: a trick holds one card from each "
                                f"player, 3 or 4 cards (RULES.md §2.1)")
    return out


def assess_tricks(tricks, rules: Rules | None = None) -> Assessment:
    """The penalty and bonus for the tricks one player took in one deal, with the
    schedule row that applied and where each honour lay (RULES.md §2.2).

    :param tricks: the player's tricks, each a list of cards (``Card`` objects or
        notation such as ``"QH"``) or a :class:`~cardkit.tricks.Trick`.
    :param rules: :class:`Rules` (``double_honour_trick`` and ``bonus_without_tricks``
        matter); default ``Rules()``.
    :raises NotationError: for a card that cannot be read or is not in the 36-card deck,
        an empty trick, a card that appears twice, or a trick of other than 3 or 4 cards.
    :raises CardkitError: for ``rules`` that are not :class:`Rules`.
    """
    rules = _check_rules(rules)
    return _assess(_read_tricks(tricks), rules)


def penalty_and_bonus(tricks, rules: Rules | None = None) -> tuple[int, int]:
    """``(penalty, bonus)`` in points for the tricks one player took in one deal,
    RULES.md §2.2, read from :data:`PENALTY_SCHEDULE`.

    >>> penalty_and_bonus([["QH", "6H", "7S"], ["KH", "9C", "TC"]])   # two tricks: 10, not 7
    (10, 0)
    >>> penalty_and_bonus([["AS", "6S", "7S"]])                       # no heart: the bonus
    (0, 20)
    >>> penalty_and_bonus([])                                         # no trick: no bonus by default
    (0, 0)

    :param tricks: the player's tricks, each a list of cards or notation, or a ``Trick``.
    :param rules: :class:`Rules`; default ``Rules()``.
    :raises NotationError: as :func:`assess_tricks`.
    """
    a = assess_tricks(tricks, rules)
    return a.penalty, a.bonus


# ---- settlement (RULES.md §2.3) ----------------------------------------------------------

def _totals(values, what: str) -> list[int]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise CardkitError(f"{what} {quote(values)}: expected one total per seat, whole numbers >= 0")
    values = list(values)
    for v in values:
        if not is_whole(v) or v < 0:
            raise CardkitError(f"{what} {quote(values)}: {quote(v)} is not a whole number >= 0 (points)")
    return [int(v) for v in values]


def losers(penalties: Sequence[int], rules: Rules | None = None) -> list[int]:
    """The seats that lose, RULES.md §2.3: none while every penalty total is below
    ``rules.loss_at``; else the seats with the highest penalty total (several on a tie).

    :raises CardkitError: for totals that are not whole numbers >= 0.
    """
    rules = _check_rules(rules)
    p = _totals(penalties, "penalties")
    if not p or max(p) < rules.loss_at:
        return []
    return [s for s, v in enumerate(p) if v == max(p)]


@dataclass(frozen=True)
class Payment:
    """One payment of the settlement, RULES.md §2.3 (chips).

    :ivar payer: the losing seat.
    :ivar receiver: the seat paid.
    :ivar difference: the loser's penalty total minus the receiver's (points).
    :ivar bonus: the receiver's bonus total (points) as added to the payment: the whole
        total under ``settlement_bonus="all"`` (**default**); under ``"only_plus"`` the
        total when the receiver's penalty total is 0, else 0.
    """

    payer: int
    receiver: int
    difference: int
    bonus: int

    @property
    def chips(self) -> int:
        """``difference + bonus``: the chips paid."""
        return self.difference + self.bonus


def payments(penalties: Sequence[int], bonuses: Sequence[int], rules: Rules | None = None) -> list[Payment] | None:
    """Who pays whom at the end of a game, RULES.md §2.3: each loser pays each other
    player (not another loser) ``(loser's penalty − that player's penalty) + that
    player's bonus`` chips. None while nobody has reached ``rules.loss_at``. With
    ``rules.settlement_bonus="only_plus"`` the bonus is added only for a receiver whose
    penalty total is 0.

    >>> [(p.payer, p.receiver, p.chips) for p in payments([30, 25, 15, 10], [0, 0, 0, 0])]
    [(0, 1, 5), (0, 2, 15), (0, 3, 20)]
    >>> [p.chips for p in payments([30, 10, 0], [0, 20, 20])]
    [40, 50]
    >>> [p.chips for p in payments([30, 10, 0], [0, 20, 20], Rules(players=3, settlement_bonus="only_plus"))]
    [20, 50]

    :raises CardkitError: as :func:`settle`.
    """
    rules = _check_rules(rules)
    p = _totals(penalties, "penalties")
    b = _totals(bonuses, "bonuses")
    if len(p) != len(b) or len(p) < 2:
        raise CardkitError(f"penalties {quote(p)} and bonuses {quote(b)}: expected one total per seat, "
                           f"the same number of seats in both (at least two)")
    lost = losers(p, rules)
    if not lost:
        return None
    only_plus = rules.settlement_bonus == "only_plus"
    return [Payment(loser, s, p[loser] - p[s], 0 if only_plus and p[s] > 0 else b[s])
            for loser in lost for s in range(len(p)) if s not in lost]


def settle(penalties: Sequence[int], bonuses: Sequence[int], rules: Rules | None = None) -> list[int] | None:
    """The chips each seat wins (+) or pays (−) at the end of a game, RULES.md §2.3.

    The loser pays each other player ``(loser's penalty − that player's penalty) + that
    player's bonus``; the loser's own bonus does not count. Which bonuses count is
    ``rules.settlement_bonus``: every receiver's (**default** ``"all"``), or only that of
    a receiver with no penalty (``"only_plus"``, the one case the source shows). If several reach
    ``loss_at`` the highest penalty total loses; tied losers all lose, each pays every
    winner, and they pay nobody among themselves (**default**). Entries sum to 0.

    >>> settle([30, 0, 0], [0, 20, 0])      # source 003: the loser pays Vitaly 30 + 20 = 50
    [-80, 50, 30]
    >>> settle([29, 25, 15, 10], [0, 0, 0, 0]) is None
    True

    :param penalties: each seat's penalty total (points).
    :param bonuses: each seat's bonus total (points), same length.
    :param rules: :class:`Rules` (``loss_at``, ``settlement_bonus``); default ``Rules()``.
    :returns: chips per seat: a winner's entry is what the loser(s) pay them, a loser's
        entry is minus what they pay; None while nobody has reached ``loss_at``.
    :raises CardkitError: for totals that are not whole numbers >= 0, or lists of
        different lengths.
    """
    p = _totals(penalties, "penalties")
    paid = payments(p, bonuses, rules)
    if paid is None:
        return None
    chips = [0] * len(p)
    for pay in paid:
        chips[pay.receiver] += pay.chips
        chips[pay.payer] -= pay.chips
    return chips


# ---- the state -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Observation(TrickObservation):
    """What one seat may see (RULES.md §2): its own hand and every card played.

    The fields of :class:`~cardkit.state.TrickObservation` (``trump`` is always None,
    ``lowest_wins`` False), and ``rules``, the :class:`Rules`.
    """

    rules: Rules


class State(TrickGameState):
    """One deal (кон) of Warsaw Hearts: 12 tricks for three players, 9 for four
    (RULES.md §2.1–§2.2). Build it with :func:`new_deal`.

    Attributes beyond :class:`~cardkit.state.TrickGameState`: ``rules`` and
    ``initial_hands`` (each seat's cards at the start, a tuple in display order).
    The only phases are ``"play"`` and ``"over"``.
    """

    game: ClassVar[str] = "warsaw_hearts"
    phases: ClassVar[tuple[str, ...]] = ("play", "over")

    @classmethod
    def dealt_from_seed(cls, seed: int, *, dealer: int, rules: Rules) -> State:
        """:func:`new_deal` with ``seed``, ``dealer`` and ``rules``: the deal a seed gives
        (:meth:`from_json` checks a saved seed with it)."""
        return new_deal(seed=seed, dealer=dealer, rules=rules)

    def __init__(self, hands: Sequence[Sequence[Card]], dealer: int, rules: Rules) -> None:
        n = rules.players
        self.players = n
        self.rules = rules
        self.dealer = dealer
        self.initial_hands = [tuple(sort_hand(h)) for h in hands]
        self.hands = [list(h) for h in self.initial_hands]
        leader = first_leader(dealer, n)
        self.tricks: list[Trick] = [Trick(leader, n)]
        self.taken = [[] for _ in range(n)]
        self.history = []
        self.phase = "play"
        self.current_player: int | None = leader
        self._assessments: list[Assessment] | None = None

    # play: follow suit and trick order come from the core; no trumps, highest card wins
    def _trick_winner_index(self, trick: Trick) -> int:
        return winning_index(trick.cards)

    def _deal_over(self) -> None:
        self._assessments = self.assessments()

    def tricks_of(self, seat: int) -> list[Trick]:
        """The completed tricks that ``seat`` won, in order.

        :raises CardkitError: for a seat outside 0..players-1.
        """
        seat = check_seat(seat, self.players)
        return [t for t in self.tricks if t.winner == seat]

    def assessments(self) -> list[Assessment]:
        """Each seat's :class:`Assessment` of the tricks it has won so far (final once the
        deal is over; during the play the bonus is only "so far")."""
        if self._assessments is not None:
            return list(self._assessments)
        return [_assess([t.cards for t in self.tricks if t.winner == s], self.rules)
                for s in range(self.players)]

    def _final(self) -> list[Assessment]:
        if self.phase != "over":
            raise StateError(f"the deal is not over (phase {self.phase!r}): penalties and bonuses "
                             f"are counted at the end of the deal (RULES.md §2.2)")
        assert self._assessments is not None  # assessed when the deal ended
        return self._assessments

    def penalties(self) -> list[int]:
        """Each seat's penalty for this deal (points, >= 0), RULES.md §2.2.

        :raises StateError: before the deal is over.
        """
        return [a.penalty for a in self._final()]

    def bonuses(self) -> list[int]:
        """Each seat's bonus for this deal (points, 0 or 20), RULES.md §2.2.

        :raises StateError: before the deal is over.
        """
        return [a.bonus for a in self._final()]

    def _returns(self) -> list[int]:
        """Bonus minus penalty, per seat (points)."""
        assert self._assessments is not None  # asked only when the deal is over
        return [a.bonus - a.penalty for a in self._assessments]

    def returns(self) -> list[int]:
        """Each seat's deal result, bonus minus penalty (points); :meth:`penalties` and
        :meth:`bonuses` give the two parts, which a game keeps as separate totals (§2.2).

        :raises StateError: before the deal is over.
        """
        return super().returns()

    # saved deals: the core's _start_json / _from_start_json (rules, dealer, hands)
    rules_class = Rules

    @staticmethod
    def _new_deal(hands, *, dealer: int, rules: Rules) -> State:
        return new_deal(hands, dealer=dealer, rules=rules)

    def observation(self, seat: int) -> Observation:
        """What seat ``seat`` may see: its own hand and every card played; never another
        seat's hand.

        :raises CardkitError: for a seat outside 0..players-1.
        """
        fields = self._trick_observation(seat, None, False)
        fields["rules"] = self.rules
        return new_frozen(Observation, fields)


    @classmethod
    def from_observation(cls, obs: Observation, hidden: dict) -> State:
        """A full deal that seat ``obs.seat`` cannot tell from the one it observes: each
        seat's hand at the start is its hand now (``obs.hand``, or ``hidden`` for the other
        seats) plus the cards it has played; the play of ``obs`` is applied again
        (``undo_action``, ``to_json`` work on it; ``seed`` None).

        :param obs: ``state.observation(seat)`` of a Warsaw Hearts deal.
        :param hidden: ``{seat: cards}`` for every seat but ``obs.seat``: the cards it holds
            now (``obs.hand_sizes[seat]`` of them), as :class:`~cardkit.Card` or text.
        :returns: a :class:`State` whose ``observation(obs.seat)`` equals ``obs``.
        :raises NotationError: for hidden cards that contradict ``obs``, naming the seat or
            card: a seat missing, a hand of the wrong size, a card outside the 36-card deck,
            seen by the seat or given twice, a card of a suit its holder did not follow
            (RULES.md §2.1).
        :raises CardkitError: for an ``obs`` that is not a Warsaw Hearts observation.
        """
        from ._views import check_world, replay, start_hands
        if not isinstance(obs, Observation):
            raise CardkitError(f"from_observation: {quote(obs)} is not a Warsaw Hearts observation "
                               "(state.observation(seat))")
        # the hands are checked by start_hands (the seat's own and the cards played come from obs)
        world = cls(start_hands(obs, hidden, DECK_SIZE, "RULES.md §2.1"), obs.dealer, obs.rules)
        try:
            replay(world, [c for _leader, cards, _ in obs.tricks for c in cards] + list(obs.trick))
        except IllegalActionError as error:  # pragma: no cover - start_hands refuses such cards first
            raise NotationError(f"hidden cards contradict the play: {error}") from None
        check_world(world, obs)
        return world


def new_deal(hands=None, *, players: int | None = None, dealer: int = 0, seed=None,
             rules: Rules | None = None) -> State:
    """A new deal of Warsaw Hearts, ready for the first lead (RULES.md §2.1).

    :param hands: one hand per seat, each a PBN string (``"AK7.QJ6.T98.A"``) or a list of
        cards / card strings; together the 36 cards, 12 each for three players, 9 each for
        four. None: a random deal.
    :param players: 3 or 4; None (default): ``rules.players``, or 4 without rules. Given
        together with ``rules``, the two must agree.
    :param dealer: the dealer's seat; the seat on the dealer's left leads.
    :param seed: for a random deal, an int or a :class:`numpy.random.Generator`:
        ``deck(36)`` is permuted with ``Generator.permutation`` and seat ``s`` gets cards
        ``k*s .. k*s+k-1`` (``k`` = 12 or 9), so a seed gives the same deal everywhere. An
        int is kept as ``state.seed`` (the short deal code ``W-17``, :mod:`cardkit.codes`).
    :param rules: :class:`Rules` (default ``Rules(players=players)``).
    :raises NotationError: for hands that are not disjoint hands of the right size from the
        36-card deck (e.g. "seat 0: hand ...: 2♥ is not in the 36-card deck").
    :raises CardkitError: for a number of players other than 3 or 4, ``players`` that
        disagrees with ``rules.players`` (both named), ``rules`` that are not
        :class:`Rules`, a dealer outside the seats, or a bad seed.
    """
    rules = rules_for(players, rules)
    n = rules.players
    dealer = check_seat(dealer, n, "dealer")
    k = rules.cards_per_player
    dealt = hands is None
    if dealt:
        hands = deal_hands(deck(DECK_SIZE), n, k, as_generator(seed))
    else:
        hands = check_hands(hands, n, k, DECK_SIZE, game=f"Warsaw Hearts for {n}", rule="RULES.md §2.1")
    state = State(hands, dealer, rules)
    state.seed = seed_of(seed, dealt)
    return state


def rules_for(players, rules) -> Rules:
    """The :class:`Rules` that ``players`` and ``rules`` give together: ``rules`` if given
    (``players`` None or equal to ``rules.players``), else ``Rules(players=players or 4)``.
    Shared by :func:`new_deal` and the simulators.

    :raises CardkitError: for ``rules`` that are not :class:`Rules`, a players count other
        than 3 or 4, or one that disagrees with ``rules.players`` (both named).
    """
    if rules is None:
        return Rules(players=4 if players is None else players)
    rules = _check_rules(rules)
    if players is not None and (not _is_int(players) or players != rules.players):
        raise CardkitError(f"players={quote(players)} but rules.players={quote(rules.players)}: give one of them, "
                           f"or the same number in both")
    return rules


# ---- a game ------------------------------------------------------------------------------------

class Game(DealSeries):
    """A game (партия) of Warsaw Hearts: deals until a penalty total reaches
    ``rules.loss_at`` (30), then the settlement in chips (RULES.md §2.1–§2.3).

    The first dealer is the **lowest** card of the cut from the 36-card deck (tied players
    draw again); the deal then passes to the left. Penalties and bonuses are kept as two
    running totals per player.

    :param players: three or four entries, one per seat: a :class:`~cardkit.bots.Bot`, or
        None (or a name) for a human who acts through :meth:`State.apply_action`.
    :param rules: :class:`Rules`; default ``Rules(players=len(players))``.
    :param seed: int or Generator: the cut and every deal come from it.
    :ivar scores: one row per recorded deal: each seat's bonus minus penalty (points).
    :ivar penalty_rows: one row per recorded deal: each seat's penalty (points).
    :ivar bonus_rows: one row per recorded deal: each seat's bonus (points).
    :ivar cut: the cut's rounds, each a dict seat -> card drawn.
    :raises CardkitError: for a players list that is not three or four long, or that
        disagrees with ``rules.players``.
    """

    name = "Warsaw Hearts"
    seat_counts = tuple(CARDS_PER_PLAYER)
    seat_counts_text = "three or four players (RULES.md §2.1)"
    deck_size = DECK_SIZE
    cut_lowest = True

    def __init__(self, players: Sequence, *, rules: Rules | None = None, seed=None) -> None:
        n = len(players) if isinstance(players, Sequence) and not isinstance(players, str) else None
        rules = _check_rules(rules, Rules(players=n) if n in CARDS_PER_PLAYER else None)
        super().__init__(players, rules=rules, seed=seed)
        if self.rules.players != n:
            raise CardkitError(f"players {quote(players)}: {n} seats, but rules {self.rules!r}")
        self.penalty_rows: list[list[int]] = []
        self.bonus_rows: list[list[int]] = []

    def _deal(self, dealer: int, rng) -> State:
        return new_deal(dealer=dealer, seed=rng, rules=self.rules)

    def _recorded(self, state: State) -> None:
        self.penalty_rows.append(state.penalties())
        self.bonus_rows.append(state.bonuses())

    def _unrecorded(self, state: State) -> None:
        self.penalty_rows.pop()
        self.bonus_rows.pop()

    def _over_text(self) -> str:
        who = ", ".join(f"seat {s}" for s in self.losers())
        return (f"the game is over: {who} reached {self.rules.loss_at} penalty points "
                f"(RULES.md §2.3)")

    @property
    def penalty_totals(self) -> list[int]:
        """Each seat's running penalty total (points)."""
        return [sum(r[s] for r in self.penalty_rows) for s in range(self.seats)]

    @property
    def bonus_totals(self) -> list[int]:
        """Each seat's running bonus total (points)."""
        return [sum(r[s] for r in self.bonus_rows) for s in range(self.seats)]

    def is_over(self) -> bool:
        """True once some penalty total has reached ``rules.loss_at`` (RULES.md §2.3)."""
        return max(self.penalty_totals) >= self.rules.loss_at

    def losers(self) -> list[int]:
        """The seats that lose (RULES.md §2.3); empty while the game goes on."""
        return losers(self.penalty_totals, self.rules)

    def settlement(self) -> list[int] | None:
        """Chips per seat (:func:`settle` of the running totals); None while the game goes on."""
        return settle(self.penalty_totals, self.bonus_totals, self.rules)


#: Names re-exported here lazily (:func:`cardkit._lazy.lazy_exports`), so that importing this
#: module imports neither (no import cycle, no solver): ``ExpertBot``, the judge's expert
#: player (:class:`cardkit.analysis.ExpertBot`), the rule bot ``RuleBot`` and its variant
#: ``KeepHonoursBot`` (:mod:`cardkit.games.warsaw_hearts_bots`).
_LAZY = {"ExpertBot": ("cardkit.analysis.judge", "ExpertBot"),
         "RuleBot": ("cardkit.games.warsaw_hearts_bots", "RuleBot"),
         "KeepHonoursBot": ("cardkit.games.warsaw_hearts_bots", "KeepHonoursBot")}

__getattr__ = lazy_exports(__name__, _LAZY)
__dir__ = lazy_dir(globals(), _LAZY)
