"""Compiled exact search for Variety (numba). Imported only by
:mod:`cardkit.analysis.variety` when a position is first solved, never at ``import cardkit``.

The layout of its arrays, the search, the transposition table (partition search), the bounds and
the move ordering are described in ``docs/variety-solver.md``. :func:`search` and :func:`best_line`
release the GIL (``nogil``): searches with their own arrays run in parallel threads.
"""

from __future__ import annotations

import numpy as np
from numba import int64, njit, types, uint64

from ..simulate.trick_rule import compiled as _trick_rule

_RULE = _trick_rule()
beats_id, follow_suit, winner_offset = _RULE.beats_id, _RULE.follow_suit, _RULE.winner_offset

#: The first 16 hex digits of the SHA-256 of ``cardkit/simulate/trick_rule.py`` this module's
#: kernels inline. Numba keys a kernel's cache on the kernel's own file only, so a change to the
#: trick rule must change this line, or the cached kernels keep the old rule compiled in
#: (``tests/test_trick_rule_kernels.py`` checks the value).
TRICK_RULE_SHA256 = "fac27ed7e0cca90e"

M1 = np.uint64(0x9E3779B97F4A7C15)
M2 = np.uint64(0xC2B2AE3D27D4EB4F)
INF = 1 << 20
OFF = 1 << 19          # bounds are stored as value + OFF in 20 bits
UNKNOWN = 1 << 18      # "no bound yet"
S16 = np.uint64(0xFFFF)
BS = 8                 # a bucket's entries lie in blocks of 8 rows (one lookup reads them in order)

# trailing-zero count by de Bruijn multiplication (a global array: numba freezes it)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_CTZ = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _CTZ[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i
del _i


@njit(int64(uint64), cache=True, _nrt=False)
def ctz(lb):
    """Index of the single set bit of ``lb``."""
    return _CTZ[(lb * _DEBRUIJN) >> np.uint64(58)]


@njit(int64(uint64), cache=True, _nrt=False)
def msb(x):
    """Index of the highest set bit of ``x`` (x > 0, below bit 63)."""
    x |= x >> np.uint64(1)
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    x |= x >> np.uint64(16)
    x |= x >> np.uint64(32)
    return ctz((x >> np.uint64(1)) + np.uint64(1))


@njit(int64(uint64), cache=True, _nrt=False)
def popcount(x):
    """Number of set bits of ``x``."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


@njit(int64(int64[:], int64, int64), cache=True, _nrt=False)
def trick_winner_offset(trick, base, trump):
    """Index 0..3 (play order) of the winning card of the complete trick at ``base``
    (:func:`cardkit.simulate.trick_rule.winner_offset`)."""
    return winner_offset(trick, base, 4, trump)


@njit(uint64(uint64[:], int64, int64[:], int64, uint64[:]), cache=True, _nrt=False)
def node_key(hands, leader, val, mixed, kb):
    """Fill ``kb`` with the position's table key at a trick's start: ``kb[0]``, ``kb[1]`` two hashes of the bucket
    (leader, each hand's suit lengths, and with ``mixed`` how many cards of each value class each hand holds in each
    suit); ``kb[2]``, ``kb[3]`` the owner patterns (2 bits a card, the lowest remaining card of a suit first; suits
    0-1 and 2-3, 32 bits a suit); with ``mixed``, ``kb[4]``, ``kb[5]`` the value classes in the same layout (0: no
    points, 1: > 0, 2: < 0). Returns the lengths word."""
    lens = np.uint64(0)
    vh = np.uint64(0)
    p0 = np.uint64(0)
    p1 = np.uint64(0)
    q0 = np.uint64(0)
    q1 = np.uint64(0)
    for s in range(4):
        sh = np.uint64(16 * s)
        h0 = (hands[0] >> sh) & S16
        h1 = (hands[1] >> sh) & S16
        h2 = (hands[2] >> sh) & S16
        h3 = (hands[3] >> sh) & S16
        lens |= np.uint64(popcount(h0) | (popcount(h1) << 4) | (popcount(h2) << 8) | (popcount(h3) << 12)) << sh
        x = h0 | h1 | h2 | h3
        pat = np.uint64(0)
        cpat = np.uint64(0)
        cnts = np.uint64(0)   # per hand, the cards of class 1 and of class 2 (4 bits each)
        j = np.uint64(0)
        while x:
            lb = x & (~x + np.uint64(1))
            x ^= lb
            o = np.uint64(0)
            if h1 & lb:
                o = np.uint64(1)
            elif h2 & lb:
                o = np.uint64(2)
            elif h3 & lb:
                o = np.uint64(3)
            pat |= o << j
            if mixed:
                v = val[s * 16 + ctz(lb)]
                if v != 0:
                    c = np.uint64(1) if v > 0 else np.uint64(2)
                    cpat |= c << j
                    cnts += np.uint64(1) << (np.uint64(8) * o + np.uint64(4) * (c - np.uint64(1)))
            j += np.uint64(2)
        if mixed:
            vh = (vh ^ cnts ^ np.uint64(s + 1)) * M1
            vh ^= vh >> np.uint64(29)
        if s < 2:
            p0 |= pat << np.uint64(32 * s)
            q0 |= cpat << np.uint64(32 * s)
        else:
            p1 |= pat << np.uint64(32 * (s - 2))
            q1 |= cpat << np.uint64(32 * (s - 2))
    k1 = (lens ^ (np.uint64(leader + 1) * M2)) * M1
    k1 ^= k1 >> np.uint64(31)
    k1 = (k1 ^ vh) * M2
    k1 ^= k1 >> np.uint64(29)
    k2 = (lens + np.uint64(leader + 5) * M1) * M2
    k2 ^= k2 >> np.uint64(33)
    k2 = (k2 + vh * np.uint64(0x165667B19E3779F9)) * M1
    k2 ^= k2 >> np.uint64(27)
    kb[0] = k1
    kb[1] = k2
    kb[2] = p0
    kb[3] = p1
    kb[4] = q0
    kb[5] = q1
    return lens


@njit(int64(uint64[:, :], uint64, uint64), cache=True, _nrt=False)
def find_bucket(tb, k1, k2):
    """The bucket of (k1, k2), or -1."""
    nb = tb.shape[0]
    i = int64(k1 & np.uint64(nb - 1))
    for _ in range(4):
        if tb[i, 2] == np.uint64(0):
            return -1
        if tb[i, 0] == k1 and tb[i, 1] == k2:
            return i
        i = (i + 1) & (nb - 1)
    return -1


@njit(uint64(uint64, uint64, uint64), cache=True, _nrt=False)
def top_cards(allc, m0, m1):
    """The remaining cards an entry's masks keep (per suit the top ones), as card bits."""
    out = np.uint64(0)
    for s in range(4):
        if s < 2:
            ms = (m0 >> np.uint64(32 * s)) & np.uint64(0xFFFFFFFF)
        else:
            ms = (m1 >> np.uint64(32 * (s - 2))) & np.uint64(0xFFFFFFFF)
        k = popcount(ms) >> 1
        x = allc & (S16 << np.uint64(16 * s))
        while k > 0:
            hb = np.uint64(1) << np.uint64(msb(x))
            out |= hb
            x ^= hb
            k -= 1
    return out


