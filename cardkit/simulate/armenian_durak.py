"""Batched Armenian Durak with trumps: the play of B deals at once (RULES.md §3.2–§3.4).

Two players; each owns a hand and a tableau of six stacks (a face-down card under a
face-up card). A card may be played from the hand or from one's own face-up cards; a
face-up card played turns up the card under it; after a card from the hand the player
may take one face-down card into the hand (choosing the stack; with
``rules.draw_after="lead"`` only after a lead from the hand). Following: a plain suit
led, that suit or a trump; a trump led, a trump; with neither, any card. The special card
(the six; the two with 52 cards) beats only the ace of its suit and loses to every other
card of it. Card points: special 6, A 5, K 4, Q 3, J 2; +10 to a player who takes every
trick.

Cards are numbered by their position in ``cardkit.deck(rules.deck)`` (for 52 cards that
is :attr:`Card.index`). Deals are dealt as :func:`cardkit.games.armenian_durak.dealing_steps`
deals a pack (one card at a time, dealer first: six face down, the hand, six face up).
The trump is given per deal (the blind draw of §3.2 picks a card of the dealer's hand; the
random entry point draws it that way). Entry points: :func:`simulate_armenian_durak`,
:func:`random_armenian_durak`; both return a :class:`DurakBatch`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from cardkit.core.bots import Bot
from cardkit.core.cards import Rank
from cardkit.core.dealing import as_generator, check_rules
from cardkit.core.errors import CardkitError
from cardkit.core.notation import parse_suit

from ..games import armenian_durak as D
from ._core import (
    ONE,
    SUIT_MASK,
    U64,
    ZERO,
    PlayedBatch,
    check_batch_size,
    check_deals,
    deal_bits,
    first_nonempty,
    lowest_bit,
    msb,
    per_deal,
    policy_codes,
    popcount,
    random_bit,
)
from .kernel_tables import (  # the kernels' tables, built in one module (issue 30)
    durak_point_masks as _point_masks,
    durak_strength as strength,
    durak_tables as kernel_tables,
)
from .trick_rule import durak_beaters_batch, durak_duty_batch

__all__ = ["DurakBatch", "simulate_armenian_durak", "random_armenian_durak", "DurakRulePolicyBot",
           "DurakWeakestBot", "strength", "layout_columns", "NO_DRAW", "DECLINED", "kernel_tables",
           "DurakPlay", "finish_batch"]

STACKS = D.STACKS
#: ``draws`` sentinel: no draw was offered (the card came from a stack, or no face-down card was left).
NO_DRAW = -2
#: ``draws`` value: a draw was offered and declined (``Draw(None)``).
DECLINED = -1


def layout_columns(rules=None) -> dict[str, np.ndarray]:
    """Where each part of the layout comes from in a dealt row (RULES.md §3.2): for
    ``"down"``, ``"hand"`` and ``"up"``, an int array of shape (2, n) giving, for the dealer
    (row 0) and the opponent (row 1), the row's columns in stack / hand order."""
    rules = rules or D.Rules()
    out, i = {}, 0
    for place, n in (("down", STACKS), ("hand", rules.hand_size), ("up", STACKS)):
        cols = np.empty((2, n), dtype=np.int64)
        for pos in range(n):
            for who in range(2):
                cols[who, pos] = i
                i += 1
        out[place] = cols
    return out


@dataclass(frozen=True, eq=False)
class DurakBatch(PlayedBatch):
    """B deals of Armenian Durak played out (RULES.md §3). Deal on axis 0; ``T`` tricks
    (18, or 26 with 52 cards). Seats 0 and 1.

    :ivar dealer: (B,) int8, the dealer (the opponent leads first, §3.3).
    :ivar trump: (B,) int8, the trump suit (0 ♠, 1 ♥, 2 ♦, 3 ♣).
    :ivar points: (B, 2) int16, card points in each seat's tricks (§3.1).
    :ivar scores: (B, 2) int16, ``points`` plus the +10 sweep bonus (§3.4), as
        ``State.returns()``.
    :ivar tricks_won: (B, 2) int8.
    :ivar plays: (B, T, 2) int8, each trick's two cards (deck positions), lead first.
    :ivar leaders: (B, T) int8; ``winners`` (B, T) int8.
    :ivar draws: (B, T, 2) int8, after each card: the stack 0..5 whose face-down card the
        player took into the hand, :data:`DECLINED` (-1) for ``Draw(None)``, or
        :data:`NO_DRAW` (-2) when no draw was offered.
    """

    dealer: np.ndarray
    trump: np.ndarray
    points: np.ndarray
    scores: np.ndarray
    tricks_won: np.ndarray
    _plays: np.ndarray
    _leaders: np.ndarray
    _winners: np.ndarray
    _draws: np.ndarray
    _card_of: np.ndarray

    @cached_property
    def plays(self) -> np.ndarray:
        return np.ascontiguousarray(self._card_of[self._plays].transpose(2, 0, 1))

    @cached_property
    def draws(self) -> np.ndarray:
        return np.ascontiguousarray(self._draws.transpose(2, 0, 1))


