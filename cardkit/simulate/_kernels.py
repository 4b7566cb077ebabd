"""Compiled (numba) kernels for the batched simulators (Variety, Warsaw Hearts, Armenian
Durak): the same play, card for card, as the numpy loop of :class:`._core.FollowSuitPlay` (with the games'
rule policies), one deal at a time. The scoring stays in numpy, in the games' modules.

Imported lazily (only inside the functions that use it), so ``import cardkit`` compiles
nothing. Every function has an explicit signature and ``cache=True``: the first use on a
machine compiles for several seconds and writes numba's cache next to this file (or in
numba's user cache directory); later processes load it in a fraction of a second.

Randomness stays explicit and bit-exact with the numpy path:

- :func:`deal_hands` replays ``Generator.permuted(np.tile(bits, (B, 1)), axis=1)`` on a
  PCG64 generator (numpy's default): the PCG64 step (128-bit LCG, XSL-RR output), the
  buffered 32-bit draws and the masked rejection of ``random_interval`` that numpy's
  Fisher-Yates shuffle uses. It reads the generator's state and hands back the advanced
  state, so ``random_variety`` deals exactly ``deal_batch(batch, seed)`` either way.
- The random policy uses the numbers ``rng.random((cards, B))`` would give, the same as
  the numpy loop's one ``rng.random(B)`` per card played: the kernel steps its own copy
  of the PCG64 state (number ``c * B + b`` for deal ``b``'s ``c``-th card, by jumps of
  ``B`` steps; :func:`random_stream`) and the generator is advanced past them.
- Generators other than PCG64 (e.g. ``Generator(MT19937(...))``) keep the numpy loops.
- The random pick uses ``pdep`` (x86 BMI2) when numba compiles for a CPU that has it,
  else a branch-free binary search (:func:`select_bit`); both give the same card.

Rules are not typed here: the contract's trump, card points, the "want the trick" base
and the bit layout come in as the tables of :mod:`.variety` (built from the engine's
``CONTRACTS``), the heart honours and hearts as the masks of :mod:`.warsaw_hearts`, the
Durak card masks as the tables of :mod:`.armenian_durak`, and
``SUIT_MASK`` of :mod:`._core`. The random policy picks the ``floor(u * count)``-th lowest
legal card, as :func:`._core.random_bit` does.

The trick's mechanics, which the bit layout itself expresses (reading them from a table per
card would cost the inner loop its speed), come from :mod:`.trick_rule` (issue 30, one source,
inlined by numba): follow suit if able (``follow_suit``, RULES.md §1.5, §2.1; Durak's "suit led
or trump" duty, ``durak_duty``, §3.3), a trick won by the highest bit of the trump suit if any
was played, else of the suit led (``beats_bit``; strength order, reversed for contract 6, is in
the layout the simulator builds from the engine), and the cards that beat a Durak lead, the
special card (bit 0 of a suit) beating only that suit's ace (``durak_beaters``, §3.1, from the
``special``/``aces`` masks). The tests hold them to the engine card for card
(tests/test_trick_rule_kernels.py, tests/test_simulate_kernels.py). The scoring (contract
points, penalty schedule, bonuses, the sweep) is never here: the simulators score in numpy
from the engine's functions and tables.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import config, njit, types
from numba.extending import intrinsic

from .trick_rule import compiled as _trick_rule

_RULE = _trick_rule()
beats_bit, durak_beaters, durak_duty = _RULE.beats_bit, _RULE.durak_beaters, _RULE.durak_duty
follow_suit, winners_bit = _RULE.follow_suit, _RULE.winners_bit

#: The first 16 hex digits of the SHA-256 of ``cardkit/simulate/trick_rule.py`` this module's
#: kernels inline. Numba keys a kernel's cache on the kernel's own file only, so a change to the
#: trick rule must change this line, or the cached kernels keep the old rule compiled in
#: (``tests/test_trick_rule_kernels.py`` checks the value).
TRICK_RULE_SHA256 = "fac27ed7e0cca90e"

__all__ = ["deal_hands", "deal_rows", "play_variety", "play_hearts", "play_durak", "generator_state",
           "set_generator_state", "random_stream", "DISABLED"]

#: True when numba runs in pure Python (NUMBA_DISABLE_JIT): the intrinsics cannot; the
#: simulators then keep to their numpy loops.
DISABLED = bool(config.DISABLE_JIT)

_u64 = types.uint64
_U0, _U1, _U4, _U11, _U32, _U58, _U63 = (np.uint64(k) for k in (0, 1, 4, 11, 32, 58, 63))
_M32 = np.uint64(0xFFFF_FFFF)
_DECK52 = np.uint64((1 << 52) - 1)   # the 52 card bits of a Variety layout
_TWO_M53 = 1.0 / 9007199254740992.0   # numpy's next_double: (next_uint64 >> 11) * 2**-53
# numpy's PCG64 multiplier (pcg64.h, PCG_DEFAULT_MULTIPLIER_128), as two 64-bit halves
_MULT = 0x2360ED051FC65DA44385DF649FCCF645
_MUL_HI, _MUL_LO = np.uint64(_MULT >> 64), np.uint64(_MULT & 0xFFFF_FFFF_FFFF_FFFF)


# ---- bit intrinsics (one machine instruction each) -----------------------------------

@intrinsic
def _popcount(typingctx, x):
    if x != _u64:
        return None

    def codegen(context, builder, sig, args):
        return builder.ctpop(args[0])
    return _u64(_u64), codegen


@intrinsic
def _ctz(typingctx, x):
    if x != _u64:
        return None

    def codegen(context, builder, sig, args):
        return builder.cttz(args[0], ir.Constant(ir.IntType(1), 0))
    return _u64(_u64), codegen


@intrinsic
def _clz(typingctx, x):
    if x != _u64:
        return None

    def codegen(context, builder, sig, args):
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return _u64(_u64), codegen


@intrinsic
def _mulhi(typingctx, a, b):
    if a != _u64 or b != _u64:
        return None

    def codegen(context, builder, sig, args):
        i128 = ir.IntType(128)
        p = builder.mul(builder.zext(args[0], i128), builder.zext(args[1], i128))
        return builder.trunc(builder.lshr(p, ir.Constant(i128, 64)), ir.IntType(64))
    return _u64(_u64, _u64), codegen


def _host_has_bmi2() -> bool:
    """Whether numba compiles for this machine's CPU and it has BMI2 (``pdep``)."""
    import numba
    from llvmlite import binding
    if numba.config.CPU_NAME or numba.config.CPU_FEATURES:   # a portable (generic) build
        return False
    try:
        return bool(binding.get_host_cpu_features().get("bmi2", False))
    except RuntimeError:
        return False


