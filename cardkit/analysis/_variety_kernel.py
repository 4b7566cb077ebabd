"""Compiled exact search for Variety (numba). Imported only by
:mod:`cardkit.analysis.variety` when a position is first solved, never at ``import cardkit``.

Layout (all int64 / uint64 numpy arrays, built by the Python side from the engine's
contract table, RULES.md §1.2, §1.5):

- a card is a bit ``suit * 16 + strength``: strength 0..12, higher beats lower within a
  suit under the contract's order (reversed for contract 6), so a trick's winner is the
  highest bit of the trump suit if any trump was played, else of the suit led;
- ``hands``: uint64[4], each seat's remaining cards;
- ``trick``: int64[64], the cards played in play order, four slots per trick
  (``base = 4 * trick number``), so a deeper search never overwrites a shallower trick;
- ``val``: int64[64], points of each card to the side that takes it, in search units;
- ``side``: int64[4], 1 for a declarer, 0 for a defender;
- ``prm``: int64[4]: trump suit (-1 for none), points per trick in search units.

The search value is additive: the declarers' points minus the defenders' points over the
tricks still to be played, in search units (contract 1 counts tricks: its +12 and the
defenders' +10 are monotone functions of that difference, mapped by the caller with the
engine's ``trick_points`` and ``declarers_lose``). What stays encoded here (issue 13): follow
suit if able, and the trick won by the highest bit of the trump suit, else of the suit led
(RULES.md §1.5), which the bit layout expresses and the inner loop needs. Search:
fail-soft alpha-beta over single cards, with touching cards of one hand and equal value
played once, a transposition table at trick boundaries keyed on the remaining cards'
relative ranks with their values (two 64-bit hashes), storing lower and upper bounds of
the value to go, and the best lead.

Move ordering (the table's card first): each card's trick is predicted from the cards
still to come (a sure winner cashed, a low card led to the side's winner, a suit the
opponents can ruff avoided; following, the cheapest card that takes the trick for good,
else the lowest, or the highest that still loses a trick not wanted), valued by the
trick's worth to the mover's side, ties by history.
"""

from __future__ import annotations

import numpy as np
from numba import int8, int32, int64, njit, types, uint64

_U = np.uint64
M1 = np.uint64(0x9E3779B97F4A7C15)
M2 = np.uint64(0xC2B2AE3D27D4EB4F)
INF = 1 << 20

# trailing-zero count by de Bruijn multiplication (a global array: numba freezes it)
_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
_CTZ = np.zeros(64, dtype=np.int64)
for _i in range(64):
    _CTZ[((1 << _i) * 0x03F79D71B4CB0A89 % (1 << 64)) >> 58] = _i
del _i


@njit(int64(uint64), cache=True)
def ctz(lb):
    """Index of the single set bit of ``lb``."""
    return _CTZ[(lb * _DEBRUIJN) >> np.uint64(58)]

_sig_key = types.UniTuple(uint64, 2)(uint64[:], int64, int64[:])


@njit(_sig_key, cache=True)
def position_key(hands, leader, val):
    """Two 64-bit hashes of (remaining cards' owners and values in rank order per suit,
    the leader): equal for positions that play the same."""
    k1 = np.uint64(leader + 1) * M1
    k2 = np.uint64(leader + 7) * M2
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    for s in range(4):
        x = (allc >> np.uint64(16 * s)) & np.uint64(0xFFFF)
        while x:
            lb = x & (~x + np.uint64(1))
            x ^= lb
            b = s * 16 + ctz(lb)
            m = np.uint64(1) << np.uint64(b)
            if True:
                o = 0
                if hands[1] & m:
                    o = 1
                elif hands[2] & m:
                    o = 2
                elif hands[3] & m:
                    o = 3
                tok = np.uint64(o * 64 + (val[b] + 32) + 1)
                k1 = (k1 ^ tok) * M1
                k1 ^= k1 >> np.uint64(29)
                k2 = (k2 + tok * np.uint64(0x165667B19E3779F9)) * M2
                k2 ^= k2 >> np.uint64(31)
        k1 = (k1 ^ np.uint64(0xFF)) * M1
        k2 = (k2 + np.uint64(0x1FF)) * M2
    return (k1, k2)