class DurakPlay:
    """The play loop. State arrays (seat on axis 0, deal on the last axis):

    - ``hand`` (2, B) uint64 masks; ``up`` / ``down`` (2, 6, B) int16 bit positions of
      each stack's face-up / face-down card, -1 for none; ``upm`` (2, B) the face-up masks.
    - ``taken`` (2, B) uint64, ``ntricks`` (2, B) int32.
    """

    def __init__(self, tables, hand, up, down, leader, trump, policies, rng, tricks, taken=None,
                 ntricks=None, draw_after="any"):
        self.tb = tables
        self.lead_draw_only = draw_after == "lead"   # Rules.draw_after (RULES.md §3.3)
        self.B = hand.shape[1]
        self.hand = hand.copy()
        self.up = up.astype(np.int16)
        self.down = down.astype(np.int16)
        self.upm = self._mask(self.up)
        self.leader = np.asarray(leader, dtype=np.int32).copy()
        self.trump = np.asarray(trump, dtype=np.int32)
        self.tm = np.take(SUIT_MASK, self.trump) & tables.full
        self.policies = np.asarray(policies, dtype=np.int8)
        self.rng = rng
        self.T = tricks
        self.taken = np.zeros((2, self.B), dtype=U64) if taken is None else taken.copy()
        self.ntricks = np.zeros((2, self.B), dtype=np.int32) if ntricks is None else ntricks.astype(np.int32)
        self.ar = np.arange(self.B)

    @staticmethod
    def _mask(pos):
        bits = np.where(pos >= 0, ONE << np.maximum(pos, 0).astype(U64), ZERO)
        return np.bitwise_or.reduce(bits, axis=1)

    # -- policies --------------------------------------------------------------------------
    def _choose(self, j, L, cur, lead_pos, lead_bit):
        codes = self.policies
        seat_code = np.take(codes, cur)
        out = None
        for code in np.unique(codes):
            if code == 0:
                c = random_bit(L, self.rng.random(self.B))
            elif code == 1:
                c = self._rule(j, L, lead_pos, lead_bit)
            else:
                c = msb(lowest_bit(L))
            out = c if out is None else np.where(seat_code == code, c, out)
        return out

    def _rule(self, j, L, lead_pos, lead_bit):
        tb = self.tb
        plain = ~self.tm
        if j == 0:
            X = first_nonempty(L & plain & tb.zero, L & self.tm & tb.zero, L & plain & ~tb.special,
                               L & ~tb.special, L)
            return msb(lowest_bit(X))
        Wn = L & self._beaters(lead_pos, lead_bit)
        Lo = L & ~Wn
        lead_pts = (lead_bit & tb.zero) == ZERO
        lead_suit = np.take(SUIT_MASK, lead_pos & 3)
        six_for_ace = Wn & tb.special & lead_suit & np.where((lead_bit & tb.aces) != ZERO, tb.full, ZERO)
        cheapest = first_nonempty(Wn & plain & tb.zero, Wn & self.tm & tb.zero, Wn & ~tb.special, Wn)
        cheap_same = Wn & lead_suit & tb.zero
        lose = first_nonempty(*[Lo & m for m in (tb.zero,) + tb.by_points])
        X = np.where(six_for_ace != ZERO, six_for_ace,
                     np.where((Wn != ZERO) & lead_pts, cheapest,
                              np.where(cheap_same != ZERO, cheap_same,
                                       np.where(Lo != ZERO, lose, cheapest))))
        return msb(lowest_bit(X))

    def _beaters(self, lead_pos, lead_bit):
        """The cards that beat the lead (RULES.md §3.1, §3.3)."""
        tb = self.tb
        return durak_beaters_batch(lead_pos, lead_bit, SUIT_MASK, tb.full, tb.aces, tb.special, tb.top, self.tm)

    def _draw_choice(self, cur, offered, downs):
        """Stack drawn (0..5) or -1, per deal, for the seats' policies; ``downs`` (6, B)."""
        has = downs >= 0
        first = np.where(has.any(axis=0), has.argmax(axis=0), -1)
        seat_code = np.take(self.policies, cur)
        out = first
        if (self.policies == 0).any():
            cnt = has.sum(axis=0)
            k = (self.rng.random(self.B) * (cnt + 1)).astype(np.int64)    # cnt means "none"
            order = np.cumsum(has, axis=0) - 1                            # rank among stacks with a card
            pickk = ((order == k[None, :]) & has).argmax(axis=0)
            rnd = np.where(k < cnt, pickk, -1)
            out = np.where(seat_code == 0, rnd, out)
        return np.where(offered, out, NO_DRAW)

    # -- the loop --------------------------------------------------------------------------
    def _play_card(self, t, j, cur, forced=None, lead_pos=None, lead_bit=None):
        B, ar = self.B, self.ar
        hidx = cur * B + ar
        hand = np.take(self.hand.reshape(-1), hidx)
        upm = np.take(self.upm.reshape(-1), hidx)
        P = hand | upm
        if j == 0:
            L = P
        else:
            L = durak_duty_batch(P, lead_pos, lead_bit, SUIT_MASK, self.tm)
        pos = forced if forced is not None else self._choose(j, L, cur, lead_pos, lead_bit)
        bit = ONE << pos.astype(U64)
        from_hand = (hand & bit) != ZERO
        self.hand.reshape(-1)[hidx] = hand & ~bit
        # a face-up card played: the card under it turns up (RULES.md §3.3)
        up = self.up.reshape(2, STACKS * B)
        down = self.down.reshape(2, STACKS * B)
        cols = np.arange(STACKS)[:, None] * B + ar[None, :]          # (6, B)
        ups = up[cur[None, :], cols]
        downs = down[cur[None, :], cols]
        hit = (ups == pos[None, :]) & ~from_hand[None, :]
        ups = np.where(hit, downs, ups)
        downs = np.where(hit, -1, downs)
        new_up_bits = np.bitwise_or.reduce(np.where(hit & (ups >= 0), ONE << np.maximum(ups, 0).astype(U64), ZERO),
                                           axis=0)
        upm = (upm & ~bit) | new_up_bits
        # the optional draw after a card from the hand (with draw_after="lead": a lead only)
        offered = from_hand & (downs >= 0).any(axis=0)
        if j == 1 and self.lead_draw_only:
            offered = np.zeros_like(offered)
        choice = self._draw_choice(cur, offered, downs)
        take = choice >= 0
        cidx = np.maximum(choice, 0)
        drawn = downs[cidx, ar]
        hand2 = self.hand.reshape(-1)[hidx] | np.where(take, ONE << np.maximum(drawn, 0).astype(U64), ZERO)
        self.hand.reshape(-1)[hidx] = hand2
        downs[cidx[take], ar[take]] = -1
        up[cur[None, :], cols] = ups
        down[cur[None, :], cols] = downs
        self.upm.reshape(-1)[hidx] = upm
        self.plays[t, j] = pos
        self.draws[t, j] = choice
        return pos, bit

    def run(self, first_lead=None, first_reply=None):
        """Play ``self.T`` tricks; ``first_lead`` (B,) bit positions: the first trick's
        lead is already on the table (removed from the leader's cards by the caller);
        ``first_reply``: force the first reply. Without them, and with numba and a PCG64
        generator, the compiled :func:`._kernels.play_durak` plays (same arrays, same
        random numbers)."""
        from .variety import kernels_for as _kernels
        K = _kernels(self.rng) if first_lead is None and first_reply is None else None
        if K is not None:
            return self._run_kernel(K)
        B, T = self.B, self.T
        self.plays = np.empty((T, 2, B), dtype=np.uint8)
        self.draws = np.full((T, 2, B), NO_DRAW, dtype=np.int8)
        self.leaders = np.empty((T, B), dtype=np.int8)
        self.winners = np.empty((T, B), dtype=np.int8)
        for t in range(T):
            self.leaders[t] = self.leader
            if t == 0 and first_lead is not None:
                lp = np.asarray(first_lead, dtype=np.int32)
                lb = ONE << lp.astype(U64)
                self.plays[0, 0] = lp
            else:
                lp, lb = self._play_card(t, 0, self.leader)
            other = 1 - self.leader
            _, rb = self._play_card(t, 1, other, forced=first_reply if t == 0 else None,
                                     lead_pos=lp, lead_bit=lb)
            reply_wins = (rb & self._beaters(lp, lb)) != ZERO
            winner = np.where(reply_wins, other, self.leader)
            widx = winner * B + self.ar
            self.taken.reshape(-1)[widx] |= lb | rb
            self.ntricks.reshape(-1)[widx] += 1
            self.winners[t] = winner
            self.leader = winner


    def _run_kernel(self, K):
        B, T, tb = self.B, self.T, self.tb
        draws = 4 * T if (self.policies == 0).any() else 0   # card and draw, lead and reply
        rs = K.random_stream(self.rng, draws, B)
        self.plays = np.empty((T, 2, B), dtype=np.uint8)
        self.draws = np.empty((T, 2, B), dtype=np.int8)
        self.leaders = np.empty((T, B), dtype=np.int8)
        self.winners = np.empty((T, B), dtype=np.int8)
        self.ntricks = np.ascontiguousarray(self.ntricks, dtype=np.int32)
        self.up = np.ascontiguousarray(self.up)
        self.down = np.ascontiguousarray(self.down)
        K.play_durak(self.hand, self.up, self.down, np.ascontiguousarray(self.leader, dtype=np.int32),
                     np.ascontiguousarray(self.tm, dtype=U64), np.ascontiguousarray(self.policies),
                     rs, self.lead_draw_only, SUIT_MASK, U64(tb.full), U64(tb.aces), U64(tb.special),
                     U64(tb.zero), np.array(tb.by_points, dtype=U64), tb.top, self.plays, self.draws,
                     self.leaders, self.winners, self.taken, self.ntricks)
        self.leader = self.winners[-1].astype(np.int32)
        self.upm = self._mask(self.up)


