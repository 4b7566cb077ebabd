"""Bit layouts, lookup tables and vectorised primitives shared by the batched simulators.

A hand is one ``uint64`` per seat and deal. Card bits are laid out **strength-major**:

    bit = 4 * strength + suit

where ``suit`` is :class:`cardkit.Suit` (0 ♠, 1 ♥, 2 ♦, 3 ♣) and ``strength`` is the card's
strength within its suit under the game's rules, 0 for the weakest (RULES.md §1.5: 2 low,
A high; Variety contract 6 reverses it, so there the 2 has strength 12; §2.1: the 36-card
deck has strengths 0..8, 6 to A; §3.1: Armenian Durak's six beats only the ace).

So within one suit a higher bit always beats a lower one; the lowest set bit of a mask is
its weakest card (ties between suits go to the lower bit, that is the lower suit number)
and the highest set bit its strongest (ties go to the higher suit number). A suit's cards
are ``mask & SUIT_MASK[suit]``. The layout never depends on seats, only on the game and
(Variety) on the contract, so tables are built once per layout.
"""

from __future__ import annotations

import sys
from functools import cached_property
from typing import cast

import numpy as np

from .trick_rule import beats_batch, follow_suit_batch, winners_batch

__all__ = [
    "U64", "ONE", "ZERO", "ALL", "SUIT_MASK", "POP16", "SEL16", "fields", "popcount",
    "msb", "lsb", "lowest_bit", "random_bit", "above", "deal_batch", "hands_from_deals",
    "deal_bits", "hands_from_bits", "reverse_strength", "POLICIES", "policy_codes", "FollowSuitPlay",
    "pick", "first_nonempty", "check_batch_size", "check_deals", "MAX_BATCH", "per_deal", "hand_positions",
    "PlayedBatch",
]

U64 = np.uint64
ONE = U64(1)
ZERO = U64(0)
ALL = U64(0xFFFF_FFFF_FFFF_FFFF)
#: ``SUIT_MASK[s]``: every bit of suit ``s`` in the strength-major layout (uint64).
SUIT_MASK = np.array([sum(1 << (4 * k + s) for k in range(16)) for s in range(4)], dtype=U64)
_LITTLE = sys.byteorder == "little"


def _tables() -> tuple[np.ndarray, np.ndarray]:
    v = np.arange(1 << 16, dtype=np.int64)
    pop = np.zeros(1 << 16, dtype=np.uint8)
    sel = np.full((1 << 16, 16), 255, dtype=np.uint8)
    for b in range(16):
        has = ((v >> b) & 1).astype(bool)
        sel[v[has], pop[has]] = b
        pop += has
    return pop, sel.reshape(-1)


#: ``POP16[v]``: number of set bits of the 16-bit value ``v`` (uint8, shape (65536,)).
#: ``SEL16[16 * v + k]``: position of the ``k``-th lowest set bit of ``v`` (k from 0), 255
#: when ``v`` has fewer than ``k + 1`` bits (uint8, shape (65536 * 16,)).
POP16, SEL16 = _tables()


def fields(x: np.ndarray) -> np.ndarray:
    """The four 16-bit fields of each ``uint64`` in ``x`` (shape (B,)), as shape (B, 4)
    ``uint16``; column ``c`` holds bits ``16c .. 16c + 15``. A view on little-endian
    machines, a copy elsewhere."""
    if _LITTLE and x.flags.c_contiguous:
        return x.view(np.uint16).reshape(-1, 4)
    return np.stack([((x >> U64(16 * c)) & U64(0xFFFF)).astype(np.uint16) for c in range(4)], axis=1)


if hasattr(np, "bitwise_count"):
    def popcount(x: np.ndarray) -> np.ndarray:
        """Number of set bits of each element (uint8)."""
        return np.bitwise_count(x)
else:  # numpy < 2.0
    def popcount(x: np.ndarray) -> np.ndarray:
        """Number of set bits of each element (uint8)."""
        return np.take(POP16, fields(x)).sum(axis=1, dtype=np.uint8)


