"""Armenian Durak whole deals solved exactly (issue 31): positions searched by ``solve``.

    python benchmarks/durak_whole_deals.py [max_nodes] [--save] [--off NAME,NAME...] [--after 6,8]

Fixed positions: deals ``D-1`` .. ``D-5`` (``deal_from_code``) after the first trump draw,
at the first lead (18 tricks left) and after 2, 4, 6 and 8 tricks of seeded random play
(16, 14, 12, 10 tricks left; each draw chosen at random too). Each row prints the value,
the positions (nodes: deterministic, what this benchmark measures) and the seconds
(noise on a shared machine), and the ratio of positions against
``durak_whole_deals_baseline.json`` (the figures of the code before issue 31's Durak work,
written by ``--save``; "over" when a search passed the cap). ``--off`` switches kernel
features off (names of ``cardkit.analysis._durak_kernel.OFF_*`` without the prefix, e.g.
``--off SURE,HISTORY``) to measure what each buys; ``--after`` keeps only those rows (tricks
played). A cap above 20 M positions (or none) gives the search its large table (2**24 entries,
``LARGE_TABLE_NODES``), so rows of different caps differ above 20 M positions. The first solve compiles or loads the
kernel: a warm-up runs first. Asserts nothing.

Measured 2026-12-04 (positions; D-1 / D-2 / D-3 / D-4 / D-5; "over": past the cap):

| tricks left | baseline (cap 20 M) | now (cap 60 M: large table) | fewer (geometric mean) |
|---|---|---|---|
| 18 (whole deal) | over ×5 | over ×5 | – |
| 16 | over ×5 | not run after the last change (over ×5 before it) | – |
| 14 | over ×5 (large table only: 51.8 / 26.3 / 32.2 M / over ×2) | 26.3 / 10.4 / 16.1 / 20.3 M / over | ~2× |
| 12 | 1.53 M / 354k / 1.70 M / 6.16 M / 2.20 M | 803k / 163k / 1.37 M / 3.21 M / 1.70 M | 1.67× |
| 10 | 269k / 193k / 123k / 138k / 68k | 81k / 84k / 148k / 101k / 62k | 1.56× |

Each feature switched off alone (``--off``, cap 20 M, rows 12 and 10 tricks left, geometric
mean of positions against the baseline, which had HISTORY, DRAWDOM and SURE on): BEATERS
(leads by how few of the opponent's cards beat them) 1.00× / 1.00× instead of 1.66× / 1.56×:
the one cut that paid. Measured before BEATERS: HISTORY off 0.87× / 1.02×, DRAWDOM off
0.98× / 0.95×, SURE off 0.96× / 0.83×, TRUMPS off 1.00× / 1.00× (exact, but sure trumps are
rare: the six of trumps is beaten by every trump but the ace), all four off 0.81× / 0.80×.
The large table (2**24 entries, a cap above 20 M) alone: D-3 at 14 tricks left 32.2 M
positions instead of 45.3 M, D-1 51.8 M instead of over 60 M. A perfect first guess for
MTD(f) would save 0-40 % (D-3 at 12 left 1.04 M instead of 1.70 M; D-5 more positions): the
pass that proves the upper bound costs most. Tried and left out: enhanced transposition
cut-offs at a lead from the replies' table entries (0-5 % fewer positions at 12 tricks left,
0-2 % at 10); zero-point cards of a suit the opponent has none of taken as all equivalent (no
position fewer: the cards between them are the mover's own, rarely); replies that win before
those that lose at equal points, or after (±1 %); leads that leave the opponent more other
cards first (0.80× at 10 left). Each 2 tricks more still multiply the positions by about 15
(10 left: median 84k, 12: 1.37 M, 14: about 18 M), so a whole deal needs about 1,000× fewer
positions for the goal (0.5 s is about 1.5 M positions): the tree's size, as in Variety
before partition search (winning ranks in the table entries).
"""

