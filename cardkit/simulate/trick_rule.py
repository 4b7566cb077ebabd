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

The scalar functions (:data:`SCALAR`) are plain Python written for numba; the kernels take them
compiled, ``njit(cache=True, inline="always")``, from :func:`compiled`: numba inlines them into
the calling kernel, so the hot loops pay no call. The ``*_batch`` functions are the same rule
on numpy arrays, one deal per element, for the numpy simulators. Numba keys a kernel's cache on the kernel's own
file only, so each kernel module names the version of this file it inlines
(``TRICK_RULE_SHA256``, the first 16 hex digits of its SHA-256): after editing this module,
write the new value in the four kernel modules (``tests/test_trick_rule_kernels.py`` fails
until they agree, and prints the value); editing them is what makes numba compile them again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from types import SimpleNamespace

import numpy as np

from cardkit.core.cards import Card

__all__ = ["compiled", "SCALAR", "suit_beaters", "follow_suit", "beats_bit", "winners_bit", "durak_duty",
           "durak_beaters", "beats_id", "winner_offset", "durak_duty_id", "durak_reply_wins",
           "follow_suit_batch", "beats_batch", "winners_batch", "durak_duty_batch", "durak_beaters_batch"]

#: The functions a kernel inlines (plain Python here, written for numba; :func:`compiled`).
SCALAR = ("follow_suit", "beats_bit", "winners_bit", "durak_duty", "durak_beaters", "beats_id", "winner_offset",
          "durak_duty_id", "durak_reply_wins")


@cache
def compiled() -> SimpleNamespace:
    """The functions of :data:`SCALAR` compiled by numba (``njit(cache=True, inline="always")``),
    as attributes of one namespace: a kernel module binds them at its top
    (``follow_suit = compiled().follow_suit``) and numba inlines them into its kernels. numba is
    imported here, on the first call, so that the numpy simulators, which import this module
    for the ``*_batch`` forms, do not load it (``import cardkit`` loads no numba)."""
    from numba import njit
    return SimpleNamespace(**{name: njit(cache=True, inline="always")(globals()[name]) for name in SCALAR})

_U0 = np.uint64(0)
_U1 = np.uint64(1)
_U2 = np.uint64(2)
_U3 = np.uint64(3)


# ---- bit layout (simulators) -----------------------------------------------------------

def follow_suit(hand, ledmask):
    """The cards of ``hand`` (uint64 mask) a player may play to a trick whose suit led is
    ``ledmask`` (uint64 mask of that suit): that suit if the hand holds it, else any card
    (RULES.md §1.5, §2.1). Returns a uint64 mask."""
    F = hand & ledmask
    return hand if F == _U0 else F


def beats_bit(p, bp, is_trump, btrump):
    """True when card bit ``p`` (uint64 position) takes the trick from the card ``bp`` winning
    it so far: the same suit and stronger, or the first trump (``is_trump``: ``p`` is a trump,
    ``btrump``: ``bp`` is). The highest trump wins if any was played, else the strongest card of
    the suit led (RULES.md §1.5, §2.1). No branch: random play makes it unpredictable."""
    return ((((p ^ bp) & _U3) == _U0) & (p > bp)) | (is_trump > btrump)


def winners_bit(L, bp, btrump, suit_mask, tm):
    """The cards of ``L`` (uint64 mask) that would take the open trick from the card ``bp``
    (uint64 position) winning it so far: a stronger card of its suit, or, while no trump was
    played (``btrump`` False), any trump of ``tm`` (uint64 mask; 0 for no trumps). The rule
    policies' "can I win it" (RULES.md §1.5, §2.1)."""
    W = L & suit_mask[bp & _U3] & ~((_U2 << bp) - _U1)
    if not btrump:
        W |= L & tm
    return W


def durak_duty(P, lp, lb, suit_mask, tmb):
    """Armenian Durak: the cards of ``P`` (uint64 mask: hand and face-up cards) the reply may
    play to the lead at bit ``lp`` (``lb`` = ``1 << lp``), trumps ``tmb`` (uint64 mask): a trump
    led, a trump; else the suit led or a trump; with none of those, any card (RULES.md §3.3)."""
    F = P & (tmb if (lb & tmb) != _U0 else (suit_mask[lp & _U3] | tmb))
    return P if F == _U0 else F


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


# ---- tables for the kernels, from the engine ---------------------------------------------

def suit_beaters(cards: Sequence[Card], position: Callable[[Card], int],
                 beats: Callable[[Card, Card], bool]) -> dict[Card, int]:
    """For each card of ``cards``, the mask (an int, bit ``position(d)`` for each card ``d``) of
    the cards of its suit that beat it by the engine's ``beats(d, c)`` (Armenian Durak's
    :func:`~cardkit.games.armenian_durak.beats`, where the special card beats only the ace):
    the solver's ``BEAT`` table, read by :func:`durak_reply_wins`."""
    return {c: sum(1 << position(d) for d in cards if d.suit == c.suit and d != c and beats(d, c))
            for c in cards}


