"""Exact ("double dummy") analysis of Variety positions, RULES.md §1.2, §1.5, §1.6.

Every card known, the four players playing their best: the declarers to maximise their
margin, the defenders to minimise it. The search runs on an additive difference (the
declarers' points minus the defenders' points, contract 1 counting tricks); the deal's
score is a monotone function of it (contract 1's +12 to the side with more tricks, the
defenders' +10 when the declarers do not win, the ``tie`` variant), so the minimax of
the mapped score is the mapped minimax: exact.

The contract table (trump, order, points per trick and per card) is read from
:func:`cardkit.games.variety.contracts`; the trick winner rule (RULES.md §1.5) becomes
the kernel's card layout (higher bit wins within a suit; contract 6 reverses the ranks).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from cardkit.core._checks import check_max_nodes, is_whole
from cardkit.core.cards import Card
from cardkit.core.errors import CardkitError, StateError, quote

from ..games import variety as V
from ..simulate.kernel_tables import variety_solver_layout
from ._types import SearchLimit, Solution

__all__ = ["solve", "analyse", "sample_worlds", "margin_of", "solve_value", "solve_values", "default_workers",
           "SolverContext"]

_INF = 1 << 20
#: the kernel's bounds on (quick tricks, the grouping bound, the sweep, the sure trumps); False: the plain search, for
#: the tests that check the bounds change no value (clear the table when switching)
_BOUNDS = True
#: an entry that answers a lookup trades places with its bucket's newest (the next lookup
#: finds it first); False: the same values, more entries compared (the tests)
_MOVE_TO_FRONT = True
#: the sweep: a position whose leader takes every trick left whatever is played (each of his
#: cards above all others of its suit, nobody else able to ruff) is valued at once (the
#: kernel's ``sweep``); False: the same values, more positions (the tests)
_SWEEP = True
#: with the grouping bound (contracts 4, 5): a trump held by the side that holds every higher
#: trump left surely brings its points to that side (the kernel's ``sure_trumps``); False:
#: the same values, more positions (the tests)
_SURE_TRUMPS = True
#: the killer lead: at each ply, the lead that last cut off is tried next after the table's
#: card (move ordering only: the same values; False for the tests and measurements)
_KILLER = True
#: MTD(f)'s first guess in :func:`solve_values` and ``dd_table``: the final difference of the
#: previous position solved with the same table (False: 0; the same values, the tests)
_GUESS_FROM_LAST = True
_TT_BUCKET_BITS = 20   # 2**20 buckets of 24 bytes
_TT_ENTRY_BITS = 22    # 2**22 entries of 64 bytes (memory only for those used; a full table is emptied)


class SolverContext:
    """Arrays of one position for the kernel, and the mapping back to cards."""

    def __init__(self, state: V.State, max_nodes: int | None, cache: dict | None = None):
        if not isinstance(state, V.State):
            raise StateError(f"expected a Variety state, got {type(state).__name__}")
        if state.phase == "bidding":
            raise StateError("the bidding is not over: exact analysis starts with the play (RULES.md §1.3)")
        c = state.contract_info
        assert c is not None and state.declarers is not None  # the bidding is over
        self.state = state
        self.contract = c
        self.majority = c.majority != 0
        self.trump = -1 if c.trump is None else int(c.trump)
        self.lowest = c.lowest_wins
        self.per_trick = 1 if self.majority else c.per_trick
        layout = variety_solver_layout(c)   # the card numbers and values (simulate.kernel_tables)
        self.bit_of: dict[Card, int] = layout.bit_of
        self.card_of: dict[int, Card] = layout.card_of
        val = layout.values.copy()
        self.val = val
        self.absval = np.abs(val)
        decl = set(state.declarers)
        self.side = np.array([1 if s in decl else 0 for s in range(4)], dtype=np.int64)
        # a suit whose cards differ in value (contract 5): the table key holds the values
        mixed = any(len({int(val[16 * s + r]) for r in range(13)}) > 1 for s in range(4))
        # the kernel's table classes such a contract's card values as 0, > 0 and < 0
        assert not mixed or (len({int(x) for x in val if x > 0}) <= 1 and len({int(x) for x in val if x < 0}) <= 1), \
            "a contract whose suits mix values has one positive and one negative card value"
        # only tricks count, and both sides want them (contracts 1 and 2): quick tricks bound the value
        tricks_only = self.per_trick > 0 and not val.any()
        # card values of both signs (contracts 4 and 5): the grouping bound (kernel's pairing_bound)
        both_signs = bool((val > 0).any() and (val < 0).any()) and int(val.min()) >= -8 and int(val.max()) <= 7
        # leads ordered as tricks nobody wants (contracts 4 and 8: fewer nodes there, more in 5 and 7)
        duck_lead = self.per_trick < 0 or (both_signs and not mixed)
        # the endgame and ordering features (kernel's prm[6] bits): sweep, sure trumps, killer lead
        feats = int(_SWEEP) | 2 * int(_SURE_TRUMPS) | 4 * int(_KILLER)
        self.prm = np.array([self.trump, self.per_trick, int(mixed), int(tricks_only), int(both_signs),
                             int(duck_lead), feats, int(_MOVE_TO_FRONT)], dtype=np.int64)
        if not _BOUNDS:   # the plain search (tests: the bounds change no value)
            self.prm[3:5] = 0
            self.prm[6] &= ~3   # the sweep and the sure trumps too
        self.hands = np.zeros(4, dtype=np.uint64)
        for s in range(4):
            m = 0
            for card in state.hands[s]:
                m |= 1 << self.bit_of[card]
            self.hands[s] = np.uint64(m)
        self.trick = np.zeros(64, dtype=np.int64)
        t = state.trick
        self.tn = 0
        self.leader = state.current_player if state.current_player is not None else 0
        if t is not None:
            self.leader = t.leader
            self.tn = len(t.cards)
            for i, card in enumerate(t.cards):
                self.trick[i] = self.bit_of[card]
        # the additive difference already made, in search units
        d = 0
        for tr in state.completed_tricks:
            w = self.per_trick + sum(int(val[self.bit_of[x]]) for x in tr.cards)
            d += w if self.side[tr.winner] else -w
        self.taken = d
        self.stats = np.zeros(64 + 256, dtype=np.int64)
        self.stats[1] = 0 if max_nodes is None else int(max_nodes)
        self.stats[10] = -1   # no line root (see the kernel's best_line)
        self.tt = _table(self, _own_cache() if cache is None else cache)
        self.mbuf = np.zeros((64, 16), dtype=np.int64)
        self.sbuf = np.zeros((64, 16), dtype=np.int64)
        self.wr = np.zeros(64, dtype=np.uint64)
        self.kb = np.zeros((64, 6), dtype=np.uint64)

    # -- mapping the additive difference to the deal's margin (RULES.md §1.6)
    def margin(self, diff: int) -> int:
        """The declarers' margin (their score minus the defenders') for a final additive
        difference ``diff`` (search units)."""
        if self.majority:   # diff = declarers' tricks - defenders': the engine's majority rule
            m = self.contract.majority
            pts = int(V.trick_points(0, m, diff, 0)) - int(V.trick_points(0, m, 0, diff))
        else:
            pts = diff
        # only the difference matters to the tie rule: the engine's, with (pts, 0)
        lose = bool(V.declarers_lose(pts, 0, self.state.rules))
        return pts - V.DEFENDERS_BONUS * lose

    # -- the kernel calls
    def _search(self, base, tn, leader, beta) -> int:
        """A null-window search: >= ``beta`` a lower bound of the value to go, else an upper bound."""
        from . import _variety_kernel as K
        tb, te, ts = self.tt
        held = np.unpackbits(self.hands.view(np.uint8), bitorder="little").reshape(4, 64).any(axis=0)
        absleft = int(self.absval[held].sum()) + sum(int(self.absval[self.trick[base + i]]) for i in range(tn))
        tleft = (int(held.sum()) + tn + 3) // 4
        v = K.search(self.hands, self.trick, base, tn, leader, beta, absleft, tleft, self.val, self.side, self.prm,
                     tb, te, ts, self.stats, self.mbuf, self.sbuf, self.wr, self.kb)
        if self.stats[1] > 0 and self.stats[0] > self.stats[1]:
            raise SearchLimit(f"the search passed its limit of {self.stats[1]} positions (max_nodes)")
        return int(v)

    def mover(self, base, tn, leader) -> int:
        return (leader + tn) % 4

    def play(self, base, tn, leader, b):
        """Play card bit ``b``; return (new base, tn, leader, points made) and an undo token."""
        p = (leader + tn) % 4
        self.hands[p] ^= np.uint64(1 << b)
        self.trick[base + tn] = b
        if tn < 3:
            return (base, tn + 1, leader, 0), p
        from . import _variety_kernel as K
        wo = int(K.trick_winner_offset(self.trick, base, self.trump))
        w = (leader + wo) % 4
        worth = self.per_trick + sum(int(self.val[self.trick[base + i]]) for i in range(4))
        return (base + 4, 0, w, worth if self.side[w] else -worth), p

    def unplay(self, p, b):
        self.hands[p] ^= np.uint64(1 << b)

    def exact(self, base, tn, leader, guess=0) -> int:
        """The exact value to go (MTD(f): null-window searches from ``guess``)."""
        if self.hands.any() == 0 and tn == 0:
            return 0
        lo, hi, g = -_INF, _INF, guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self._search(base, tn, leader, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def at_least(self, base, tn, leader, t) -> bool:
        """Is the value to go >= ``t``? (one null-window search)"""
        if not self.hands.any() and tn == 0:
            return t <= 0
        return self._search(base, tn, leader, t) >= t

    def value_to_go(self, base, tn, leader, guess=0, made=0):
        """(the value to go, or for contract 1 a representative with the right sign of the
        final difference, and whether that value is exact). ``made``: points made since
        the root (added to :attr:`taken` for the final difference)."""
        if self.majority:
            # only the side with more tricks matters: is the final difference >= 1?
            t = 1 - self.taken - made
            return (t if self.at_least(base, tn, leader, t) else t - 2), False
        return self.exact(base, tn, leader, guess), True

    def value_from_start(self, cache: dict):
        """:meth:`value_to_go` of the context's own position, MTD(f)'s first guess the
        final difference of the last position solved with this table (``cache``: the
        worlds of one decision, a double-dummy table's cells of one contract and side are
        alike), when :data:`_GUESS_FROM_LAST` is on; else 0."""
        guess = 0
        last = cache.get("last") if _GUESS_FROM_LAST else None
        if last is not None and last[0] == cache.get("key"):
            guess = last[1] - self.taken
        v, exact = self.value_to_go(0, self.tn, self.leader, guess)
        if exact:
            cache["last"] = (cache.get("key"), self.taken + v)
        return v, exact


_TT_CACHE: dict = {}


def _new_arrays() -> tuple:
    """An empty table: 2**:data:`_TT_ENTRY_BITS` entries of 64 bytes and 2**:data:`_TT_BUCKET_BITS`
    buckets of 24 bytes. The entries are taken in order and never cleared (a new entry
    writes all its fields), so only the pages of those used so far take memory."""
    return (np.zeros((1 << _TT_BUCKET_BITS, 3), np.uint64), np.zeros((1 << _TT_ENTRY_BITS, 8), np.uint64),
            np.zeros(2, np.int64))


def _clear(arrays) -> None:
    """Empty a table: its buckets and counters (the entries are rewritten when taken)."""
    arrays[0].fill(0)
    arrays[2].fill(0)


def _table(ctx: SolverContext, cache: dict):
    """The transposition table for this contract, sides and card values: kept between
    calls in ``cache`` (the module's :data:`_TT_CACHE`, or a worker thread's own dict; its
    entries are values to go of positions, true for any position of any deal with the
    same contract and declarers' seats), cleared when those change."""
    key = (ctx.trump, ctx.lowest, ctx.per_trick, ctx.val.tobytes(), tuple(ctx.side))
    if cache.get("key") != key:
        if "arrays" in cache:
            arrays = cache["arrays"]
            _clear(arrays)
        else:
            arrays = _new_arrays()
        cache["key"] = key
        cache["arrays"] = arrays
    return cache["arrays"]


def clear_table() -> None:
    """Drop the calling thread's kept transposition table (frees its memory: 24 MB of
    buckets and 64 bytes for each entry used, up to 256 MB). Each thread keeps its own
    (:func:`_own_cache`), so searches in two threads never share one."""
    _own_cache().clear()


def _line(ctx: SolverContext, v_togo: int, exact: bool) -> list[Card]:
    """The cards of best play from the context's position (the context is played forward).

    Exact mode: ``v_togo`` is the exact value to go, and each turn takes a card whose
    child keeps it. Contract 1 (``exact`` False): only the sign of the final difference
    counts; the side that gets its way picks a card that keeps it, the other side its
    lowest legal card (all lose alike). One kernel call: a search per card at the
    mover's threshold, mostly answered by the table the value's search filled."""
    from . import _variety_kernel as K
    need = v_togo
    success = (not exact) and (need >= 1 - ctx.taken)
    if not exact:
        need = 1 - ctx.taken  # threshold on the value to go
    tb, te, ts = ctx.tt
    held = np.unpackbits(ctx.hands.view(np.uint8), bitorder="little").reshape(4, 64).any(axis=0)
    absleft = int(ctx.absval[held].sum()) + sum(int(ctx.absval[ctx.trick[i]]) for i in range(ctx.tn))
    tleft = (int(held.sum()) + ctx.tn + 3) // 4
    out = np.zeros(64, dtype=np.int64)
    n = K.best_line(ctx.hands, ctx.trick, ctx.tn, ctx.leader, need, int(exact), int(success), absleft, tleft,
                    ctx.val, ctx.side, ctx.prm, tb, te, ts, ctx.stats, ctx.mbuf, ctx.sbuf, ctx.wr, ctx.kb, out)
    if n < 0:
        raise SearchLimit(f"the search passed its limit of {ctx.stats[1]} positions (max_nodes)")
    return [ctx.card_of[int(b)] for b in out[:n]]


def solve(state, *, max_nodes: int | None = None) -> Solution:
    """The exact value of a Variety position, all cards known (double dummy).

    :param state: a :class:`cardkit.games.variety.State` in its play (any point,
        mid-trick included) or over.
    :param max_nodes: stop with :class:`SearchLimit` after this many positions (None: no
        limit; else a whole number 1..2**63 − 1, :data:`cardkit._checks.MAX_NODES`).
    :returns: :class:`Solution`: ``value`` is the declarers' margin in points, their deal
        score minus the defenders' (each player of a side scores the side's points; the
        defenders' +10 included), RULES.md §1.6, for the whole deal with best play from
        here; ``line`` the cards of that play; ``returns`` the four seats' scores.
    :raises StateError: for a state in its bidding or not a Variety state.
    :raises SearchLimit: when ``max_nodes`` is passed.
    :raises CardkitError: for a ``max_nodes`` that is neither None nor a whole number
        1..2**63 − 1 (0 is not "no limit"), before any search.
    """
    max_nodes = check_max_nodes(max_nodes)
    t0 = time.perf_counter()
    if isinstance(state, V.State) and state.phase == "over":
        r = state.returns()
        decl = state.declarers
        assert decl is not None  # the deal is over, so it had a contract
        d = decl[0]
        f = next(s for s in range(4) if s not in decl)
        return Solution(r[d] - r[f], (), 0, tuple(r), time.perf_counter() - t0)
    ctx = SolverContext(state, max_nodes)
    v, exact = ctx.value_to_go(0, ctx.tn, ctx.leader)
    taken0 = ctx.taken
    value = ctx.margin(taken0 + v)
    line = _line(ctx, v, exact)
    replay = state.clone()
    for card in line:
        replay.apply_action(card)
    returns = tuple(replay.returns())
    return Solution(value, tuple(line), int(ctx.stats[0]), returns, time.perf_counter() - t0)


def margin_of(state) -> int:
    """The declarers' margin of a finished deal (points), RULES.md §1.6."""
    r = state.returns()
    d = state.declarers[0]
    f = next(s for s in range(4) if s not in state.declarers)
    return r[d] - r[f]


def analyse(state, *, max_nodes: int | None = None) -> dict:
    """The exact value of every legal card of the player to move, all cards known.

    :returns: ``{card: points}`` for every card in ``state.legal_actions()``: the final
        margin of the mover's side (declarers' margin for a declarer, its negation for a
        defender, RULES.md §1.6) if that card is played and everyone then plays their best.
    :param max_nodes: as :func:`solve` (counted over the whole analysis).
    :raises StateError: for a state in its bidding, over, or not a Variety state.
    :raises SearchLimit: when ``max_nodes`` is passed (counted over the whole analysis).
    :raises CardkitError: for a bad ``max_nodes``, as :func:`solve`.
    """
    max_nodes = check_max_nodes(max_nodes)
    if isinstance(state, V.State) and state.phase == "over":
        raise StateError("the deal is over: no card is left to analyse")
    ctx = SolverContext(state, max_nodes)
    p = ctx.mover(0, ctx.tn, ctx.leader)
    sign = 1 if ctx.side[p] else -1
    out: dict = {}
    guess = 0
    for card in state.legal_actions():
        b = ctx.bit_of[card]
        (nb, ntn, nl, pts), pp = ctx.play(0, ctx.tn, ctx.leader, b)
        v, _ = ctx.value_to_go(nb, ntn, nl, guess, pts)
        ctx.unplay(pp, b)
        guess = v
        out[card] = sign * ctx.margin(ctx.taken + pts + v)
    return out


def solve_value(state, *, max_nodes: int | None = None) -> int:
    """:func:`solve`'s ``value`` alone: the declarers' margin in points (RULES.md §1.6)
    with best play from here, without the line of play (one search; the transposition
    table is kept for the next deal of the same contract and sides, as :func:`solve`
    keeps it). What :func:`cardkit.advisor.advise` reads for its double-dummy figures.

    :raises StateError: for a state in its bidding or not a Variety state.
    :raises SearchLimit: when ``max_nodes`` is passed.
    :raises CardkitError: for a bad ``max_nodes``, as :func:`solve`.
    """
    max_nodes = check_max_nodes(max_nodes)
    if isinstance(state, V.State) and state.phase == "over":
        return margin_of(state)
    ctx = SolverContext(state, max_nodes)
    v, _ = ctx.value_to_go(0, ctx.tn, ctx.leader)
    return ctx.margin(ctx.taken + v)


def default_workers() -> int:
    """Threads :func:`solve_values` and :func:`cardkit.analysis.dd_table` use by default:
    the environment variable ``CARDKIT_SOLVER_THREADS`` when it holds a whole number 1..64
    (a server that shares its cores among learners sets 1), else one per core this process
    may run on, at most 2 (the kernel releases the GIL; each thread has its own table).
    Any other value of the variable ("", "abc", "0", "²") is ignored, never an error."""
    env = os.environ.get("CARDKIT_SOLVER_THREADS", "").strip()
    if env.isascii() and env.isdecimal() and 1 <= int(env) <= 64:
        return int(env)
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(2, cores))