_BMI2 = _host_has_bmi2()


@intrinsic
def _pdep(typingctx, src, mask):
    """x86 BMI2 ``pdep``: deposit the low bits of ``src`` at the set bits of ``mask``."""
    if src != _u64 or mask != _u64:
        return None

    def codegen(context, builder, sig, args):
        i64 = ir.IntType(64)
        fn = builder.module.declare_intrinsic("llvm.x86.bmi.pdep.64", fnty=ir.FunctionType(i64, [i64, i64]))
        return builder.call(fn, args)
    return _u64(_u64, _u64), codegen


#: (width, low-bits mask) for the halving steps of :func:`select_bit`
_W = tuple((np.uint64(w), np.uint64((1 << w) - 1)) for w in (32, 16, 8, 4, 2, 1))


@njit(_u64(_u64, _u64), cache=True)
def select_bit(x, k):
    """Position of the ``k``-th lowest set bit of ``x`` (k from 0; k < popcount(x)), by a
    branch-free binary search over halves (random play makes branches unpredictable)."""
    pos = _U0
    for w, m in _W:
        c = _popcount(x & m)
        s = w if k >= c else _U0
        k -= c if k >= c else _U0
        x >>= s
        pos += s
    return pos


if _BMI2:
    @njit(_u64(_u64, _u64), cache=True)
    def _select(x, k):
        """:func:`select_bit` in one ``pdep`` (BMI2; the cache is per CPU, so this build
        never runs on a CPU without it)."""
        return _ctz(_pdep(_U1 << k, x))
else:
    _select = select_bit


# ---- PCG64, as numpy's bit generator --------------------------------------------------

def generator_state(rng: np.random.Generator) -> np.ndarray | None:
    """``rng``'s PCG64 state as ``[state_hi, state_lo, inc_hi, inc_lo, has_uint32,
    uinteger]`` (uint64, shape (6,)), or None when its bit generator is not PCG64."""
    if type(rng.bit_generator) is not np.random.PCG64:
        return None
    st = rng.bit_generator.state
    s, inc = st["state"]["state"], st["state"]["inc"]
    m = 0xFFFF_FFFF_FFFF_FFFF
    return np.array([s >> 64, s & m, inc >> 64, inc & m, st["has_uint32"], st["uinteger"]],
                    dtype=np.uint64)


def set_generator_state(rng: np.random.Generator, a: np.ndarray) -> None:
    """Write a state made by :func:`generator_state` (and advanced by a kernel) back."""
    st: Any = rng.bit_generator.state
    st["state"]["state"] = (int(a[0]) << 64) | int(a[1])
    st["state"]["inc"] = (int(a[2]) << 64) | int(a[3])
    st["has_uint32"], st["uinteger"] = int(a[4]), int(a[5])
    rng.bit_generator.state = st