from __future__ import annotations

import contextlib
import json
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from cardkit import analysis as A
from cardkit.analysis import _durak_kernel as K, armenian_durak as AD
from cardkit.core.codes import deal_from_code

DEALS = ("D-1", "D-2", "D-3", "D-4", "D-5")
AFTER = (0, 2, 4, 6, 8)          # tricks played before the position
BASELINE = Path(__file__).with_name("durak_whole_deals_baseline.json")


def position(code: str, tricks: int):
    """Deal ``code`` after the first trump draw and ``tricks`` tricks of seeded random play,
    at the next lead."""
    s = deal_from_code(code)
    s.apply_action(s.legal_actions()[0])
    rng = np.random.default_rng([int(code.split("-")[1]), tricks])
    while len(s.tricks) < tricks or s.phase != "play" or s.trick.cards:
        la = s.legal_actions()
        s.apply_action(la[int(rng.integers(len(la)))])
    return s


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def main() -> None:
    args = [a for i, a in enumerate(sys.argv[1:], 1)
            if not a.startswith("--") and sys.argv[i - 1] not in ("--off", "--after")]
    after_rows = AFTER
    if "--after" in sys.argv:
        after_rows = tuple(int(x) for x in sys.argv[sys.argv.index("--after") + 1].split(","))
    cap = int(args[0]) if args else 20_000_000
    off = 0
    for i, a in enumerate(sys.argv):
        if a == "--off":
            for name in sys.argv[i + 1].split(","):
                off |= getattr(K, "OFF_" + name.strip().upper())
    if off:  # the tables are cached per (rules, trump): switch the features in them
        real = AD._tables

        def switched(rules, trump):
            tb = real(rules, trump).copy()
            tb[K.OFF] = off
            return tb
        AD._tables = switched
    base = json.loads(BASELINE.read_text()) if BASELINE.exists() and "--save" not in sys.argv else {}
    with contextlib.suppress(A.SearchLimit):
        A.solve(position("D-9", 8), max_nodes=100_000)  # warm-up: load the kernel
    print(f"cap {cap:,} positions; features off: {off}  [{load()}]")
    rows = {}
    for after in after_rows:
        nodes, times, ratios = [], [], []
        for code in DEALS:
            s = position(code, after)
            key = f"{code}@{after}"
            t0 = time.perf_counter()
            try:
                sol = A.solve(s, max_nodes=cap)
                n, val = sol.nodes, f"{sol.value:+d}"
            except A.SearchLimit:
                n, val = None, "over"
            sec = time.perf_counter() - t0
            rows[key] = n
            b = base.get(key, "?")
            if n is not None and isinstance(b, int):
                ratio = f"{b / n:7.2f}x fewer"
                ratios.append(b / n)
            elif n is not None and b is None:
                ratio = "baseline over"
            else:
                ratio = ""
            shown = f"{n:>12,}" if n is not None else f"{'over':>12}"
            print(f"  {code} after {after} tricks ({18 - after} left): {val:>5} {shown} positions "
                  f"{sec:7.2f} s  baseline {b if b is None or b == '?' else f'{b:,}'}  {ratio}", flush=True)
            if n is not None:
                nodes.append(n)
                times.append(sec)
        solved = len(nodes)
        med = f"median {statistics.median(nodes):,.0f} positions, {statistics.median(times):.2f} s" if nodes else ""
        gm = (f"; geometric mean {float(np.exp(np.mean(np.log(ratios)))):.2f}x fewer than baseline"
              if ratios else "")
        print(f"{18 - after} tricks left: {solved} of {len(DEALS)} within the cap; {med}{gm}  [{load()}]",
              flush=True)
    if "--save" in sys.argv:
        BASELINE.write_text(json.dumps(rows, indent=1) + "\n")
        print(f"baseline written to {BASELINE}")


if __name__ == "__main__":
    main()