@njit(int64(int64[:], int64, int64), cache=True)
def trick_winner_offset(trick, base, trump):
    """Index 0..3 (play order) of the winning card of the complete trick at ``base``."""
    best = trick[base]
    bi = 0
    for i in range(1, 4):
        c = trick[base + i]
        cs = c >> 4
        bs = best >> 4
        if cs == bs:
            if c > best:
                best = c
                bi = i
        elif cs == trump:
            best = c
            bi = i
    return bi


@njit(int64(uint64), cache=True)
def msb(x):
    """Index of the highest set bit of ``x`` (x > 0, below bit 63)."""
    x |= x >> np.uint64(1)
    x |= x >> np.uint64(2)
    x |= x >> np.uint64(4)
    x |= x >> np.uint64(8)
    x |= x >> np.uint64(16)
    x |= x >> np.uint64(32)
    return ctz((x >> np.uint64(1)) + np.uint64(1))


@njit(int64(uint64[:], int64, uint64, uint64, uint64, int64[:], int64[:], int64, int64, int64, int64[:],
            int64[:], int64[:]), cache=True)
def lead_moves(hands, player, cand, occ, allc, val, side, trump, per_trick, ttmove, stats, moves, scores):
    """The leader's cards (one of each run of equivalent cards) with ordering scores,
    high first wanted: a sure winner cashed, a low card led to the partner's winner, a
    suit the opponents can ruff avoided; both sides want tricks worth > 0 (the gain is the
    trick's estimated worth to the mover's side), ties by fewer opponents' cards in the
    suit (a smaller tree) and history. Returns the number of moves."""
    me = side[player]
    nm = 0
    tmask = np.uint64(0)
    if trump >= 0:
        tmask = np.uint64(0xFFFF) << np.uint64(16 * trump)
    for s in range(4):
        sm = np.uint64(0xFFFF) << np.uint64(16 * s)
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


@njit(int64(uint64[:], int64[:], int64, int64, int64, int64, int64, int64, int64,
            int64[:], int64[:], int64[:],
            uint64[:], uint64[:], int32[:], int32[:], int8[:], int8[:], int64[:], int64[:, :], int64[:, :]),
      cache=True)
