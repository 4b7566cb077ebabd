"""The trick rule for the compiled kernels, once (issue 30: one source of the trick rule).

The engine's rule (:func:`cardkit.core.tricks.winning_index`, each game's legal plays,
Armenian Durak's :func:`cardkit.games.armenian_durak.beats` / ``trick_winner``) in the two
card layouts the numba kernels use. The kernels of the simulators
(:mod:`cardkit.simulate._kernels`) and of the solvers (:mod:`cardkit.analysis._variety_kernel`,
:mod:`cardkit.analysis._hearts_kernel`, :mod:`cardkit.analysis._durak_kernel`) call these
functions instead of keeping their own copies; ``tests/test_trick_rule_kernels.py`` replays
each against the engine, for every game of the registry.

**Bit layout** (the simulators): a hand is a ``uint64`` mask; bit ``p`` is a card of suit
``p & 3`` and strength ``p >> 2`` (higher is stronger, in the order the simulator built from
the engine: reversed for Variety's contract 6). ``ledmask`` is the mask of the suit led.

**Card ids** (the solvers): a card is ``suit * 16 + rank order`` (``id >> 4`` the suit,
higher is stronger within a suit); ``trump`` is a suit number, or ``-1`` (any value that is
no suit) for no trumps.

Every function is ``@njit(cache=True, inline="always")``: numba inlines it into the
calling kernel, so the hot loops pay no call. Numba keys a kernel's cache on the kernel's own
file only, so each kernel module names the version of this file it inlines
(``TRICK_RULE_SHA256``, the first 16 hex digits of its SHA-256): after editing this module,
write the new value in the four kernel modules (``tests/test_trick_rule_kernels.py`` fails
until they agree, and prints the value); editing them is what makes numba compile them again.
"""

from __future__ import annotations

import numpy as np
from numba import njit

__all__ = ["follow_suit", "beats_bit", "durak_duty", "durak_beaters", "winner_offset", "durak_reply_wins"]

_U0 = np.uint64(0)
_U1 = np.uint64(1)
_U2 = np.uint64(2)
_U3 = np.uint64(3)


# ---- bit layout (simulators) -----------------------------------------------------------

@njit(cache=True, inline="always")
def follow_suit(hand, ledmask):
    """The cards of ``hand`` (uint64 mask) a player may play to a trick whose suit led is
    ``ledmask`` (uint64 mask of that suit): that suit if the hand holds it, else any card
    (RULES.md §1.5, §2.1). Returns a uint64 mask."""
    F = hand & ledmask
    return hand if F == _U0 else F


@njit(cache=True, inline="always")
def beats_bit(p, bp, is_trump, btrump):
    """True when card bit ``p`` (uint64 position) takes the trick from the card ``bp`` winning
    it so far: the same suit and stronger, or the first trump (``is_trump``: ``p`` is a trump,
    ``btrump``: ``bp`` is). The highest trump wins if any was played, else the strongest card of
    the suit led (RULES.md §1.5, §2.1). No branch: random play makes it unpredictable."""
    return ((((p ^ bp) & _U3) == _U0) & (p > bp)) | (is_trump > btrump)


@njit(cache=True, inline="always")
def durak_duty(P, lp, lb, suit_mask, tmb):
    """Armenian Durak: the cards of ``P`` (uint64 mask: hand and face-up cards) the reply may
    play to the lead at bit ``lp`` (``lb`` = ``1 << lp``), trumps ``tmb`` (uint64 mask): a trump
    led, a trump; else the suit led or a trump; with none of those, any card (RULES.md §3.3)."""
    F = P & (tmb if (lb & tmb) != _U0 else (suit_mask[lp & _U3] | tmb))
    return P if F == _U0 else F


@njit(cache=True, inline="always")
def durak_beaters(lp, lb, suit_mask, full, aces, special, top, tmb):
    """Armenian Durak: the mask of the cards that beat the lead at bit ``lp`` (``lb`` = ``1 <<
    lp``; strength 0 the special card, ``top`` the ace's strength): a stronger card of the suit
    led, the special card beating only the ace and losing to the rest of its suit; any trump
    when the lead is no trump (RULES.md §3.1, §3.3). ``full``, ``aces``, ``special``, ``tmb``:
    uint64 masks of the deck, the aces, the special cards, the trumps."""
    suit = suit_mask[lp & _U3] & full
    sl = np.int64(lp >> _U2)
    if sl == 0:
        same = suit & ~aces
    elif sl == top:
        same = suit & special
    else:
        same = suit & ~((_U2 << lp) - _U1)
    return same | (_U0 if (lb & tmb) != _U0 else tmb)


# ---- card ids (solvers) -----------------------------------------------------------------

@njit(cache=True, inline="always")
def winner_offset(trick, base, n, trump):
    """Index ``0..n-1`` (play order) of the card that wins the trick ``trick[base:base + n]``
    (int64 card ids): the highest trump if any was played, else the highest card of the suit
    led (:func:`cardkit.core.tricks.winning_index`); ``trump`` a suit or -1."""
    best = trick[base]
    bi = 0
    for i in range(1, n):
        c = trick[base + i]
        cs = c >> 4
        if cs == best >> 4:
            if c > best:
                best = c
                bi = i
        elif cs == trump:
            best = c
            bi = i
    return bi


@njit(cache=True, inline="always")
def durak_reply_wins(lc, c, beat, trump):
    """Armenian Durak: 1 when the reply ``c`` (card id) beats the lead ``lc``, else 0:
    ``beat`` is the mask of the cards of ``lc``'s suit that beat it (the engine's
    :func:`~cardkit.games.armenian_durak.beats`, a table of the solver); a card of another suit
    wins only as a trump (RULES.md §3.1)."""
    if (c >> 4) == (lc >> 4):
        return (beat >> c) & 1
    return 1 if (c >> 4) == trump else 0
