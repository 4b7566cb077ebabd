"""The double-dummy table of a Variety deal: what each contract is worth to each pair of
declarers with every card known (RULES.md §1.2–§1.6), the table bridge players read after
every deal.

Only Variety has one: Warsaw Hearts (§2) has no contract and no sides to choose, and
Armenian Durak (§3) is one player against another with nothing bid, so the whole-deal
exact result is :func:`cardkit.analysis.solve` of the deal's first position there.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

import numpy as np

from cardkit.core._checks import check_max_nodes, is_whole
from cardkit.core.errors import CardkitError, StateError, quote

from ..games import variety as V
from ._types import SearchLimit

__all__ = ["DDTable", "dd_table", "CONTRACTS", "PAIRS"]

#: The contracts of a table, RULES.md §1.2.
CONTRACTS = tuple(range(1, 9))
#: The declaring pairs as ``(first namer, partner)`` (RULES.md §1.3): all twelve ordered
#: pairs of different seats. The order matters only for the opening lead (§1.4, the
#: default ``lead="left_of_first_namer"``: the seat on the first namer's left leads).
PAIRS = tuple((a, b) for a in range(4) for b in range(4) if a != b)


@dataclass(frozen=True)
class DDTable:
    """The double-dummy table of one Variety deal.

    :ivar margins: ``{(contract, (first namer, partner)): margin}`` for every contract
        asked (1..8) and every pair asked (all of :data:`PAIRS` by default): the
        declarers' margin in points, one declarer's deal score minus one defender's, the defenders' +10 included
        (RULES.md §1.6), when that pair declares that contract and all four play their
        best with every card known (what :func:`cardkit.analysis.solve` gives at the
        opening lead). None for a cell whose search passed ``max_nodes`` (listed in
        :attr:`unsolved`).
    :ivar leaders: ``{(contract, pair): seat}``: who leads to the first trick (§1.4).
    :ivar unsolved: the cells that passed ``max_nodes``, in the order of :attr:`margins`.
    :ivar nodes: positions searched for the whole table.
    :ivar seconds: wall-clock time of the whole table.
    :ivar dealer: the deal's dealer (the bidding starts on the dealer's left).
    """

    margins: dict = field(repr=False)
    leaders: dict = field(repr=False)
    unsolved: tuple = ()
    nodes: int = 0
    seconds: float = 0.0
    dealer: int = 0

    def margin(self, contract: int, declarers) -> int | None:
        """The margin of ``declarers`` ``(first namer, partner)`` in ``contract`` (None:
        not solved within ``max_nodes``).

        :raises CardkitError: for a contract or pair not in the table."""
        key = (contract, tuple(declarers) if isinstance(declarers, (tuple, list)) else declarers)
        if key not in self.margins:
            raise CardkitError(f"margin({quote(contract)}, {quote(declarers)}): the table has contracts "
                               f"{sorted({c for c, _ in self.margins})} and the pairs (first namer, partner) "
                               f"{sorted({p for _, p in self.margins})}")
        return self.margins[key]

    def array(self) -> np.ndarray:
        """The margins as a float array of shape (8, 4, 4): ``[contract - 1, first namer,
        partner]``, points; nan on the diagonal, for contracts not asked and for unsolved
        cells."""
        out = np.full((8, 4, 4), np.nan)
        for (c, (a, b)), m in self.margins.items():
            if m is not None:
                out[c - 1, a, b] = m
        return out

    def best(self, declarers) -> tuple[int, int | None]:
        """``(contract, margin)``: the contract worth most to ``declarers`` (first namer,
        partner) with every card known (the lowest number among equals; unsolved cells
        skipped; ``(0, None)`` when none was solved)."""
        cells = [(m, -c) for (c, p), m in self.margins.items() if p == tuple(declarers) and m is not None]
        if not cells:
            return 0, None
        m, c = max(cells)
        return -c, m


def _contracts(contracts) -> tuple[int, ...]:
    if contracts is None:
        return CONTRACTS
    message = f"dd_table(contracts={quote(contracts)}): expected contract numbers 1..8 (RULES.md §1.2)"
    if isinstance(contracts, (str, bytes)) or not isinstance(contracts, Iterable):
        raise CardkitError(message)
    out = []
    for c in contracts:
        if not is_whole(c) or not 1 <= c <= 8:
            raise CardkitError(message)
        if int(c) not in out:
            out.append(int(c))
    if not out:
        raise CardkitError(message)
    return tuple(sorted(out))


def _cell_state(state: V.State, contract: int, pair: tuple[int, int]) -> V.State:
    from ..simulate.variety import auction_for
    s = V.new_deal(hands=[list(h) for h in state.initial_hands], dealer=state.dealer, rules=state.rules)
    for bid in auction_for(contract, pair, state.dealer):
        s.apply_action(bid)
    return s


def _pairs(pairs) -> tuple[tuple[int, int], ...]:
    if pairs is None:
        return PAIRS
    message = (f"dd_table(pairs={quote(pairs)}): expected pairs (first namer, partner) of two different seats 0..3 "
               "(RULES.md §1.3)")
    if isinstance(pairs, (str, bytes)) or not isinstance(pairs, Iterable):
        raise CardkitError(message)
    out: list[tuple[int, int]] = []
    for p in pairs:
        if (not isinstance(p, (tuple, list)) or len(p) != 2 or not all(is_whole(x) and 0 <= x < 4 for x in p)
                or p[0] == p[1]):
            raise CardkitError(message)
        q = (int(p[0]), int(p[1]))
        if q not in out:
            out.append(q)
    if not out:
        raise CardkitError(message)
    return tuple(out)


def dd_table(state, *, contracts=None, pairs=None, max_nodes: int | None = None,
             progress: Callable[[int, int], None] | None = None, workers: int | None = None) -> DDTable:
    """The double-dummy table of the deal ``state`` belongs to (Variety, RULES.md §1).

    For every contract (1..8, §1.2) and every declaring pair ``(first namer, partner)``
    (all 12 ordered pairs of seats, §1.3), the declarers' margin when that pair plays
    that contract from the opening lead (§1.4) and all four play their best with every
    card known, as :func:`cardkit.analysis.solve` would give it. Cells whose deals are
    the same (the lead does not depend on which declarer named first under the
    ``lead`` variants ``"left_of_first_bidder"`` and ``"left_of_dealer"``) are solved once.

    :param state: a :class:`cardkit.games.variety.State` at any point (its bidding, its
        play, over): the table is of the deal as dealt (``state.initial_hands``, its
        dealer and rules), never of the cards left.
    :param contracts: the contracts to solve (an iterable of 1..8); None: all eight.
    :param pairs: the declaring pairs to solve (an iterable of ``(first namer, partner)``);
        None: all twelve (:data:`PAIRS`).
    :param max_nodes: a node limit per cell (None: none; else as :func:`solve`): a cell
        that passes it is None in :attr:`DDTable.margins` and listed in
        :attr:`DDTable.unsolved`, the others are still solved.
    :param progress: called as ``progress(done, total)`` after each distinct cell (for a
        progress bar), ``total`` the number of distinct searches, always in the calling
        thread.
    :param workers: threads that solve cells at once (a whole number 1..64; None:
        :func:`cardkit.analysis.variety.default_workers`, the environment variable
        ``CARDKIT_SOLVER_THREADS`` or one per core, at most 2). Each thread
        keeps its own transposition table (24 MB and 64 bytes an entry used); the values
        do not depend on it.
    :returns: :class:`DDTable` (margins in points, time in seconds).
    :raises StateError: for a Warsaw Hearts or Armenian Durak state (no contract and no
        declaring side to choose, §2 and §3: their whole-deal exact result is
        ``solve``), or anything that is not a game state.
    :raises CardkitError: for bad ``contracts``, ``pairs``, ``max_nodes``, ``progress`` or
        ``workers``, before any search.

    Time: one whole-deal search per distinct cell (96 with the default lead, 48 under
    the other two): from about a second for all of contracts 1 and 2 to minutes for the
    point contracts (see ``benchmarks/analysis.py --dd-table``).
    """
    from . import variety as AV
    if not isinstance(state, V.State):
        game = getattr(state, "game", None)
        if game in ("warsaw_hearts", "armenian_durak"):
            name = {"warsaw_hearts": "Warsaw Hearts (RULES.md §2)", "armenian_durak": "Armenian Durak (RULES.md §3)"}
            raise StateError(f"dd_table: {name[game]} has no contracts and no declaring sides to choose, so it has "
                             "no double-dummy table; its whole-deal exact result is solve(state) at the first lead")
        raise StateError(f"dd_table expects a Variety state, got {type(state).__name__}")
    cs = _contracts(contracts)
    ps = _pairs(pairs)
    max_nodes = check_max_nodes(max_nodes)
    if progress is not None and not callable(progress):
        raise CardkitError(f"dd_table(progress={quote(progress)}): expected a function (done, total) or None")
    t0 = time.perf_counter()
    # distinct searches: (contract, the declarers as a set, the opening leader)
    jobs: dict = {}
    leaders: dict = {}
    for c in cs:
        for pair in sorted(ps, key=lambda p: (min(p), max(p), p)):   # a side's two orders together
            lead = int(V.first_lead_seat(pair[0], state.dealer, state.rules))
            leaders[(c, pair)] = lead
            jobs.setdefault((c, frozenset(pair), lead), pair)
    total = len(jobs)
    w = AV.check_workers(workers, "dd_table")
    # the cells of one contract and one side share a table: one group each
    groups: dict = {}
    for key, pair in jobs.items():
        groups.setdefault(key[:2], []).append((key, pair))
    done = [0]

    def one(item, cache):
        key, pair = item
        s = _cell_state(state, key[0], pair)
        ctx = AV.SolverContext(s, max_nodes, cache)   # the table is kept while the contract and sides stay
        try:
            v, _ = ctx.value_from_start(cache)
            m = ctx.margin(ctx.taken + v)
        except SearchLimit:
            m = None
        return key, m, int(ctx.stats[0])

    def tick(k):
        for _ in range(k):
            done[0] += 1
            if progress is not None:
                progress(done[0], total)

    found: dict = {}
    nodes = 0
    for g in AV.run_parallel(list(groups.values()), one, w, tick):
        for key, m, n in g:
            found[key] = m
            nodes += n
    margins = {(c, pair): found[(c, frozenset(pair), leaders[(c, pair)])] for c in cs for pair in ps}
    unsolved = tuple(k for k, m in margins.items() if m is None)
    return DDTable(margins, leaders, unsolved, nodes, time.perf_counter() - t0, int(state.dealer))
