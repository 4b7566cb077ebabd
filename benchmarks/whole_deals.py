"""Whole-deal exact solves for Warsaw Hearts (3 and 4 players) and Armenian Durak (issue 31):
positions searched (deterministic) and seconds, with the load average printed.

    python benchmarks/whole_deals.py [hearts|durak|all] [deals] [max_nodes]

Hearts: ``solve`` from the first card of deals seeds 0..deals-1 (dealer seed % players).
Durak: ``solve`` from the first lead after the trump draw (the first legal draw) of deals
seeds 0..deals-1, dealer seed % 2; a deal over ``max_nodes`` (default 20 M) prints "over".
Each row: seed, value, positions, seconds. The first solve of a process compiles or loads
the kernel: a warm-up solve runs first and is not counted. Asserts nothing.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import sys
import time

from cardkit import analysis as A
from cardkit.games import armenian_durak as D, warsaw_hearts as W


def load() -> str:
    return "load {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())


def hearts_deal(seed: int, players: int):
    return W.new_deal(players=players, seed=seed, dealer=seed % players)


def durak_deal(seed: int, tricks_left: int | None = None):
    s = D.new_deal(seed=seed, dealer=seed % 2)
    s.apply_action(s.legal_actions()[0])
    return s


def run(label: str, states, max_nodes: int) -> None:
    times, nodes, over = [], [], 0
    for i, s in enumerate(states):
        t0 = time.perf_counter()
        try:
            sol = A.solve(s, max_nodes=max_nodes)
        except A.SearchLimit:
            over += 1
            print(f"  {label} seed {i}: over {max_nodes:,} positions "
                  f"({time.perf_counter() - t0:.2f} s)  [{load()}]", flush=True)
            continue
        sec = time.perf_counter() - t0
        times.append(sec)
        nodes.append(sol.nodes)
        print(f"  {label} seed {i}: value {sol.value:+d}  {sol.nodes:>12,} positions  {sec:8.3f} s"
              f"  [{load()}]", flush=True)
    if times:
        print(f"{label}: solved {len(times)} of {len(states)}; median {statistics.median(times):.3f} s, "
              f"max {max(times):.3f} s; positions median {statistics.median(nodes):,.0f}, "
              f"max {max(nodes):,}  [{load()}]", flush=True)
    else:
        print(f"{label}: none of {len(states)} within {max_nodes:,} positions  [{load()}]")


def main() -> None:
    what = sys.argv[1] if len(sys.argv) > 1 else "all"
    deals = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    cap = int(sys.argv[3]) if len(sys.argv) > 3 else 20_000_000
    if what in ("hearts", "all"):
        A.solve(W.new_deal(players=3, seed=999), max_nodes=10_000_000)      # warm-up (compile)
        for players in (3, 4):
            run(f"Warsaw Hearts {players} players", [hearts_deal(i, players) for i in range(deals)], cap)
    if what in ("durak", "all"):
        with contextlib.suppress(A.SearchLimit):
            A.solve(durak_deal(999), max_nodes=10_000)                        # warm-up (compile)
        run("Armenian Durak", [durak_deal(i) for i in range(deals)], cap)


if __name__ == "__main__":
    main()