def msb(x: np.ndarray) -> np.ndarray:
    """Position of the highest set bit of each nonzero element of ``x`` (int32).

    Exact for card masks: a ``uint64`` with at most 52 set bits converts to ``float64``
    without rounding up to the next power of two (that needs 53 leading ones), so the
    exponent is the bit position. Zero elements give -1 (callers mask them)."""
    _, e = np.frexp(x.astype(np.float64))
    return e - 1


def lowest_bit(x: np.ndarray) -> np.ndarray:
    """``x & -x``: the lowest set bit of each element alone (0 for 0)."""
    return x & (~x + ONE)


def lsb(x: np.ndarray) -> np.ndarray:
    """Position of the lowest set bit of each nonzero element (int32)."""
    return msb(lowest_bit(x))


def above(pos: np.ndarray) -> np.ndarray:
    """Mask of the bits strictly above each position ``pos`` (0..62), uint64."""
    return ~((U64(2) << pos.astype(U64)) - ONE)


_M16, _M32, _M48 = U64(0xFFFF), U64(0xFFFF_FFFF), U64(0xFFFF_FFFF_FFFF)


def random_bit(x: np.ndarray, u: np.ndarray) -> np.ndarray:
    """Position (int32) of a set bit of each nonzero ``x`` chosen uniformly at random:
    the ``floor(u * popcount(x))``-th lowest, for ``u`` uniform in [0, 1) (float64)."""
    c1 = popcount(x & _M16)
    c2 = popcount(x & _M32)
    c3 = popcount(x & _M48)
    k = (u * popcount(x)).astype(np.uint8)
    g1, g2, g3 = k >= c1, k >= c2, k >= c3
    chunk = g1.view(np.uint8) + g2.view(np.uint8) + g3.view(np.uint8)
    base = np.where(g3, c3, np.where(g2, c2, np.where(g1, c1, np.uint8(0))))
    shift = chunk.astype(U64) << U64(4)
    v = ((x >> shift) & _M16).astype(np.int32)
    return np.take(SEL16, (v << 4) + (k - base)) + shift.astype(np.int32)


def deal_batch(batch: int, seed=None, *, deck: int = 52) -> np.ndarray:
    """``batch`` shuffled decks, one per row: shape (batch, deck), dtype int8, each row a
    permutation of the card indices 0..deck-1 (:attr:`cardkit.Card.index` for 52 cards;
    for 36 cards, the position in ``cardkit.deck(36)``).

    Drawn with ``Generator.permuted(np.tile(arange(deck), (batch, 1)), axis=1)`` (PCG64), so
    a seed gives the same batch on every machine. How a row is dealt to the seats is the
    game's convention (each simulator says so).

    :param seed: an int, a :class:`numpy.random.Generator` (advanced in place) or None.
    :raises CardkitError: (a ValueError) for a deck other than 52 or 36, a batch size that
        is not a whole number 1..:data:`MAX_BATCH`, or a bad seed.
    """
    from cardkit.core.dealing import as_generator
    from cardkit.core.errors import CardkitError, quote
    if isinstance(deck, bool) or deck not in (52, 36):
        raise CardkitError(f"deck {quote(deck)}: the simulators know the 52- and 36-card decks")
    batch = check_batch_size(batch)
    rng = as_generator(seed)
    return rng.permuted(np.tile(np.arange(deck, dtype=np.int8), (int(batch), 1)), axis=1)


