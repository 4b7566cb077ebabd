"""Timing of the Variety contract advisor (RULES.md §1.8): eight contracts by 1,000
samples with the rule policy, on the four hands of the book's figure 65.

Prints the median wall time of ``advise(hand, samples=1000)`` over several calls (target:
at most 0.1 s on a 2-core machine), the CPU time of the same calls, the time for
``samples=10000``, and the advice for each hand beside the book's.

Then ``advise(hand, evaluation="double_dummy")``: the time of a few samples (each eight
whole-deal exact solves), and the time 100 samples would take at that rate, labelled as an
extrapolation; samples whose solve passes ``max_nodes`` are counted, not hidden.

Usage: ``python benchmarks/advisor.py [repeats] [double-dummy samples]`` (defaults 20, 2;
0 skips the double-dummy timing).
"""

from __future__ import annotations

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
        t0 = time.perf_counter()
        seen = []
        a = advise(hands[0], samples=dd, seed=1, evaluation="double_dummy", max_nodes=50_000_000,
                   progress=lambda done, total: seen.append(done))
        t = time.perf_counter() - t0
        print(f"advise(evaluation='double_dummy'), {dd} samples x 8 contracts (whole-deal solves, at most "
              f"50,000,000 positions each): {t:.1f} s; {a.unsolved} of {dd} samples left out by the limit; "
              f"100 samples at this rate: about {t / dd * 100 / 60:.0f} minutes (extrapolated, not run)")


if __name__ == "__main__":
    main()
