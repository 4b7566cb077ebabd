"""Compiled max^n search for Warsaw Hearts (RULES.md §2), used by
:mod:`cardkit.analysis.warsaw_hearts` only, which imports this module inside the functions
that need it (importing :mod:`cardkit` or :mod:`cardkit.analysis` compiles nothing).

No scoring rule is typed here (what stays, because the bit layout expresses it and the
inner loop needs it: follow suit if able, and the highest card of the suit led wins, RULES.md
§2.1). The scoring arrives as tables built in Python from the engine's own
:func:`cardkit.games.warsaw_hearts.assess_tricks`:

- ``val[code]``: a player's deal result, bonus − penalty (points), for the summary
  ``code`` of the tricks they took (see below);
- ``nxt[code * 16 + honours * 2 + heart]``: the summary after the player wins one more
  trick holding the honour set ``honours`` (bit 0 K♥, bit 1 Q♥, bit 2 J♥) and, if
  ``heart`` is 1, some heart;
- ``tab[row, mode * 256 + code]`` for what may still be taken, ``mode = honours * 2 +
  hearts`` (the honour set still unplayed, and 1 if any heart is): row ``T_UB`` the most
  the result can still become, ``T_FIXED`` 1 when it can no longer change, ``T_CANON``
  the smallest summary with exactly the same futures (the table's key).

A summary code is 8 bits: honours taken (bits 0–2), honours lying in a trick with
another honour (bits 3–5), some heart taken (bit 6), some trick taken (bit 7).

Cards are numbered ``suit * 16 + (rank - 6)`` (suits ♠ ♥ ♦ ♣ = 0..3, 6 = 0 .. A = 8); a
hand is a uint64 mask of those bits. Moves are tried in the engine's ``legal_actions``
order (suit by suit, high to low; put-off cards after the others, below), and the tie rule
is that order: among moves equal for the mover, the first in that order is chosen. Every
cut below is exact, so every vector stored and returned is the exact max^n value under
that rule:

- touching cards (same hand, no card of another hand between them, nor the open trick's
  highest card of the suit led, neither a heart honour) have the same value: one is
  searched (the trick's other cards leave with it and decide nothing between the two);
- each card's bound (:func:`_card_ub`): the exact summary's ``T_UB`` when it completes a
  trick the mover wins; ``T_UBW`` when it must win the open trick (the suit led, above
  every card of it played and held by the players still to play: the mover takes that
  trick with whatever the others add); else the mode's ``T_UB``. A card whose bound is no
  better than the best card found before it is skipped; a card whose bound is below the
  most the mover can get at all is put off to a second pass (in the tie order, skipped
  there when its bound is below the best, or equal to it and it comes after the best
  card), so the cards that may reach that most are searched first (issue 31: ducking
  before taking a trick with hearts, 15–28 % fewer positions on whole deals);
- the mover stops once a move reaches ``ub`` of its summary (no later move can do
  strictly better) and skips a move that completes a trick after which its ``ub`` is
  no better than the best so far;
- a player whose result can no longer change (``T_FIXED``) is indifferent, so the tie
  rule plays their first legal card: one card searched; with every player's result
  fixed at a trick's start, the deal's result is known;
- a transposition table at trick boundaries: 64-bit hash and a second 64-bit check of
  (hands in relative ranks, leader, summaries; a player whose result is fixed is keyed
  as "fixed", as their play and everyone else's do not depend on which result it is, and
  a hit gives them their own result), the whole value vector stored; buckets
  of two entries, replacing an entry of an earlier search first, else the one with
  fewer cards left. Relative ranks: each suit's unplayed cards renumbered from the bottom, except
  A♥ K♥ Q♥ J♥, which keep their places (only T♥..6♥ are renumbered among themselves).

Every function has an explicit signature and ``cache=True``; no integer literal is
passed at a recursive call site (numba issues 6061 and 6713). Every function is compiled
with numba's reference counting off (``_nrt=False``: nothing here allocates, the arrays
belong to the Python caller for the whole call): with it on, each recursive call paid
atomic increments and decrements of a dozen array arguments (numba issues 2345 and 2350),
and the same search took 2.2× the time (4.1 against 9.2 M positions a second, 3 players,
issue 31).
"""