@njit(int64(uint64, int64), cache=True, _nrt=False)
def card_from_bottom(allc, code):
    """The card ``code`` (suit * 16 + place from the bottom among the remaining cards of
    that suit) names in this position, or -1."""
    s = code >> 4
    j = code & 15
    x = allc & (S16 << np.uint64(16 * s))
    while x:
        lb = x & (~x + np.uint64(1))
        if j == 0:
            return ctz(lb)
        j -= 1
        x ^= lb
    return -1


@njit(int64(uint64[:], int64[:], uint64, int64, int64, int64, int64, uint64[:],
            uint64[:, :], uint64[:, :], int64[:]), cache=True, _nrt=False)
def tt_store(hands, val, rel, mixed, best, beta, bestm, kb, tb, te, ts):
    """Store the result ``best`` of a null-window search at ``beta`` (a lower bound if ``best >= beta``, else an
    upper bound) for the position at a trick's start whose key is ``kb`` (:func:`node_key`) and whose deciding cards
    are ``rel``, with its best card ``bestm`` (-1: none). Returns 1."""
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    k1 = kb[0]
    k2 = kb[1]
    p0 = kb[2]
    p1 = kb[3]
    q0 = kb[4]
    q1 = kb[5]
    m0 = np.uint64(0)
    m1 = np.uint64(0)
    for s in range(4):
        sh = np.uint64(16 * s)
        x = (allc >> sh) & S16
        n = popcount(x)
        k = 0
        rs = (rel >> sh) & S16
        if rs:
            low = ctz(rs & (~rs + np.uint64(1)))
            k = popcount(x >> np.uint64(low))
        ms = ((np.uint64(1) << np.uint64(2 * k)) - np.uint64(1)) << np.uint64(2 * (n - k))
        if s < 2:
            m0 |= ms << np.uint64(32 * s)
        else:
            m1 |= ms << np.uint64(32 * (s - 2))
    p0 &= m0
    p1 &= m1
    q0 &= m0
    q1 &= m1
    # the best card as (suit, place from the bottom)
    code = 0
    if bestm >= 0:
        bs = bestm >> 4
        below = allc & (S16 << np.uint64(16 * bs)) & ((np.uint64(1) << np.uint64(bestm)) - np.uint64(1))
        code = bs * 16 + popcount(below) + 1
    nb = tb.shape[0]
    ne = te.shape[0]
    i = int64(k1 & np.uint64(nb - 1))
    slot = -1
    for _ in range(4):
        if tb[i, 2] == np.uint64(0) or (tb[i, 0] == k1 and tb[i, 1] == k2):
            slot = i
            break
        i = (i + 1) & (nb - 1)
    if slot < 0:
        slot = int64(k1 & np.uint64(nb - 1))   # all four taken: this one starts again
        tb[slot, 2] = np.uint64(0)
    if tb[slot, 2] == np.uint64(0):
        tb[slot, 0] = k1
        tb[slot, 1] = k2
    # an entry with the same kept cards: tighten its bound
    e = -1
    blk = int64(tb[slot, 2]) - 1
    while blk >= 0 and e < 0:
        f0 = blk * BS
        n = int64(te[f0, 5] & np.uint64(0xFF))
        for k in range(n):
            f = f0 + k
            if te[f, 0] == p0 and te[f, 1] == p1 and te[f, 2] == m0 and te[f, 3] == m1 and te[f, 6] == q0 \
                    and te[f, 7] == q1:
                e = f
                break
        blk = int64(te[f0, 5] >> np.uint64(8)) - 1
    if e < 0:
        head = int64(tb[slot, 2]) - 1
        n = 0
        if head >= 0:
            n = int64(te[head * BS, 5] & np.uint64(0xFF))
        if head >= 0 and n < BS:
            e = head * BS + n          # room in the bucket's newest block
            te[head * BS, 5] += np.uint64(1)
        else:
            if ts[0] + BS > ne:   # full: empty the table
                tb[:, 2] = np.uint64(0)
                ts[0] = 0
                ts[1] += 1
                tb[slot, 0] = k1
                tb[slot, 1] = k2
            e = ts[0]
            ts[0] += BS
            te[e, 5] = np.uint64(1) | (tb[slot, 2] << np.uint64(8))   # 1 entry, then the older blocks
            tb[slot, 2] = np.uint64(e // BS + 1)
        te[e, 0] = p0
        te[e, 1] = p1
        te[e, 2] = m0
        te[e, 3] = m1
        te[e, 6] = q0
        te[e, 7] = q1
        te[e, 4] = np.uint64(OFF - UNKNOWN) | (np.uint64(OFF + UNKNOWN) << np.uint64(20))
    info = te[e, 4]
    lo = int64(info & np.uint64(0xFFFFF)) - OFF
    hi = int64((info >> np.uint64(20)) & np.uint64(0xFFFFF)) - OFF
    if best >= beta:
        if best > lo:
            lo = best
    elif best < hi:
        hi = best
    if code == 0:
        code = int64(info >> np.uint64(40))
    te[e, 4] = np.uint64(lo + OFF) | (np.uint64(hi + OFF) << np.uint64(20)) | (np.uint64(code) << np.uint64(40))
    return 1


@njit(int64(uint64[:], int64, int64, int64, int64, int64, int64), cache=True, _nrt=False)
def duck_winner(hands, leader, k0, w, ws, led, trump):
    """The seat that takes a trick nobody wants, of suit ``led``, now won by card ``w`` of seat ``ws``, when the
    players from play order ``k0`` on each play under the winner if they can (a card of the suit below it, any card
    of the suit when it was trumped, a discard), else their highest card that must win (of the suit, or a trump when
    they hold nothing else)."""
    lmask = S16 << np.uint64(16 * led)
    tmask = np.uint64(0)
    if trump >= 0:
        tmask = S16 << np.uint64(16 * trump)
    for k in range(k0, 4):
        q = (leader + k) % 4
        h = hands[q]
        hq = h & lmask
        if hq:
            if (w >> 4) == led and (hq & ((np.uint64(1) << np.uint64(w)) - np.uint64(1))) == np.uint64(0):
                w = msb(hq)
                ws = q
        elif trump >= 0 and h != np.uint64(0) and (h & tmask) == h and (
                (w >> 4) != trump or (h & ((np.uint64(1) << np.uint64(w)) - np.uint64(1))) == np.uint64(0)):
            w = msb(h)   # only trumps left, none under the winner: it must ruff or overruff
            ws = q
    return ws


@njit(int64(uint64[:], int64, uint64, uint64, uint64, int64[:], int64[:], int64, int64, int64, int64,
            int64[:], int64[:], int64[:]), cache=True, _nrt=False)
def lead_moves(hands, player, cand, occ, allc, val, side, trump, per_trick, duck, ttmove, stats, moves, scores):
    """The leader's cards (one of each run of equivalent cards) with ordering scores, high first wanted: a sure
    winner cashed, a low card led to the partner's winner, a suit the opponents can ruff avoided; both sides want
    tricks worth > 0 (the gain is the trick's estimated worth to the mover's side), ties by fewer opponents' cards
    in the suit (a smaller tree) and history. Returns the number of moves."""
    me = side[player]
    nm = 0
    one = 1   # (no integer literal at a call site of a cached function)
    tmask = np.uint64(0)
    if trump >= 0:
        tmask = S16 << np.uint64(16 * trump)
    for s in range(4):
        sm = S16 << np.uint64(16 * s)
        mine = cand & sm
        if mine == np.uint64(0):
            continue
        top = msb(allc & sm)
        topb = np.uint64(1) << np.uint64(top)
        topown = 0
        for q in range(4):
            if hands[q] & topb:
                topown = q
        others = 0
        oppcards = 0
        opp_ruff = False
        own_ruff = False
        for q in range(4):
            if q == player:
                continue
            hq = hands[q] & sm
            if hq:
                others += 1
            n = 0
            y = hq
            while y:
                y &= y - np.uint64(1)
                n += 1
            if side[q] != me:
                oppcards += n
            if trump >= 0 and s != trump and hq == np.uint64(0) and (hands[q] & tmask) != np.uint64(0):
                if side[q] != me:
                    opp_ruff = True
                else:
                    own_ruff = True
        x = mine
        while x:
            lb = x & (~x + np.uint64(1))
            b = ctz(lb)
            x ^= lb
            above = occ & sm & ~((lb << np.uint64(1)) - np.uint64(1))
            if above:
                nb_ = above & (~above + np.uint64(1))
                if (cand & nb_) != np.uint64(0) and val[ctz(nb_)] == val[b]:
                    continue
            moves[nm] = b
            st = b & 15
            hist = stats[64 + player * 64 + b]
            if hist > 4095:
                hist = 4095
            if b == ttmove:
                scores[nm] = 1 << 50
                nm += 1
                continue
            worth = per_trick + val[b] * (1 + others)
            sec = 2000 - 40 * oppcards
            if worth < 0 and duck:
                # a trick nobody wants: who takes it when everyone plays under the winner if
                # they can; the high cards first (got rid of)
                wq = duck_winner(hands, player, one, b, player, s, trump)
                pred = 1 if side[wq] == me else -1
                sec = 1000 + st * 16
                gain = pred * worth
                scores[nm] = ((gain + 4096) << 24) + (sec << 12) + hist
                nm += 1
                continue
            if others == 0 or b == top:
                pred = -1 if opp_ruff else 1
                sec += 500
            elif side[topown] == me and topown != player:
                pred = -1 if opp_ruff else 1
                sec -= st * 16          # low to the partner's winner
            elif own_ruff and not opp_ruff:
                pred = 0
                sec += 300 - st * 16
            elif side[topown] != me:
                pred = -1
                sec -= st * 16
            else:
                pred = 0
                sec -= st * 16
            gain = pred * worth
            scores[nm] = ((gain + 4096) << 24) + (sec << 12) + hist
            nm += 1
    return nm


@njit(int64(uint64[:], int64[:], int64, int64, int64[:], int64[:], uint64), cache=True, _nrt=False)
def pairing_bound(hands, val, per_trick, tleft, cnt, sums, skip):
    """A bound on |value to go| at a trick's start: every trick holds one card of each hand and goes whole to one
    side, so |value| <= max over such groupings of the sum of |per_trick + the trick's card values|, reached by
    putting each hand's cards in value order (the k highest tricks hold at most each hand's k highest values:
    majorisation, and |.| is convex). The cards of ``skip`` count as worth 0 (the caller adds what they are sure to
    bring). Card values must lie in -8..7; ``cnt`` int64[16], ``sums`` int64[>=13] scratch."""
    for t in range(tleft):
        sums[t] = 0
    for p in range(4):
        for i in range(16):
            cnt[i] = 0
        x = hands[p]
        while x:
            lb = x & (~x + np.uint64(1))
            x ^= lb
            if lb & skip:
                cnt[8] += 1
            else:
                cnt[val[ctz(lb)] + 8] += 1
        t = 0
        for i in range(15, -1, -1):
            c = cnt[i]
            while c > 0:
                sums[t] += i - 8
                t += 1
                c -= 1
    u = 0
    for t in range(tleft):
        w = per_trick + sums[t]
        u += w if w > 0 else -w
    return u


@njit(types.Tuple((int64, uint64, uint64))(uint64[:], int64[:], int64[:], int64), cache=True, _nrt=False)
def sure_trumps(hands, val, side, trump):
    """(the points sure to go to their holders' sides, declarers minus defenders; those trumps; the cards whose
    ranks decide it): a trump held by the side that holds every higher trump left goes to that side in the trick it
    is played in (the trick's winner then plays a trump at least as high: one of that side's). So the run of trumps
    from the top down held by one side; the deciding card is the run's lowest when the other side holds a trump (a
    table entry then keeps the owners of the run)."""
    if trump < 0:
        return (0, np.uint64(0), np.uint64(0))
    tm = S16 << np.uint64(16 * trump)
    allt = (hands[0] | hands[1] | hands[2] | hands[3]) & tm
    if allt == np.uint64(0):
        return (0, np.uint64(0), np.uint64(0))
    top = np.uint64(1) << np.uint64(msb(allt))
    own = 0
    for q in range(4):
        if hands[q] & top:
            own = side[q]
    mine = np.uint64(0)
    for q in range(4):
        if side[q] == own:
            mine |= hands[q]
    mine &= tm
    x = allt
    run = np.uint64(0)
    tot = 0
    low = np.uint64(0)
    while x:
        b = msb(x)
        bit = np.uint64(1) << np.uint64(b)
        if (mine & bit) == np.uint64(0):
            break
        run |= bit
        tot += val[b]
        low = bit
        x ^= bit
    mark = np.uint64(0)
    if x:
        mark = low      # the other side holds trumps below the run
    if own == 0:
        tot = -tot
    return (tot, run, mark)


@njit(types.Tuple((int64, uint64))(uint64[:], int64, int64[:], int64), cache=True, _nrt=False)
def quick_tricks(hands, leader, side, trump):
    """(tricks the leader's side can surely take from here, the cards that count decided): the leader cashes the top
    cards of a suit it holds from the ace down (and then the rest of that suit when no opponent has a card of it
    left, its partner holds none, and no opponent can ruff), never more rounds than an opponent with trumps can
    follow. Without trumps, or when the opponents hold none, the suits add up; else the best single suit only (a
    discard could open a ruff in the next one)."""
    me = side[leader]
    hl = hands[leader]
    partner = -1
    for q in range(4):
        if q != leader and side[q] == me:
            partner = q
    tm = np.uint64(0)
    opp_trumps = False
    if trump >= 0:
        tm = S16 << np.uint64(16 * trump)
        for q in range(4):
            if side[q] != me and (hands[q] & tm) != np.uint64(0):
                opp_trumps = True
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    total = 0
    best = 0
    marks = np.uint64(0)
    best_marks = np.uint64(0)
    for s in range(4):
        sm = S16 << np.uint64(16 * s)
        mine = hl & sm
        if mine == np.uint64(0):
            continue
        x = allc & sm
        w = 0
        run = np.uint64(0)
        while x:
            bit = np.uint64(1) << np.uint64(msb(x))
            if (mine & bit) == np.uint64(0):
                break
            w += 1
            run |= bit
            x ^= bit
        if w == 0:
            continue
        maxopp = 0
        limit = 13
        for q in range(4):
            if side[q] != me:
                n = popcount(hands[q] & sm)
                if n > maxopp:
                    maxopp = n
                if trump >= 0 and s != trump and (hands[q] & tm) != np.uint64(0) and n < limit:
                    limit = n
        t = w
        if maxopp <= w and (partner < 0 or (hands[partner] & sm) == np.uint64(0)) and (s == trump or not opp_trumps):
            t = popcount(mine)
        if t > limit:
            t = limit
        if t > 0:
            total += t
            marks |= run
            if t > best:
                best = t
                best_marks = run
    if not opp_trumps:
        return (total, marks)
    return (best, best_marks)


@njit(types.Tuple((int64, uint64))(uint64[:], int64, int64), cache=True, _nrt=False)
def sweep(hands, leader, trump):
    """(1 when the leader takes every remaining trick whatever anyone plays, else 0; the cards whose ranks decide
    it). So it is when each card the leader holds is above every other card left in its suit, and, for a card
    outside the trump suit, no other hand holds a trump: each lead wins, and the leader leads again (removing cards
    keeps it so). The deciding cards are the leader's lowest in each suit he holds that another hand holds too (a
    table entry then keeps the owners of every card above it: the leader's, by the suit lengths)."""
    hl = hands[leader]
    others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hl
    if trump >= 0:
        tm = S16 << np.uint64(16 * trump)
        if (hl & ~tm) != np.uint64(0) and (others & tm) != np.uint64(0):
            return (0, np.uint64(0))
    mark = np.uint64(0)
    for s in range(4):
        sm = S16 << np.uint64(16 * s)
        mine = hl & sm
        if mine == np.uint64(0):
            continue
        os_ = others & sm
        if os_ == np.uint64(0):
            continue      # nobody else holds the suit: its ranks do not count
        low = mine & (~mine + np.uint64(1))
        if (os_ & (low - np.uint64(1))) != os_:
            return (0, np.uint64(0))
        mark |= low
    return (1, mark)


@njit(int64(uint64[:], int64[:], int64, int64, int64, int64, int64, int64,
            int64[:], int64[:], int64[:], uint64[:, :], uint64[:, :], int64[:], int64[:],
            int64[:, :], int64[:, :], uint64[:], uint64[:, :]),
      cache=True, _nrt=False, nogil=True)
def search(hands, trick, base, tn, leader, beta, absleft, tleft, val, side, prm,
           tb, te, ts, stats, mbuf, sbuf, wr, kb):
    """Fail-soft null-window search: a value ``v`` of the position where ``tn`` cards of the trick at ``base`` have
    been played, with ``v >= beta`` a lower bound of the value to go (declarers minus defenders, search units) and
    ``v < beta`` an upper bound.

    ``absleft``: the sum of |points| of the cards not yet in a completed trick (those of the open trick included);
    ``tleft``: tricks not yet completed (the open one included); ``mbuf``/``sbuf``: int64[64, 16] move and score
    buffers, ``kb`` uint64[64, 4] table keys, one row per ply; ``wr[ply]`` is set to the cards whose ranks decided
    the result (``docs/variety-solver.md``)."""
    stats[0] += 1
    ply = base + tn
    wr[ply] = np.uint64(0)
    trump = prm[0]
    per_trick = prm[1]
    mixed = prm[2]
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    if tn == 0 and allc == np.uint64(0):
        return 0
    if stats[1] > 0 and stats[0] > stats[1]:
        return 0  # node limit: the caller checks stats and discards the result
    ttmove = -1
    isroot = ply == stats[10]   # the line's root: search its cards, whatever bounds say
    if tn == 0:
        # static bound: at most every remaining point to one side
        pt = per_trick if per_trick > 0 else -per_trick
        bound = absleft + pt * tleft
        if not isroot:
            if bound < beta:
                return bound
            if -bound >= beta:
                return -bound
        if prm[4] and not isroot:
            # card values of both signs (contracts 4, 5): the grouping bound
            nothing = np.uint64(0)
            ub = pairing_bound(hands, val, per_trick, tleft, mbuf[ply], sbuf[ply], nothing)
            if ub < beta:
                return ub
            if -ub >= beta:
                return -ub
            if prm[6] & 2:
                # the trumps sure to go to their holders' sides bring their points; the
                # other cards at most the grouping bound of the rest, either way
                st_ = sure_trumps(hands, val, side, trump)
                if st_[0] != 0:
                    ub2 = pairing_bound(hands, val, per_trick, tleft, mbuf[ply], sbuf[ply], st_[1])
                    if st_[0] + ub2 < beta:
                        wr[ply] = st_[2]
                        stats[9] += 1
                        return st_[0] + ub2
                    if st_[0] - ub2 >= beta:
                        wr[ply] = st_[2]
                        stats[9] += 1
                        return st_[0] - ub2
        if prm[3] and not isroot:
            # tricks only, wanted by both sides: the leader's sure tricks bound the value
            qt = quick_tricks(hands, leader, side, trump)
            if qt[0] > 0:
                if side[leader] == 1:
                    qb = pt * (2 * qt[0] - tleft)
                    if qb >= beta:
                        wr[ply] = qt[1]
                        stats[7] += 1
                        return qb
                else:
                    qb = pt * (tleft - 2 * qt[0])
                    if qb < beta:
                        wr[ply] = qt[1]
                        stats[7] += 1
                        return qb
        if (prm[6] & 1) and not isroot:
            # the leader takes every trick left: the value is exact
            sw = sweep(hands, leader, trump)
            if sw[0]:
                tot = per_trick * tleft
                x = allc
                while x:
                    lb = x & (~x + np.uint64(1))
                    x ^= lb
                    tot += val[ctz(lb)]
                wr[ply] = sw[1]
                stats[8] += 1
                return tot if side[leader] == 1 else -tot
        kr = kb[ply]
        node_key(hands, leader, val, mixed, kr)
        bi = find_bucket(tb, kr[0], kr[1])
        if bi >= 0:
            c0 = kr[2]
            c1 = kr[3]
            d0 = kr[4]
            d1 = kr[5]
            hb = int64(tb[bi, 2]) - 1
            blk = hb
            while blk >= 0:
                f0 = blk * BS
                hdr = te[f0, 5]
                k = int64(hdr & np.uint64(0xFF)) - 1
                while k >= 0:       # the newest entry first
                    e = f0 + k
                    k -= 1
                    stats[6] += 1
                    if (c0 & te[e, 2]) == te[e, 0] and (c1 & te[e, 3]) == te[e, 1] \
                            and (d0 & te[e, 2]) == te[e, 6] and (d1 & te[e, 3]) == te[e, 7]:
                        info = te[e, 4]
                        if not isroot:
                            lo = int64(info & np.uint64(0xFFFFF)) - OFF
                            hi = int64((info >> np.uint64(20)) & np.uint64(0xFFFFF)) - OFF
                            if lo >= beta or hi < beta:
                                wr[ply] = top_cards(allc, te[e, 2], te[e, 3])
                                if prm[7]:
                                    # the entry that answered trades places with the bucket's newest
                                    h = hb * BS + int64(te[hb * BS, 5] & np.uint64(0xFF)) - 1
                                    if h != e:
                                        for j in range(8):
                                            if j != 5:
                                                tmp = te[h, j]
                                                te[h, j] = te[e, j]
                                                te[e, j] = tmp
                                return lo if lo >= beta else hi
                        code = int64(info >> np.uint64(40))
                        if ttmove < 0 and code > 0:
                            ttmove = card_from_bottom(allc, code - 1)
                blk = int64(hdr >> np.uint64(8)) - 1

    player = (leader + tn) % 4
    h = hands[player]
    maxing = side[player] == 1
    # legal cards: follow suit if able (RULES.md §1.5)
    cand = h
    led = -1
    if tn > 0:
        led = trick[base] >> 4
        cand = follow_suit(h, S16 << np.uint64(16 * led))
    # occupied = remaining cards plus the open trick's cards (separators for equivalence)
    occ = allc
    for i in range(tn):
        occ |= np.uint64(1) << np.uint64(trick[base + i])
    # current winner of the open trick
    wbest = -1
    wi = -1
    wsum = per_trick
    for i in range(tn):
        wsum += val[trick[base + i]]
    if tn > 0:
        wi = winner_offset(trick, base, tn, trump)
        wbest = trick[base + wi]
    moves = mbuf[ply]
    scores = sbuf[ply]
    nm = 0
    me = side[player]
    tmask = np.uint64(0)
    if trump >= 0:
        tmask = S16 << np.uint64(16 * trump)
    if tn == 0:
        nm = lead_moves(hands, player, cand, occ, allc, val, side, trump, per_trick, prm[5], ttmove, stats, moves,
                        scores)
    else:
        lmask = S16 << np.uint64(16 * led)
        winside = side[(leader + wi) % 4]
        x = cand
        while x:
            lb = x & (~x + np.uint64(1))
            b = ctz(lb)
            x ^= lb
            s = b >> 4
            above = occ & (S16 << np.uint64(16 * s)) & ~((lb << np.uint64(1)) - np.uint64(1))
            if above:
                nb_ = above & (~above + np.uint64(1))
                if (cand & nb_) != np.uint64(0) and val[ctz(nb_)] == val[b]:
                    continue
            moves[nm] = b
            st = b & 15
            hist = stats[64 + player * 64 + b]
            if hist > 4095:
                hist = 4095
            if b == ttmove:
                scores[nm] = 1 << 50
                nm += 1
                continue
            beats = beats_id(b, wbest, trump)
            w2 = wbest
            side2 = winside
            if beats:
                w2 = b
                side2 = me
            # who can still take the trick from w2: the players after this one
            opp_beats = False
            own_beats = False
            for k in range(tn + 1, 4):
                q = (leader + k) % 4
                hq = hands[q]
                can = False
                if hq & lmask:
                    if (w2 >> 4) == led and msb(hq & lmask) > w2:
                        can = True
                elif trump >= 0 and (hq & tmask) != np.uint64(0) and ((w2 >> 4) != trump or msb(hq & tmask) > w2):
                    can = True
                if can:
                    if side[q] == side2:
                        own_beats = True
                    else:
                        opp_beats = True
            worth = wsum + val[b]
            if worth < 0:
                wq = duck_winner(hands, leader, tn + 1, w2, player if beats else (leader + wi) % 4, led, trump)
                # a trick nobody wants (as at the lead): ducked with the highest card that
                # ducks, or taken anyway with the highest card
                pred = 1 if side[wq] == me else -1
                sec = 3000 + st * 16 if pred == 1 and beats else 1000 + st * 16
                scores[nm] = ((pred * worth + 4096) << 24) + (sec << 12) + hist
                nm += 1
                continue
            if not opp_beats:
                pred = 1 if side2 == me else -1
            elif side2 != me and not own_beats:
                pred = -1
            else:
                pred = 0
            gain = pred * worth
            if pred == 1 and beats:
                sec = 3000 - st * 16   # the cheapest card that takes the trick
            elif pred == 0 and beats and tn == 2:
                sec = 2000 - st * 16   # third hand: beat cheaply
            elif pred == -1 and worth < 0:
                sec = 1000 + st * 16   # a trick not wanted: lose the highest card that loses
            else:
                sec = 1000 - st * 16   # keep the high cards
            scores[nm] = ((gain + 4096) << 24) + (sec << 12) + hist
            nm += 1
    # the killer lead: the card that last cut off at this ply, tried next after the table's
    # card (measured: a lead, yes; following, it cost nodes)
    kc = stats[12 + ply] - 1 if ply < 52 else -1
    if kc >= 0 and tn == 0 and (prm[6] & 4):
        for i in range(nm):
            if moves[i] == kc and scores[i] < (1 << 50):
                scores[i] = (1 << 49)
    # insertion sort by score, high first
    for i in range(1, nm):
        m = moves[i]
        sc = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < sc:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = sc

    if maxing:
        best = -INF
    else:
        best = INF
    bestm = -1
    acc = np.uint64(0)     # deciding cards of the moves searched
    cut = False
    for i in range(nm):
        b = moves[i]
        bit = np.uint64(1) << np.uint64(b)
        hands[player] ^= bit
        trick[base + tn] = b
        mark = np.uint64(0)
        if tn == 3:
            wo = trick_winner_offset(trick, base, trump)
            wseat = (leader + wo) % 4
            wc = trick[base + wo]
            ws = wc >> 4
            worth = per_trick
            nsuit = 0
            tcards = np.uint64(0)
            for k in range(4):
                ck = trick[base + k]
                worth += val[ck]
                tcards |= np.uint64(1) << np.uint64(ck)
                if (ck >> 4) == ws:
                    nsuit += 1
            if nsuit >= 2:
                # won by rank: the winning card and the cards of its hand it stood for
                mark = np.uint64(1) << np.uint64(wc)
                occ4 = (allc ^ bit) | tcards
                sm = S16 << np.uint64(16 * ws)
                y = wc
                while True:
                    below = occ4 & sm & ((np.uint64(1) << np.uint64(y)) - np.uint64(1))
                    if below == np.uint64(0):
                        break
                    nxt = msb(below)
                    nbit = np.uint64(1) << np.uint64(nxt)
                    if (hands[wseat] & nbit) == np.uint64(0) or val[nxt] != val[wc]:
                        break
                    mark |= nbit
                    y = nxt
            if side[wseat] == 0:
                worth = -worth
            ab = absleft
            for k in range(4):
                cv = val[trick[base + k]]
                ab -= cv if cv > 0 else -cv
            v = worth + search(hands, trick, base + 4, tn - tn, wseat, beta - worth, ab, tleft - 1,
                               val, side, prm, tb, te, ts, stats, mbuf, sbuf, wr, kb)
        else:
            v = search(hands, trick, base, tn + 1, leader, beta, absleft, tleft,
                       val, side, prm, tb, te, ts, stats, mbuf, sbuf, wr, kb)
        hands[player] ^= bit
        rel = wr[ply + 1] | mark
        if maxing:
            if v > best:
                best = v
                bestm = b
            if v >= beta:
                cut = True
        else:
            if v < best:
                best = v
                bestm = b
            if v < beta:
                cut = True
        if cut:
            wr[ply] = rel
            if ply < 52 and tn == 0:
                stats[12 + ply] = b + 1
            if i == 0:
                stats[2] += 1
            else:
                stats[3] += 1
            stats[64 + player * 64 + b] += tleft * tleft
            break
        acc |= rel
    if not cut:
        wr[ply] = acc
    if tn == 0 and not (stats[1] > 0 and stats[0] > stats[1]):
        tt_store(hands, val, wr[ply], mixed, best, beta, bestm, kb[ply], tb, te, ts)
    if isroot:
        stats[11] = bestm
    return best


@njit(int64(uint64[:], int64[:], int64, int64, int64, int64, int64, int64, int64,
            int64[:], int64[:], int64[:], uint64[:, :], uint64[:, :], int64[:], int64[:],
            int64[:, :], int64[:, :], uint64[:], uint64[:, :], int64[:]),
      cache=True, _nrt=False, nogil=True)
def best_line(hands, trick, tn, leader, need, exact, success, absleft, tleft, val, side, prm,
              tb, te, ts, stats, mbuf, sbuf, wr, kb, out):
    """The cards of best play to the end (written to ``out``, their number returned), from the position where ``tn``
    cards of the trick at base 0 are played, ``hands`` and ``trick`` played forward. With ``exact`` (1), ``need`` is
    the exact value to go and each card keeps it: one search per card at the mover's threshold, its root searching
    every card, the card that reached the threshold played (the table, kept from the value's search, answers most of
    the tree). Else (contract 1) ``need`` is the threshold on the value to go the declarers reach (``success`` 1) or
    not: the side that gets its way keeps it, the other plays its lowest legal card (all lose alike). Returns -1
    when the node limit (``stats[1]``) was passed."""
    trump = prm[0]
    per_trick = prm[1]
    base = 0
    n = 0
    while (hands[0] | hands[1] | hands[2] | hands[3]) != np.uint64(0):
        p = (leader + tn) % 4
        maxing = side[p] == 1
        h = hands[p]
        cand = h
        if tn > 0:
            cand = follow_suit(h, S16 << np.uint64(16 * (trick[base] >> 4)))
        b = -1
        if exact or (maxing == (success == 1)):
            stats[10] = base + tn
            beta = need if maxing else need + 1
            if not exact and not maxing:
                beta = need
            search(hands, trick, base, tn, leader, beta, absleft, tleft, val, side, prm,
                   tb, te, ts, stats, mbuf, sbuf, wr, kb)
            stats[10] = -1
            if stats[1] > 0 and stats[0] > stats[1]:
                return -1
            b = stats[11]
        if b < 0 or ((cand >> np.uint64(b)) & np.uint64(1)) == np.uint64(0):
            b = ctz(cand & (~cand + np.uint64(1)))
        out[n] = b
        n += 1
        hands[p] ^= np.uint64(1) << np.uint64(b)
        trick[base + tn] = b
        if tn < 3:
            tn += 1
            continue
        wo = trick_winner_offset(trick, base, trump)
        w = (leader + wo) % 4
        worth = per_trick
        for k in range(4):
            cv = val[trick[base + k]]
            worth += cv
            absleft -= cv if cv > 0 else -cv
        if side[w] == 0:
            worth = -worth
        need -= worth
        base += 4
        tn = 0
        leader = w
        tleft -= 1
    return n