# ---- bit layout, a batch at once (the numpy simulators) ----------------------------------
# The same rule as the compiled functions above, on arrays of shape (B,): one deal per
# element (:class:`cardkit.simulate._core.FollowSuitPlay`, Durak's ``_DurakPlay``).

def follow_suit_batch(hand: np.ndarray, ledmask: np.ndarray) -> np.ndarray:
    """:func:`follow_suit` for arrays (B,) uint64: per deal, the suit led if held, else any card."""
    F = hand & ledmask
    return np.where(F == _U0, hand, F)


def beats_batch(pos: np.ndarray, bp: np.ndarray, is_trump: np.ndarray, btrump: np.ndarray) -> np.ndarray:
    """:func:`beats_bit` for arrays (B,): ``pos``, ``bp`` int positions, ``is_trump``, ``btrump``
    bool. Returns (B,) bool."""
    return ((((pos ^ bp) & 3) == 0) & (pos > bp)) | (is_trump & ~btrump)


def winners_batch(L: np.ndarray, bp: np.ndarray, btrump: np.ndarray, suit_mask: np.ndarray,
                  tm: np.ndarray) -> np.ndarray:
    """:func:`winners_bit` for arrays (B,): ``L`` uint64 masks, ``bp`` int positions, ``btrump``
    bool, ``tm`` uint64 trump masks (0: no trumps); ``suit_mask`` (4,) uint64. Returns (B,) uint64."""
    same = L & np.take(suit_mask, bp & 3) & ~((_U2 << bp.astype(np.uint64)) - _U1)
    return same | (L & np.where(btrump, _U0, tm))


def durak_duty_batch(P: np.ndarray, lead_pos: np.ndarray, lead_bit: np.ndarray, suit_mask: np.ndarray,
                     tm: np.ndarray) -> np.ndarray:
    """:func:`durak_duty` for arrays (B,): ``P``, ``lead_bit``, ``tm`` uint64, ``lead_pos`` int
    positions; ``suit_mask`` (4,) uint64. Returns (B,) uint64."""
    lead_suit = np.take(suit_mask, lead_pos & 3)
    F = P & np.where((lead_bit & tm) != _U0, tm, lead_suit | tm)
    return np.where(F == _U0, P, F)


def durak_beaters_batch(lead_pos: np.ndarray, lead_bit: np.ndarray, suit_mask: np.ndarray, full, aces, special,
                        top: int, tm: np.ndarray) -> np.ndarray:
    """:func:`durak_beaters` for arrays (B,): ``lead_pos`` int positions, ``lead_bit``, ``tm``
    uint64; ``full``, ``aces``, ``special`` uint64 scalars, ``top`` the ace's strength. Returns
    (B,) uint64."""
    suit = np.take(suit_mask, lead_pos & 3) & full
    sl = lead_pos >> 2
    above = ~((_U2 << lead_pos.astype(np.uint64)) - _U1)
    same = np.where(sl == 0, suit & ~aces, np.where(sl == top, suit & special, suit & above))
    lead_trump = (lead_bit & tm) != _U0
    return same | np.where(lead_trump, _U0, tm)


# ---- card ids (solvers) -----------------------------------------------------------------

def beats_id(c, best, trump):
    """True when card ``c`` (card id) takes the trick from ``best``, the card winning it so far:
    the same suit and higher, or a trump on a card of another suit (RULES.md §1.5)."""
    cs = c >> 4
    bs = best >> 4
    return (cs == bs and c > best) or (cs != bs and cs == trump)


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


def durak_duty_id(P, lead_trump, lead_suit, trumps):
    """Armenian Durak in card ids (int64 masks): the cards of ``P`` the reply may play: a trump
    led (``lead_trump``), a trump of ``trumps``; else the suit led (``lead_suit``, its mask) or
    a trump; with none of those, any card (RULES.md §3.3; :func:`durak_duty` in bits)."""
    F = P & (trumps if lead_trump else (lead_suit | trumps))
    return P if F == 0 else F


def durak_reply_wins(lc, c, beat, trump):
    """Armenian Durak: 1 when the reply ``c`` (card id) beats the lead ``lc``, else 0:
    ``beat`` is the mask of the cards of ``lc``'s suit that beat it (the engine's
    :func:`~cardkit.games.armenian_durak.beats`, a table of the solver); a card of another suit
    wins only as a trump (RULES.md §3.1)."""
    if (c >> 4) == (lc >> 4):
        return (beat >> c) & 1
    return 1 if (c >> 4) == trump else 0
