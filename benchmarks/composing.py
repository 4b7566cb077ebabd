"""How long the deal editor's "Deal the rest at random" takes (cardkit.composing.compose_deal),
and how long a deal set of many boards takes to write and read (cardkit.deal_sets).

    python benchmarks/composing.py            # 20 deal numbers per case
    python benchmarks/composing.py --runs 5

Prints per case the median and the slowest time over the deal numbers, and how many of
them met the wishes (a wish too rare for the tries is refused in words: counted as
"refused"). Figures from one process on this machine; the load average is printed beside
them (the machine is shared).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cardkit import CardkitError
from cardkit.composing import HandWish, compose_deal
from cardkit.deal_sets import deals_from_text, deals_to_text
from cardkit.notation import parse_hand

ANY = (0, 52)
SOUTH, NORTH = parse_hand("AK73.AQ5.KJ4.AQ9"), parse_hand("QT98.K2.T98.KJT8")

CASES = [
    ("Variety, nothing placed, no wish", "variety", [], {}),
    ("Variety, two hands placed, West 6-8 points and 5+ hearts, East holds 2♠", "variety",
     [SOUTH, None, NORTH], {1: HandWish(points=(6, 8), lengths=(ANY, (5, 13), ANY, ANY)),
                            3: HandWish(holding=tuple(parse_hand("2...")))}),
    ("Variety, South 20-22 points (about 1 deal in 100)", "variety", [], {0: HandWish(points=(20, 22))}),
    ("Variety, South 7+ spades and North a spade void", "variety", [],
     {0: HandWish(lengths=((7, 13), ANY, ANY, ANY)), 2: HandWish(lengths=((0, 0), ANY, ANY, ANY))}),
    ("Variety, South 37 points (too rare: refused after the tries)", "variety", [], {0: HandWish(points=(37, 37))}),
    ("Warsaw Hearts, 3 players, West 6+ hearts", "warsaw_hearts", [], {1: HandWish(lengths=(ANY, (6, 9), ANY, ANY))}),
    ("Armenian Durak, South's hand 8+ points", "armenian_durak", [], {0: HandWish(points=(8, 40))}),
]


def _time(fn) -> tuple[float, bool]:
    t = time.perf_counter()
    try:
        fn()
        ok = True
    except CardkitError:
        ok = False
    return time.perf_counter() - t, ok


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20, help="deal numbers per case (default 20)")
    ap.add_argument("--boards", type=int, default=100, help="boards in the deal set timed (default 100)")
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    compose_deal("variety", seed=0)   # imports and numpy warmed up
    print(f"{'case':<78} {'median':>9} {'slowest':>9}  met")
    for name, game, places, wishes in CASES:
        kw = {"players": 3} if game == "warsaw_hearts" else {}
        runs = [_time(lambda s=s, g=game, p=places, w=wishes, k=kw: compose_deal(g, p, wishes=w, seed=s, **k))
                for s in range(args.runs)]
        times = [t for t, _ok in runs]
        met = sum(ok for _t, ok in runs)
        print(f"{name:<78} {statistics.median(times) * 1e3:7.1f} ms {max(times) * 1e3:7.1f} ms  "
              f"{met}/{len(runs)}" + ("" if met == len(runs) else " (the others refused in words)"))
    codes = [f"V-{n}" for n in range(args.boards)]
    t = time.perf_counter()
    text = deals_to_text(codes)
    write = time.perf_counter() - t
    t = time.perf_counter()
    back = deals_from_text(text)
    read = time.perf_counter() - t
    assert len(back) == args.boards and deals_to_text(back) == text
    print(f"deal set of {args.boards} boards ({len(text) / 1024:.0f} KiB): written in {write * 1e3:.0f} ms, "
          f"read back exactly in {read * 1e3:.0f} ms")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