import numpy as np
from numba import int8, int64, njit, uint64, void
from numba.types import UniTuple

from ..simulate.trick_rule import compiled as _trick_rule

_RULE = _trick_rule()
follow_suit, winner_offset = _RULE.follow_suit, _RULE.winner_offset

#: The first 16 hex digits of the SHA-256 of ``cardkit/simulate/trick_rule.py`` this module's
#: kernels inline. Numba keys a kernel's cache on the kernel's own file only, so a change to the
#: trick rule must change this line, or the cached kernels keep the old rule compiled in
#: (``tests/test_trick_rule_kernels.py`` checks the value).
TRICK_RULE_SHA256 = "fac27ed7e0cca90e"

# ctx slots (int64)
C_N = 0        # players
C_NODES = 1    # nodes searched
C_MAXN = 2     # node limit, -1 for none
C_ABORT = 3    # 1 once the node limit is hit
C_MASK = 4     # table size - 1
C_SALT = 5     # per-search salt of the hash (bits of a uint64)
C_ROOT = 6     # ply of the search's root (no table probe there)
C_GEN = 7      # this search's generation, 1..127, in column 5 of the table's entries
C_OFF = 8      # search features switched off (bits OFF_*; 0 is all on: tests compare)
C_SIZE = 9

OFF_SUREWIN = 1  # the sure-winner cut (T_UBW) of cards that must win the open trick
OFF_FIXEDKEY = 2  # the table key leaves out the summaries of players whose result is fixed
OFF_TRICKEQ = 4  # touching cards: the open trick's cards below its top do not keep them apart
OFF_DEFER = 8    # cards that cannot reach the mover's best possible result searched last

TT_COLS = 6    # an entry's int8 columns: 4 values, cards left, generation

# rows of ``tab``: each 16 * 256 long, ``tab[row, mode * 256 + code]``
T_UB = 0       # the most the player's result can still become
T_FIXED = 1    # 1 when the player's result can no longer change
T_CANON = 2    # the smallest summary with the same futures (the table's key)
T_UBW = 3      # ``tab[T_UBW, (mode * 256 + code) * 16 + honours * 2 + heart]``: the most the
               # result can become after winning a trick that holds at least those honours
               # (and a heart if ``heart``), whatever else it holds

X_PEXT = 4096  # nxt[X_PEXT + u * 512 + h]: the bits of h (a subset of u, 9 bits) packed to the bottom

MAXPLY = 40    # cards played since the start of the root's trick, at most 36 + 3

_HEARTS = np.uint64(0x1FF) << np.uint64(16)
_HONOURS = np.uint64(7) << np.uint64(21)
_HIGH4 = np.uint64(0x1E0)      # A K Q J within a suit's 9 bits
_LOW5 = np.uint64(0x1F)        # T 9 8 7 6
_SUIT = np.uint64(0x1FF)
_ONE = np.uint64(1)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_M3 = np.uint64(0xFF51AFD7ED558CCD)
_M4 = np.uint64(0xC4CEB9FE1A85EC53)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S33 = np.uint64(33)
_G = np.uint64(0x9E3779B97F4A7C15)


@njit(uint64(uint64), cache=True, _nrt=False)
def _mix1(z):
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@njit(uint64(uint64), cache=True, _nrt=False)
def _mix2(z):
    z = (z ^ (z >> _S33)) * _M3
    z = (z ^ (z >> _S33)) * _M4
    return z ^ (z >> _S33)