def _points(taken, trump, rules):
    """(2, B) int32: the card points in each seat's tricks (``taken`` (2, B) uint64, ``trump``
    (B,) suits), by the engine's table (:func:`_point_masks`)."""
    values, masks = _point_masks(rules)
    pts = np.zeros(taken.shape, dtype=np.int32)
    for k, v in enumerate(values):
        pts += v * popcount(taken & masks[trump, k][None, :]).astype(np.int32)
    return pts


def _setup_from_rows(rows_bits, dealer, rules):
    """(B, deck) rows of bit positions dealt as §3.2 -> hand (2,B), up, down (2,6,B)."""
    B = rows_bits.shape[0]
    cols = layout_columns(rules)
    seat_row = np.stack([dealer, 1 - dealer]).astype(np.int64)     # (who, B): seat of dealer / opponent
    hand = np.zeros((2, B), dtype=U64)
    up = np.empty((2, STACKS, B), dtype=np.int16)
    down = np.empty((2, STACKS, B), dtype=np.int16)
    ar = np.arange(B)
    for who in range(2):
        s = seat_row[who]
        hb = (ONE << rows_bits[:, cols["hand"][who]].astype(U64)).sum(axis=1, dtype=U64)
        hand[s, ar] = hb
        up[s, :, ar] = rows_bits[:, cols["up"][who]]
        down[s, :, ar] = rows_bits[:, cols["down"][who]]
    return hand, up, down


