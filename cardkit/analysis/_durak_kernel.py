"""Compiled search for Armenian Durak with trumps (RULES.md §3.3–§3.4): numba kernels.

Imported only inside :mod:`cardkit.analysis.armenian_durak`'s functions, so importing
``cardkit`` or ``cardkit.analysis`` compiles nothing. Every function has an explicit
signature and ``cache=True``; no integer literal is passed at a recursive call site
(numba issues 6061 and 6713: a cached recursive function crashed on reload).

Cards are numbered ``16 * suit + rank`` (suit 0..3 as :class:`cardkit.Suit`, rank 2..14 as
:class:`cardkit.Rank`), so a set of cards is an int64 bit mask (bit 63 never used). The rule
tables (card points, which card beats which within a suit, the trump) come from the engine
through ``tb`` (built by the Python module); nothing here re-types a rule except the
following duty of §3.3 (suit led or trump; trump led: trump; else any card), and who can
still sweep (the ``SWEEP`` field: a player who has taken every trick so far; the bonus is
``tb[BONUS]``, the engine's ``SWEEP_BONUS``), both kept in the position because the search
updates them at every ply (issue 13: the rest is read from the engine's tables).

The position lives in ``st`` (int64, fields below). Plies: 0 lead, 1 the leader's draw,
2 reply (the trick is resolved at once, as the engine does), 3 the replier's draw (then the
trick's winner leads). The value is the margin of the player to move over the rest of the
deal (points of the cards still to be won, and the sweep's +10), negamax, fail-soft.

Move ordering: the table's move first, then leads the opponent cannot beat (richest first),
then those it can beat with the fewest of its cards, then those that leave it the fewest
other cards to play, the poorest first (``OFF_BEATERS``);
replies by the points they gain; cards of equal points by the history of
cut-offs (``ms[HIST...]``, cleared at each solve). Bounds at a lead: all the points still
to win (and the sweep) either way; the leader's sure tricks (cards it can play now that no
card the opponent holds or can still draw beats: each wins its trick when led, so the
leader gets at least their points and the opponent cannot sweep) raise the lower bound to
twice their points minus all the points still to win (issue 31: 4–23 % fewer positions at
12 tricks left, about the same at 14). Sure trumps wherever they lie (``OFF_TRUMPS``): a trump
no trump of the other seat (held or still face down) beats wins the trick it is played in, so
the leader's face-down ones add to its sure points, and the opponent's lower the upper bound
to all the points still to win minus twice theirs (measured on
``benchmarks/durak_whole_deals.py``: 0–1 % fewer positions at 10 and 12 tricks left, as the
six of trumps, beaten by every trump but the ace, makes a sure trump rare). Declining a draw is not searched where a
card to draw is of a plain suit the opponent holds none of (it can bring no duty to follow,
so drawing it keeps every choice declining keeps). ``tb[OFF]`` switches these off (bits
``OFF_*``) for the tests that compare values with and without them. Measured and left out
(exact, but no gain in time, issue 20): bounds by sure trumps, killer moves, two-ply lead
ordering, table entries at the draws, enhanced transposition cut-offs at replies (17 %
fewer positions, no less time: the table key costs about 150 ns), 4-way buckets.

The search functions are compiled with numba's reference counting off (``_nrt=False``:
they allocate nothing, and the arrays belong to the Python caller for the whole call), so a
recursive call pays no atomic count on its array arguments (numba issues 2345 and 2350):
10–20 % less time at 12 tricks left. :func:`best_line` keeps it (it allocates a ply's moves).
"""

from __future__ import annotations

import numpy as np
from numba import int64, njit, types

from ..simulate.trick_rule import compiled as _trick_rule

_RULE = _trick_rule()
durak_duty_id, durak_reply_wins = _RULE.durak_duty_id, _RULE.durak_reply_wins

#: The first 16 hex digits of the SHA-256 of ``cardkit/simulate/trick_rule.py`` this module's
#: kernels inline. Numba keys a kernel's cache on the kernel's own file only, so a change to the
#: trick rule must change this line, or the cached kernels keep the old rule compiled in
#: (``tests/test_trick_rule_kernels.py`` checks the value).
TRICK_RULE_SHA256 = "fac27ed7e0cca90e"