def search(hands, trick, base, tn, leader, alpha, beta, absleft, tleft, val, side, prm,
           tk1, tk2, tlo, thi, tmv, tdepth, stats, mbuf, sbuf):
    """Fail-soft alpha-beta: the value to go (declarers minus defenders, search units)
    from the position where ``tn`` cards of the trick at ``base`` have been played.

    ``absleft``: the sum of |points| of the cards not yet in a completed trick (those of
    the open trick included); ``tleft``: tricks not yet completed (the open one included);
    ``mbuf``/``sbuf``: int64[64, 16] move and score buffers, one row per ply."""
    stats[0] += 1
    trump = prm[0]
    per_trick = prm[1]
    allc = hands[0] | hands[1] | hands[2] | hands[3]
    if tn == 0 and allc == np.uint64(0):
        return 0
    if stats[1] > 0 and stats[0] > stats[1]:
        return 0  # node limit: the caller checks stats and discards the result
    a0 = alpha
    b0 = beta
    ttmove = -1
    slot = -1
    k1 = np.uint64(0)
    k2 = np.uint64(0)
    if tn == 0:
        kk = position_key(hands, leader, val)
        k1 = kk[0]
        k2 = kk[1]
        mask = np.uint64(tk1.shape[0] - 1)
        i0 = int64(k1 & mask) & ~1
        for j in range(2):
            if tk1[i0 + j] == k1 and tk2[i0 + j] == k2:
                slot = i0 + j
                break
        if slot >= 0:
            lo = tlo[slot]
            hi = thi[slot]
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
            ttmove = tmv[slot]
        # static bound: at most every remaining point to one side
        pt = per_trick if per_trick > 0 else -per_trick
        bound = absleft + pt * tleft
        if bound <= alpha:
            return bound
        if -bound >= beta:
            return -bound

    player = (leader + tn) % 4
    h = hands[player]
    maxing = side[player] == 1
    # legal cards: follow suit if able (RULES.md §1.5)
    cand = h
    led = -1
    if tn > 0:
        led = trick[base] >> 4
        fm = h & (np.uint64(0xFFFF) << np.uint64(16 * led))
        if fm:
            cand = fm
    # occupied = remaining cards plus the open trick's cards (separators for equivalence)
    occ = allc
    for i in range(tn):
        occ |= np.uint64(1) << np.uint64(trick[base + i])
    # current winner of the open trick
    wbest = -1
    wi = -1
    wsum = per_trick
    for i in range(tn):
        c = trick[base + i]
        wsum += val[c]
        if wbest < 0:
            wbest = c
            wi = 0
        else:
            cs = c >> 4
            bs = wbest >> 4
            if (cs == bs and c > wbest) or (cs != bs and cs == trump):
                wbest = c
                wi = i
    ply = base + tn
    moves = mbuf[ply]
    scores = sbuf[ply]
    nm = 0
    me = side[player]
    tmask = np.uint64(0)
    if trump >= 0:
        tmask = np.uint64(0xFFFF) << np.uint64(16 * trump)
    if tn == 0:
        nm = lead_moves(hands, player, cand, occ, allc, val, side, trump, per_trick, ttmove, stats, moves, scores)
    else:
        lmask = np.uint64(0xFFFF) << np.uint64(16 * led)
        winside = side[(leader + wi) % 4]
        x = cand
        while x:
            lb = x & (~x + np.uint64(1))
            b = ctz(lb)
            x ^= lb
            s = b >> 4
            above = occ & (np.uint64(0xFFFF) << np.uint64(16 * s)) & ~((lb << np.uint64(1)) - np.uint64(1))
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
            bs = wbest >> 4
            beats = (s == bs and b > wbest) or (s != bs and s == trump)
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
    for i in range(nm):
        b = moves[i]
        bit = np.uint64(1) << np.uint64(b)
        hands[player] ^= bit
        trick[base + tn] = b
        if tn == 3:
            wo = trick_winner_offset(trick, base, trump)
            wseat = (leader + wo) % 4
            worth = per_trick + val[trick[base]] + val[trick[base + 1]] + val[trick[base + 2]] + val[trick[base + 3]]
            if side[wseat] == 0:
                worth = -worth
            nb = base + 4
            ab = absleft
            for k in range(4):
                cv = val[trick[base + k]]
                ab -= cv if cv > 0 else -cv
            v = worth + search(hands, trick, nb, tn - tn, wseat, alpha - worth, beta - worth, ab, tleft - 1,
                               val, side, prm, tk1, tk2, tlo, thi, tmv, tdepth, stats, mbuf, sbuf)
        else:
            v = search(hands, trick, base, tn + 1, leader, alpha, beta, absleft, tleft,
                       val, side, prm, tk1, tk2, tlo, thi, tmv, tdepth, stats, mbuf, sbuf)
        hands[player] ^= bit
        if maxing:
            if v > best:
                best = v
                bestm = b
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best = v
                bestm = b
                if v < beta:
                    beta = v
        if alpha >= beta:
            if i == 0:
                stats[2] += 1
            else:
                stats[3] += 1
            stats[64 + player * 64 + b] += tleft * tleft
            break
    if tn == 0 and not (stats[1] > 0 and stats[0] > stats[1]):
        # store: an upper bound if it failed low, a lower bound if it failed high
        mask = np.uint64(tk1.shape[0] - 1)
        i0 = int64(k1 & mask) & ~1
        if slot < 0:
            # depth-preferred slot 0, always-replace slot 1
            if tdepth[i0] <= tleft or tk1[i0] == np.uint64(0):
                slot = i0
            else:
                slot = i0 + 1
            tk1[slot] = k1
            tk2[slot] = k2
            tlo[slot] = -INF
            thi[slot] = INF
            tdepth[slot] = tleft
        if best <= a0:
            if best < thi[slot]:
                thi[slot] = best
        elif best >= b0:
            if best > tlo[slot]:
                tlo[slot] = best
        else:
            tlo[slot] = best
            thi[slot] = best
        tmv[slot] = bestm
    return best