def finish_batch(play, tables, dealer, trump, rules):
    pts = _points(play.taken, np.asarray(trump, dtype=np.int64), rules)
    sweep = D.sweep_bonus(play.ntricks, rules)                     # RULES.md §3.4, the engine's rule
    return DurakBatch(
        dealer=np.asarray(dealer, dtype=np.int8), trump=np.asarray(trump, dtype=np.int8),
        points=np.ascontiguousarray(pts.T.astype(np.int16)),
        scores=np.ascontiguousarray((pts + sweep).T.astype(np.int16)),
        tricks_won=np.ascontiguousarray(play.ntricks.T.astype(np.int8)),
        _plays=play.plays, _leaders=play.leaders, _winners=play.winners, _draws=play.draws,
        _card_of=tables.card_of)


def _batch_arg(x, B, name, hi, message=None):
    """Whole numbers 0..hi, one or B of them, checked before any cast."""
    return per_deal(x, B, name, message or f"expected values 0..{hi}, one or {B} of them", lo=0, hi=hi)


def _trump_arg(trump, B):
    """The trump per deal: a :class:`~cardkit.Suit`, a suit's notation (``"H"``, ``"♥"``,
    ``"hearts"``, read by :func:`cardkit.notation.parse_suit`) or a whole number 0..3; one
    or B of them."""
    if isinstance(trump, str):
        trump = int(parse_suit(trump, "trump"))
    elif not isinstance(trump, (int, np.integer, np.ndarray)) and hasattr(trump, "__len__"):
        trump = [int(parse_suit(t, "trump")) if isinstance(t, str) else t for t in trump]
    return _batch_arg(trump, B, "trump", 3, f"expected a suit (Suit.HEARTS, 'H', '♥') or 0..3, one or {B} of them")


