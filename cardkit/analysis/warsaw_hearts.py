"""Exact analysis of Warsaw Hearts (RULES.md §2): every card known, each player playing
for themself.

The value of a position is max^n: at every card the player to play chooses the card
that maximises **their own deal result**, bonus − penalty (RULES.md §2.2, points; the
engine's ``State.returns()``), assuming every later player does the same. Three or four
players, every variant (``double_honour_trick`` "max"/"additive",
``bonus_without_tricks``).

**Tie rule.** Among cards equally good for the player to play, the first in the
engine's ``legal_actions()`` order (suit by suit ♠ ♥ ♦ ♣, high card first) is chosen.
Why this one: it is deterministic, easy to state and to check against a plain search,
independent of how the search orders its moves, and it lets the search stop as soon as
no later card can be strictly better. It is a convention, not a strategy: a card that
is a tie for its player may not be one for the others, so the other players' results,
and through them earlier players' choices, can depend on the rule. A player whose
result can no longer change (e.g. the honours all gone and a heart already taken) is
indifferent among all their cards and so plays the first legal one.

Public functions (dispatched to by :mod:`cardkit.analysis` by ``state.game``):
:func:`solve`, :func:`analyse`, :func:`sample_worlds`.

The scoring is read from the engine: the penalty schedule, the bonus and both variants
come from :func:`cardkit.games.warsaw_hearts.assess_tricks`, called in Python for every
possible summary of a player's tricks (which honours they took and how those lay in
their tricks, whether any heart, whether any trick) to build the small tables the
compiled kernel (:mod:`cardkit.analysis._hearts_kernel`, loaded on first use) looks up.
"""

from __future__ import annotations

import threading
from functools import cache
from time import perf_counter

import numpy as np

from cardkit.core._checks import check_max_nodes
from cardkit.core.cards import Card, Rank, Suit, deck
from cardkit.core.errors import StateError, quote

from ..games import warsaw_hearts as W
from ..simulate.kernel_tables import hearts_solver_card, hearts_solver_id
from ._types import SearchLimit, Solution

__all__ = ["analyse", "sample_worlds", "solve"]

#: Transposition table entries (a power of two): 2**20 entries, 22 MB, allocated on the
#: first search and kept for the process (each search salts its keys, so entries of
#: earlier searches never answer a later one).
TABLE_SIZE = 1 << 20

_HONOUR_INDEX = {c: i for i, c in enumerate(W.HONOURS)}   # K♥ 0, Q♥ 1, J♥ 2 (bit = 1 << i)


_cid = hearts_solver_id     # the kernel's card number: suit * 16 + (rank - 6) (simulate.kernel_tables)
_card = hearts_solver_card


# ---- a player's summary and the tables, from the engine -----------------------------------

def _fold(code: int, honours: int, heart: int) -> int:
    """A player's summary after winning one more trick holding the honour set ``honours``
    (bit 0 K♥, 1 Q♥, 2 J♥) and, if ``heart``, some heart.

    Summary bits: 0–2 honours taken; 3–5 honours lying in a trick with another honour;
    6 some heart taken; 7 some trick taken."""
    taken, multi, heart_bit = code & 7, (code >> 3) & 7, (code >> 6) & 1
    taken |= honours
    if honours.bit_count() >= 2:
        multi |= honours
    heart_bit |= 1 if (heart or honours) else 0
    return taken | multi << 3 | heart_bit << 6 | 1 << 7


_HONOUR_BIT = {c: 1 << i for i, c in enumerate(W.HONOURS)}
_DECK = tuple(deck(W.DECK_SIZE))
_BIT = {c: 1 << _cid(c) for c in _DECK}
_FOLD = [_fold(code, honours, heart) for code in range(256) for honours in range(8) for heart in range(2)]


def _summaries(state) -> list[int]:
    """Each seat's summary code (:func:`_fold`) of the tricks it has won so far."""
    summ = [0, 0, 0, 0]
    for t in state.tricks:
        if t.winner is None:
            continue
        honours = heart = 0
        for c in t.cards:
            if c.suit is Suit.HEARTS:
                heart = 1
                honours |= _HONOUR_BIT.get(c, 0)
        summ[t.winner] = _FOLD[summ[t.winner] * 16 + honours * 2 + heart]
    return summ