def check_workers(workers, name: str = "solve_values") -> int:
    """``workers`` as a whole number 1..64 (None: :func:`default_workers`).

    :raises CardkitError: for anything else."""
    if workers is None:
        return default_workers()
    if not is_whole(workers) or not 1 <= workers <= 64:
        raise CardkitError(f"{name}(workers={quote(workers)}): expected a whole number of threads 1..64, or None")
    return int(workers)


_LOCAL = threading.local()


def _thread_cache() -> dict:
    """The calling worker thread's own table cache (kept while the thread lives)."""
    c = getattr(_LOCAL, "cache", None)
    if c is None:
        c = _LOCAL.cache = {}
    return c


def _own_cache() -> dict:
    """The table cache a search uses when given none: the module's :data:`_TT_CACHE` in the
    main thread, else the calling thread's own (:func:`_thread_cache`), so that the judge's
    worlds solved in two threads at once (:func:`cardkit.analysis.judge.estimate`) never
    write one table."""
    return _TT_CACHE if threading.current_thread() is threading.main_thread() else _thread_cache()


def run_parallel(groups: Sequence[Sequence], work: Callable, workers: int, done: Callable | None = None) -> list:
    """``[[work(item, cache) for item in group] for group in groups]``, the groups spread over
    ``workers`` threads (one: in the calling thread, with the module's kept table). Items of
    a group run in order in one thread, with its own table cache (``cache``), so a group
    of one contract and one pair of declarers shares a table. ``done(k)`` is called in
    the calling thread after each group, ``k`` its item count."""
    if workers <= 1 or len(groups) <= 1:
        out = []
        for g in groups:
            out.append([work(item, _own_cache()) for item in g])
            if done is not None:
                done(len(g))
        return out

    def run(g):
        cache = _thread_cache()
        return [work(item, cache) for item in g]

    results: list = [None] * len(groups)
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardkit-solve") as ex:
        futures = {ex.submit(run, g): i for i, g in enumerate(groups)}
        from concurrent.futures import as_completed
        for f in as_completed(futures):
            i = futures[f]
            results[i] = f.result()
            if done is not None:
                done(len(groups[i]))
    return results


