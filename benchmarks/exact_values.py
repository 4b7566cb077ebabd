"""How long the play tables' exact card values take (all hands shown, practice): the
judge's ``cardkit.analysis.analyse`` on the learner's positions, as the dashboard runs it
(``DealDashboard`` with ``show_all_hands`` on, bound by game
:data:`cardkit_widgets._exact.EXACT_NODES`).

    python benchmarks/exact_values.py                  # 4 deal numbers per game
    python benchmarks/exact_values.py --deals 8 --nodes 300000 1000000

For each game and each bound, per number of tricks left (the trick the learner plays to):
how many of the learner's positions (two legal cards or more) were valued within the
bound, and the median and slowest time to the values (solved or over the bound: an
over-bound search costs its whole time and shows no values). The learner's first card
of the deal (trick 1: the opening lead or a reply to it) and 6 tricks left are printed on
their own lines.
Rule bots play the other seats; the learner plays the dashboard's first legal card.
Figures from one process on this machine, with the load average beside them (the machine
is shared).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cardkit.analysis import SearchLimit, analyse
from cardkit_widgets import DurakTable, VarietyTable, WarsawHeartsTable

GAMES = [("Variety", VarietyTable, 13), ("Warsaw Hearts (4 players)", WarsawHeartsTable, 9),
         ("Armenian Durak", DurakTable, 18)]


def positions(cls, seed: int, tricks: int):
    """(tricks left, the opening lead?, a copy of the state) for each of the learner's card
    choices of two cards or more in deal ``seed``, the learner playing its first legal card."""
    t = cls(seed=seed)
    first = True
    out = []
    for _ in range(400):
        st, ct = t.state, t.table
        if st.is_terminal():
            break
        if st.phase == "bidding" and ct.enabled_bids:
            ct.bid(ct.enabled_bids[-1])
            continue
        if ct.enabled_trump_picks:
            ct.pick_trump(0)
            continue
        if ct.enabled_draws:
            ct.choose_draw(None)
            continue
        if len(ct.legal_cards) >= 2:
            out.append((tricks - len(st.completed_tricks), first, st.clone()))
        first = False
        ct.click(ct.legal_cards[0])
    return out


def timed(st, nodes: int) -> tuple[float, bool]:
    t0 = time.perf_counter()
    try:
        analyse(st, max_nodes=nodes)
        ok = True
    except SearchLimit:
        ok = False
    return time.perf_counter() - t0, ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=4, help="deal numbers per game (1, 2, ...)")
    ap.add_argument("--nodes", type=int, nargs="+", default=None, help="bounds (default: the dashboard's, by game)")
    args = ap.parse_args()
    from cardkit_widgets._exact import EXACT_NODES
    print(f"load average at start {os.getloadavg()[0]:.1f} (2 cores); deals 1..{args.deals}")
    timed(positions(VarietyTable, 1, 13)[-1][2], 1000)  # the kernels compiled or loaded first
    for name, cls, tricks in GAMES:
        pos = [p for seed in range(1, args.deals + 1) for p in positions(cls, seed, tricks)]
        for nodes in args.nodes or [EXACT_NODES[cls.GAME]]:
            rows: dict = {}
            opening, six = [], []
            for left, first, st in pos:
                dt, ok = timed(st.clone(), nodes)
                rows.setdefault(left, []).append((dt, ok))
                if first:
                    opening.append((dt, ok))
                if left == 6:
                    six.append((dt, ok))
            print(f"\n{name}, bound {nodes:,} (load {os.getloadavg()[0]:.1f}):")
            for label, xs in (("first card (trick 1)", opening), ("6 tricks left", six)):
                print(f"  {label}: {_line(xs)}")
            for left in sorted(rows, reverse=True):
                print(f"  {left:2d} tricks left: {_line(rows[left])}")


def _line(xs) -> str:
    if not xs:
        return "no position"
    times = [dt for dt, _ in xs]
    solved = sum(ok for _, ok in xs)
    return (f"{solved}/{len(xs)} valued within the bound; median {statistics.median(times):.2f} s, "
            f"slowest {max(times):.2f} s")


if __name__ == "__main__":
    main()