def random_stream(rng: np.random.Generator, cards: int, batch: int) -> np.ndarray:
    """The ``rs`` argument of :func:`play_variety` for the numbers of ``rng.random((cards,
    batch))`` (PCG64 only), and ``rng`` advanced past them, as that call would leave it:
    ``[state hi, lo, inc hi, lo, mult hi, lo, plus hi, lo]`` (uint64, shape (8,)), the
    last four the affine map of ``batch`` PCG64 steps."""
    st = generator_state(rng)
    assert st is not None  # callers pass a PCG64 generator
    m128, m64 = (1 << 128) - 1, 0xFFFF_FFFF_FFFF_FFFF
    inc = (int(st[2]) << 64) | int(st[3])
    mult, plus, cur_mult, cur_plus, n = 1, 0, _MULT, inc, batch
    while n:   # square-and-multiply of the map s -> MULT * s + inc
        if n & 1:
            mult, plus = (mult * cur_mult) & m128, (plus * cur_mult + cur_plus) & m128
        cur_plus = ((cur_mult + 1) * cur_plus) & m128
        cur_mult = (cur_mult * cur_mult) & m128
        n >>= 1
    if cards * batch:
        pcg: Any = rng.bit_generator  # a PCG64 (numpy's stubs type it as a BitGenerator)
        pcg.advance(cards * batch)
        # advance() drops the buffered 32-bit half; drawing doubles keeps it: put it back
        after: Any = rng.bit_generator.state
        after["has_uint32"], after["uinteger"] = int(st[4]), int(st[5])
        rng.bit_generator.state = after
    return np.array([st[0], st[1], st[2], st[3], mult >> 64, mult & m64, plus >> 64, plus & m64],
                    dtype=np.uint64)


@njit(types.void(_u64[::1], _u64[::1], _u64[:, ::1]), cache=True)
def deal_hands(st, bits, hands):
    """Shuffle ``bits`` (n,) once per deal as numpy's ``Generator.permuted(np.tile(bits,
    (B, 1)), axis=1)`` does with the PCG64 state ``st`` (see :func:`generator_state`,
    advanced in place), and OR the cards of seat ``s`` (columns ``s*k .. s*k + k - 1``,
    ``k = n // seats``) into ``hands[s, b]``; ``hands`` is (seats, B) uint64."""
    hi, lo, ihi, ilo, has, buf = st[0], st[1], st[2], st[3], st[4], st[5]
    n = bits.shape[0]
    seats, B = hands.shape
    k = n // seats
    row = np.empty(n, dtype=np.uint64)
    for b in range(B):
        for i in range(n):
            row[i] = bits[i]
        for i in range(n - 1, 0, -1):
            mx = np.uint64(i)
            mask = mx
            mask |= mask >> _U1
            mask |= mask >> np.uint64(2)
            mask |= mask >> _U4
            mask |= mask >> np.uint64(8)
            mask |= mask >> np.uint64(16)
            while True:
                if has != _U0:
                    v = buf
                    has = _U0
                else:
                    # state = state * MULT + inc (mod 2**128); output XSL-RR of the new state
                    nlo = lo * _MUL_LO
                    nhi = _mulhi(lo, _MUL_LO) + hi * _MUL_LO + lo * _MUL_HI
                    lo = nlo + ilo
                    hi = nhi + ihi + (_U1 if lo < nlo else _U0)
                    x = hi ^ lo
                    r = hi >> _U58
                    out = (x >> r) | (x << ((_U0 - r) & _U63))
                    has = _U1
                    buf = out >> _U32
                    v = out & _M32
                v &= mask
                if v <= mx:
                    break
            j = np.int64(v)
            t = row[i]
            row[i] = row[j]
            row[j] = t
        for s in range(seats):
            h = _U0
            for c in range(s * k, s * k + k):
                h |= row[c]
            hands[s, b] = h
    st[0], st[1], st[4], st[5] = hi, lo, has, buf


# ---- Variety ----------------------------------------------------------------------------