def _tricks_of_summary(code: int, players: int) -> list[list[Card]]:
    """Tricks (``players`` cards each) whose summary is ``code`` (canonicalised), to ask
    the engine what they score."""
    taken, multi = code & 7, (code >> 3) & 7 & code
    if multi.bit_count() < 2:
        multi = 0
    heart = (code >> 6) & 1 or taken
    trick = (code >> 7) & 1 or heart
    fillers = iter(c for c in _DECK if c.suit is not Suit.HEARTS)
    honours = [c for i, c in enumerate(W.HONOURS) if taken >> i & 1 and not multi >> i & 1]
    out = []
    if multi:
        out.append([c for i, c in enumerate(W.HONOURS) if multi >> i & 1])
    out += [[c] for c in honours]
    if heart and not taken:
        out.append([Card(Suit.HEARTS, Rank.SIX)])
    if trick and not out:
        out.append([])
    for t in out:
        while len(t) < players:
            t.append(next(fillers))
    return out


#: the tricks a player may still win in each mode of the kernel, ``mode = honours * 2 +
#: hearts`` (the honour set still unplayed; 1 if any heart is): (honours, heart) pairs
_MOVES = [[(h, t) for h in range(8) if h & ~(mode >> 1) == 0 for t in range(2) if t <= (mode & 1)]
          for mode in range(16)]


@cache
def _tables(rules: W.Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(val, tab, nxt)`` int64 arrays for the kernel (see :mod:`._hearts_kernel`):
    ``val[code]`` bonus − penalty by :func:`~cardkit.games.warsaw_hearts.assess_tricks`;
    ``nxt[code * 16 + honours * 2 + heart]`` = :func:`_fold`, then from ``X_PEXT`` = 4096 a
    (512, 512) lookup of the bits of a suit's cards packed to the unplayed ones; ``tab`` (4, 16 * 256 * 16): per
    mode, at ``mode * 256 + code``, the maximum of ``val`` over the summaries reachable from
    ``code`` (row 0), whether ``val`` is the same on all of them (row 1), and the smallest
    code whose reachable futures score exactly as ``code``'s (row 2, by partition
    refinement); row 3 at ``(mode * 256 + code) * 16 + honours * 2 + heart``: the largest
    row-0 value after winning one trick that holds at least ``honours`` (and a heart if
    ``heart``), whatever else of the mode it holds."""
    val = np.zeros(256, dtype=np.int64)
    for code in range(256):
        a = W.assess_tricks(_tricks_of_summary(code, rules.players), rules)
        val[code] = a.bonus - a.penalty
    pext = np.zeros((512, 512), dtype=np.int64)       # [u, h]: h's bits packed to u's
    for u in range(512):
        ranks = [r for r in range(9) if u >> r & 1]
        for k, r in enumerate(ranks):
            pext[u, np.arange(512) >> r & 1 == 1] |= 1 << k
    nxt = np.concatenate([np.array(_FOLD, dtype=np.int64), pext.reshape(-1)])
    tab = np.zeros((4, 16 * 256 * 16), dtype=np.int64)
    fold = np.array(_FOLD, dtype=np.int64).reshape(256, 8, 2)
    for mode, moves in enumerate(_MOVES):
        succ = np.stack([fold[:, h, t] for h, t in moves], axis=1)      # (256, moves)
        hi, lo = val.copy(), val.copy()
        while True:           # fixed point: the extremes over every reachable summary
            hi2 = np.maximum(hi, hi[succ].max(axis=1))
            lo2 = np.minimum(lo, lo[succ].min(axis=1))
            if (hi2 == hi).all() and (lo2 == lo).all():
                break
            hi, lo = hi2, lo2
        # Moore's refinement: codes equivalent when every sequence of tricks scores alike
        cls = np.unique(val, return_inverse=True)[1].reshape(256)
        while True:
            sig = np.concatenate([cls[:, None], cls[succ]], axis=1)
            new = np.unique(sig, axis=0, return_inverse=True)[1].reshape(256)
            if new.max() == cls.max():
                break
            cls = new
        first = np.full(cls.max() + 1, 256, dtype=np.int64)
        np.minimum.at(first, cls, np.arange(256))
        base = mode * 256
        tab[0, base:base + 256] = hi
        tab[1, base:base + 256] = hi == lo
        tab[2, base:base + 256] = first[cls]
        # row 3: after winning a trick holding at least honours h (and a heart if t)
        for h in range(8):
            for t in range(2):
                if h & ~(mode >> 1) or t > (mode & 1):
                    continue
                best = np.full(256, -10**6, dtype=np.int64)
                for h2, t2 in moves:
                    if h2 & h == h and (1 if (t2 or h2) else 0) >= t:
                        best = np.maximum(best, hi[fold[:, h2, t2]])
                tab[3, (base + np.arange(256)) * 16 + h * 2 + t] = best
    return val, tab, nxt


# ---- the kernel's inputs ----------------------------------------------------------------------

_tt = None
_calls = 0
#: search features switched off (the kernel's ``OFF_*`` bits; 0: all on): for the tests that
#: check each feature changes no value
_off = 0


def _new_table() -> tuple:
    from ._hearts_kernel import TT_COLS
    return (np.zeros(TABLE_SIZE, dtype=np.uint64), np.zeros(TABLE_SIZE, dtype=np.uint64),
            np.zeros((TABLE_SIZE, TT_COLS), dtype=np.int8))


_LOCAL = threading.local()


def _table():
    """The calling thread's table: the module's in the main thread, else the thread's own,
    so searches in two threads at once (the judge's worlds,
    :func:`cardkit.analysis.judge.estimate`) never write one table (the kernels release
    the GIL; each call salts its entries, so no table is ever cleared)."""
    global _tt
    if threading.current_thread() is not threading.main_thread():
        if not hasattr(_LOCAL, "tt"):
            _LOCAL.tt = _new_table()
        return _LOCAL.tt
    if _tt is None:
        _tt = _new_table()
    return _tt


def _check_state(state, what: str) -> None:
    if not isinstance(state, W.State):
        raise StateError(f"{what}: {quote(state)} is not a Warsaw Hearts deal (RULES.md §2); "
                         f"cardkit.analysis dispatches other games to their own solvers")
    if state.phase not in ("play", "over"):
        raise StateError(f"{what}: phase {state.phase!r} is not the play (RULES.md §2.1)")


def _check_max_nodes(max_nodes) -> int:
    """The kernel's node limit: -1 for None (no limit), else the checked limit."""
    limit = check_max_nodes(max_nodes)
    return -1 if limit is None else limit