def simulate_armenian_durak(deals, trump, *, dealer=0, policy="random", rules=None, seed=None) -> DurakBatch:
    """Play B deals of Armenian Durak at once (RULES.md §3.2–§3.4).

    :param deals: shape (B, deck) integer array, each row a permutation of the card
        positions in ``deck(rules.deck)``, dealt as ``deal_layout(pack, dealer)`` deals the
        pack ``[deck[i] for i in row]``.
    :param trump: the trump suit: a :class:`cardkit.Suit`, its notation (``"H"``, ``"♥"``,
        ``"hearts"``, :func:`cardkit.notation.parse_suit`) or 0..3; one or shape (B,).
    :param dealer: 0 or 1, one or shape (B,); the other seat leads.
    :param policy: ``"random"``, ``"rule"``, ``"weakest"``, or two names (seats 0, 1). The
        random policy picks a legal card uniformly, then (after a card from the hand) a
        face-down stack or "none" uniformly; the others always draw from the first stack
        that has a face-down card.
    :param rules: :class:`cardkit.games.armenian_durak.Rules` (``deck``, ``trump_six_double``,
        ``draw_after``: with ``"lead"`` no draw follows a reply, and ``draws`` holds
        :data:`NO_DRAW` for every reply).
    :param seed: int or Generator for the random policy.
    :raises CardkitError: for deals that are not permutations of the deck, a trump or
        dealer that is not a whole number in range (checked before any cast), an unknown
        policy, or ``rules`` that are not Armenian Durak's ``Rules``.
    :raises NotationError: for a trump given as text that is not a suit.
    """
    rules = check_rules(rules, D.Rules, "Armenian Durak")
    codes = policy_codes(policy, 2)
    rng = as_generator(seed)
    tables = kernel_tables(rules.deck)
    n = rules.deck
    deals = check_deals(deals, n)
    if deals.min(initial=0) < 0 or deals.max(initial=0) >= n or \
            not (np.sort(deals, axis=1) == np.arange(n)).all():
        raise CardkitError(f"deals: each row must hold every card 0..{n - 1} once")
    B = deals.shape[0]
    dl = _batch_arg(dealer, B, "dealer", 1)
    tr = _trump_arg(trump, B)
    hand, up, down = _setup_from_rows(tables.bit_of[deals].astype(np.int64), dl, rules)
    play = DurakPlay(tables, hand, up, down, D.first_leader(dl), tr, codes, rng, rules.tricks,
                      draw_after=rules.draw_after)
    play.run()
    return finish_batch(play, tables, dl, tr, rules)