# ---- fields of st ------------------------------------------------------------------------
H = 0          # H + p: hand of seat p (mask)
UP = 2         # UP + 6 p + i: face-up card of stack i, or -1
DN = 14        # DN + 6 p + i: face-down card of stack i, or -1
UPM = 26       # UPM + p: mask of seat p's face-up cards
DNC = 28       # DNC + p: face-down cards seat p still has
LEADER = 30    # seat that leads the open trick (after a reply: the trick's winner)
LEADC = 31     # card led to the open trick, or -1
SWEEP = 32     # 0 no trick yet, 1 seat 0 took every trick so far, 2 seat 1, 3 neither
GONE = 33      # mask of the cards in completed tricks
REMPTS = 34    # points of the cards not yet in a completed trick
NODES = 35
MAXN = 36
ABORT = 37
DRAWER = 38    # who draws at ply 3
STAMP = 39     # transposition-table generation of this search
STATS = 40     # + kind: nodes of each ply kind; + 4 + kind: cutoffs; + 8 + kind: by the first move
ST_SIZE = 56

# ---- fields of tb ------------------------------------------------------------------------
PTS = 0        # PTS + c: points of card c
BEAT = 64      # BEAT + c: mask of the cards of c's suit that beat c (RULES.md §3.1)
SUITM = 128    # SUITM + s: mask of the deck's cards of suit s
TRUMP = 132
LEADONLY = 133  # 1: draw only after leading from the hand (draw_after="lead")
ZERO = 134     # mask of the deck's cards worth 0 points
ALL = 135      # mask of the deck
BONUS = 136    # the sweep bonus (points)
ZLOW = 137     # the lowest rank worth 0 points (7, or 3 with 52 cards)
OFF = 138      # search features switched off (bits OFF_*; 0, as built, is all on: tests compare)
DBT = 192      # de Bruijn table, 64 entries
TB_SIZE = 256
OFF_HISTORY = 1  # move ordering by the history of cut-offs (leads, replies)
OFF_DRAWDOM = 2  # no declining the draw where a draw is as good or better
OFF_SURE = 4     # the leader's sure tricks raise the lower bound at a lead
OFF_TRUMPS = 8   # sure trumps wherever they lie (face down too), of both seats, bound both ways
OFF_BEATERS = 16  # leads the opponent can beat: those it can beat with fewer cards first

# ---- Zobrist tables (z1 and z2: two independent 64-bit hashes) -------------------------------
Z_HAND = 0       # + 64 p + c: card c in seat p's hand (or face up with no face-down card left)
Z_BARE = 128     # + 64 p + c: card c face up on an empty stack of seat p (p has face-down cards)
Z_PAIR = 256     # + 4096 p + 64 up + down: a stack of seat p
Z_LS = 256 + 8192  # + 4 leader + sweep
Z_LEADC = Z_LS + 8  # + card led (a reply's position)
Z_SIZE = Z_LEADC + 64

INF = 1000
NOMOVE = -1
NODRAW = 99      # Draw(None)
MAXDEPTH = 128
MS_W = 64        # ms[depth, 0:32] moves, ms[depth, 32:64] ordering scores
HIST = 120       # ms[HIST + p]: history of leads by seat p, ms[HIST + 2 + p]: replies

DEBRUIJN = 0x03F79D71B4CB0A89

_A1 = int64[::1]
_A2 = int64[:, ::1]


@njit(int64(_A1, int64), cache=True, _nrt=False)
def _bit_index(tb, b):
    """Index of the single set bit of ``b``."""
    return tb[DBT + (((b * DEBRUIJN) >> 58) & 63)]


@njit(int64(int64), cache=True, _nrt=False)
def _popcount(x):
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return ((x * 0x0101010101010101) >> 56) & 0xFF


@njit(int64(_A1, int64, int64), cache=True, _nrt=False)
def _rel(tb, remzero, c):
    """The table key's name for card ``c``: a zero-point card is named by its place among
    the zero-point cards of its suit not yet in a completed trick (relative ranks: which
    ones are gone does not change the rest of the deal); any other card by itself."""
    b = int64(1) << c
    if remzero & b:
        return (c & 48) + tb[ZLOW] + _popcount(remzero & tb[SUITM + (c >> 4)] & (b - 1))
    return c


@njit(int64(_A1, int64, int64), cache=True, _nrt=False)
def _play(st, p, c):
    """Seat ``p`` plays card ``c``; returns the undo code: -1 from the hand, else stack
    ``i`` + 8 (face-down card under it + 1)."""
    bit = int64(1) << c
    if st[H + p] & bit:
        st[H + p] ^= bit
        return -1
    base = 6 * p
    for i in range(6):
        if st[UP + base + i] == c:
            d = st[DN + base + i]
            st[UP + base + i] = d
            st[UPM + p] ^= bit
            if d >= 0:
                st[UPM + p] |= int64(1) << d
                st[DN + base + i] = -1
                st[DNC + p] -= 1
            return i + 8 * (d + 1)
    return -2