@njit(int64(int64), cache=True, _nrt=False)
def _honour_bit(c):
    """1, 2, 4 for K♥ Q♥ J♥ (card ids 23, 22, 21), else 0."""
    if c == 23:
        return 1
    if c == 22:
        return 2
    if c == 21:
        return 4
    return 0


@njit(UniTuple(int64, 2)(int64[:], int64, int64, int64), cache=True, _nrt=False)
def _trick_end(played, first, n, leader):
    """The trick just completed (``played[first:first + n]``, led by ``leader``): its winner's
    seat (the highest card of the suit led, RULES.md §2.2) and the step of the winner's summary
    (``hm * 2 + ht``: the honours K♥ Q♥ J♥ as bits, any heart), as ``nxt[old * 16 + step]`` reads it."""
    wi = winner_offset(played, first, n, -1)   # no trumps
    hm = 0
    ht = 0
    for i in range(n):
        x = played[first + i]
        if (x >> 4) == 1:
            ht = 1
        hm |= _honour_bit(x)
    return (leader + wi) % n, hm * 2 + ht


@njit(uint64(uint64, uint64, int64[:]), cache=True, _nrt=False)
def _relative(hand, allc, nxt):
    """``hand`` with every suit's cards renumbered by rank among the unplayed cards
    ``allc`` (the lowest unplayed card of the suit becomes 6, the next 7, ...): the
    position's value does not change. Hearts: only T♥..6♥ are renumbered, among
    themselves; A♥ K♥ Q♥ J♥ keep their places (the honours score by name).
    ``nxt[X_PEXT + u * 512 + h]`` is ``h``'s bits compressed to ``u``'s (a lookup per suit)."""
    out = np.uint64(0)
    for s in range(4):
        sh = np.uint64(16 * s)
        u = (allc >> sh) & _SUIT
        hs = (hand >> sh) & _SUIT
        if s == 1:
            out |= (hs & _HIGH4) << sh
            u &= _LOW5
            hs &= _LOW5
        if u & (u + _ONE) == 0:        # only the top cards are gone: nothing to renumber
            out |= hs << sh
            continue
        out |= np.uint64(nxt[X_PEXT + int64(u) * 512 + int64(hs)]) << sh
    return out


@njit(int64(int64, int64, int64, int64, int64, int64, uint64, int64, int64, int64, int64[:, :],
            int64[:]), cache=True, _nrt=False)
def _card_ub(c, ls, top, hm0, ht0, last, later, code, mb, surewin, tab, nxt):
    """The most the mover's result (summary ``code``) can become after playing card ``c``
    into the open trick, whose suit led is ``ls`` (-1: ``c`` leads), highest card of that
    suit so far ``top`` (-1: none), honour set ``hm0`` and heart bit ``ht0`` so far;
    ``later`` the hands of the players still to play after the mover. When ``c`` completes
    the trick (``last``) and wins it: the exact summary's ``T_UB``; when it must win the
    trick (the suit led, above ``top`` and every card of ``later`` in that suit) and
    ``surewin``: ``T_UBW``; else the mode's ``T_UB``."""
    s = c >> 4
    ub = tab[T_UB, mb + code]
    if ls >= 0 and s != ls:
        return ub
    if c < top:
        return ub
    hm = hm0 | _honour_bit(c)
    ht = ht0 | (1 if s == 1 else 0)
    if last != 0:
        return tab[T_UB, mb + nxt[code * 16 + hm * 2 + ht]]
    if surewin == 0:
        return ub
    bit = _ONE << np.uint64(c)
    above = ~((bit << _ONE) - _ONE) & (_SUIT << np.uint64(16 * s))
    if later & above != 0:
        return ub
    return tab[T_UBW, (mb + code) * 16 + hm * 2 + ht]


@njit(void(uint64[:], int64[:], int64[:], int64, int64, int64, int64[:, :], int64[:],
           int64[:], int64[:, :], int64[:], uint64[:], uint64[:], int8[:, :], int64[:]),
      cache=True, _nrt=False)