def random_armenian_durak(batch: int, *, seed=None, policy="random", rules=None) -> DurakBatch:
    """Deal ``batch`` deals (exactly ``deal_batch(batch, seed, deck=rules.deck)``), draw
    each deal's dealer (0 or 1) and then its trump as the suit of a uniformly random card
    of the dealer's hand (the blind draw of §3.2), from the same generator; play them.

    :raises CardkitError: as :func:`simulate_armenian_durak`, or for a batch size that is
        not a whole number 1..:data:`~cardkit.simulate.MAX_BATCH`; every argument is checked
        before any card is dealt.
    """
    batch = check_batch_size(batch)
    rules = check_rules(rules, D.Rules, "Armenian Durak")
    codes = policy_codes(policy, 2)
    tables = kernel_tables(rules.deck)
    rng = as_generator(seed)
    from .variety import kernels_for as _kernels
    K = _kernels(rng)
    if K is not None:   # the same shuffle, compiled (see _kernels.deal_rows)
        state = K.generator_state(rng)
        rows = np.empty((batch, rules.deck), dtype=np.int64)
        K.deal_rows(state, tables.bit_of.astype(np.int64), rows)
        K.set_generator_state(rng, state)
    else:
        rows = deal_bits(batch, tables.bit_of.astype(np.int16), rng).astype(np.int64)
    dl = rng.integers(0, 2, batch)
    pick_i = rng.integers(0, rules.hand_size, batch)
    cols = layout_columns(rules)["hand"][0]          # the dealer's hand columns
    tr = (rows[np.arange(batch), cols[pick_i]] & 3)
    hand, up, down = _setup_from_rows(rows, dl, rules)
    play = DurakPlay(tables, hand, up, down, D.first_leader(dl), tr, codes, rng, rules.tricks,
                      draw_after=rules.draw_after)
    play.run()
    return finish_batch(play, tables, dl, tr, rules)


# ---- object-engine twins -----------------------------------------------------------------

def _key(card, rules):
    return (strength(card, rules), int(card.suit))


class DurakWeakestBot(Bot):
    """Plays the weakest legal card by (:func:`strength`, suit) and draws from the first
    stack with a face-down card: the twin of ``policy="weakest"``."""

    name = "weakest"

    def act(self, obs):
        legal = list(obs.legal_actions)
        if obs.phase == "trump":
            return legal[0]
        if obs.phase == "draw":
            return legal[0]
        return min(legal, key=lambda c: _key(c, obs.rules))


class DurakRulePolicyBot(Bot):
    """The object-engine twin of the vectorised rule policy (RULES.md §3.1, §3.3), from
    its observation only. Draws: always the first stack with a face-down card.

    - Leading: the weakest pointless plain card, else the weakest pointless trump, else
      the weakest plain card that is not the special one, else the weakest card but the
      special one, else the special one.
    - Replying to an ace with the special card of its suit in reach: the special card.
    - A lead with points, and a card that beats it: the weakest pointless plain winner,
      else the weakest pointless trump winner (fig. 52: J♠ led, hearts trumps: 7♥, not A♠),
      else the weakest winner but the special one, else the special one.
    - A pointless lead: beaten only by a pointless card of its suit (the weakest); else
      let go with the card of fewest points (then the weakest); forced to win, as above.

    "Weakest" is by :func:`strength` then suit: the simulator's bit order.
    """

    name = "rule-policy"

    def act(self, obs):
        legal = list(obs.legal_actions)
        if obs.phase in ("trump", "draw"):
            return legal[0]
        rules, trump = obs.rules, obs.trump
        pts = lambda c: D.card_points(c, None, rules)
        special = rules.special
        weakest = lambda xs: min(xs, key=lambda c: _key(c, rules))
        first = lambda *sets: next((s for s in sets if s), sets[-1])
        plain = lambda c: c.suit != trump
        if not obs.trick:
            return weakest(first([c for c in legal if plain(c) and pts(c) == 0],
                                 [c for c in legal if not plain(c) and pts(c) == 0],
                                 [c for c in legal if plain(c) and c.rank != special],
                                 [c for c in legal if c.rank != special], legal))
        lead = obs.trick[0]
        win = [c for c in legal if D.trick_winner(lead, c, trump, rules) == 1]
        lose = [c for c in legal if c not in win]
        if lead.rank == Rank.ACE:
            six = [c for c in win if c.rank == special and c.suit == lead.suit]
            if six:
                return six[0]
        cheapest = lambda: weakest(first([c for c in win if plain(c) and pts(c) == 0],
                                         [c for c in win if not plain(c) and pts(c) == 0],
                                         [c for c in win if c.rank != special], win))
        if win and pts(lead) > 0:
            return cheapest()
        cheap_same = [c for c in win if c.suit == lead.suit and pts(c) == 0]
        if cheap_same:
            return weakest(cheap_same)
        if lose:
            order = [lambda c: pts(c) == 0] + [lambda c, r=r: c.rank == r for r in
                                                (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE, special)]
            return weakest(first(*[[c for c in lose if f(c)] for f in order]))
        return cheapest()


# Older private names of the public ones above, for code written before they were public.
_tables = kernel_tables
_DurakPlay = DurakPlay
_finish = finish_batch