@njit(types.void(_A1, int64, int64, int64), cache=True, _nrt=False)
def _unplay(st, p, c, code):
    bit = int64(1) << c
    if code == -1:
        st[H + p] |= bit
        return
    i = code % 8
    d = code // 8 - 1
    base = 6 * p
    st[UP + base + i] = c
    st[UPM + p] |= bit
    if d >= 0:
        st[UPM + p] ^= int64(1) << d
        st[DN + base + i] = d
        st[DNC + p] += 1


@njit(int64(_A1, _A1, int64, int64), cache=True, _nrt=False)
def _reduce(tb, st, cand, p):
    """``cand`` without equivalent cards: of the zero-point cards of one location class
    (hand; face up on an empty stack; both when ``p`` has no face-down card left) that
    touch in the order of the cards not yet in a completed trick, keep the lowest."""
    rem = tb[ALL] & ~st[GONE]
    zero = tb[ZERO]
    out = cand & ~zero
    covered = int64(0)
    bare = st[UPM + p]
    if st[DNC + p] > 0:
        for i in range(6):
            if st[DN + 6 * p + i] >= 0:
                covered |= int64(1) << st[UP + 6 * p + i]
        bare = bare & ~covered
        out |= cand & covered & zero
        classes0 = cand & st[H + p] & zero
        classes1 = cand & bare & zero
    else:
        classes0 = cand & zero
        classes1 = int64(0)
    for k in range(2):
        m = classes0 if k == 0 else classes1
        prev = -1
        while m:
            b = m & -m
            m ^= b
            c = _bit_index(tb, b)
            if prev >= 0 and (prev >> 4) == (c >> 4) and (rem & (b - 1) & ~((int64(2) << prev) - 1)) == 0:
                pass  # touches the previous one: equivalent
            else:
                out |= b
            prev = c
    return out


@njit(types.UniTuple(int64, 2)(_A1, _A1, _A1, _A1), cache=True, _nrt=False)
def _key(st, tb, z1, z2):
    """Two independent 64-bit hashes of the position at a lead (relative ranks, see _rel)."""
    rz = tb[ZERO] & ~st[GONE]
    k = Z_LS + 4 * st[LEADER] + st[SWEEP]
    h1 = z1[k]
    h2 = z2[k]
    for p in range(2):
        if st[DNC + p] == 0:
            m = st[H + p] | st[UPM + p]
        else:
            m = st[H + p]
            base = 6 * p
            for i in range(6):
                u = st[UP + base + i]
                if u >= 0:
                    d = st[DN + base + i]
                    if d < 0:
                        k = Z_BARE + 64 * p + _rel(tb, rz, u)
                    else:
                        k = Z_PAIR + 4096 * p + 64 * _rel(tb, rz, u) + _rel(tb, rz, d)
                    h1 ^= z1[k]
                    h2 ^= z2[k]
        while m:
            b = m & -m
            m ^= b
            k = Z_HAND + 64 * p + _rel(tb, rz, _bit_index(tb, b))
            h1 ^= z1[k]
            h2 ^= z2[k]
    return h1, h2


@njit(int64(_A2, int64, int64, int64), cache=True, _nrt=False)
def _probe(tt, h1, h2, stamp):
    n = tt.shape[0]
    i = h1 & (n - 1)
    for j in range(2):
        s = i ^ j
        if tt[s, 0] == h1 and tt[s, 1] == h2 and (tt[s, 2] >> 34) == stamp:
            return s
    return -1


@njit(types.void(_A2, int64, int64, int64, int64, int64, int64, int64), cache=True, _nrt=False)
def _store(tt, h1, h2, stamp, lo, hi, move, depth):
    n = tt.shape[0]
    i = h1 & (n - 1)
    slot = -1
    for j in range(2):
        s = i ^ j
        if tt[s, 0] == h1 and tt[s, 1] == h2 and (tt[s, 2] >> 34) == stamp:
            slot = s
            d = tt[s, 2]
            olo = (d & 1023) - 512
            ohi = ((d >> 10) & 1023) - 512
            if olo > lo:
                lo = olo
            if ohi < hi:
                hi = ohi
            if move < 0:
                move = ((d >> 20) & 255) - 1
            break
    if slot < 0:
        s0 = i
        s1 = i ^ 1
        d0 = tt[s0, 2]
        d1 = tt[s1, 2]
        if (d0 >> 34) != stamp:
            slot = s0
        elif (d1 >> 34) != stamp:
            slot = s1
        elif ((d0 >> 28) & 63) <= ((d1 >> 28) & 63):
            slot = s0
        else:
            slot = s1
    if lo < -511:
        lo = -511
    if hi > 511:
        hi = 511
    tt[slot, 0] = h1
    tt[slot, 1] = h2
    tt[slot, 2] = (lo + 512) | ((hi + 512) << 10) | ((move + 1) << 20) | (depth << 28) | (stamp << 34)