def _search(hands, summ, played, tlen, leader, ply, out, bestcard, val, tab, nxt,
            ttk, ttc, ttv, ctx):
    """Write the max^n value vector of the position into ``out[ply, :n]`` and the
    mover's best card into ``bestcard[ply]``.

    ``played[ply - tlen .. ply - 1]`` are the open trick's cards, led by ``leader``.
    """
    n = ctx[C_N]
    ctx[C_NODES] += 1
    if ctx[C_MAXN] >= 0 and ctx[C_NODES] > ctx[C_MAXN]:
        ctx[C_ABORT] = 1
        return
    bestcard[ply] = -1
    allc = np.uint64(0)
    for p in range(n):
        allc |= hands[p]
    rem = allc
    for i in range(tlen):
        rem |= _ONE << np.uint64(played[ply - tlen + i])
    # what may still be taken (the mode): the honours unplayed, and whether any heart is
    hrem = int64((rem >> np.uint64(23)) & _ONE) | int64((rem >> np.uint64(22)) & _ONE) << 1 \
        | int64((rem >> np.uint64(21)) & _ONE) << 2
    mb = hrem * 512
    if rem & _HEARTS != 0:
        mb += 256
    h = np.uint64(0)
    chk = np.uint64(0)
    slot = 0
    if tlen == 0:
        if allc == 0:
            for p in range(n):
                out[ply, p] = val[summ[p]]
            return
        fixed = True
        for p in range(n):
            if tab[T_FIXED, mb + summ[p]] == 0:
                fixed = False
        if fixed:
            for p in range(n):
                out[ply, p] = val[summ[p]]
            return
        # transposition table
        # the salt goes into the check only: the same position always takes the same slot
        # (node counts do not depend on earlier searches), old entries never match
        h = _G
        chk = np.uint64(ctx[C_SALT])
        code = np.uint64(leader)
        for p in range(n):
            rel = _relative(hands[p], allc, nxt)
            h = _mix1(h ^ rel)
            chk = _mix2(chk ^ rel)
            cp = tab[T_CANON, mb + summ[p]]
            if tab[T_FIXED, mb + summ[p]] != 0 and (ctx[C_OFF] & OFF_FIXEDKEY) == 0:
                cp = 256        # a fixed result: which one does not change anyone's play
            code |= np.uint64(cp) << np.uint64(2 + 10 * p)
        h = _mix1(h ^ code)
        chk = _mix2(chk ^ code)
        slot = int64(h & np.uint64(ctx[C_MASK])) & ~1     # a bucket of two entries
        if ply != ctx[C_ROOT]:
            for e in range(slot, slot + 2):
                if ttk[e] == h and ttc[e] == chk:
                    for p in range(n):
                        if tab[T_FIXED, mb + summ[p]] != 0:
                            out[ply, p] = val[summ[p]]
                        else:
                            out[ply, p] = ttv[e, p]
                    return

    mover = (leader + tlen) % n
    hand = hands[mover]
    legal = hand
    if tlen > 0:
        led = played[ply - tlen] >> 4
        legal = follow_suit(hand, _SUIT << np.uint64(16 * led))
    # cards that keep two of the mover's cards of a suit apart (not equivalent): the other
    # hands' cards, and the open trick's highest card of the suit led (one card would beat
    # it, the other not); the trick's other cards leave with the trick and win nothing
    sep = rem & ~hand
    if (ctx[C_OFF] & OFF_TRICKEQ) == 0:
        sep = allc & ~hand
        if tlen > 0:
            top = played[ply - tlen]
            for i in range(1, tlen):
                x = played[ply - tlen + i]
                if (x >> 4) == (top >> 4) and x > top:
                    top = x
            sep |= _ONE << np.uint64(top)
    ubm = tab[T_UB, mb + summ[mover]]
    # a player whose result can no longer change is indifferent: the tie rule plays
    # their first legal card
    forced = tab[T_FIXED, mb + summ[mover]] != 0
    best = -1000
    done = False
    off = ctx[C_OFF]
    defer = (off & OFF_DEFER) == 0 and not forced
    deferred = np.uint64(0)
    # the open trick so far, for the cards' bounds (_card_ub)
    t_ls = -1
    t_top = -1
    t_hm = 0
    t_ht = 0
    t_later = np.uint64(0)
    t_last = 1 if tlen + 1 == n else 0
    t_sure = 1 if (off & OFF_SUREWIN) == 0 else 0
    if defer:
        if tlen > 0:
            t_ls = played[ply - tlen] >> 4
        for i in range(tlen):
            x = played[ply - tlen + i]
            if (x >> 4) == t_ls and x > t_top:
                t_top = x
            if (x >> 4) == 1:
                t_ht = 1
            t_hm |= _honour_bit(x)
        for i in range(1, n - tlen):
            t_later |= hands[(mover + i) % n]
    nxt_tlen = tlen + 1
    last = nxt_tlen == n
    zero = tlen - tlen
    for s in range(4):
        if done:
            break
        if (legal >> np.uint64(16 * s)) & _SUIT == 0:
            continue
        prev = -1
        for r in range(8, -1, -1):
            c = s * 16 + r
            bit = _ONE << np.uint64(c)
            if legal & bit == 0:
                continue
            if prev >= 0 and _honour_bit(prev) == 0 and _honour_bit(c) == 0:
                between = ((_ONE << np.uint64(prev)) - _ONE) & ~((bit << _ONE) - _ONE)
                if sep & between == 0:
                    prev = c
                    continue
            prev = c
            if defer:
                # the most the mover can get after this card: no better than the best so
                # far (found earlier, so it wins ties): skip it; below the most the mover
                # can get at all: search it after the other cards (pass 2)
                ubc = _card_ub(c, t_ls, t_top, t_hm, t_ht, t_last, t_later, summ[mover], mb, t_sure,
                               tab, nxt)
                if bestcard[ply] >= 0 and ubc <= best:
                    continue
                if ubc < ubm:
                    deferred |= bit
                    continue
            elif not last and bestcard[ply] >= 0 and (off & OFF_SUREWIN) == 0:
                # a card that must win the open trick: the most the mover can still get
                # after taking it (with whatever the later players add) is no better
                # than the best so far (found earlier, so it wins ties): skip it
                ls = s if tlen == 0 else played[ply - tlen] >> 4
                if ls == s:
                    later = np.uint64(0)
                    for i in range(1, n - tlen):
                        later |= hands[(mover + i) % n]
                    above = ~((bit << _ONE) - _ONE) & (_SUIT << np.uint64(16 * s))
                    sure = later & above == 0
                    hm = _honour_bit(c)
                    ht = 1 if s == 1 else 0
                    for i in range(tlen):
                        x = played[ply - tlen + i]
                        if (x >> 4) == ls and x > c:
                            sure = False
                        if (x >> 4) == 1:
                            ht = 1
                        hm |= _honour_bit(x)
                    if sure and tab[T_UBW, (mb + summ[mover]) * 16 + hm * 2 + ht] <= best:
                        continue
            hands[mover] ^= bit
            played[ply] = c
            if last:
                w, step = _trick_end(played, ply - tlen, n, leader)
                old = summ[w]
                summ[w] = nxt[old * 16 + step]
                skip = bestcard[ply] >= 0 and tab[T_UB, mb + summ[mover]] <= best
                if not skip:
                    _search(hands, summ, played, zero, w, ply + 1, out, bestcard, val, tab, nxt,
                            ttk, ttc, ttv, ctx)
                summ[w] = old
            else:
                skip = False
                _search(hands, summ, played, nxt_tlen, leader, ply + 1, out, bestcard, val, tab,
                        nxt, ttk, ttc, ttv, ctx)
            hands[mover] ^= bit
            if ctx[C_ABORT] != 0:
                return
            if skip:
                continue
            v = out[ply + 1, mover]
            if bestcard[ply] < 0 or v > best:
                best = v
                bestcard[ply] = c
                for p in range(n):
                    out[ply, p] = out[ply + 1, p]
                if best >= ubm or forced:
                    done = True
                    break
    # pass 2: the cards put off, in the tie order; one that comes after the best card
    # needs to be strictly better, one before it as good
    if not done and deferred != 0:
        for s in range(4):
            for r in range(8, -1, -1):
                c = s * 16 + r
                bit = _ONE << np.uint64(c)
                if deferred & bit == 0:
                    continue
                played[ply] = c
                bc = bestcard[ply]
                before = bc < 0 or (c >> 4) < (bc >> 4) or ((c >> 4) == (bc >> 4) and c > bc)
                if bc >= 0:
                    ubc = _card_ub(c, t_ls, t_top, t_hm, t_ht, t_last, t_later, summ[mover], mb, t_sure,
                                   tab, nxt)
                    if ubc < best or (ubc == best and not before):
                        continue
                hands[mover] ^= bit
                if last:
                    w, step = _trick_end(played, ply - tlen, n, leader)
                    old = summ[w]
                    summ[w] = nxt[old * 16 + step]
                    _search(hands, summ, played, zero, w, ply + 1, out, bestcard, val, tab, nxt,
                            ttk, ttc, ttv, ctx)
                    summ[w] = old
                else:
                    _search(hands, summ, played, nxt_tlen, leader, ply + 1, out, bestcard, val, tab,
                            nxt, ttk, ttc, ttv, ctx)
                hands[mover] ^= bit
                if ctx[C_ABORT] != 0:
                    return
                v = out[ply + 1, mover]
                if bc < 0 or v > best or (v == best and before):
                    best = v
                    bestcard[ply] = c
                    for p in range(n):
                        out[ply, p] = out[ply + 1, p]
    if tlen == 0:
        # replace an entry of an earlier search, else the one with fewer cards left
        gen = ctx[C_GEN]
        e = slot
        if ttk[slot + 1] == h and ttc[slot + 1] == chk:
            e = slot + 1                    # the same position (searched from its root)
        elif (not (ttk[slot] == h and ttc[slot] == chk) and ttv[slot, 5] == gen
              and (ttv[slot + 1, 5] != gen or ttv[slot + 1, 4] < ttv[slot, 4])):
            e = slot + 1                    # slot is this search's, with more cards left
        left = 0
        x = allc
        while x != 0:
            x &= x - _ONE
            left += 1
        ttk[e] = h
        ttc[e] = chk
        for p in range(n):
            ttv[e, p] = out[ply, p]
        ttv[e, 4] = left
        ttv[e, 5] = gen


