"""Whole Variety deals per second for the object engine (cardkit.games.variety).

A "deal" is everything: a seeded random deal (``new_deal(seed=...)``), the bidding and the
13 tricks, each action chosen by a bot from its seat's observation (``state.observation``)
and applied with ``state.apply_action``, then ``state.returns()``. One process, one core.

    python benchmarks/variety_playouts.py            # default: 2,000 RandomBot, 500 RuleBot deals
    python benchmarks/variety_playouts.py --deals 5000 --repeat 5

Prints the machine (nproc, CPU model, Python and numpy versions) and, per bot, the best
and the median of ``--repeat`` runs in deals per second and milliseconds per deal.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np

from cardkit.games.variety import RandomBot, RuleBot, new_deal


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def play_deals(bot_class, deals: int, first_seed: int) -> float:
    """Seconds to play ``deals`` whole deals with four ``bot_class`` bots."""
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + deals):
        s = new_deal(seed=seed, dealer=seed % 4)
        bots = [bot_class(seed * 4 + k) for k in range(4)]
        while not s.is_terminal():
            seat = s.current_player
            s.apply_action(bots[seat].act(s.observation(seat)))
        s.returns()
    return time.perf_counter() - start


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=None, help="deals per run (default 2000 random, 500 rule)")
    p.add_argument("--repeat", type=int, default=3, help="runs per bot (default 3)")
    args = p.parse_args(argv)

    print("Variety playouts, object engine (cardkit.games.variety), one process")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    print(f"machine: nproc={os.cpu_count()}, CPU {cpu_model()!r}, load average {load}")
    print(f"python {platform.python_version()} ({platform.python_implementation()}), numpy {np.__version__}, "
          f"{platform.system()} {platform.machine()}")
    for bot_class, default in ((RandomBot, 2000), (RuleBot, 500)):
        deals = args.deals or default
        play_deals(bot_class, min(deals, 50), 10**6)  # warm-up
        rates = [deals / play_deals(bot_class, deals, 1000 * r) for r in range(args.repeat)]
        best, median = max(rates), statistics.median(rates)
        print(f"{bot_class.__name__:>9}: {deals} deals x {args.repeat} runs: best {best:,.0f} deals/s "
              f"({1000 / best:.2f} ms/deal), median {median:,.0f} deals/s ({1000 / median:.2f} ms/deal)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