@njit(int64(_A1, _A1, _A1, _A1, _A2, _A2, int64, int64, int64, int64, int64), cache=True, _nrt=False)
def search(st, tb, z1, z2, tt, ms, kind, forced, depth, alpha, beta):
    """The value (points) of the rest of the deal for the player to move at ply ``kind``.

    Fail-soft alpha-beta: a value <= alpha is an upper bound, >= beta a lower bound.
    ``forced`` >= 0: search that one move only (a card, a stack to draw, or NODRAW) and
    return its value for the player to move (no table entry is made).
    """
    if st[ABORT] != 0:
        return 0
    st[NODES] += 1
    if st[NODES] > st[MAXN]:
        st[ABORT] = 1
        return 0
    st[STATS + kind] += 1
    bonus = tb[BONUS]
    nk = kind  # the kind of a child, never a literal at the call
    nomove = kind - kind - 1  # NOMOVE, not a literal either (numba issues 6061, 6713)
    # ---------------------------------------------------------------- lead
    if kind == 0:
        p = st[LEADER]
        h1 = int64(0)
        h2 = int64(0)
        ttmove = -1
        if forced < 0:
            sw = st[SWEEP]
            mine = st[H + p] | st[UPM + p]
            if (mine & (mine - 1)) == 0 and st[DNC + p] == 0:  # the last trick: one card each
                o = 1 - p
                c = _bit_index(tb, mine)
                rc = _bit_index(tb, st[H + o] | st[UPM + o])
                if (rc >> 4) == (c >> 4):
                    win = (tb[BEAT + c] >> rc) & 1
                else:
                    win = 1 if (rc >> 4) == tb[TRUMP] else 0
                g = tb[PTS + c] + tb[PTS + rc]
                wn = o if win == 1 else p
                v = g if wn == p else -g
                if sw == 0 or sw == wn + 1:
                    v += bonus if wn == p else -bonus
                return v
            rp = st[REMPTS]
            ub = rp + (bonus if (sw == 0 or sw == p + 1) else 0)
            lb = -(rp + (bonus if (sw == 0 or sw == 2 - p) else 0))
            if (tb[OFF] & (OFF_SURE | OFF_TRUMPS)) != (OFF_SURE | OFF_TRUMPS):
                # sure tricks: cards the leader can play now that no card the opponent
                # holds or can still draw beats win a trick each when led, one after the
                # other; the leader gains their points at least (the replies' too) and
                # the opponent can no longer sweep
                o = 1 - p
                ofut = st[H + o] | st[UPM + o]
                for i in range(6):
                    d = st[DN + 6 * o + i]
                    if d >= 0:
                        ofut |= int64(1) << d
                otr = (ofut & tb[SUITM + tb[TRUMP]]) != 0
                sure = int64(0)
                ns = 0
                m = st[H + p] | st[UPM + p]
                if (tb[OFF] & OFF_SURE) != 0:
                    m = int64(0)
                elif (tb[OFF] & OFF_TRUMPS) == 0:
                    m &= ~tb[SUITM + tb[TRUMP]]  # the trumps: counted below, wherever they lie
                while m:
                    b = m & -m
                    m ^= b
                    c = _bit_index(tb, b)
                    if (tb[BEAT + c] & ofut) == 0 and ((c >> 4) == tb[TRUMP] or not otr):
                        sure += tb[PTS + c]
                        ns += 1
                if (tb[OFF] & OFF_TRUMPS) == 0:
                    # sure trumps wherever they lie: a trump that no trump the other seat
                    # holds or can still draw beats wins the trick it is played in (led, or
                    # played to any lead: a trump may always be played, §3.3), and every
                    # card is played before the deal ends. The leader's face-down ones add
                    # to its sure points; the opponent's take their points from the leader
                    # at least and stop its sweep: the upper bound
                    tm = tb[SUITM + tb[TRUMP]]
                    pfut = st[H + p] | st[UPM + p]
                    for i in range(6):
                        d = st[DN + 6 * p + i]
                        if d >= 0:
                            pfut |= int64(1) << d
                    m = pfut & tm
                    while m:
                        b = m & -m
                        m ^= b
                        c = _bit_index(tb, b)
                        if (tb[BEAT + c] & ofut) == 0:
                            sure += tb[PTS + c]
                            ns += 1
                    so = int64(0)
                    nso = 0
                    m = ofut & tm
                    while m:
                        b = m & -m
                        m ^= b
                        c = _bit_index(tb, b)
                        if (tb[BEAT + c] & pfut) == 0:
                            so += tb[PTS + c]
                            nso += 1
                    if nso > 0 and rp - 2 * so < ub:
                        ub = rp - 2 * so
                if ns > 0 and 2 * sure - rp > lb:
                    lb = 2 * sure - rp
            if ub <= alpha:
                return ub
            if lb >= beta:
                return lb
            h1, h2 = _key(st, tb, z1, z2)
            slot = _probe(tt, h1, h2, st[STAMP])
            if slot >= 0:
                d = tt[slot, 2]
                lo = (d & 1023) - 512
                hi = ((d >> 10) & 1023) - 512
                ttmove = ((d >> 20) & 255) - 1
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            if ub < beta:
                beta = ub
            if lb > alpha:
                alpha = lb
            cand = _reduce(tb, st, st[H + p] | st[UPM + p], p)
        else:
            cand = int64(1) << forced
        o = 1 - p
        oplay = st[H + o] | st[UPM + o]
        tr = tb[TRUMP]
        n = 0
        m = cand
        while m:
            b = m & -m
            m ^= b
            c = _bit_index(tb, b)
            w = tb[BEAT + c] & oplay
            if (c >> 4) != tr:
                w |= oplay & tb[SUITM + tr]
            if c == ttmove:
                sc = int64(1) << 50
            else:
                # leads the opponent cannot beat first, the richest first; else those it can
                # beat with the fewest of its cards, then those that leave it the fewest
                # other cards to play (§3.3), the poorest first (OFF_BEATERS: issue 31, 1.6x
                # fewer positions at 10-12 tricks left, about 2x at 14); among cards of equal
                # points the history of cut-offs, then the lowest
                if (tb[OFF] & OFF_BEATERS) != 0:
                    sc = (1000 if w == 0 else 0) + (1 if w == 0 else -1) * tb[PTS + c] * 16
                elif w == 0:
                    sc = 100000 + tb[PTS + c] * 16
                else:
                    lg = durak_duty_id(oplay, (c >> 4) == tr, tb[SUITM + (c >> 4)], tb[SUITM + tr])
                    sc = -_popcount(w) * 1024 - _popcount(lg & ~w) * 32 - tb[PTS + c]
                if (tb[OFF] & OFF_HISTORY) == 0:
                    sc = sc * 0x4000000 + min(ms[HIST + p, c], 0x3FFFFFF)
                sc = sc * 16 - (c & 15)
            ms[depth, n] = c
            ms[depth, 32 + n] = sc
            n += 1
        best = -INF
        bestmove = -1
        a = alpha
        for k in range(n):
            bi = k
            for j in range(k + 1, n):
                if ms[depth, 32 + j] > ms[depth, 32 + bi]:
                    bi = j
            c = ms[depth, bi]
            ms[depth, bi] = ms[depth, k]
            ms[depth, 32 + bi] = ms[depth, 32 + k]
            code = _play(st, p, c)
            st[LEADC] = c
            if code == -1 and st[DNC + p] > 0:
                nk = kind + 1
                v = search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, a, beta)
            else:
                nk = kind + 2
                v = -search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, -beta, -a)
            st[LEADC] = -1
            _unplay(st, p, c, code)
            if st[ABORT] != 0:
                return 0
            if v > best:
                best = v
                bestmove = c
                if v > a:
                    a = v
                    if a >= beta:
                        st[STATS + 4 + kind] += 1
                        if k == 0:
                            st[STATS + 8 + kind] += 1
                        ms[HIST + p, c] += MAXDEPTH - depth
                        break
        if forced < 0:
            lo = -INF
            hi = INF
            if best <= alpha:
                hi = best
            elif best >= beta:
                lo = best
            else:
                lo = best
                hi = best
            cards = 0
            x = st[H] | st[H + 1] | st[UPM] | st[UPM + 1]
            while x:
                x &= x - 1
                cards += 1
            _store(tt, h1, h2, st[STAMP], lo, hi, bestmove, cards & 63)
        return best
    # ---------------------------------------------------------------- draws (plies 1 and 3)
    if kind == 1 or kind == 3:
        p = st[LEADER] if kind == 1 else st[DRAWER]
        w = st[LEADER]
        n = 0
        base = 6 * p
        if forced >= 0:
            ms[depth, 0] = forced
            n = 1
        else:
            for i in range(6):
                d = st[DN + base + i]
                if d >= 0:
                    ms[depth, n] = i
                    ms[depth, 32 + n] = tb[PTS + d] * 8 + (d & 15) + (64 if (d >> 4) == tb[TRUMP] else 0)
                    n += 1
            # declining can be better: a card drawn may bring a duty to follow (§3.3); not
            # when a card to draw is of a plain suit the opponent holds none of (it never
            # leads it), as then drawing that card leaves every choice declining leaves
            dom = False
            if (tb[OFF] & OFF_DRAWDOM) == 0:
                hp = st[H + p] | st[UPM + p]
                for i in range(6):
                    d = st[DN + base + i]
                    if d >= 0:
                        hp |= int64(1) << d
                ho = tb[ALL] & ~st[GONE] & ~hp
                if st[LEADC] >= 0:
                    ho &= ~(int64(1) << st[LEADC])
                for i in range(6):
                    d = st[DN + base + i]
                    if d >= 0 and (d >> 4) != tb[TRUMP] and (ho & tb[SUITM + (d >> 4)]) == 0:
                        dom = True
            if not dom:
                ms[depth, n] = NODRAW
                ms[depth, 32 + n] = -1
                n += 1
        best = -INF
        a = alpha
        for k in range(n):
            bi = k
            for j in range(k + 1, n):
                if ms[depth, 32 + j] > ms[depth, 32 + bi]:
                    bi = j
            i = ms[depth, bi]
            ms[depth, bi] = ms[depth, k]
            ms[depth, 32 + bi] = ms[depth, 32 + k]
            d = -1
            if i != NODRAW:
                d = st[DN + base + i]
                st[DN + base + i] = -1
                st[DNC + p] -= 1
                st[H + p] |= int64(1) << d
            if kind == 1:
                nk = kind + 1
                v = -search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, -beta, -a)
            else:
                nk = kind - 3
                if w == p:
                    v = search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, a, beta)
                else:
                    v = -search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, -beta, -a)
            if i != NODRAW:
                st[H + p] ^= int64(1) << d
                st[DN + base + i] = d
                st[DNC + p] += 1
            if st[ABORT] != 0:
                return 0
            if v > best:
                best = v
                if v > a:
                    a = v
                    if a >= beta:
                        st[STATS + 4 + kind] += 1
                        if k == 0:
                            st[STATS + 8 + kind] += 1
                        break
        return best
    # ---------------------------------------------------------------- reply (ply 2)
    ld = st[LEADER]
    r = 1 - ld
    lc = st[LEADC]
    tr = tb[TRUMP]
    play = st[H + r] | st[UPM + r]
    ls = lc >> 4
    f = durak_duty_id(play, ls == tr, tb[SUITM + ls], tb[SUITM + tr])
    h1 = int64(0)
    h2 = int64(0)
    ttmove = -1
    if forced >= 0:
        cand = int64(1) << forced
    else:
        h1, h2 = _key(st, tb, z1, z2)
        k = Z_LEADC + _rel(tb, tb[ZERO] & ~st[GONE], lc)
        h1 ^= z1[k]
        h2 ^= z2[k]
        slot = _probe(tt, h1, h2, st[STAMP])
        if slot >= 0:
            d = tt[slot, 2]
            lo = (d & 1023) - 512
            hi = ((d >> 10) & 1023) - 512
            ttmove = ((d >> 20) & 255) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        cand = _reduce(tb, st, f, r)
    lpts = tb[PTS + lc]
    n = 0
    m = cand
    while m:
        b = m & -m
        m ^= b
        c = _bit_index(tb, b)
        win = durak_reply_wins(lc, c, tb[BEAT + lc], tr)
        g = lpts + tb[PTS + c]
        if win == 0:
            g = -g
        ms[depth, n] = c
        if c == ttmove:
            ms[depth, 32 + n] = int64(1) << 50
        else:
            # by the points the reply gains (a lost trick's as negative), then the history
            # of cut-offs, then the lowest, plain before trump
            sc = g
            if (tb[OFF] & OFF_HISTORY) == 0:
                sc = sc * 0x4000000 + min(ms[HIST + 2 + r, c], 0x3FFFFFF)
            ms[depth, 32 + n] = sc * 64 - (c & 15) - (16 if (c >> 4) == tr else 0)
        n += 1
    best = -INF
    bestmove = -1
    a = alpha
    osw = st[SWEEP]
    for k in range(n):
        bi = k
        for j in range(k + 1, n):
            if ms[depth, 32 + j] > ms[depth, 32 + bi]:
                bi = j
        c = ms[depth, bi]
        ms[depth, bi] = ms[depth, k]
        ms[depth, 32 + bi] = ms[depth, 32 + k]
        win = durak_reply_wins(lc, c, tb[BEAT + lc], tr)
        pts = lpts + tb[PTS + c]
        g = pts if win == 1 else -pts
        wn = r if win == 1 else ld
        if osw == 0:
            nsw = wn + 1
        elif osw == wn + 1:
            nsw = osw
        else:
            nsw = 3
        code = _play(st, r, c)
        gone = st[GONE]
        st[GONE] = gone | (int64(1) << lc) | (int64(1) << c)
        st[REMPTS] -= pts
        st[LEADER] = wn
        st[LEADC] = -1
        st[SWEEP] = nsw
        if (st[H] | st[H + 1] | st[UPM] | st[UPM + 1]) == 0:
            v = g
            if nsw == 1:
                v += bonus if r == 0 else -bonus
            elif nsw == 2:
                v += bonus if r == 1 else -bonus
        elif code == -1 and st[DNC + r] > 0 and tb[LEADONLY] == 0:
            odr = st[DRAWER]  # restored: a search leaves st exactly as it found it
            st[DRAWER] = r
            nk = kind + 1
            v = g + search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, a - g, beta - g)
            st[DRAWER] = odr
        elif wn == r:
            nk = kind - 2
            v = g + search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, a - g, beta - g)
        else:
            nk = kind - 2
            v = g - search(st, tb, z1, z2, tt, ms, nk, nomove, depth + 1, g - beta, g - a)
        st[SWEEP] = osw
        st[LEADC] = lc
        st[LEADER] = ld
        st[REMPTS] += pts
        st[GONE] = gone
        _unplay(st, r, c, code)
        if st[ABORT] != 0:
            return 0
        if v > best:
            best = v
            bestmove = c
            if v > a:
                a = v
                if a >= beta:
                    st[STATS + 4 + kind] += 1
                    if k == 0:
                        st[STATS + 8 + kind] += 1
                    ms[HIST + 2 + r, c] += MAXDEPTH - depth
                    break
    if forced < 0:
        lo = -INF
        hi = INF
        if best <= alpha:
            hi = best
        elif best >= beta:
            lo = best
        else:
            lo = best
            hi = best
        x = st[H] | st[H + 1] | st[UPM] | st[UPM + 1]
        cards = 0
        while x:
            x &= x - 1
            cards += 1
        _store(tt, h1, h2, st[STAMP], lo, hi, bestmove, cards & 63)
    return best