def _setup(state, max_nodes):
    """The kernel's arguments for ``state`` (in the play)."""
    from . import _hearts_kernel as K
    global _calls
    n = state.players
    bits = [0, 0, 0, 0]
    for s, hand in enumerate(state.hands):
        for c in hand:
            bits[s] |= _BIT[c]
    hands = np.array(bits, dtype=np.uint64)
    summ = np.array(_summaries(state), dtype=np.int64)
    trick = state.trick
    played = np.zeros(K.MAXPLY + 2, dtype=np.int64)
    tlen = len(trick.cards)
    played[:tlen] = [_cid(c) for c in trick.cards]
    val, tab, nxt = _tables(state.rules)
    ttk, ttc, ttv = _table()
    _calls += 1
    ctx = np.zeros(K.C_SIZE, dtype=np.int64)
    ctx[K.C_N] = n
    ctx[K.C_MAXN] = max_nodes
    ctx[K.C_MASK] = len(ttk) - 1
    # a new salt per call: entries of earlier searches (maybe other rules) never match
    ctx[K.C_SALT] = (_calls * 0x9E3779B97F4A7C15) & 0x7FFF_FFFF_FFFF_FFFF
    ctx[K.C_ROOT] = -1
    ctx[K.C_GEN] = _calls % 127 + 1
    ctx[K.C_OFF] = _off
    out = np.zeros((K.MAXPLY + 2, 4), dtype=np.int64)
    best = np.zeros(K.MAXPLY + 2, dtype=np.int64)
    args = (hands, summ, played, tlen, trick.leader, tlen, out, best, val, tab, nxt, ttk, ttc, ttv, ctx)
    return K, args, ctx


def _limit(max_nodes, what):
    return SearchLimit(f"{what}: stopped after max_nodes={max_nodes} positions before the exact "
                       f"value was found (RULES.md §2.2 scoring)")


def _last_player(state) -> int:
    t = state.tricks[-1]
    return (t.leader + len(t.cards) - 1) % state.players