@njit(types.void(
    _u64[:, ::1],        # hands (4, B), each deal's contract layout
    types.int8[::1],     # con (B,) contract 1..8
    types.int32[::1],    # leader (B,)
    types.int8[:, ::1],  # side (4, B): 1 for the declarers
    types.int8[::1],     # codes (4,): policy per seat (0 random, 1 rule, 2 weakest)
    _u64[::1],           # rs (8,): PCG64 state for the random policy, then the jump by B
    _u64[::1],           # suit_mask (4,)
    _u64[::1],           # tmask (9,) trump suit mask per contract (0: no trumps)
    _u64[::1], _u64[::1], _u64[::1],   # pos, neg, zero (9,): cards worth > 0, < 0, 0
    types.int16[::1],    # cv (9*64,) card points by contract*64 + bit
    types.int32[::1],    # base (9,): 52 * (trick worth before its cards)
    types.int32[::1],    # sum_cv (9,)
    types.uint8[:, :, ::1],  # out plays (13, 4, B)
    types.int8[:, ::1],  # out leaders (13, B)
    types.int8[:, ::1],  # out winners (13, B)
    _u64[::1],           # out decl_taken (B,)
    types.int32[::1],    # out decl_tricks (B,)
), cache=True)
def play_variety(hands, con, leader, side, codes, rs, suit_mask, tmask, pos, neg, zero, cv, base,
                 sum_cv, plays, leaders, winners, decl_taken, decl_tricks):
    """The play of each deal, as :class:`.variety._VarietyPlay` plays it (RULES.md §1.5):
    follow suit if able; the highest trump, else the strongest card of the suit led, wins;
    the winner leads. Policies per seat: uniform random (the ``floor(u * count)``-th
    lowest legal bit, ``u`` the number ``4*t + j`` of the deal for the ``j``-th card of
    trick ``t``), the rule policy, or the weakest legal card; the last trick has no choice
    and uses no number.

    The random numbers are those of ``rng.random(((T - 1) * 4, B))`` drawn from the PCG64
    state ``rs[0:2]`` (hi, lo; increment ``rs[2:4]``): number ``c * B + b`` of the stream
    is deal ``b``'s ``c``-th card. Deal ``b`` starts ``b + 1`` steps into the stream and
    jumps ``B`` steps at a time (the affine map ``rs[4:8]``, ``(mult hi, lo, plus hi,
    lo)``), so no array of numbers is kept. The caller advances the generator by
    ``(T - 1) * 4 * B`` steps afterwards (``PCG64.advance``)."""
    B = hands.shape[1]
    T = plays.shape[0]
    h = np.empty(4, dtype=np.uint64)
    out = _U0
    any_random = False
    for s in range(4):
        any_random |= codes[s] == 0
    shi, slo, ihi, ilo = rs[0], rs[1], rs[2], rs[3]
    ahi, alo, chi, clo = rs[4], rs[5], rs[6], rs[7]
    for b in range(B):
        if any_random:
            # one step from deal b - 1's start; then jumps of B steps, one per card below
            nlo = slo * _MUL_LO
            nhi = _mulhi(slo, _MUL_LO) + shi * _MUL_LO + slo * _MUL_HI
            slo = nlo + ilo
            shi = nhi + ihi + (_U1 if slo < nlo else _U0)
        xhi, xlo = shi, slo
        c = np.int64(con[b])
        tm = tmask[c]
        pm, nm, zm = pos[c], neg[c], zero[c]
        bs, scv = np.int64(base[c]), np.int64(sum_cv[c])
        for s in range(4):
            h[s] = hands[s, b]
        ld = np.int64(leader[b])
        taken = _U0
        played = _U0   # the cards of the finished tricks
        ntr = 0
        for t in range(T):
            leaders[t, b] = ld
            ledmask = _U0
            tbits = _U0
            bpos = 0
            bp = np.uint64(0)
            btrump = False
            S = 0
            for j in range(4):
                seat = (ld + j) & 3
                hand = h[seat]
                if j == 0:
                    L = hand
                else:
                    L = follow_suit(hand, ledmask)
                if t == T - 1:
                    p = _U63 - _clz(L)
                else:
                    code = codes[seat]
                    if any_random:   # this card's number: output of the state, then jump
                        x = xhi ^ xlo
                        r = xhi >> _U58
                        out = (x >> r) | (x << ((_U0 - r) & _U63))
                        nlo = xlo * alo
                        nhi = _mulhi(xlo, alo) + xhi * alo + xlo * ahi
                        xlo = nlo + clo
                        xhi = nhi + chi + (_U1 if xlo < nlo else _U0)
                    if code == 0:
                        uu = np.float64(out >> _U11) * _TWO_M53
                        p = _select(L, np.uint64(uu * np.float64(_popcount(L))))
                    elif code == 2:
                        p = _ctz(L)
                    else:
                        want = bs + 52 * S + (3 - j) * scv > 0
                        if j == 0:
                            # draw trumps (.variety.RulePolicyBot): the strongest trump, when
                            # it beats every unseen trump, or when neither it nor any unseen
                            # trump is worth points
                            Tr = L & tm
                            U = tm & ~played & ~Tr & _DECK52
                            draw = False
                            if Tr != _U0 and U != _U0:
                                top = _U63 - _clz(Tr)
                                draw = top > _U63 - _clz(U) or (cv[c * 64 + np.int64(top)] <= 0 and (U & pm) == _U0)
                            # cash a master: not wanting tricks, or at no trumps, the
                            # strongest card of a suit that beats every unseen card of it,
                            # where a trick of that suit is worth having
                            cash = _U0
                            if not draw and (not want or tm == _U0):
                                hid = _DECK52 & ~played & ~L
                                for su in range(4):
                                    Ls = L & suit_mask[su]
                                    if Ls == _U0:
                                        continue
                                    Us = hid & suit_mask[su]
                                    tp = _U63 - _clz(Ls)
                                    if Us != _U0 and tp <= _U63 - _clz(Us):
                                        continue
                                    mine = np.int64(cv[c * 64 + np.int64(tp)])
                                    if Us != _U0:
                                        tot = 0
                                        V = Us & (pm | nm)
                                        while V != _U0:
                                            tot += np.int64(cv[c * 64 + np.int64(_ctz(V))])
                                            V &= V - _U1
                                        good = np.int64(_popcount(Us)) * (bs // 52 + mine) + 3 * tot > 0
                                    else:
                                        good = bs + 52 * mine + 3 * scv > 0
                                    if good:
                                        cash |= _U1 << tp
                            if draw:
                                p = _U63 - _clz(Tr)
                            elif cash != _U0:
                                p = _U63 - _clz(cash)
                            elif want:
                                X = L & ~pm
                                p = _U63 - _clz(X if X != _U0 else L)
                            else:
                                X = L & ~nm
                                p = _ctz(X if X != _U0 else L)
                        else:
                            pl, nl, zl = L & pm, L & nm, L & zm
                            maxcv = pl if pl != _U0 else (zl if zl != _U0 else nl)
                            mincv = nl if nl != _U0 else (zl if zl != _U0 else pl)
                            Wn = winners_bit(L, bp, btrump, suit_mask, tm)
                            Lo = L & ~Wn
                            pw = side[(ld + bpos) & 3, b] == side[seat, b]
                            if pw:
                                X = maxcv
                                strong = False
                            elif want:
                                if Wn != _U0:
                                    X = Wn
                                    strong = j != 3
                                else:
                                    X = mincv
                                    strong = False
                            else:
                                if Lo != _U0:
                                    a1, a2 = Lo & nm, Lo & zm
                                    X = a1 if a1 != _U0 else (a2 if a2 != _U0 else Lo)
                                else:
                                    X = maxcv
                                strong = True
                            p = _U63 - _clz(X) if strong else _ctz(X)
                bit = _U1 << p
                h[seat] = hand ^ bit
                is_trump = (bit & tm) != _U0
                if j == 0:
                    ledmask = suit_mask[p & np.uint64(3)]
                    tbits = bit
                    bpos = 0
                    bp = p
                    btrump = is_trump
                else:
                    tbits |= bit
                    # same suit and stronger, or the first trump (no branch: random play
                    # makes it unpredictable)
                    better = beats_bit(p, bp, is_trump, btrump)
                    bpos = j if better else bpos
                    bp = p if better else bp
                    btrump = btrump | is_trump
                S += cv[c * 64 + np.int64(p)]
                plays[t, j, b] = np.uint8(p)
            ld = (ld + bpos) & 3
            winners[t, b] = ld
            won = np.uint64(side[ld, b] == 1)
            taken |= tbits & (_U0 - won)
            played |= tbits
            ntr += np.int64(won)
        decl_taken[b] = taken
        decl_tricks[b] = ntr


# ---- Warsaw Hearts ----------------------------------------------------------------------

@njit(types.void(
    _u64[:, ::1],        # hands (n, B), the 36-card layout of .warsaw_hearts
    types.int32[::1],    # leader (B,)
    types.int8[::1],     # codes (n,): policy per seat (0 random, 1 rule, 2 weakest)
    _u64[::1],           # rs (8,): PCG64 state and jump, as for play_variety
    types.int32[::1],    # prefix (P,): forced bit positions, the first P cards in play order
    _u64[::1],           # suit_mask (4,)
    _u64, _u64,          # honours (K, Q, J of hearts), hearts: masks from .warsaw_hearts
    types.uint8[:, :, ::1],  # out plays (T, n, B)
    types.int8[:, ::1],  # out leaders (T, B)
    types.int8[:, ::1],  # out winners (T, B)
    _u64[::1],           # out hon (n*B,): honours taken, seat-major
    _u64[::1],           # out single (n*B,): honours alone in their trick
    types.boolean[::1],  # out double (n*B,): some trick taken with >= 2 honours
    types.boolean[::1],  # out hearts (n*B,): some trick taken with a heart
    types.int8[::1],     # out ntricks (n*B,)
), cache=True)
def play_hearts(hands, leader, codes, rs, prefix, suit_mask, honours, hearts, plays, leaders,
                winners, hon, single, double, hearts_taken, ntricks):
    """The play of each deal of Warsaw Hearts as :class:`.warsaw_hearts._HeartsPlay`
    plays it (RULES.md §2.1): no trumps, follow suit if able, the strongest card of the
    suit led wins, the winner leads; ``n`` seats, ``T`` tricks. The first ``P`` cards are
    ``prefix``; random numbers as in :func:`play_variety`, one per card played after the
    prefix and before the last trick (``(T - 1) * n - P`` per deal)."""
    n, B = hands.shape
    T = plays.shape[0]
    P = prefix.shape[0]
    h = np.empty(n, dtype=np.uint64)
    out = _U0
    any_random = False
    for s in range(n):
        any_random |= codes[s] == 0
    shi, slo, ihi, ilo = rs[0], rs[1], rs[2], rs[3]
    ahi, alo, chi, clo = rs[4], rs[5], rs[6], rs[7]
    no_hon = ~honours
    for b in range(B):
        if any_random:   # as in play_variety: one step per deal, jumps of B per card
            nlo = slo * _MUL_LO
            nhi = _mulhi(slo, _MUL_LO) + shi * _MUL_LO + slo * _MUL_HI
            slo = nlo + ilo
            shi = nhi + ihi + (_U1 if slo < nlo else _U0)
        xhi, xlo = shi, slo
        for s in range(n):
            h[s] = hands[s, b]
            hon[s * B + b] = _U0
            single[s * B + b] = _U0
            double[s * B + b] = False
            hearts_taken[s * B + b] = False
            ntricks[s * B + b] = 0
        ld = np.int64(leader[b])
        for t in range(T):
            leaders[t, b] = ld
            ledmask = _U0
            tbits = _U0
            bpos = 0
            bp = _U0
            for j in range(n):
                seat = (ld + j) % n
                hand = h[seat]
                if j == 0:
                    L = hand
                else:
                    L = follow_suit(hand, ledmask)
                idx = t * n + j
                if idx < P:
                    p = np.uint64(prefix[idx])
                elif t == T - 1:
                    p = _U63 - _clz(L)
                else:
                    code = codes[seat]
                    if any_random:
                        x = xhi ^ xlo
                        r = xhi >> _U58
                        out = (x >> r) | (x << ((_U0 - r) & _U63))
                        nlo = xlo * alo
                        nhi = _mulhi(xlo, alo) + xhi * alo + xlo * ahi
                        xlo = nlo + clo
                        xhi = nhi + chi + (_U1 if xlo < nlo else _U0)
                    if code == 0:
                        uu = np.float64(out >> _U11) * _TWO_M53
                        p = _select(L, np.uint64(uu * np.float64(_popcount(L))))
                    elif code == 2:
                        p = _ctz(L)
                    elif j == 0:
                        X = L & no_hon
                        p = _ctz(X if X != _U0 else L)
                    else:
                        Wn = winners_bit(L, bp, False, suit_mask, _U0)   # no trumps
                        Lo = L & ~Wn
                        if (L & ledmask) == _U0:   # void: shed an honour, a heart, else the strongest
                            a1, a2 = L & honours, L & hearts
                            X = a1 if a1 != _U0 else (a2 if a2 != _U0 else L)
                            strong = True
                        else:
                            take_clean = j == n - 1 and Wn != _U0 and (tbits & hearts) == _U0
                            if take_clean:
                                a1 = Wn & no_hon
                                X = a1 if a1 != _U0 else Wn
                            elif Lo != _U0:
                                a1 = Lo & honours
                                X = a1 if a1 != _U0 else Lo
                            else:
                                a1 = L & no_hon
                                X = a1 if a1 != _U0 else L
                            strong = take_clean or Lo != _U0 or j == n - 1
                        p = _U63 - _clz(X) if strong else _ctz(X)
                bit = _U1 << p
                h[seat] = hand ^ bit
                if j == 0:
                    ledmask = suit_mask[p & np.uint64(3)]
                    tbits = bit
                    bpos = 0
                    bp = p
                else:
                    tbits |= bit
                    better = beats_bit(p, bp, False, False)   # no trumps (§2.1)
                    bpos = j if better else bpos
                    bp = p if better else bp
                plays[t, j, b] = np.uint8(p)
            ld = (ld + bpos) % n
            winners[t, b] = ld
            w = ld * B + b
            hb = tbits & honours
            nh = _popcount(hb)
            hon[w] |= hb
            if nh == _U1:
                single[w] |= hb
            if nh >= np.uint64(2):
                double[w] = True
            if (tbits & hearts) != _U0:
                hearts_taken[w] = True
            ntricks[w] += 1


# ---- Armenian Durak ---------------------------------------------------------------------

@njit(types.void(_u64[::1], types.int64[::1], types.int64[:, ::1]), cache=True)
def deal_rows(st, values, rows):
    """``rows[b]`` = ``values`` shuffled as numpy's ``Generator.permuted(np.tile(values,
    (B, 1)), axis=1)`` shuffles row ``b`` (the PCG64 state ``st`` of
    :func:`generator_state`, advanced in place; the shuffle of :func:`deal_hands`)."""
    hi, lo, ihi, ilo, has, buf = st[0], st[1], st[2], st[3], st[4], st[5]
    B, n = rows.shape
    for b in range(B):
        for i in range(n):
            rows[b, i] = values[i]
        for i in range(n - 1, 0, -1):
            mx = np.uint64(i)
            mask = mx
            mask |= mask >> _U1
            mask |= mask >> np.uint64(2)
            mask |= mask >> _U4
            mask |= mask >> np.uint64(8)
            mask |= mask >> np.uint64(16)
            while True:
                if has != _U0:
                    v = buf
                    has = _U0
                else:
                    nlo = lo * _MUL_LO
                    nhi = _mulhi(lo, _MUL_LO) + hi * _MUL_LO + lo * _MUL_HI
                    lo = nlo + ilo
                    hi = nhi + ihi + (_U1 if lo < nlo else _U0)
                    x = hi ^ lo
                    r = hi >> _U58
                    out = (x >> r) | (x << ((_U0 - r) & _U63))
                    has = _U1
                    buf = out >> _U32
                    v = out & _M32
                v &= mask
                if v <= mx:
                    break
            j = np.int64(v)
            t = rows[b, i]
            rows[b, i] = rows[b, j]
            rows[b, j] = t
    st[0], st[1], st[4], st[5] = hi, lo, has, buf


@njit(types.void(
    _u64[:, ::1],        # hand (2, B)
    types.int16[:, :, ::1],  # up (2, 6, B): face-up card's bit position per stack, -1 none
    types.int16[:, :, ::1],  # down (2, 6, B): face-down card's bit position, -1 none
    types.int32[::1],    # leader (B,)
    _u64[::1],           # tm (B,): trump suit mask within the deck
    types.int8[::1],     # codes (2,): policy per seat
    _u64[::1],           # rs (8,): PCG64 state and jump, as for play_variety
    types.boolean,       # lead_draw_only (Rules.draw_after == "lead")
    _u64[::1],           # suit_mask (4,)
    _u64, _u64, _u64, _u64,   # masks: the whole deck, the aces, the special cards, the cards worth 0
    _u64[::1],           # by_points (5,): J, Q, K, A, special masks (the rule's losing order)
    types.int64,         # top: the ace's strength
    types.uint8[:, :, ::1],  # out plays (T, 2, B)
    types.int8[:, :, ::1],   # out draws (T, 2, B)
    types.int8[:, ::1],  # out leaders (T, B)
    types.int8[:, ::1],  # out winners (T, B)
    _u64[:, ::1],        # taken (2, B), added to
    types.int32[:, ::1],  # ntricks (2, B), added to
), cache=True)
def play_durak(hand, up, down, leader, tm, codes, rs, lead_draw_only, suit_mask, full, aces,
               special, zero, by_points, top, plays, draws, leaders, winners, taken, ntricks):
    """The play of each deal of Armenian Durak as :class:`.armenian_durak._DurakPlay` plays
    it (RULES.md §3.3): the card from the hand or a face-up card (the card under it turns
    up), the optional draw of a face-down card after a card from the hand, the reply must
    follow the suit led or trump, the special card beats only the ace. Random numbers as
    in :func:`play_variety`; with a random seat, four per trick in this order: the lead's
    card, the lead's draw, the reply's card, the reply's draw (drawn whether used or not,
    as the numpy loop draws them). ``hand``, ``up`` and ``down`` are updated in place."""
    B = hand.shape[1]
    T = plays.shape[0]
    any_random = codes[0] == 0 or codes[1] == 0
    shi, slo, ihi, ilo = rs[0], rs[1], rs[2], rs[3]
    ahi, alo, chi, clo = rs[4], rs[5], rs[6], rs[7]
    out = _U0
    for b in range(B):
        if any_random:
            nlo = slo * _MUL_LO
            nhi = _mulhi(slo, _MUL_LO) + shi * _MUL_LO + slo * _MUL_HI
            slo = nlo + ilo
            shi = nhi + ihi + (_U1 if slo < nlo else _U0)
        xhi, xlo = shi, slo
        tmb = tm[b]
        plain = ~tmb
        upm0 = _U0
        upm1 = _U0
        for s in range(6):
            if up[0, s, b] >= 0:
                upm0 |= _U1 << np.uint64(up[0, s, b])
            if up[1, s, b] >= 0:
                upm1 |= _U1 << np.uint64(up[1, s, b])
        ld = np.int64(leader[b])
        lp = _U0
        lb = _U0
        beat = _U0
        for t in range(T):
            leaders[t, b] = ld
            for j in range(2):
                cur = ld if j == 0 else 1 - ld
                hd = hand[cur, b]
                upm = upm0 if cur == 0 else upm1
                P = hd | upm
                if j == 0:
                    L = P
                else:
                    L = durak_duty(P, lp, lb, suit_mask, tmb)
                # the card
                if any_random:
                    x = xhi ^ xlo
                    r = xhi >> _U58
                    out = (x >> r) | (x << ((_U0 - r) & _U63))
                    nlo = xlo * alo
                    nhi = _mulhi(xlo, alo) + xhi * alo + xlo * ahi
                    xlo = nlo + clo
                    xhi = nhi + chi + (_U1 if xlo < nlo else _U0)
                code = codes[cur]
                if code == 0:
                    uu = np.float64(out >> _U11) * _TWO_M53
                    p = _select(L, np.uint64(uu * np.float64(_popcount(L))))
                elif code == 2:
                    p = _ctz(L)
                elif j == 0:
                    X = L & zero & plain
                    if X == _U0:
                        X = L & tmb & zero
                    if X == _U0:
                        X = L & plain & ~special
                    if X == _U0:
                        X = L & ~special
                    if X == _U0:
                        X = L
                    p = _ctz(X)
                else:
                    Wn = L & beat
                    Lo = L & ~Wn
                    lead_suit = suit_mask[lp & np.uint64(3)]
                    six_for_ace = Wn & special & lead_suit if (lb & aces) != _U0 else _U0
                    cheapest = Wn & plain & zero
                    if cheapest == _U0:
                        cheapest = Wn & tmb & zero
                    if cheapest == _U0:
                        cheapest = Wn & ~special
                    if cheapest == _U0:
                        cheapest = Wn
                    cheap_same = Wn & lead_suit & zero
                    if six_for_ace != _U0:
                        X = six_for_ace
                    elif Wn != _U0 and (lb & zero) == _U0:
                        X = cheapest
                    elif cheap_same != _U0:
                        X = cheap_same
                    elif Lo != _U0:
                        X = Lo & zero
                        k = 0
                        while X == _U0 and k < 4:
                            X = Lo & by_points[k]
                            k += 1
                        if X == _U0:
                            X = Lo & by_points[4]
                    else:
                        X = cheapest
                    p = _ctz(X)
                bit = _U1 << p
                from_hand = (hd & bit) != _U0
                hd &= ~bit
                if not from_hand:   # a face-up card: the card under it turns up (§3.3)
                    upm &= ~bit
                    for s in range(6):
                        if up[cur, s, b] == np.int64(p):
                            nd = down[cur, s, b]
                            up[cur, s, b] = nd
                            down[cur, s, b] = -1
                            if nd >= 0:
                                upm |= _U1 << np.uint64(nd)
                # the optional draw after a card from the hand
                cnt = 0
                first = -1
                for s in range(6):
                    if down[cur, s, b] >= 0:
                        if first < 0:
                            first = s
                        cnt += 1
                if any_random:
                    x = xhi ^ xlo
                    r = xhi >> _U58
                    out = (x >> r) | (x << ((_U0 - r) & _U63))
                    nlo = xlo * alo
                    nhi = _mulhi(xlo, alo) + xhi * alo + xlo * ahi
                    xlo = nlo + clo
                    xhi = nhi + chi + (_U1 if xlo < nlo else _U0)
                offered = from_hand and cnt > 0 and not (j == 1 and lead_draw_only)
                choice = -2
                if offered:
                    if code == 0:
                        uu = np.float64(out >> _U11) * _TWO_M53
                        k = np.int64(uu * np.float64(cnt + 1))   # cnt means "none"
                        choice = -1
                        if k < cnt:
                            for s in range(6):
                                if down[cur, s, b] >= 0:
                                    if k == 0:
                                        choice = s
                                        break
                                    k -= 1
                    else:
                        choice = first
                    if choice >= 0:
                        hd |= _U1 << np.uint64(down[cur, choice, b])
                        down[cur, choice, b] = -1
                hand[cur, b] = hd
                if cur == 0:
                    upm0 = upm
                else:
                    upm1 = upm
                plays[t, j, b] = np.uint8(p)
                draws[t, j, b] = choice
                if j == 0:
                    lp = p
                    lb = bit
                    beat = durak_beaters(lp, lb, suit_mask, full, aces, special, top, tmb)   # §3.1, §3.3
                else:
                    w = 1 - ld if (bit & beat) != _U0 else ld
                    taken[w, b] |= lb | bit
                    ntricks[w, b] += 1
                    winners[t, b] = w
                    ld = w