@njit(int64(_A1, _A1, int64, int64), cache=True, _nrt=False)
def apply_move(st, tb, kind, move):
    """Play ``move`` at ply ``kind`` for good (no undo); returns the next ply's kind, or -1
    when the deal is over. The trick's points are not credited here (the caller replays the
    line through the engine)."""
    if kind == 0:
        p = st[LEADER]
        code = _play(st, p, move)
        st[LEADC] = move
        if code == -1 and st[DNC + p] > 0:
            return 1
        return 2
    if kind == 1 or kind == 3:
        p = st[LEADER] if kind == 1 else st[DRAWER]
        if move != NODRAW:
            d = st[DN + 6 * p + move]
            st[DN + 6 * p + move] = -1
            st[DNC + p] -= 1
            st[H + p] |= int64(1) << d
        return 2 if kind == 1 else 0
    ld = st[LEADER]
    r = 1 - ld
    lc = st[LEADC]
    tr = tb[TRUMP]
    win = durak_reply_wins(lc, move, tb[BEAT + lc], tr)
    wn = r if win == 1 else ld
    osw = st[SWEEP]
    if osw == 0:
        nsw = wn + 1
    elif osw == wn + 1:
        nsw = osw
    else:
        nsw = 3
    code = _play(st, r, move)
    st[GONE] |= (int64(1) << lc) | (int64(1) << move)
    st[REMPTS] -= tb[PTS + lc] + tb[PTS + move]
    st[LEADER] = wn
    st[LEADC] = -1
    st[SWEEP] = nsw
    if (st[H] | st[H + 1] | st[UPM] | st[UPM + 1]) == 0:
        return -1
    if code == -1 and st[DNC + r] > 0 and tb[LEADONLY] == 0:
        st[DRAWER] = r
        return 3
    return 0


