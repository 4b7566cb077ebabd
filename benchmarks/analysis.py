"""Speed of the judge's exact solvers (cardkit.analysis, issue 9 §1 "Fast").

Positions: from seeded random deals, random legal play (a numpy Generator picks each
action uniformly among ``legal_actions()``) until N tricks are left, at a lead. Variety
gets its contract by a forced bidding, :func:`cardkit.simulate.variety.auction_for`
``(contract, declarers, dealer)``, with random declarers and dealer. One row per game,
contract (or players) and tricks left: the median and the maximum wall time of
``analyse`` (every legal action valued) or of a whole-deal ``solve``, over ``--positions``
positions, and nodes per second (the row's positions searched / its seconds). Every
search has a node cap (``max_nodes``); a row says how many positions finished within it,
and its median and maximum are over those only. The issue's targets sit beside the
figures. Each solver keeps its transposition table between calls as the library does
(Variety's is reused while the contract and declarers' seats stay the same).

Against DDS, the bridge double-dummy solver (``endplay`` from PyPI, the ``bench`` extra):
Variety's contracts 1 (no trumps, the side with more tricks) and 2 (clubs, tricks) with
the declarers opposite are bridge problems, so the same deals (declarers opposite, random
play to N tricks left) are solved by both in this process: cardkit's ``solve`` (value and
line of play, as the library returns it) and its value alone, and DDS's fastest call for
the same question, ``SolveBoard`` with one solution: contract 2 the most tricks
(``SolveMode.OptimalOne``), contract 1 whether the side on play reaches the majority
(``SolveMode.TargetOne``). DDS keeps its table for a repeated deal, so each deal is solved
once by DDS, deals in turn. Every value is checked against DDS's. Without endplay the
table says so and is skipped.

Also timed, each in a fresh Python process: the first exact call with an empty numba
cache (``NUMBA_CACHE_DIR`` set to a new temporary directory: the kernel is compiled) and
the same call in a second process with that cache (the kernel is loaded).

    python benchmarks/analysis.py                      # the full table (long: many minutes)
    python benchmarks/analysis.py --quick --positions 2  # smoke run: a few rows, no compile timing
    python benchmarks/analysis.py --seed 7 --max-nodes 5000000
    python benchmarks/analysis.py --dds-only --positions 20   # only the table against DDS
    python benchmarks/analysis.py --no-compile --no-dds --only "variety solve 13" --positions 5
    python benchmarks/analysis.py --dd-table 2                # dd_table's time per contract
    python benchmarks/analysis.py --dd-table 2 --workers 1    # the same on one thread
    python benchmarks/analysis.py --dd-table 1 --contracts "2 3" --workers 2
    python benchmarks/analysis.py --contracts "5 7 8" --positions 6 --max-nodes 40000000 --verbose
    python benchmarks/analysis.py --hint 3 --levels "52 44 36 32"   # the Hint, one thread and two
    python benchmarks/analysis.py --goals --positions 3      # issue 31's goals, each row beside its goal

Prints the machine and the load average (``os.getloadavg()``) at the start and the end.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

from cardkit import analysis as A
from cardkit.analysis import armenian_durak as AD, variety as AV, warsaw_hearts as AW
from cardkit.analysis.judge import cards_left
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W

#: The issue's targets (seconds), by (game, kind, tricks left); kind is "analyse" or "solve".
TARGETS = {
    ("variety", "analyse", 8): 0.020,
    ("variety", "analyse", 10): 0.1,
    ("variety", "solve", 13): 1.0,
    ("armenian_durak", "analyse", 12): 0.1,
    ("armenian_durak", "solve", 18): 2.0,
    ("warsaw_hearts", "analyse", 5): 0.1,
    ("warsaw_hearts", "solve", 12): 1.0,
    ("warsaw_hearts", "solve", 9): 1.0,
}


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


# ---- positions ---------------------------------------------------------------------------

def _at_lead(state) -> bool:
    t = state.trick
    return t is None or not t.cards


def play_until(state, tricks_left: int, players: int, rng) -> bool:
    """Random legal play on ``state`` until ``tricks_left`` tricks are left at a lead (in
    the play, not Durak's draw). False if the deal ended first (it cannot: every trick
    takes ``players`` cards)."""
    while not state.is_terminal():
        if state.phase == "play" and _at_lead(state) and cards_left(state) <= tricks_left * players:
            return cards_left(state) == tricks_left * players
        la = state.legal_actions()
        state.apply_action(la[int(rng.integers(len(la)))])
    return tricks_left == 0


def variety_position(seed: int, contract: int, tricks_left: int):
    """A Variety position with ``tricks_left`` tricks left in ``contract``, from deal
    ``seed``: random dealer and declarers, the bidding forced, random play."""
    from cardkit.simulate.variety import auction_for
    rng = np.random.default_rng([seed, contract, tricks_left])
    dealer = int(rng.integers(4))
    d1, d2 = (int(x) for x in rng.choice(4, size=2, replace=False))
    s = V.new_deal(seed=int(rng.integers(2**31)), dealer=dealer)
    for bid in auction_for(contract, (d1, d2), dealer):
        s.apply_action(bid)
    assert s.phase == "play" and s.contract == contract, (s.phase, s.contract)
    play_until(s, tricks_left, 4, rng)
    return s


def durak_position(seed: int, tricks_left: int, deck: int = 36):
    """An Armenian Durak position with ``tricks_left`` tricks left (cards in hands and on
    the tableaux / 2), from deal ``seed``: random dealer and trump card, random play."""
    rng = np.random.default_rng([seed, 1000 + deck, tricks_left])
    s = D.new_deal(seed=int(rng.integers(2**31)), dealer=int(rng.integers(2)), rules=D.Rules(deck=deck))
    la = s.legal_actions()                          # the blind trump draw
    s.apply_action(la[int(rng.integers(len(la)))])
    play_until(s, tricks_left, 2, rng)
    return s


def hearts_position(seed: int, players: int, tricks_left: int):
    """A Warsaw Hearts position with ``tricks_left`` tricks left, from deal ``seed``."""
    rng = np.random.default_rng([seed, 2000 + players, tricks_left])
    s = W.new_deal(players=players, seed=int(rng.integers(2**31)), dealer=int(rng.integers(players)))
    play_until(s, tricks_left, players, rng)
    return s


# ---- node counts of analyse -----------------------------------------------------------------
# analyse returns only the values; the node counts are read from each backend's counter:
# Variety's _Ctx.stats[0], Warsaw Hearts' ctx[C_NODES] (both caught as the backend makes
# them), Armenian Durak's module-level last_nodes.

_seen: dict = {}


def _instrument() -> None:
    if _seen.get("done"):
        return
    init = AV._Ctx.__init__

    def ctx_init(self, *a, **k):
        init(self, *a, **k)
        _seen["variety"] = self

    AV._Ctx.__init__ = ctx_init
    setup = AW._setup

    def hearts_setup(*a, **k):
        K, args, ctx = setup(*a, **k)
        _seen["warsaw_hearts"] = (K, ctx)
        return K, args, ctx

    AW._setup = hearts_setup
    _seen["done"] = True


def analyse_nodes(game: str) -> int:
    if game == "variety":
        return int(_seen["variety"].stats[0])
    if game == "warsaw_hearts":
        K, ctx = _seen["warsaw_hearts"]
        return int(ctx[K.C_NODES])
    return int(AD.last_nodes[0])


def time_one(game: str, kind: str, state, max_nodes: int):
    """(seconds, nodes), or None when the search passed ``max_nodes``."""
    t0 = time.perf_counter()
    try:
        if kind == "analyse":
            A.analyse(state, max_nodes=max_nodes)
            sec = time.perf_counter() - t0
            return sec, analyse_nodes(game)
        sol = A.solve(state, max_nodes=max_nodes)
        return time.perf_counter() - t0, sol.nodes
    except A.SearchLimit:
        return None


# ---- against DDS (contracts 1 and 2 with the declarers opposite are bridge) ----------------

def variety_opposite_position(seed: int, contract: int, tricks_left: int):
    """As :func:`variety_position`, with the declarers opposite (seats d and d + 2): a
    bridge deal for contracts 1 (no trumps) and 2 (clubs)."""
    from cardkit.simulate.variety import auction_for
    rng = np.random.default_rng([seed, contract, tricks_left, 2])
    dealer = int(rng.integers(4))
    d1 = int(rng.integers(4))
    s = V.new_deal(seed=int(rng.integers(2**31)), dealer=dealer)
    for bid in auction_for(contract, (d1, (d1 + 2) % 4), dealer):
        s.apply_action(bid)
    assert s.phase == "play" and s.contract == contract, (s.phase, s.contract)
    play_until(s, tricks_left, 4, rng)
    return s


def dds_deal(state):
    """The endplay ``Deal`` of a Variety position (seats 0..3 as N, E, S, W; the open
    trick's cards played to it)."""
    from endplay.types import Deal, Denom, Player
    hands = [list(h) for h in state.hands]
    t = state.trick
    played = list(t.cards) if t is not None else []
    leader = t.leader if played else state.current_player
    for i, card in enumerate(played):
        hands[(leader + i) % 4].append(card)

    def pbn(hand) -> str:
        return ".".join("".join(c.rank.char for c in sorted((c for c in hand if int(c.suit) == s),
                                                              key=lambda c: -int(c.rank))) for s in range(4))

    deal = Deal("N:" + " ".join(pbn(h) for h in hands))
    trump = state.contract_info.trump
    deal.trump = Denom.nt if trump is None else Denom(int(trump))
    deal.first = Player(leader)
    for card in played:
        deal.play(f"{card.suit.letter}{card.rank.char}")
    return deal


def declarers_tricks(state) -> tuple[int, int]:
    """(tricks the declarers took so far, tricks still to play, the open one included)."""
    done = sum(len(state.taken[s]) for s in state.declarers) // 4
    left = (sum(map(len, state.hands)) + 3) // 4
    return done, left


def dds_value(state):
    """(seconds, DDS's nodes, the declarers' margin by DDS) for one DDS call, the fastest
    for the question cardkit's ``solve`` answers (see the module docstring)."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    deal = dds_deal(state)
    done, left = declarers_tricks(state)
    mover_declares = state.current_player in state.declarers
    if state.contract == 1:   # only the majority counts: does the mover's side reach 7 tricks?
        have = done if mover_declares else 13 - left - done
        need = 7 - have
        if need <= 0 or need > left:
            sec, nodes, reached = 0.0, 0, need <= 0
        else:
            t0 = time.perf_counter()
            r = solve_board(deal, SolveMode.TargetOne, need)
            sec = time.perf_counter() - t0
            nodes = int(r._data.nodes)
            reached = int(r._data.score[0]) >= need
        return sec, nodes, margin_from_tricks(state, 7 if reached == mover_declares else 6)
    t0 = time.perf_counter()
    r = solve_board(deal, SolveMode.OptimalOne)
    sec = time.perf_counter() - t0
    mover_tricks = int(r._data.score[0])
    togo = mover_tricks if mover_declares else left - mover_tricks
    return sec, int(r._data.nodes), margin_from_tricks(state, done + togo)


def margin_from_tricks(state, d: int) -> int:
    """The declarers' margin (RULES.md §1.6) when they take ``d`` of the 13 tricks
    (contracts 1 and 2), from the engine's own scoring."""
    c = state.contract_info
    pts_d = int(V.trick_points(c.per_trick, c.majority, d, 13 - d))
    pts_f = int(V.trick_points(c.per_trick, c.majority, 13 - d, d))
    return pts_d - pts_f - V.DEFENDERS_BONUS * bool(V.declarers_lose(pts_d, pts_f, state.rules))


def dds_rows(quick: bool):
    return [(c, t) for c in (1, 2) for t in ((8, 13) if quick else (8, 10, 13))]


def run_dds_table(args) -> None:
    try:
        import endplay.dds  # noqa: F401  (the bench extra)
    except ImportError:
        print("Against DDS: endplay is not installed (pip install endplay, or the bench extra): skipped")
        return
    _instrument()
    print("Against DDS (the bridge solver, endplay's SolveBoard), the same deals in this process: "
          "Variety contracts 1 and 2, declarers opposite")
    head = (f"{'contract':<9} {'left':>4} {'done':>6} {'cardkit solve':>14} {'value only':>11} {'DDS':>9} "
            f"{'solve/DDS':>10} {'nodes':>10} {'DDS nodes':>10}  target")
    print(head)
    print("-" * len(head))
    for c, left in dds_rows(args.quick):
        states = [variety_opposite_position(args.seed * 1_000_003 + i, c, left) for i in range(args.positions)]
        ck, ckv, ckn, dd, ddn, ratios = [], [], [], [], [], []
        for st in states:
            ctx = AV._Ctx(st, args.max_nodes)     # the table set for this contract and seats, cleared
            variety_table_clear_seconds()
            t0 = time.perf_counter()
            try:
                ctx.value_to_go(0, ctx.tn, ctx.leader)
            except A.SearchLimit:
                ckv.append(None)
            else:
                ckv.append(time.perf_counter() - t0)
            variety_table_clear_seconds()
            r = time_one("variety", "solve", st, args.max_nodes)
            if r is None:
                ck.append(None)
                ckn.append(None)
            else:
                ck.append(r[0])
                ckn.append(r[1])
        for st, sec in zip(states, ck):   # deal after deal: DDS never sees a repeated deal
            d_sec, d_nodes, d_margin = dds_value(st)
            dd.append(d_sec)
            ddn.append(d_nodes)
            if sec is not None:
                sol = A.solve(st, max_nodes=args.max_nodes)
                if sol.value != d_margin:
                    raise AssertionError(f"contract {c}: cardkit {sol.value} != DDS {d_margin} on {st.to_json()}")
                if d_sec > 0:
                    ratios.append(sec / d_sec)
        done = [x for x in ck if x is not None]
        med = statistics.median(done) if done else None
        medv = statistics.median([x for x in ckv if x is not None]) if any(x is not None for x in ckv) else None
        medd = statistics.median(dd)
        ratio = med / medd if med is not None and medd > 0 else None
        nodes = statistics.median([n for n in ckn if n is not None]) if done else None
        tgt = ""
        if left == 13:
            ok = ratio is not None and len(done) == len(states) and ratio <= 20
            tgt = f"≤ 20× DDS: {'met' if ok else 'NOT met'}"
        print(f"{c:<9} {left:>4} {len(done):>3}/{len(states):<2} {fmt_s(med):>14} {fmt_s(medv):>11} {fmt_s(medd):>9} "
              f"{'–' if ratio is None else f'{ratio:.1f}×':>10} {'–' if nodes is None else f'{nodes:,.0f}':>10} "
              f"{statistics.median(ddn):>10,.0f}  {tgt}", flush=True)
    print("medians over the row's deals; solve/DDS: the ratio of the medians; nodes: cardkit's positions "
          "searched by solve (line included), DDS's nodes as it reports them; every cardkit value equals DDS's")


# ---- rows ---------------------------------------------------------------------------------------

def rows(quick: bool):
    """(game, label, kind, tricks left, make(seed) -> state)."""
    out = []
    contracts = (2, 5) if quick else range(1, 9)
    v_left = (6, 8) if quick else (6, 8, 10)
    for c in contracts:
        for t in v_left:
            out.append(("variety", f"contract {c}", "analyse", t, lambda s, c=c, t=t: variety_position(s, c, t)))
    for t in ((8, 12) if quick else (8, 10, 12)):
        out.append(("armenian_durak", "36 cards", "analyse", t, lambda s, t=t: durak_position(s, t)))
    if not quick:
        out.append(("armenian_durak", "36 cards", "solve", 18, lambda s: durak_position(s, 18)))
    for n in (3, 4):
        for t in ((5,) if quick else (5, 7)):
            out.append(("warsaw_hearts", f"{n} players", "analyse", t, lambda s, n=n, t=t: hearts_position(s, n, t)))
    if not quick:
        out.append(("warsaw_hearts", "3 players", "solve", 12, lambda s: hearts_position(s, 3, 12)))
        out.append(("warsaw_hearts", "4 players", "solve", 9, lambda s: hearts_position(s, 4, 9)))
    if not quick:  # the longest rows last
        for c in contracts:
            out.append(("variety", f"contract {c}", "solve", 13, lambda s, c=c: variety_position(s, c, 13)))
    return out


def fmt_s(x) -> str:
    if x is None:
        return "–"
    return f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def fmt_rate(nodes: int, sec: float) -> str:
    if sec <= 0:
        return "–"
    r = nodes / sec
    return f"{r / 1e6:.2f} M/s" if r >= 1e5 else f"{r / 1e3:.0f} k/s"


def warm_up() -> None:
    """Compile or load every kernel (numba's cache in the package) and touch each solver's
    tables before timing: one-off costs of a process, timed separately below."""
    for i in range(4):
        for s in (variety_position(i, 2 + 4 * (i % 2), 5), durak_position(i, 7),
                  hearts_position(i, 3, 5), hearts_position(i, 4, 4)):
            A.analyse(s)
            A.solve(s)


def variety_table_clear_seconds() -> float:
    """Wall time of clearing Variety's transposition table (its arrays filled with zeros),
    which happens when the contract or the declarers' seats change between searches."""
    arrays = AV._TT_CACHE["arrays"]
    t0 = time.perf_counter()
    AV._clear(arrays)
    return time.perf_counter() - t0


GAME_NAMES = {"variety": "Variety", "armenian_durak": "Armenian Durak", "warsaw_hearts": "Warsaw Hearts"}


def run_table(args) -> None:
    _instrument()
    warm_up()
    head = f"{'game':<15} {'deal':<11} {'search':<8} {'left':>4} {'done':>6} {'median':>10} {'max':>10} " \
           f"{'nodes/s':>10}  target (median)"
    print(head)
    print("-" * len(head))
    for game, label, kind, left, make in rows(args.quick):
        if args.only and not all(w in f"{game} {label} {kind} {left}" for w in args.only.split()):
            continue
        times, nodes = [], 0
        done = 0
        for i in range(args.positions):
            state = make(args.seed * 1_000_003 + i)
            if game == "variety":  # the table set for this contract and declarers (cleared) outside the timing
                AV._Ctx(state, None)
                variety_table_clear_seconds()
            r = time_one(game, kind, state, args.max_nodes)
            if r is not None:
                done += 1
                times.append(r[0])
                nodes += r[1]
        med = statistics.median(times) if times else None
        mx = max(times) if times else None
        target = TARGETS.get((game, kind, left))
        tgt = ""
        if target is not None:
            ok = med is not None and done == args.positions and med <= target
            tgt = f"≤ {fmt_s(target)}: {'met' if ok else 'NOT met'}"
        what = "analyse" if kind == "analyse" else "solve"
        note = "" if done == args.positions else " (of finished)"
        print(f"{GAME_NAMES[game]:<15} {label:<11} {what:<8} {left:>4} {done:>3}/{args.positions:<2} "
              f"{fmt_s(med):>10} {fmt_s(mx):>10} {fmt_rate(nodes, sum(times)):>10}  {tgt}{note}", flush=True)
    print(f"left: tricks left; done: positions that finished within max_nodes={args.max_nodes:,} "
          f"(median and max are over those); search 'solve' at the deal's full tricks is a whole deal "
          f"from the opening lead (Durak: after the trump draw).")
    if any(r[0] == "variety" for r in rows(args.quick)):
        clear = statistics.median(variety_table_clear_seconds() for _ in range(5))
        print(f"Variety: each position starts with an empty transposition table, cleared before the timing; "
              f"clearing it takes {fmt_s(clear)} more when the contract or the declarers' seats change "
              f"(positions of one deal, or the worlds of one estimate, share it).")


# ---- the double-dummy table ---------------------------------------------------------------------

def run_dd_table(args) -> None:
    """Per contract, the time and nodes of the 12 cells (pairs) of dd_table on ``args.dd_table``
    random deals (the default lead: 12 distinct searches per contract)."""
    w = args.workers or AV.default_workers()
    print(f"dd_table: per contract, the 12 declaring pairs of one deal (max_nodes={args.max_nodes:,} per cell), "
          f"{w} thread{'s' if w > 1 else ''} (--workers; compare 1 and 2 for what the second core buys)")
    print(f"{'contract':<9} {'deals':>5} {'median':>10} {'max':>10} {'cells unsolved':>15} {'load':>5}")
    contracts = [int(x) for x in args.contracts.replace(",", " ").split()] if args.contracts else range(1, 9)
    for c in contracts:
        secs, bad = [], 0
        for i in range(args.dd_table):
            s = V.new_deal(seed=args.seed * 1_000_003 + i, dealer=i % 4)
            T = A.dd_table(s, contracts=[c], max_nodes=args.max_nodes, workers=args.workers)
            secs.append(T.seconds)
            bad += len(T.unsolved)
        print(f"{c:<9} {len(secs):>5} {fmt_s(statistics.median(secs)):>10} {fmt_s(max(secs)):>10} "
              f"{bad:>7} of {12 * len(secs):<6} {os.getloadavg()[0]:>5.2f}", flush=True)


# ---- every contract against DDS on the same cards (issue 31) ---------------------------------------

def dds_whole_deal_seconds(state) -> tuple[float, float]:
    """DDS's time for the opening-lead position of ``state``'s cards in its contract's trump
    suit (no trumps for contracts 1 and 8): ``SolveBoard`` with one optimal solution, the
    yardstick of issue 31 for every contract (DDS solves bridge, not the point contracts)."""
    from endplay.dds import solve_board
    from endplay.dds.solve import SolveMode
    deal = dds_deal(state)
    c0 = time.process_time()
    t0 = time.perf_counter()
    solve_board(deal, SolveMode.OptimalOne)
    return time.perf_counter() - t0, time.process_time() - c0


def run_contracts_table(args) -> None:
    """Per contract, whole deals from the opening lead (random dealer and declarers, the
    bidding forced): cardkit's ``solve`` (value and line) under ``--max-nodes``, and DDS on the
    same cards in the contract's trump suit, deals in turn (DDS never sees a repeat). Both
    are timed by the wall clock and by this process's CPU time (``time.process_time``: less
    moved by other programs on a shared machine; one thread each)."""
    try:
        import endplay.dds  # noqa: F401  (the bench extra)
    except ImportError:
        print("Every contract against DDS: endplay is not installed: skipped")
        return
    _instrument()
    warm_up()
    contracts = [int(x) for x in args.contracts.replace(",", " ").split()]
    print(f"Whole deals, every contract against DDS (same cards, the contract's trump suit), "
          f"cap {args.max_nodes:,} positions, {args.positions} deals a contract")
    head = (f"{'contract':<9} {'done':>6} {'median':>10} {'max':>10} {'DDS med':>9} {'ratio med':>10} "
            f"{'CPU ratio':>10} {'ratio max':>10} {'nodes med':>12} {'nodes max':>12} {'load':>5}")
    print(head)
    print("-" * len(head))
    for c in contracts:
        secs, nodes, ratios, cratios, dds = [], [], [], [], []
        for i in range(args.positions):
            st = variety_position(args.seed * 1_000_003 + i, c, 13)
            AV._Ctx(st, None)
            variety_table_clear_seconds()
            c0 = time.process_time()
            r = time_one("variety", "solve", st, args.max_nodes)
            cpu = time.process_time() - c0
            d, dc = dds_whole_deal_seconds(st)
            dds.append(d)
            if r is None:
                ratios.append(float("inf"))
                cratios.append(float("inf"))
                if args.verbose:
                    print(f"   deal {i}: over the cap; DDS {fmt_s(d)}", flush=True)
                continue
            secs.append(r[0])
            nodes.append(r[1])
            ratios.append(r[0] / d if d > 0 else float("inf"))
            cratios.append(cpu / dc if dc > 0 else float("inf"))
            if args.verbose:
                print(f"   deal {i}: {fmt_s(r[0])} (CPU {fmt_s(cpu)}) {r[1]:,} positions; DDS {fmt_s(d)} "
                      f"(CPU {fmt_s(dc)}); ratio {ratios[-1]:.1f}, CPU {cratios[-1]:.1f}", flush=True)
        print(f"{c:<9} {len(secs):>3}/{args.positions:<2} {fmt_s(statistics.median(secs) if secs else None):>10} "
              f"{fmt_s(max(secs) if secs else None):>10} {fmt_s(statistics.median(dds)):>9} "
              f"{statistics.median(ratios):>9.1f}× {statistics.median(cratios):>9.1f}× {max(ratios):>9.1f}× "
              f"{(f'{statistics.median(nodes):,.0f}' if nodes else '–'):>12} "
              f"{(f'{max(nodes):,}' if nodes else '–'):>12} {os.getloadavg()[0]:>5.2f}", flush=True)
    print("ratio: each deal's solve time / DDS's on the same deal (over the cap: infinite), median and max, by "
          "the wall clock; CPU ratio: the median by CPU time; nodes: positions searched by solve (value and line), "
          "over the deals that finished")


def run_hint_table(args) -> None:
    """The Hint (``evaluate_decision`` with the page's settings) from the first card of the
    play on: per Variety contract, Warsaw Hearts with 3 and 4 players and Armenian Durak,
    at the first position with at most each of ``--levels`` cards left (52: the first card;
    random play to there, seeded), ``--hint`` deals a row: the share of Hints with every world
    solved exactly (``method == "exact"``), the share of worlds solved, and the median and
    slowest time on one thread and on two (``CARDKIT_SOLVER_THREADS``: what the second core
    bought). The figures are the same on both (each world exact, or played out the same way)
    wherever every world is solved."""
    import random

    from cardkit.analysis.judge import DECISION_SAMPLES, EXACT_NODES
    from cardkit.simulate.variety import auction_for

    def variety(c, seed):
        st = V.new_deal(seed=seed, dealer=seed % 4)
        for b in auction_for(c, (1, 3), seed % 4):
            st.apply_action(b)
        return st

    def durak(seed):
        st = D.new_deal(seed=seed)
        rng = random.Random(seed)
        while st.phase != "play":
            st.apply_action(rng.choice(st.legal_actions()))
        return st

    rows = [(f"variety contract {c}", lambda seed, c=c: variety(c, seed)) for c in range(1, 9)]
    rows += [(f"warsaw_hearts {n} players", lambda seed, n=n: W.new_deal(seed=seed, players=n)) for n in (3, 4)]
    rows += [("armenian_durak", durak)]
    levels = [int(x) for x in args.levels.replace(",", " ").split()]
    print(f"The Hint from the first card: {args.hint} deals a row, worlds {DECISION_SAMPLES}, at most "
          f"{EXACT_NODES:,} positions a world; goal: every world exact, median <= 1.5 s (issue 31)")
    head = (f"{'row':<26} {'cards':>5} {'exact':>6} {'worlds':>7} {'1 thread med':>13} {'max':>7} "
            f"{'2 threads med':>14} {'max':>7} {'bought':>7} {'load':>5}")
    print(head)
    print("-" * len(head))
    old = os.environ.get("CARDKIT_SOLVER_THREADS")
    try:
        for label, make in rows:
            for left in levels:
                times: dict = {1: [], 2: []}
                exact = solved = worlds = 0
                for seed in range(args.hint):
                    st, rng = make(seed), random.Random(seed)
                    while cards_left(st) > left or st.phase == "draw" or len(st.legal_actions()) < 2:
                        st.apply_action(rng.choice(st.legal_actions()))
                    figures = []
                    for k in (1, 2):
                        os.environ["CARDKIT_SOLVER_THREADS"] = str(k)
                        t = time.perf_counter()
                        est = A.evaluate_decision(st, seed=seed)
                        times[k].append(time.perf_counter() - t)
                        figures.append(est)
                    exact += figures[1].method == "exact"
                    solved += figures[1].exact_worlds
                    worlds += figures[1].samples
                    if figures[1].method == "exact":
                        assert figures[0].values == figures[1].values, "two threads changed an exact Hint"
                m1, m2 = statistics.median(times[1]), statistics.median(times[2])
                print(f"{label:<26} {left:>5} {exact:>2}/{args.hint:<3} {solved / worlds:>7.0%} {fmt_s(m1):>13} "
                      f"{fmt_s(max(times[1])):>7} {fmt_s(m2):>14} {fmt_s(max(times[2])):>7} {m1 / m2:>6.2f}× "
                      f"{os.getloadavg()[0]:>5.2f}", flush=True)
    finally:
        if old is None:
            os.environ.pop("CARDKIT_SOLVER_THREADS", None)
        else:
            os.environ["CARDKIT_SOLVER_THREADS"] = old
    print("cards: the first position with at most this many cards left (52: the first card); exact: Hints with "
          "every world solved exactly; worlds: the share of worlds solved; bought: one thread's median time / two "
          "threads'")


def run_goals(args) -> None:
    """Issue 31's table of goals, each row measured in this run beside its goal, with the load
    average: Variety whole deals against DDS on the same cards (``--positions`` deals a
    contract, cap ``--max-nodes``), Armenian Durak and Warsaw Hearts whole deals, the Hint at
    the first card (on the threads the library chooses), ``dd_table`` of one deal (every
    cell at most ``--goal-cell-nodes`` positions, as the deal editor's page searches), and
    ``advise(evaluation="double_dummy")`` on ``--goal-samples`` samples, its time for 100
    samples extrapolated. Every value against DDS is the same search the other tables time."""
    import random

    from cardkit.analysis.advisor import advise
    from cardkit.simulate.variety import auction_for
    n, cap, inf = args.positions, args.max_nodes, float("inf")
    _instrument()
    warm_up()
    out: list = []

    def row(what, measured, goal, met):
        out.append((what, measured, goal, "met" if met else "not met", f"{os.getloadavg()[0]:.2f}"))
        print(f"  {what}: {measured}  (goal {goal}: {'met' if met else 'not met'})  load {os.getloadavg()[0]:.2f}",
              flush=True)

    have_dds = True
    try:
        import endplay.dds  # noqa: F401  (the bench extra)
    except ImportError:
        have_dds = False
    for c in range(1, 9):
        ratios, over = [], 0
        for i in range(n):
            st = variety_position(args.seed * 1_000_003 + i, c, 13)
            variety_table_clear_seconds()
            r = time_one("variety", "solve", st, cap)
            d = dds_whole_deal_seconds(st)[0] if have_dds else inf
            over += r is None
            ratios.append(inf if r is None else r[0] / d)
        goal = 3 if c <= 2 else 10
        med = statistics.median(ratios)
        row(f"Variety contract {c}, whole deal, time ÷ DDS's (median of {n})",
            (f"{med:,.0f}×" if med < inf else "over the cap") + f", {over} of {n} over {cap:,} positions",
            f"≤ {goal}×, none over", med <= goal and over == 0)
    secs, over = [], 0
    for i in range(n):
        r = time_one("armenian_durak", "solve", durak_position(args.seed + i, 18), cap)
        over += r is None
        if r is not None:
            secs.append(r[0])
    row(f"Armenian Durak, whole deal (18 tricks), {n} deals",
        f"{n - over} of {n} solved within {cap:,} positions" + (f", median {fmt_s(statistics.median(secs))}, max "
                                                                 f"{fmt_s(max(secs))}" if secs else ""),
        "median ≤ 0.5 s, max ≤ 5 s", over == 0 and bool(secs) and statistics.median(secs) <= 0.5 and max(secs) <= 5)
    for p, goal in ((3, 0.1), (4, 0.05)):
        secs, over = [], 0
        for i in range(n):
            r = time_one("warsaw_hearts", "solve", hearts_position(args.seed + i, p, 36 // p), cap)
            over += r is None
            if r is not None:
                secs.append(r[0])
        med = statistics.median(secs) if secs else inf
        row(f"Warsaw Hearts, whole deal, {p} players, {n} deals",
            f"median {fmt_s(med) if secs else '–'}, {over} over the cap", f"≤ {goal} s", over == 0 and med <= goal)

    def variety(c, seed):
        st = V.new_deal(seed=seed, dealer=seed % 4)
        for b in auction_for(c, (1, 3), seed % 4):
            st.apply_action(b)
        return st

    def durak(seed):
        st, rng = D.new_deal(seed=seed), random.Random(seed)
        while st.phase != "play":
            st.apply_action(rng.choice(st.legal_actions()))
        return st

    hints = [(f"Variety contract {c}", lambda seed, c=c: variety(c, seed)) for c in range(1, 9)]
    hints += [(f"Warsaw Hearts {p} players", lambda seed, p=p: W.new_deal(seed=seed, players=p)) for p in (3, 4)]
    hints += [("Armenian Durak", durak)]
    for label, make in hints:
        times, exact, worlds = [], 0, []
        for seed in range(n):
            t = time.perf_counter()
            est = A.evaluate_decision(make(seed), seed=seed)
            times.append(time.perf_counter() - t)
            exact += est.method == "exact"
            worlds.append(est.samples)
        med = statistics.median(times)
        row(f"Hint at the first card, {label} ({AV.default_workers()} threads)",
            f"every world exact in {exact} of {n}, median {fmt_s(med)}",
            "exact, ≥ 24 worlds, median ≤ 1.5 s", exact == n and min(worlds) >= 24 and med <= 1.5)
    T = A.dd_table(V.new_deal(seed=args.seed, dealer=0), max_nodes=args.goal_cell_nodes)
    row(f"dd_table, all 96 cells of one deal, at most {args.goal_cell_nodes:,} positions a cell",
        f"{fmt_s(T.seconds)}, {len(T.unsolved)} of 96 unsolved", "≤ 5 s, none unsolved",
        T.seconds <= 5 and not T.unsolved)
    k = max(2, args.goal_samples)   # advise takes 2 samples at least
    t = time.perf_counter()
    try:
        adv = advise("KQ7.AJ5.KQ84.A92", samples=k, seed=1, evaluation="double_dummy",
                     max_nodes=args.goal_cell_nodes)
        solved = f"{getattr(adv, 'solved', '?')} of {k} samples solved in all 8 contracts"
    except A.SearchLimit as e:
        solved = f"refused ({e})"
    per = (time.perf_counter() - t) / k
    row(f"advise(evaluation='double_dummy'), hand a of figure 65, {k} samples, at most "
        f"{args.goal_cell_nodes:,} positions a search", f"{fmt_s(per)} a sample ({solved}): about {fmt_s(100 * per)} "
        "for 100", "100 samples ≤ 60 s", 100 * per <= 60 and "refused" not in solved)
    print()
    head = f"{'what':<78} {'measured':<58} {'goal':<34} {'':<8} {'load':>5}"
    print(head)
    print("-" * len(head))
    for what, measured, goal, met, ld in out:
        print(f"{what:<78} {measured:<58} {goal:<34} {met:<8} {ld:>5}")


# ---- compile and cached load, in fresh processes ----------------------------------------------

_CHILD = r"""
import json, sys, time
game, text = sys.argv[1], sys.stdin.read()
from cardkit.games import armenian_durak, variety, warsaw_hearts
s = {"variety": variety, "armenian_durak": armenian_durak, "warsaw_hearts": warsaw_hearts}[game].State.from_json(text)
from cardkit import analysis as A
t = time.perf_counter(); import numba; t0 = time.perf_counter()
A.analyse(s); t1 = time.perf_counter(); A.analyse(s); t2 = time.perf_counter()
print(json.dumps({"numba": t0 - t, "first": t1 - t0, "second": t2 - t1}))
"""


def child_time(game: str, state, cache_dir: str) -> dict:
    """Run the first and second ``analyse(state)`` in a fresh process with ``cache_dir``
    as numba's cache (the state is passed as its JSON record: the child imports nothing
    compiled before the timed call)."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run([sys.executable, "-c", _CHILD, game], check=False, input=state.to_json(),
                         capture_output=True, text=True, env=env, timeout=1800)
    if out.returncode != 0:
        raise RuntimeError(f"{game}: child process failed: {out.stderr[-1500:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def compile_times() -> None:
    print("Kernels: the first exact call in a fresh process (analyse, 2 tricks left), after `import numba`")
    print(f"{'game':<15} {'empty cache (compile)':>22} {'cached (load)':>14} {'later call':>11} "
          f"{'import numba':>13}")
    states = {"variety": variety_position(0, 2, 2), "armenian_durak": durak_position(0, 2),
              "warsaw_hearts": hearts_position(0, 4, 2)}
    for game, state in states.items():
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as d:
            a = child_time(game, state, d)
            b = child_time(game, state, d)
        print(f"{GAME_NAMES[game]:<15} {fmt_s(a['first']):>22} {fmt_s(b['first']):>14} {fmt_s(b['second']):>11} "
              f"{fmt_s(b['numba']):>13}",
              flush=True)
    print("(each in its own process; NUMBA_CACHE_DIR a new temporary directory, then the same one again; "
          "the later call: the same analyse again in that process)")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=20, help="positions per row (default 20)")
    p.add_argument("--quick", action="store_true", help="a few rows only, no compile timing (smoke run)")
    p.add_argument("--seed", type=int, default=2026, help="first seed of the positions (default 2026)")
    p.add_argument("--max-nodes", type=int, default=20_000_000,
                   help="node cap per search (default 20,000,000); positions past it are counted as not done")
    p.add_argument("--no-compile", action="store_true", help="skip the compile / cached-load timing")
    p.add_argument("--compile-only", action="store_true", help="only the compile / cached-load timing")
    p.add_argument("--dds-only", action="store_true", help="only the table against DDS (after the warm-up)")
    p.add_argument("--no-dds", action="store_true", help="skip the table against DDS")
    p.add_argument("--only", default="", help="only the rows whose 'game deal search left' holds every word "
                   "given, e.g. 'variety solve 13' or 'durak' (the DDS table and compile timing still run "
                   "unless skipped)")
    p.add_argument("--contracts", default="", metavar="LIST",
                   help="only whole deals of these contracts (e.g. '5 7 8') against DDS on the same cards; "
                   "with --dd-table, only these contracts' cells")
    p.add_argument("--verbose", action="store_true", help="with --contracts: a line per deal")
    p.add_argument("--workers", type=int, default=None,
                   help="with --dd-table: threads (default: one per core, at most 2)")
    p.add_argument("--dd-table", type=int, default=0, metavar="DEALS",
                   help="only the double-dummy table (cardkit.analysis.dd_table) of DEALS deals, per contract")
    p.add_argument("--hint", type=int, default=0, metavar="DEALS",
                   help="only the Hint from the first card (evaluate_decision), DEALS deals a row, on one thread "
                   "and on two")
    p.add_argument("--levels", default="52 44 36 32", metavar="LIST",
                   help="with --hint: cards left at the positions timed (52: the first card)")
    p.add_argument("--goals", action="store_true",
                   help="only issue 31's table of goals, each row measured beside its goal (--positions deals a "
                   "row, --max-nodes a search)")
    p.add_argument("--goal-cell-nodes", type=int, default=2_000_000, metavar="N",
                   help="with --goals: positions at most per dd_table cell and per advise search (default 2,000,000, "
                   "the deal editor's)")
    p.add_argument("--goal-samples", type=int, default=2, metavar="K",
                   help="with --goals: advise(evaluation='double_dummy') samples timed (default 2, at least 2)")
    p.add_argument("--features-off", action="store_true",
                   help="the Variety solver without the sweep, the sure trumps and the killer lead (issue 31: "
                   "the same values; measures what they buy)")
    args = p.parse_args(argv)
    if args.positions < 1 or args.max_nodes < 1:
        p.error("--positions and --max-nodes must be >= 1")
    if args.features_off:
        AV._SWEEP = AV._SURE_TRUMPS = AV._KILLER = False

    print("cardkit.analysis: exact solvers, wall time per position (one process)")
    print(f"machine: nproc={os.cpu_count()}, CPU {cpu_model()!r}, python {platform.python_version()}, "
          f"numpy {np.__version__}")
    print(f"load average at start: {load()}")
    print(f"{args.positions} random positions per row, seed {args.seed}"
          + ("; Variety solver without the sweep, sure trumps, killer lead" if args.features_off else ""))
    print()
    t0 = time.perf_counter()
    if args.goals:
        run_goals(args)
        print()
        print(f"load average at end: {load()}   (total {time.perf_counter() - t0:.0f} s)")
        return
    if args.hint:
        run_hint_table(args)
        print()
        print(f"load average at end: {load()}   (total {time.perf_counter() - t0:.0f} s)")
        return
    if args.dd_table:
        run_dd_table(args)
        print()
        print(f"load average at end: {load()}   (total {time.perf_counter() - t0:.0f} s)")
        return
    if args.contracts:
        run_contracts_table(args)
        print()
        print(f"load average at end: {load()}   (total {time.perf_counter() - t0:.0f} s)")
        return
    if not (args.quick or args.no_compile or args.dds_only):
        compile_times()
        print()
    if args.dds_only:
        _instrument()
        warm_up()
    elif not args.compile_only:
        run_table(args)
    if not (args.compile_only or args.no_dds):
        print()
        run_dds_table(args)
    print()
    print(f"load average at end: {load()}   (total {time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