@njit(int64(uint64[:], int64[:], int64[:], int64, int64, int64, int64[:, :], int64[:],
            int64[:], int64[:, :], int64[:], uint64[:], uint64[:], int8[:, :], int64[:], int64[:, :]),
      cache=True, _nrt=False, nogil=True)
def analyse_root(hands, summ, played, tlen, leader, ply, out, bestcard, val, tab, nxt,
                 ttk, ttc, ttv, ctx, res):
    """The value vector after each legal card of the mover: ``res[card, :n]`` for every
    legal card id (other rows untouched). Returns the number of legal cards, or -1 if the
    node limit was hit."""
    n = ctx[C_N]
    ctx[C_ROOT] = -1     # every child may be answered by the table (its entries are exact)
    mover = (leader + tlen) % n
    hand = hands[mover]
    legal = hand
    if tlen > 0:
        led = played[ply - tlen] >> 4
        legal = follow_suit(hand, _SUIT << np.uint64(16 * led))
    others = np.uint64(0)
    for p in range(n):
        if p != mover:
            others |= hands[p]
    for i in range(tlen):
        others |= _ONE << np.uint64(played[ply - tlen + i])
    count = 0
    zero = tlen - tlen
    for s in range(4):
        prev = -1
        for r in range(8, -1, -1):
            c = s * 16 + r
            bit = _ONE << np.uint64(c)
            if legal & bit == 0:
                continue
            count += 1
            if prev >= 0 and _honour_bit(prev) == 0 and _honour_bit(c) == 0:
                between = ((_ONE << np.uint64(prev)) - _ONE) & ~((bit << _ONE) - _ONE)
                if others & between == 0:
                    for p in range(n):
                        res[c, p] = res[prev, p]
                    prev = c
                    continue
            prev = c
            hands[mover] ^= bit
            played[ply] = c
            if tlen + 1 == n:
                w, step = _trick_end(played, ply - tlen, n, leader)
                old = summ[w]
                summ[w] = nxt[old * 16 + step]
                _search(hands, summ, played, zero, w, ply + 1, out, bestcard, val, tab, nxt,
                        ttk, ttc, ttv, ctx)
                summ[w] = old
            else:
                _search(hands, summ, played, tlen + 1, leader, ply + 1, out, bestcard, val, tab,
                        nxt, ttk, ttc, ttv, ctx)
            hands[mover] ^= bit
            if ctx[C_ABORT] != 0:
                return -1
            for p in range(n):
                res[c, p] = out[ply + 1, p]
    return count


