"""Batched Warsaw Hearts: the play of B deals at once, with numpy (RULES.md §2.1–§2.2).

Three or four players, the 36-card deck (A down to 6), no trumps, the player on the
dealer's left leads, follow suit if able. Penalties come from how the heart honours
K♥ Q♥ J♥ lie in each player's tricks; +20 to a player whose tricks hold no heart. The
numbers are read from the engine's :data:`~cardkit.games.warsaw_hearts.PENALTY_SCHEDULE`.

Cards are numbered by their position in ``cardkit.deck(36)`` (A♠ = 0, K♠ = 1, ..., 6♣ =
35). Entry points: :func:`simulate_warsaw_hearts` (given deals) and
:func:`random_warsaw_hearts`; both return a :class:`WarsawHeartsBatch`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from cardkit.core.bots import Bot
from cardkit.core.cards import Card, Rank, Suit
from cardkit.core.dealing import as_generator
from cardkit.core.errors import CardkitError
from cardkit.core.tricks import winning_index

from ..games import warsaw_hearts as W
from ._core import (
    SUIT_MASK,
    U64,
    ZERO,
    FollowSuitPlay,
    PlayedBatch,
    check_batch_size,
    check_deals,
    deal_bits,
    first_nonempty,
    hand_positions,
    hands_from_bits,
    hands_from_deals,
    per_deal,
    pick,
    policy_codes,
    popcount,
)
from .kernel_tables import hearts_layout  # the kernels' tables, built in one module (issue 30)
from .variety import kernels_for as _kernels

__all__ = ["WarsawHeartsBatch", "simulate_warsaw_hearts", "random_warsaw_hearts",
           "HeartsRulePolicyBot", "HeartsWeakestBot", "DECK36", "BITS", "play_batch"]

#: The 36-card deck in :func:`cardkit.deck` order; a card's number is its position here.
DECK36: tuple[Card, ...] = hearts_layout().deck
_INDEX36 = {c: i for i, c in enumerate(DECK36)}
#: card number -> bit position (4 * (rank - 6) + suit), uint8 (:func:`~.kernel_tables.hearts_layout`)
BIT_OF = hearts_layout().bit_of
CARD_OF = hearts_layout().card_of
BITS = hearts_layout().bits
FULL = np.bitwise_or.reduce(BITS)
_K, _Q, _J = hearts_layout().honours
HONOURS = _K | _Q | _J
HEARTS = SUIT_MASK[int(Suit.HEARTS)] & FULL


def _honour_code(mask):
    """(B,) int32: the heart honours in ``mask``, bit 0 K♥, bit 1 Q♥, bit 2 J♥."""
    return (((mask & _K) != ZERO) | (((mask & _Q) != ZERO) << 1) | (((mask & _J) != ZERO) << 2)).astype(np.int32)


@cache
def _score_tables(rules) -> tuple[np.ndarray, np.ndarray]:
    """The penalty schedule and the bonus as the engine reads them (RULES.md §2.2), for the
    summaries the simulator keeps of a player's tricks: ``penalty[honours * 8 + alone]``
    (int32, 64 entries; ``honours`` the honours taken, ``alone`` those alone in their
    trick, both as :func:`_honour_code`) and ``bonus[heart * 2 + took_trick]`` (int32, 4
    entries). Each entry is :func:`~cardkit.games.warsaw_hearts.assess_tricks` of tricks
    with that summary, so no rule of the schedule is written here."""
    fillers = [c for c in DECK36 if c.suit is not Suit.HEARTS]
    n = rules.players

    def tricks(groups):
        it = iter(fillers)
        return [list(g) + [next(it) for _ in range(n - len(g))] for g in groups]

    penalty = np.zeros(64, dtype=np.int32)
    for taken in range(8):
        for alone in range(8):
            together = taken & ~alone
            if alone & ~taken or together.bit_count() == 1:
                continue                  # no player's tricks look like this
            groups = [[h for i, h in enumerate(W.HONOURS) if together >> i & 1]] if together else []
            groups += [[h] for i, h in enumerate(W.HONOURS) if alone >> i & 1]
            penalty[taken * 8 + alone] = W.assess_tricks(tricks(groups), rules).penalty
    six = Card(Suit.HEARTS, Rank.SIX)
    bonus = np.array([W.assess_tricks(tricks([[six] if heart else []]) if took else [], rules).bonus
                      for heart in (0, 1) for took in (0, 1)], dtype=np.int32)
    return penalty, bonus


@dataclass(frozen=True, eq=False)
class WarsawHeartsBatch(PlayedBatch):
    """B deals of Warsaw Hearts played out (RULES.md §2). Deal on axis 0; ``n`` players
    (3 or 4), ``T`` tricks (12 or 9), ``k = T`` cards per hand.

    :ivar dealer: (B,) int8, the dealer's seat.
    :ivar penalties: (B, n) int16, each seat's penalty for the deal (points, §2.2).
    :ivar bonuses: (B, n) int16, each seat's bonus (0 or 20 points, §2.2).
    :ivar scores: (B, n) int16, bonus minus penalty, as ``State.returns()``.
    :ivar tricks_won: (B, n) int8, tricks each seat took.
    :ivar hands: (B, n, k) int8, dealt cards as positions in ``deck(36)``, ascending.
    :ivar leaders: (B, T) int8, the seat that led each trick.
    :ivar plays: (B, T, n) int8, each trick's cards (deck(36) positions) in play order.
    :ivar winners: (B, T) int8, the seat that won each trick.
    """

    dealer: np.ndarray
    penalties: np.ndarray
    bonuses: np.ndarray
    scores: np.ndarray
    tricks_won: np.ndarray
    _hand_bits: np.ndarray
    _plays: np.ndarray
    _leaders: np.ndarray
    _winners: np.ndarray

    @cached_property
    def hands(self) -> np.ndarray:
        return np.sort(CARD_OF[hand_positions(self._hand_bits)], axis=2)

    @cached_property
    def plays(self) -> np.ndarray:
        return np.ascontiguousarray(CARD_OF[self._plays].transpose(2, 0, 1))


class _HeartsPlay(FollowSuitPlay):
    """Per-seat accumulators for the penalty schedule, and the rule policy."""

    def __init__(self, **kw):
        super().__init__(**kw)
        n, B = self.n, self.B
        self.hon = np.zeros(n * B, dtype=U64)       # honours taken
        self.single = np.zeros(n * B, dtype=U64)    # honours alone in their trick
        self.double = np.zeros(n * B, dtype=bool)   # some trick with >= 2 honours
        self.hearts = np.zeros(n * B, dtype=bool)   # some trick with a heart
        self.ntricks = np.zeros(n * B, dtype=np.int8)

    def end_trick(self, wp) -> None:
        idx = self.leader * self.B + self.ar
        tb = self.trick_bits
        hb = tb & HONOURS
        nh = popcount(hb)
        self.hon[idx] |= hb
        self.single[idx] |= np.where(nh == 1, hb, ZERO)
        self.double[idx] |= nh >= 2
        self.hearts[idx] |= (tb & HEARTS) != ZERO
        self.ntricks[idx] += 1

    def rule(self, j, L):
        if j == 0:
            return pick(np.zeros(self.B, dtype=bool), first_nonempty(L & ~HONOURS, L))
        last = j == self.n - 1
        void = (L & self.ledmask) == ZERO
        Wn = self.winners_mask(L)
        Lo = L & ~Wn
        clean = (self.trick_bits & HEARTS) == ZERO
        take_clean = (Wn != ZERO) & clean if last else np.zeros(self.B, dtype=bool)
        plain = first_nonempty(L & ~HONOURS, L)
        X = np.where(take_clean, first_nonempty(Wn & ~HONOURS, Wn),
                     np.where(Lo != ZERO, first_nonempty(Lo & HONOURS, Lo), plain))
        strong = take_clean | (Lo != ZERO) | last
        X = np.where(void, first_nonempty(L & HONOURS, L & HEARTS, L), X)
        return pick(strong | void, X)


class _KernelHeartsPlay:
    """The play by :func:`._kernels.play_hearts`: the attributes of a finished
    :class:`_HeartsPlay` and the same random numbers (one ``rng.random(B)`` per card played
    after the prefix and before the last trick, when a seat plays at random)."""

    def __init__(self, K, hands, leader, codes, rng, prefix, T):
        n, B = hands.shape
        draws = max((T - 1) * n - len(prefix), 0) if (codes == 0).any() else 0
        rs = K.random_stream(rng, draws, B)
        self.plays = np.empty((T, n, B), dtype=np.uint8)
        self.leaders = np.empty((T, B), dtype=np.int8)
        self.winners = np.empty((T, B), dtype=np.int8)
        self.hon = np.empty(n * B, dtype=U64)
        self.single = np.empty(n * B, dtype=U64)
        self.double = np.empty(n * B, dtype=bool)
        self.hearts = np.empty(n * B, dtype=bool)
        self.ntricks = np.empty(n * B, dtype=np.int8)
        K.play_hearts(np.ascontiguousarray(hands, dtype=U64), np.ascontiguousarray(leader, dtype=np.int32),
                      np.ascontiguousarray(codes, dtype=np.int8), rs, np.ascontiguousarray(prefix),
                      SUIT_MASK, HONOURS, HEARTS, self.plays, self.leaders, self.winners, self.hon,
                      self.single, self.double, self.hearts, self.ntricks)


def play_batch(hands, dealer, rules, policy, rng, prefix=None) -> WarsawHeartsBatch:
    n, B = hands.shape
    T = rules.cards_per_player
    side = np.broadcast_to(np.arange(n, dtype=np.int8)[:, None], (n, B))
    leader = W.first_leader(dealer.astype(np.int32), n)    # RULES.md §2.1, the engine's rule
    codes = policy_codes(policy, n)
    prefix = np.zeros(0, dtype=np.int32) if prefix is None else np.asarray(prefix, dtype=np.int32)
    K = _kernels(rng) if prefix.ndim == 1 else None
    play: _KernelHeartsPlay | _HeartsPlay
    if K is not None:
        play = _KernelHeartsPlay(K, hands, leader, codes, rng, prefix, T)
    else:
        play = _HeartsPlay(hands=hands, leader=leader, trump=np.full(B, -1), side=side,
                           policies=codes, rng=rng, tricks=T)
        play.prefix = prefix
        play.run()
    # RULES.md §2.2, read from the engine's schedule (see _score_tables)
    penalty_of, bonus_of = _score_tables(rules)
    pen = penalty_of[_honour_code(play.hon) * 8 + _honour_code(play.single)]
    bonus = bonus_of[play.hearts.astype(np.int32) * 2 + (play.ntricks > 0)]
    pen = pen.reshape(n, B).T.astype(np.int16)
    bonus = bonus.reshape(n, B).T.astype(np.int16)
    return WarsawHeartsBatch(
        dealer=dealer.astype(np.int8), penalties=np.ascontiguousarray(pen),
        bonuses=np.ascontiguousarray(bonus), scores=bonus - pen,
        tricks_won=np.ascontiguousarray(play.ntricks.reshape(n, B).T),
        _hand_bits=hands, _plays=play.plays, _leaders=play.leaders, _winners=play.winners)


def _check(rules, players, dealer, B):
    """The rules (``players`` and ``rules`` must agree, as in ``warsaw_hearts.new_deal``)
    and the dealer per deal, checked before any cast.

    :raises CardkitError: naming the argument.
    """
    rules = W.rules_for(players, rules)
    n = rules.players
    dl = per_deal(dealer, B, "dealer", f"expected a seat 0..{n - 1}, one or {B} of them", lo=0, hi=n - 1)
    return rules, dl


def simulate_warsaw_hearts(deals, *, players: int | None = None, dealer=0, policy="random", rules=None,
                           seed=None) -> WarsawHeartsBatch:
    """Play B deals of Warsaw Hearts at once (RULES.md §2.1–§2.2).

    :param deals: shape (B, 36) integer array, each row a permutation of 0..35 (positions
        in ``deck(36)``); seat ``s`` holds ``row[k*s : k*s+k]`` (k = 12 or 9), as
        :func:`cardkit.games.warsaw_hearts.new_deal` deals.
    :param players: 3 or 4; None (default): ``rules.players``, or 4 without rules. Given
        with ``rules``, the two must agree (as in :func:`cardkit.games.warsaw_hearts.new_deal`).
    :param dealer: the dealer's seat, one or shape (B,); the seat on the left leads.
    :param policy: ``"random"``, ``"rule"``, ``"weakest"`` or one name per seat.
    :param rules: :class:`cardkit.games.warsaw_hearts.Rules`.
    :param seed: int or Generator for the random policy.
    :raises CardkitError: for deals that are not permutations of 36 cards, a dealer outside
        the seats (or not a whole number), an unknown policy, a player count other than 3
        or 4 or one that disagrees with ``rules.players``, or ``rules`` that are not
        Warsaw Hearts' ``Rules``.
    """
    rng = as_generator(seed)
    deals = check_deals(deals, 36)
    if deals.min(initial=0) < 0 or deals.max(initial=0) > 35:
        raise CardkitError("deals: card numbers must be 0..35 (positions in deck(36))")
    B = deals.shape[0]
    rules, dl = _check(rules, players, dealer, B)
    policy_codes(policy, rules.players)
    n, k = rules.players, rules.cards_per_player
    hands = hands_from_deals(deals, BIT_OF, n, k)
    if not ((np.bitwise_or.reduce(hands, axis=0) == FULL).all() and (popcount(hands) == k).all()):
        raise CardkitError("deals: each row must hold every card 0..35 once")
    return play_batch(hands, dl, rules, policy, rng)


def random_warsaw_hearts(batch: int, *, players: int | None = None, seed=None, policy="random",
                         rules=None) -> WarsawHeartsBatch:
    """Deal ``batch`` deals (exactly ``deal_batch(batch, seed, deck=36)``, as bitmasks),
    draw each deal's dealer from the same generator, and play them (see
    :func:`simulate_warsaw_hearts`).

    :raises CardkitError: as :func:`simulate_warsaw_hearts`, or for a batch size that is
        not a whole number 1..:data:`~cardkit.simulate.MAX_BATCH`; every argument is checked
        before any card is dealt.
    """
    batch = check_batch_size(batch)
    rules, _ = _check(rules, players, 0, batch)
    policy_codes(policy, rules.players)
    rng = as_generator(seed)
    K = _kernels(rng)
    if K is not None:   # the same shuffle, compiled (see _kernels.deal_hands)
        state = K.generator_state(rng)
        hands = np.empty((rules.players, batch), dtype=U64)
        K.deal_hands(state, BITS, hands)
        K.set_generator_state(rng, state)
    else:
        hands = hands_from_bits(deal_bits(batch, BITS, rng), rules.players, rules.cards_per_player)
    dealer = rng.integers(0, rules.players, batch)
    return play_batch(hands, dealer, rules, policy, rng)


# ---- object-engine twins -------------------------------------------------------------

def _strongest(xs):
    return max(xs, key=lambda c: (int(c.rank), int(c.suit)))


def _weakest(xs):
    return min(xs, key=lambda c: (int(c.rank), int(c.suit)))


class HeartsWeakestBot(Bot):
    """The weakest legal card (ties to the lower suit number): twin of ``"weakest"``."""

    name = "weakest"

    def act(self, obs):
        return _weakest(obs.legal_actions)


class HeartsRulePolicyBot(Bot):
    """The object-engine twin of the vectorised Warsaw Hearts rule policy
    (``policy="rule"``), acting from its observation only (RULES.md §2.1–§2.2):

    - Leading: the weakest card that is not a heart honour (else the weakest).
    - Void in the suit led: the strongest heart honour, else the strongest heart, else
      the strongest card (honours and hearts go on another player's trick).
    - Last to play to a trick with no heart, able to win it: the strongest winning card
      that is not an honour (a clean trick keeps the +20 bonus alive).
    - Otherwise, able to duck: the strongest heart honour that ducks, else the strongest
      card that ducks.
    - Forced to win: the card that is not an honour (else any), strongest when last to
      play, else weakest.

    Strongest/weakest by rank; between suits, strongest goes to the higher suit number,
    weakest to the lower.
    """

    name = "rule-policy"

    def act(self, obs):
        legal = list(obs.legal_actions)
        trick = list(obs.trick)
        hon = set(W.HONOURS)
        if not trick:
            return _weakest([c for c in legal if c not in hon] or legal)
        j = len(trick)
        last = j == obs.players - 1
        if legal[0].suit != trick[0].suit:
            return _strongest([c for c in legal if c in hon] or [c for c in legal if c.suit is Suit.HEARTS] or legal)
        winners = [c for c in legal if winning_index(trick + [c]) == j]
        losers = [c for c in legal if c not in winners]
        clean = not any(c.suit is Suit.HEARTS for c in trick)
        if last and clean and winners:
            return _strongest([c for c in winners if c not in hon] or winners)
        if losers:
            return _strongest([c for c in losers if c in hon] or losers)
        plain = [c for c in legal if c not in hon] or legal
        return _strongest(plain) if last else _weakest(plain)


# Older private names of the public ones above, for code written before they were public.
_BITS = BITS
_play = play_batch
