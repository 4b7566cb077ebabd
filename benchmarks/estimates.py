"""From which trick can the judge's estimate value every sampled world exactly within the
Hint's budget? (issue 20, "Estimates from the first trick").

:func:`cardkit.analysis.estimate` deals ``--samples`` worlds of the cards the player to move
cannot see and values each legal action in each world. With ``method="exact"`` every world
is solved with all its cards known (perfect-information Monte Carlo, as GIB does for
bridge); when one world's analysis passes :data:`cardkit.analysis.EXACT_NODES` positions
the whole estimate is made by rule-bot playouts instead, and the estimate says so
(``method``). This script times that, per game (Variety per contract), at a lead with
``tricks left`` tricks still to play, over ``--positions`` random positions (random deal,
random dealer and declarers, random play up to that trick, the seed fixed), and prints:

- the median and largest time of one exact estimate (seconds, wall clock, this process);
- how many of the positions were valued exactly (the others fell back to playouts);
- the same for ``method="auto"`` (what the Hint and the review get today).

The goal: exact from the first trick within 1 s a decision. Load is printed at the start
and the end: figures taken under load are slower than on a quiet machine.

    python benchmarks/estimates.py                      # every game, 5 positions a row
    python benchmarks/estimates.py --games variety --contracts 1,2 --positions 10
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))

from analysis import durak_position, hearts_position, load, variety_position

from cardkit.analysis import estimate


def _row(label, make, positions, samples, seed, methods):
    out = [label]
    for method in methods:
        times, exact = [], 0
        for i in range(positions):
            st = make(seed + i)
            if st.is_terminal() or st.phase != "play":
                continue
            t0 = time.perf_counter()
            est = estimate(st, samples=samples, seed=seed + i, method=method)
            times.append(time.perf_counter() - t0)
            exact += est.method == "exact"
        if times:
            out.append(f"{statistics.median(times):7.3f} {max(times):7.3f}  {exact:2d}/{len(times):<2d}")
        else:
            out.append(f"{'–':>7} {'–':>7}  {'–':>5}")
    print(" | ".join(out), flush=True)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=5, help="positions per row (default 5)")
    p.add_argument("--samples", type=int, default=24, help="worlds per estimate (default 24)")
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--games", default="variety,hearts,durak")
    p.add_argument("--contracts", default="1-8")
    p.add_argument("--tricks", default=None, help="tricks left, e.g. 13,11,9 (default per game)")
    args = p.parse_args(argv)
    if "-" in args.contracts:
        a, b = args.contracts.split("-")
        contracts = list(range(int(a), int(b) + 1))
    else:
        contracts = [int(x) for x in args.contracts.split(",")]
    games = args.games.split(",")
    methods = ("exact", "auto")
    print(f"estimate(samples={args.samples}) at a lead; {args.positions} positions a row; load at start: {load()}; "
          f"nproc={os.cpu_count()}")
    print("row | exact: median s, max s, valued exactly | auto: median s, max s, valued exactly")
    from cardkit.analysis import analyse  # warm the compiled kernels before timing
    for mk in (lambda: variety_position(1, 2, 3), lambda: hearts_position(1, 4, 3), lambda: durak_position(1, 3)):
        analyse(mk())
    pick = (lambda d: [int(x) for x in args.tricks.split(",")]) if args.tricks else (lambda d: d)
    if "variety" in games:
        for c in contracts:
            for t in pick([13, 12, 11, 10, 9, 8]):
                _row(f"variety c{c} {t:2d} left", lambda s, c=c, t=t: variety_position(s, c, t), args.positions,
                     args.samples, args.seed, methods)
    if "hearts" in games:
        for t in pick([9, 8, 7, 6]):
            _row(f"warsaw hearts 4p {t} left", lambda s, t=t: hearts_position(s, 4, t), args.positions, args.samples,
                 args.seed, methods)
    if "durak" in games:
        for t in pick([18, 16, 14, 12, 10]):
            _row(f"durak {t:2d} left", lambda s, t=t: durak_position(s, t), args.positions, args.samples, args.seed,
                 methods)
    print(f"load at end: {load()}")


if __name__ == "__main__":
    main()