def solve(state, *, max_nodes: int | None = None) -> Solution:
    """The exact max^n value of a Warsaw Hearts position, all cards known (RULES.md §2.2).

    Each player, at each card, maximises their own deal result (bonus − penalty, points).
    Ties: among cards equally good for the player to play, the first in
    ``state.legal_actions()`` order (suit by suit ♠ ♥ ♦ ♣, high card first).

    :param state: a :class:`cardkit.games.warsaw_hearts.State` in the play (any card,
        mid-trick included) or over; not changed.
    :param max_nodes: stop with :class:`~cardkit.analysis.SearchLimit` after this many
        positions searched (None: no limit; else a whole number 1..2**63 − 1,
        :data:`cardkit._checks.MAX_NODES`).
    :returns: :class:`~cardkit.analysis.Solution`: ``value`` the deal result (bonus −
        penalty, points, int) of the player to play (deal over: of the player who played
        the last card); ``line`` the cards of the max^n line to the end of the deal (empty
        when it is over); ``returns`` every seat's deal result at the end of the line,
        exactly ``state.returns()`` after the line is played (tuple of ints, one per
        seat); ``nodes`` positions searched (the line's later cards included: the search
        is repeated, mostly from the transposition table, at each card of the line);
        ``seconds`` wall time.
    :raises StateError: for anything but a Warsaw Hearts state in the play or over.
    :raises SearchLimit: when ``max_nodes`` is exceeded.
    :raises CardkitError: for ``max_nodes`` not None nor a whole number 1..2**63 − 1.
    """
    _check_state(state, "solve")
    limit = _check_max_nodes(max_nodes)
    t0 = perf_counter()
    if state.phase == "over":
        r = tuple(int(x) for x in state.returns())
        return Solution(r[_last_player(state)], (), 0, r, perf_counter() - t0)
    K, args, ctx = _setup(state, limit)
    line = np.zeros(K.MAXPLY, dtype=np.int64)
    root = np.zeros(4, dtype=np.int64)
    k = K.solve_line(*args, line, root)
    if k < 0:
        raise _limit(max_nodes, "solve")
    r = tuple(int(x) for x in root[:state.players])
    return Solution(r[state.current_player], tuple(_card(int(c)) for c in line[:k]),
                    int(ctx[K.C_NODES]), r, perf_counter() - t0)


def analyse(state, *, max_nodes: int | None = None) -> dict:
    """The exact max^n value of every legal card of the player to play (RULES.md §2.2).

    :param state: a :class:`cardkit.games.warsaw_hearts.State`; not changed.
    :param max_nodes: as :func:`solve` (the limit covers all the cards together).
    :returns: ``{card: value}``, one entry per card of ``state.legal_actions()`` in that
        order: the player to play's deal result (bonus − penalty, points, int) when they
        play that card and everyone plays max^n afterwards (ties as in :func:`solve`).
        The largest value equals ``solve(state).value``. Empty when the deal is over.
    :raises StateError: for anything but a Warsaw Hearts state in the play or over.
    :raises SearchLimit: when ``max_nodes`` is exceeded.
    :raises CardkitError: for a bad ``max_nodes``.
    """
    _check_state(state, "analyse")
    limit = _check_max_nodes(max_nodes)
    if state.phase == "over":
        return {}
    K, args, _ = _setup(state, limit)
    res = np.zeros((64, 4), dtype=np.int64)
    if K.analyse_root(*args, res) < 0:
        raise _limit(max_nodes, "analyse")
    mover = state.current_player
    return {c: int(res[_cid(c), mover]) for c in state.legal_actions()}


# ---- worlds from one seat's view ------------------------------------------------------------

def sample_worlds(state, seat: int, n: int, rng) -> list:
    """``n`` full deals consistent with what seat ``seat`` knows (RULES.md §2.1).

    Every card ``seat`` can see stays where it is (its own hand, every card played, who
    played it); the cards it cannot see are dealt to the other seats, as many as each
    holds now, **uniformly** over the deals in which no seat holds a suit it has shown
    void in (it did not follow that suit): :func:`cardkit.analysis.worlds.sample_worlds`.
    Only ``state.observation(seat)`` is read, so two states that differ only in cards
    ``seat`` cannot see give identical worlds with the same ``rng``.

    :param state: a :class:`cardkit.games.warsaw_hearts.State`; not changed.
    :param seat: 0..players-1.
    :param n: how many worlds, a whole number 0..:data:`~cardkit.analysis.MAX_WORLDS`
        (10,000).
    :param rng: a :class:`numpy.random.Generator` (or an int seed).
    :returns: a list of ``n`` :class:`~cardkit.games.warsaw_hearts.State` objects, each the
        deal rebuilt from the observation with the hidden hands dealt
        (``State.from_observation``: ``initial_hands`` to match, so undo and saving work;
        ``seed`` None: a world is not the seeded deal).
    :raises StateError: for anything but a Warsaw Hearts state in the play or over.
    :raises CardkitError: for a bad seat, ``n`` or ``rng``, or voids no deal can satisfy.
    """
    from . import worlds
    _check_state(state, "sample_worlds")
    return worlds.sample_worlds(state.observation(seat), n, rng)
