"""Timing of the Variety contract advisor (RULES.md §1.8): eight contracts by 1,000
samples with the rule policy, on the four hands of the book's figure 65.

Prints the median wall time of ``advise(hand, samples=1000)`` over several calls (target:
at most 0.1 s on a 2-core machine), the CPU time of the same calls, the time for
``samples=10000``, and the advice for each hand beside the book's.

Then ``advise(hand, evaluation="double_dummy")``: the time of a few samples without limits
(each eight whole-deal exact searches, the time per contract from the progress callback),
and 100 samples within a 60 s budget (``seconds=60``): how many were solved in it, or the
refusal when fewer than half were.

Usage: ``python benchmarks/advisor.py [repeats] [double-dummy samples]`` (defaults 20, 2;
0 skips the double-dummy timing).
"""

from __future__ import annotations

import os
import statistics
import sys
import time

from cardkit.games.variety import advise

FIG65 = {  # RULES.md §1.8: hand -> the book's advice
    "KQ7.AJ5.KQ84.A92": "1",
    "75.KQT84.AKJ96.5": "4",
    "K85.A63.7.JT8432": "2 or 6",
    "AT4.AQJ975.83.K6": "3",
}


def main() -> None:
    repeats = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    hands = list(FIG65)
    advise(hands[0], samples=100, seed=0)  # warm up
    wall, cpu = [], []
    for i in range(repeats):
        h = hands[i % len(hands)]
        t0, c0 = time.perf_counter(), time.process_time()
        advise(h, samples=1000, seed=i)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    t0 = time.perf_counter()
    big = advise(hands[0], samples=10_000, seed=1)
    t_big = time.perf_counter() - t0
    print(f"advise, 8 contracts x 1,000 samples, rule policy: median {statistics.median(wall) * 1e3:.1f} ms wall, "
          f"{statistics.median(cpu) * 1e3:.1f} ms CPU ({repeats} calls; min {min(wall) * 1e3:.1f} ms)")
    print(f"advise, 8 contracts x 10,000 samples: {t_big:.2f} s wall")
    print(f"  best for {hands[0]}: {big[0]}")
    for h, book in FIG65.items():
        adv = advise(h, samples=1000, seed=2026)
        ranked = " ".join(str(a.contract) for a in adv)
        print(f"{h:>18}  book {book:<7} advisor {adv[0].contract} "
              f"({adv[0].margin:+.1f} ± {adv[0].stderr:.1f})  ranking {ranked}")
    print(f"median_ms: {statistics.median(wall) * 1e3:.1f}")
    dd = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    if dd:
        double_dummy(hands[0], dd)


def double_dummy(hand: str, n: int) -> None:
    """``advise(evaluation="double_dummy")``: ``n`` samples, each search at most 20 M
    positions (the time of each contract's whole-deal searches, from the progress
    callback, printed as each contract ends), then 100 samples within a 60 s budget (how
    many were solved in it)."""
    marks = [(0, time.perf_counter())]
    t0 = time.perf_counter()

    def progress(done, total):
        marks.append((done, time.perf_counter()))
        if done > 8 and (done - 8) % n == 0 and done - 8 <= 8 * n:
            c = (done - 8) // n
            lo = dict(marks).get(8 + (c - 1) * n)
            if lo is not None:
                print(f"  contract {c}: {(marks[-1][1] - lo) / n:.2f} s per sample", flush=True)

    try:
        a = advise(hand, samples=n, seed=1, evaluation="double_dummy", max_nodes=20_000_000, progress=progress)
    except ValueError as e:
        print(f"advise(evaluation='double_dummy'), {n} samples: refused: {e}")
        return
    t = time.perf_counter() - t0
    at = dict(marks)
    per = []
    for c in range(1, 9):   # one block of samples: contract by contract (n <= 16)
        lo, hi = 8 + (c - 1) * n, 8 + c * n
        if lo in at and hi in at:
            per.append(f"{c}: {(at[hi] - at[lo]) / n:.2f} s")
    print(f"advise(evaluation='double_dummy'), {n} samples x 8 contracts, max_nodes 20 M: {t:.1f} s "
          f"({a.solved} solved); per sample and contract: {', '.join(per)}")
    print(f"  ranking {' '.join(str(x.contract) for x in a)}, label {a.label!r}")
    t0 = time.perf_counter()
    try:
        b = advise(hand, samples=100, seed=1, evaluation="double_dummy", seconds=60)
        print(f"advise(evaluation='double_dummy'), 100 samples, seconds=60: {time.perf_counter() - t0:.1f} s, "
              f"{b.solved} of 100 solved, ranking {' '.join(str(x.contract) for x in b)}")
    except ValueError as e:
        print(f"advise(evaluation='double_dummy'), 100 samples, seconds=60: {time.perf_counter() - t0:.1f} s, "
              f"refused: {e}")
    print(f"load average: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