@njit(int64(uint64[:], int64[:], int64[:], int64, int64, int64, int64[:, :], int64[:],
            int64[:], int64[:, :], int64[:], uint64[:], uint64[:], int8[:, :], int64[:], int64[:],
            int64[:]),
      cache=True, _nrt=False, nogil=True)
def solve_line(hands, summ, played, tlen, leader, ply, out, bestcard, val, tab, nxt,
               ttk, ttc, ttv, ctx, line, root_value):
    """Search the position, then follow the best card to the end of the deal, searching
    again at every step (the table answers most of it). Writes the root's value vector
    to ``root_value[:n]`` and the cards of the line to ``line``; returns the line's length,
    or -1 if the node limit was hit. ``hands``, ``summ``, ``played`` are changed."""
    n = ctx[C_N]
    k = 0
    first = True
    while True:
        allc = np.uint64(0)
        for p in range(n):
            allc |= hands[p]
        if allc == 0:
            if first:
                for p in range(n):
                    root_value[p] = val[summ[p]]
            return k
        ctx[C_ROOT] = ply
        _search(hands, summ, played, tlen, leader, ply, out, bestcard, val, tab, nxt,
                ttk, ttc, ttv, ctx)
        if ctx[C_ABORT] != 0:
            return -1
        if first:
            for p in range(n):
                root_value[p] = out[ply, p]
            first = False
        c = bestcard[ply]
        mover = (leader + tlen) % n
        if c < 0:
            # the result was known without a search (no heart left, every result fixed):
            # every card is as good, so the tie rule plays the first legal card
            legal = hands[mover]
            if tlen > 0:
                f = legal & (_SUIT << np.uint64(16 * (played[ply - tlen] >> 4)))
                if f != 0:
                    legal = f
            for s in range(4):
                if c >= 0:
                    break
                for r in range(8, -1, -1):
                    if legal & (_ONE << np.uint64(s * 16 + r)) != 0:
                        c = s * 16 + r
                        break
        line[k] = c
        k += 1
        hands[mover] ^= _ONE << np.uint64(c)
        played[ply] = c
        if tlen + 1 == n:
            w, step = _trick_end(played, ply - tlen, n, leader)
            summ[w] = nxt[summ[w] * 16 + step]
            leader = w
            tlen = 0
        else:
            tlen += 1
        ply += 1