@njit(int64(_A1, _A1, _A1, _A1, _A2, _A2, int64, int64, int64, _A1), cache=True, nogil=True)
def best_line(st, tb, z1, z2, tt, ms, kind, value, mover, out):
    """Walk a line of best play from ``st`` (changed in place) whose value for ``mover``
    (the player to move at the start) is ``value``; writes the moves to ``out`` (cards,
    stacks drawn) and returns how many, or -1 if the node limit stopped the search."""
    n = 0
    target = value
    who = mover
    k = kind
    while k >= 0:
        # the moves of this ply, all of them (the engine's order does not matter here)
        moves = np.empty(32, dtype=np.int64)
        nm = 0
        if k == 0 or k == 2:
            p = st[LEADER] if k == 0 else 1 - st[LEADER]
            cand = st[H + p] | st[UPM + p]
            if k == 2:
                lc = st[LEADC]
                tr = tb[TRUMP]
                cand = durak_duty_id(cand, (lc >> 4) == tr, tb[SUITM + (lc >> 4)], tb[SUITM + tr])
            m = cand
            while m:
                b = m & -m
                m ^= b
                moves[nm] = _bit_index(tb, b)
                nm += 1
        else:
            p = st[LEADER] if k == 1 else st[DRAWER]
            for i in range(6):
                if st[DN + 6 * p + i] >= 0:
                    moves[nm] = i
                    nm += 1
            moves[nm] = NODRAW
            nm += 1
        if p != who:
            target = -target
            who = p
        if k == 0 or k == 2:  # the table's move first: it is the best move most often
            h1, h2 = _key(st, tb, z1, z2)
            if k == 2:
                zk = Z_LEADC + _rel(tb, tb[ZERO] & ~st[GONE], st[LEADC])
                h1 ^= z1[zk]
                h2 ^= z2[zk]
            slot = _probe(tt, h1, h2, st[STAMP])
            if slot >= 0:
                tm = ((tt[slot, 2] >> 20) & 255) - 1
                for j in range(1, nm):
                    if moves[j] == tm:
                        moves[j] = moves[0]
                        moves[0] = tm
                        break
        # points already credited to `who` by the reply are not in the child's value:
        # search returns the value for the mover including the trick resolved by this move
        chosen = -1
        for j in range(nm):
            v = search(st, tb, z1, z2, tt, ms, k, moves[j], 0, target - 1, target)
            if st[ABORT] != 0:
                return -1
            if v >= target:
                chosen = moves[j]
                break
        if chosen < 0:
            return -2
        out[n] = chosen
        n += 1
        if k == 2:
            lc = st[LEADC]
            tr = tb[TRUMP]
            win = durak_reply_wins(lc, chosen, tb[BEAT + lc], tr)
            pts = tb[PTS + lc] + tb[PTS + chosen]
            target -= pts if win == 1 else -pts
        k = apply_move(st, tb, k, chosen)
    return n