def solve_values(states, *, max_nodes: int | None = None, workers: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> list:
    """:func:`solve_value` of each state, the states spread over ``workers`` threads (sampled
    worlds are independent: two cores solve two at once).

    :param states: a sequence of Variety states in their play (or over).
    :param max_nodes: a node limit per state, as :func:`solve` (None: none).
    :param workers: threads (a whole number 1..64; None: :func:`default_workers`, one per
        core up to 2).
    :param progress: called as ``progress(done, total)`` in the calling thread.
    :returns: a list as long as ``states``: each state's declarers' margin in points
        (RULES.md §1.6), or None for a state whose search passed ``max_nodes``.
    :raises StateError: for a state in its bidding or not a Variety state (before any search).
    :raises CardkitError: for a bad ``max_nodes``, ``workers`` or ``progress``.
    """
    max_nodes = check_max_nodes(max_nodes, "solve_values(max_nodes)")
    w = check_workers(workers)
    if progress is not None and not callable(progress):
        raise CardkitError(f"solve_values(progress={quote(progress)}): expected a function (done, total) or None")
    states = list(states)
    for st in states:
        if not isinstance(st, V.State):
            raise StateError(f"expected a Variety state, got {type(st).__name__}")
        if st.phase == "bidding":
            raise StateError("the bidding is not over: exact analysis starts with the play (RULES.md §1.3)")
    # states of one contract and one pair of declarers share a table: one group each, in
    # turn, then the groups cut so that each thread has some
    by_key: dict = {}
    for i, st in enumerate(states):
        by_key.setdefault((st.contract, tuple(sorted(st.declarers or ()))), []).append(i)
    groups: list = []
    for idx in by_key.values():
        step = max(1, -(-len(idx) // w))
        groups.extend(idx[j:j + step] for j in range(0, len(idx), step))
    count = [0]

    def one(i, cache):
        st = states[i]
        if st.phase == "over":
            return i, margin_of(st)
        ctx = SolverContext(st, max_nodes, cache)
        try:
            v, _ = ctx.value_from_start(cache)
        except SearchLimit:
            return i, None
        return i, ctx.margin(ctx.taken + v)

    def done(k):
        count[0] += k
        if progress is not None:
            progress(count[0], len(states))

    out: list = [None] * len(states)
    for g in run_parallel(groups, one, w, done):
        for i, v in g:
            out[i] = v
    return out


def sample_worlds(state, seat: int, n: int, rng) -> list:
    """``n`` full deals consistent with what seat ``seat`` knows (RULES.md §1.5).

    Every card ``seat`` can see stays where it is (its own hand, every card played, the
    bidding); the cards it cannot see are dealt to the other seats, as many as each holds,
    uniformly over the deals in which no seat holds a suit it has shown void in (it did
    not follow that suit). Only ``state.observation(seat)`` is read.

    :param n: how many worlds, a whole number 0..:data:`~cardkit.analysis.MAX_WORLDS`
        (10,000).

    :returns: ``n`` deals rebuilt from the observation (:func:`cardkit.analysis.worlds.
        sample_worlds`, ``State.from_observation``: same bidding and play, ``seed`` None).
    :raises StateError: for a state that is not Variety's, or in its bidding.
    :raises CardkitError: for a bad seat, ``n`` or ``rng``.
    """
    from . import worlds
    if not isinstance(state, V.State) or state.phase == "bidding":
        raise StateError("sample_worlds takes a Variety state in its play")
    return worlds.sample_worlds(state.observation(seat), n, rng)


# Older private names of the public ones above, for code written before they were public.
_Ctx = SolverContext