def deal_bits(batch: int, bits: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Like :func:`deal_batch`, but the rows hold ``bits[card]`` instead of card indices:
    ``rng.permuted(np.tile(bits, (batch, 1)), axis=1)``. The shuffle does not depend on the
    dtype, so with the same generator state ``deal_bits(B, bits, rng) ==
    bits[deal_batch(B, rng)]`` (a test checks it). Shape (batch, len(bits))."""
    return rng.permuted(np.tile(bits, (int(batch), 1)), axis=1)


def hands_from_bits(dealt: np.ndarray, seats: int, per_seat: int) -> np.ndarray:
    """Hand masks from rows of single-card bits (as :func:`deal_bits` makes them): seat
    ``s`` holds columns ``s*per_seat .. (s+1)*per_seat - 1``. Shape (seats, B) uint64."""
    b = dealt.shape[0]
    r = dealt[:, : seats * per_seat].reshape(b, seats, per_seat).transpose(1, 2, 0)
    return r.sum(axis=1, dtype=U64)


def reverse_strength(x: np.ndarray, strengths: int) -> np.ndarray:
    """Map bit ``4*k + suit`` to ``4*(strengths - 1 - k) + suit`` (reverse every suit's
    order: Variety contract 6, RULES.md §1.5). uint64 in, uint64 out."""
    y = x.byteswap()
    m = U64(0x0F0F_0F0F_0F0F_0F0F)
    y = ((y & m) << U64(4)) | ((y >> U64(4)) & m)
    return y >> U64(4 * (16 - strengths))


def hands_from_deals(deals: np.ndarray, bit_of: np.ndarray, seats: int, per_seat: int,
                     offset: np.ndarray | int = 0) -> np.ndarray:
    """Hand bitmasks from card-index rows: seat ``s`` of row ``b`` holds cards
    ``deals[b, s*per_seat:(s+1)*per_seat]``.

    :param bit_of: flat table card -> bit position (uint8); ``offset`` (per row, int) is
        added to the card index first (one layout per contract).
    :returns: shape (seats, B), uint64.
    """
    b = deals.shape[0]
    idx = deals[:, : seats * per_seat].astype(np.int32)
    if not np.isscalar(offset):
        idx = idx + np.asarray(offset, dtype=np.int32)[:, None]
    elif offset:
        idx = idx + int(cast(int, offset))  # a scalar here
    bits = ONE << np.take(bit_of, idx).astype(U64)
    return np.bitwise_or.reduce(bits.reshape(b, seats, per_seat), axis=2).T.copy()


def hand_positions(hand_bits: np.ndarray) -> np.ndarray:
    """The bit positions of each hand mask, ascending: ``hand_bits`` (n, B) uint64 with
    ``k`` bits set in every mask gives shape (B, n, k) int64 (little-endian bit order)."""
    n, B = hand_bits.shape
    raw = np.unpackbits(hand_bits.T.copy().view(np.uint8).reshape(B, n, 8), axis=2, bitorder="little")
    return np.nonzero(raw)[2].reshape(B, n, -1)


# ---- checking the arguments of the entry points ------------------------------------------

#: The largest batch a simulator plays in one call (deals). A batch of a million Variety
#: deals holds about 0.5 GB of arrays; play more in several calls.
MAX_BATCH = 1_000_000


def check_batch_size(batch) -> int:
    """``batch`` as an int, checked before anything is allocated.

    :raises CardkitError: for anything but a whole number 1..:data:`MAX_BATCH` (a bool is
        not one; ``10**7`` and ``2**63`` are refused, not tried).
    """
    from cardkit.core._checks import is_whole
    from cardkit.core.errors import CardkitError, quote
    if not is_whole(batch) or not 1 <= batch <= MAX_BATCH:
        raise CardkitError(f"batch {quote(batch)}: expected a whole number of deals 1..{MAX_BATCH:,} "
                           f"(play more deals in several calls)")
    return int(batch)


def check_deals(deals, size: int) -> np.ndarray:
    """``deals`` as an integer array of shape (B, size) (the card numbers are checked by
    each simulator, which knows what they mean).

    :raises CardkitError: for another shape or a dtype that is not an integer one.
    """
    from cardkit.core.errors import CardkitError
    try:
        deals = np.asarray(deals)
    except (TypeError, ValueError, OverflowError) as e:
        raise CardkitError(f"deals: expected an integer array of shape (B, {size}): {e}") from None
    if deals.ndim != 2 or deals.shape[1] != size or not np.issubdtype(deals.dtype, np.integer):
        raise CardkitError(f"deals: expected an integer array of shape (B, {size}), got {deals.dtype} {deals.shape}")
    if deals.shape[0] > MAX_BATCH:
        raise CardkitError(f"deals: {deals.shape[0]:,} rows; a simulator plays at most {MAX_BATCH:,} deals a call")
    return deals


def per_deal(x, B: int, name: str, message: str | None = None, dtype=np.int64, *,
             lo: int | None = None, hi: int | None = None) -> np.ndarray:
    """One whole number per deal: a scalar is repeated ``B`` times; an array must have
    shape (B,). The values are checked to be integers (not bools, not floats: 2.5 is not
    truncated to 2) and, with ``lo``/``hi``, to lie in ``lo..hi``, **before** the cast to
    ``dtype`` (so 257 is refused, not wrapped to 1 by an int8 cast).

    :param message: the error's text after ``"{name}: "`` (default: the expected values).
    :raises CardkitError: for a bool, a float, text, a boolean or non-integer array,
        another shape, or a value outside ``lo..hi``.
    """
    from cardkit.core.errors import CardkitError, quote
    expected = message or (f"expected whole numbers {lo}..{hi}, one or {B} of them" if lo is not None
                           else f"expected one whole number or {B} of them")
    if isinstance(x, (bool, np.bool_)):
        raise CardkitError(f"{name}: {quote(x)} is not a number; {expected}")
    if isinstance(x, (int, np.integer)):
        a = np.full(B, int(x), dtype=np.int64) if -2**63 <= x < 2**63 else None
        if a is None:
            raise CardkitError(f"{name}: {quote(x)} is out of range; {expected}")
    else:
        try:
            a = np.asarray(x)
        except (TypeError, ValueError, OverflowError):
            raise CardkitError(f"{name}: {quote(x)}; {expected}") from None
        if a.dtype == bool or not np.issubdtype(a.dtype, np.integer):
            what = "an array of whole numbers" if a.ndim else "a whole number"
            raise CardkitError(f"{name}: {quote(x)} is not {what}; {expected}")
        if a.ndim == 0:
            a = np.full(B, int(a), dtype=np.int64)
    if a.shape != (B,):
        raise CardkitError(f"{name}: {message or f'expected one value or {B} values, got shape {a.shape}'}")
    out = np.zeros(B, dtype=bool)
    if lo is not None:
        out |= a < lo
    if hi is not None:
        out |= a > hi
    if out.any():
        raise CardkitError(f"{name}: {int(a[out][0])} is out of range; {expected}")
    return a.astype(dtype)


class PlayedBatch:
    """What every simulator's result has: ``len()`` (the deals), and ``leaders`` /
    ``winners`` (B, T) int8 decoded from the (T, B) arrays the play loop keeps
    (``_leaders``, ``_winners``); a result dataclass also has ``dealer`` (B,)."""

    dealer: np.ndarray
    _leaders: np.ndarray
    _winners: np.ndarray

    def __len__(self) -> int:
        return len(self.dealer)

    @cached_property
    def leaders(self) -> np.ndarray:
        return np.ascontiguousarray(self._leaders.T)

    @cached_property
    def winners(self) -> np.ndarray:
        return np.ascontiguousarray(self._winners.T)


# ---- policies --------------------------------------------------------------------------

#: Policy names understood by every simulator: ``"random"`` (a legal card uniformly at
#: random), ``"rule"`` (the game's vectorised rule policy), ``"weakest"`` (the weakest legal
#: card, ties to the lower suit number: a fixed, trivial baseline).
POLICIES = ("random", "rule", "weakest")


def policy_codes(policy, seats: int) -> np.ndarray:
    """Policy per seat as codes into :data:`POLICIES`, shape (seats,) int8.

    :param policy: one name for every seat, or a sequence of ``seats`` names.
    :raises CardkitError: for an unknown name, a sequence of the wrong length, or anything
        else (None, a number).
    """
    from cardkit.core.errors import CardkitError, quote
    allowed = ", ".join(map(repr, POLICIES))
    if isinstance(policy, str):
        names = [policy] * seats
    elif isinstance(policy, (list, tuple, np.ndarray)):
        names = list(policy)
    else:
        raise CardkitError(f"policy {quote(policy)}: expected one of {allowed}, or a list of {seats} of them")
    if len(names) != seats:
        raise CardkitError(f"policy {quote(policy)}: expected one of {allowed}, or a list of {seats} of them, "
                           f"one per seat")
    for p in names:
        if p not in POLICIES:
            raise CardkitError(f"policy {quote(p)}: expected one of {', '.join(map(repr, POLICIES))}")
    return np.array([POLICIES.index(p) for p in names], dtype=np.int8)


class FollowSuitPlay:
    """The play phase of a follow-suit trick game for a batch of deals (RULES.md §1.5, §2.1):
    a player must follow the suit led if able, else may play any card; the highest trump
    wins if any was played, else the strongest card of the suit led.

    Subclasses give the game's rule policy (:meth:`rule`) and may keep per-trick sums
    (:meth:`after_play`, :meth:`end_trick`). Within a trick, arrays are kept in **play
    order** (row ``j`` is the ``j``-th player of the trick), so no per-card gather by seat
    is needed; the rows are rotated to the winner after each trick.

    :param hands: shape (n, B) uint64, seat-indexed hand masks (strength-major layout).
    :param leader: shape (B,), the seat that leads to the first trick.
    :param trump: shape (B,) int, the trump suit 0..3, or -1 for no trumps.
    :param side: shape (n, B) int8, a side label per seat (seats with equal labels are
        partners); Warsaw Hearts gives every seat its own label.
    :param policies: shape (n,) int8 codes into :data:`POLICIES`, one per seat.
    :param rng: a :class:`numpy.random.Generator` (used by the random policy only: one
        ``rng.random(B)`` per card played, in play order).
    :param tricks: number of tricks to play.

    After :meth:`run`: ``plays`` (T, n, B) uint8 bit positions in play order, ``leaders``
    and ``winners`` (T, B) int8 seats.
    """

    ledmask: np.ndarray  # (B,) uint64: the suit led in each deal's current trick, set by the loop

    def __init__(self, hands, leader, trump, side, policies, rng, tricks):
        self.n, self.B = hands.shape
        self.hands0 = hands
        self.leader0 = np.asarray(leader, dtype=np.int32)
        self.trump = np.asarray(trump, dtype=np.int32)
        self.tmask = np.where(self.trump >= 0, SUIT_MASK[np.maximum(self.trump, 0)], ZERO).astype(U64)
        self.side0 = np.asarray(side, dtype=np.int8)
        self.policies = np.asarray(policies, dtype=np.int8)
        self.uniform = bool((self.policies == self.policies[0]).all())
        #: whether :attr:`side_rel` (sides in play order) is kept up to date
        self.track_sides = bool((self.policies == 1).any())
        self.rng = rng
        self.T = tricks
        #: forced plays, shape (P,) or (P, B) bit positions: the first P cards of the deal
        #: in play order (a position reached in a real deal, then a candidate card)
        self.prefix = np.zeros((0,), dtype=np.int32)

    # hooks -------------------------------------------------------------------------------
    def start_trick(self) -> None:
        """Called before the lead of each trick."""

    def after_play(self, j: int, pos: np.ndarray) -> None:
        """Called after the ``j``-th card of a trick (positions ``pos``) is played."""

    def end_trick(self, wp: np.ndarray) -> None:
        """Called when a trick is complete, before the rotation; ``wp`` (B,) is the
        winner's position in play order, ``self.leader`` already the winner's seat, and
        ``self.trick_bits`` the trick's cards."""

    def rule(self, j: int, L: np.ndarray) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    # the loop ----------------------------------------------------------------------------
    def _rotate(self, arr: np.ndarray, shift: np.ndarray) -> np.ndarray:
        """Rows ``(shift + j) % n`` of ``arr`` (n, B), per column."""
        B = self.B
        ext = np.concatenate([arr, arr[:-1]]).reshape(-1)
        idx = shift * B + self.ar
        return np.take(ext, idx[None, :] + self.rowoff)

    def choose(self, j: int, L: np.ndarray) -> np.ndarray:
        """The bit position each deal's current player plays, by its seat's policy."""
        if self.uniform:
            return self._by_code(int(self.policies[0]), j, L)
        seat_code = np.take(self.policies, (self.leader + j) % self.n)
        out = np.zeros(self.B, dtype=np.int32)
        for code in np.unique(self.policies):
            out = np.where(seat_code == code, self._by_code(int(code), j, L), out)
        return out

    def _by_code(self, code: int, j: int, L: np.ndarray) -> np.ndarray:
        if code == 0:
            return random_bit(L, self.rng.random(self.B))
        if code == 1:
            return self.rule(j, L)
        return lsb(L)

    def run(self) -> None:
        """Play every trick (see the class docstring for what it leaves)."""
        n, B, T = self.n, self.B, self.T
        self.ar = np.arange(B, dtype=np.int32)
        self.rowoff = (np.arange(n, dtype=np.int32) * B)[:, None]
        self.leader = self.leader0.copy()
        self.P = self._rotate(self.hands0, self.leader)
        self.side_rel = self._rotate(self.side0, self.leader)
        self.plays = np.empty((T, n, B), dtype=np.uint8)
        self.leaders = np.empty((T, B), dtype=np.int8)
        self.winners = np.empty((T, B), dtype=np.int8)
        tmask = self.tmask
        for t in range(T):
            self.t = t
            self.leaders[t] = self.leader
            self.start_trick()
            for j in range(n):
                hand = self.P[j]
                if j == 0:
                    L = hand
                else:
                    L = follow_suit_batch(hand, self.ledmask)
                self.hand = hand
                if t * n + j < len(self.prefix):
                    pos = np.broadcast_to(self.prefix[t * n + j], (B,)).astype(np.int32)
                elif t == T - 1:  # one card left: no choice, no random number drawn
                    pos = msb(L)
                else:
                    pos = self.choose(j, L)
                bit = ONE << pos.astype(U64)
                np.bitwise_xor(hand, bit, out=hand)
                is_trump = (bit & tmask) != ZERO
                if j == 0:
                    self.ledmask = np.take(SUIT_MASK, pos & 3)
                    self.trick_bits = bit
                    self.bpos = np.zeros(B, dtype=np.int32)
                    self.bp = pos
                    self.btrump = is_trump
                else:
                    self.trick_bits = self.trick_bits | bit
                    better = beats_batch(pos, self.bp, is_trump, self.btrump)
                    self.bpos = np.where(better, j, self.bpos)
                    self.bp = np.where(better, pos, self.bp)
                    self.btrump = self.btrump | is_trump
                self.after_play(j, pos)
                self.plays[t, j] = pos
            wp = self.bpos
            self.leader = (self.leader + wp) % n
            self.winners[t] = self.leader
            self.end_trick(wp)
            if t + 1 < T:
                self.P = self._rotate(self.P, wp)
                if self.track_sides:
                    self.side_rel = self._rotate(self.side_rel, wp)

    # helpers for rule policies ----------------------------------------------------------
    def winners_mask(self, L: np.ndarray) -> np.ndarray:
        """The cards of ``L`` that would win the open trick as it stands (j >= 1)."""
        return winners_batch(L, self.bp, self.btrump, SUIT_MASK, self.tmask)

    def partner_winning(self, j: int) -> np.ndarray:
        """True where the card now winning the open trick was played by the current
        player's side (j >= 1)."""
        return np.take(self.side_rel.reshape(-1), self.bpos * self.B + self.ar) == self.side_rel[j]


def pick(strong: np.ndarray, X: np.ndarray) -> np.ndarray:
    """Position of the strongest card of ``X`` where ``strong``, else of its weakest."""
    return msb(np.where(strong, X, lowest_bit(X)))


def first_nonempty(*masks: np.ndarray) -> np.ndarray:
    """Elementwise, the first of ``masks`` that is nonzero (the last one otherwise)."""
    out = masks[-1]
    for m in reversed(masks[:-1]):
        out = np.where(m != ZERO, m, out)
    return out