@njit(int64(_A1, _A1, _A1, _A1, _A2, _A2, int64, int64, int64), cache=True, _nrt=False, nogil=True)
def mtd(st, tb, z1, z2, tt, ms, kind, forced, guess):
    """Exact value by MTD(f): zero-window searches from ``guess`` until the bounds meet.
    (Galloping and bisection were tried: no fewer positions, as the passes near the value
    cost the most.)"""
    bound = st[REMPTS] + tb[BONUS]
    lo = -bound - 1
    hi = bound + 1
    g = guess
    while lo < hi:
        t = g + 1 if g == lo else g
        v = search(st, tb, z1, z2, tt, ms, kind, forced, 0, t - 1, t)
        if st[ABORT] != 0:
            return 0
        if v < t:
            hi = v
        else:
            lo = v
        g = v
    return g


@njit(int64(_A1, _A1, _A1, _A1, _A2, _A2, int64, _A1, _A1), cache=True, _nrt=False, nogil=True)
def values_of(st, tb, z1, z2, tt, ms, kind, moves, out):
    """Exact value (for the player to move) of each of ``moves`` at ply ``kind``, into
    ``out``; returns 0, or -1 if the node limit stopped the search."""
    ms[HIST:HIST + 4, :] = 0
    guess = int64(0)
    for j in range(moves.shape[0]):
        g = mtd(st, tb, z1, z2, tt, ms, kind, moves[j], guess)
        if st[ABORT] != 0:
            return -1
        out[j] = g
        guess = g
    return 0


@njit(int64(_A1, _A1, _A1, _A1, _A2, _A2, int64), cache=True, _nrt=False, nogil=True)
def solve_value(st, tb, z1, z2, tt, ms, kind):
    """Exact value of the position for the player to move."""
    ms[HIST:HIST + 4, :] = 0
    nomove = int64(NOMOVE)
    guess = int64(0)
    return mtd(st, tb, z1, z2, tt, ms, kind, nomove, guess)


@njit(int64(_A1, _A1, _A1, _A1, _A2, _A2, int64), cache=True, _nrt=False, nogil=True)
def solve_window(st, tb, z1, z2, tt, ms, kind):
    """Exact value by one full-window search (for comparison with :func:`solve_value`)."""
    nomove = int64(NOMOVE)
    lo = int64(-INF)
    hi = int64(INF)
    return search(st, tb, z1, z2, tt, ms, kind, nomove, 0, lo, hi)
