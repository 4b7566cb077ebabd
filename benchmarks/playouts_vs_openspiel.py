"""Random whole-deal playouts per second: cardkit's batched Variety simulator against
OpenSpiel's hearts driven from Python, in one process.

OpenSpiel's fastest Python loop: deal once (pass direction "No Pass", then the 52 chance
outcomes), then for each playout ``clone()`` the dealt state and apply uniformly random
legal actions until it is terminal. Ours: ``random_variety(B)`` deals B fresh deals
(``Generator.permuted``) with a random contract and declarers each, plays them with the
random policy and scores them. Both are timed with ``time.perf_counter`` in alternating
rounds (so a busy machine slows both alike); the medians are printed, and the ratio of
CPU times (``time.process_time``) as well. Also printed: the
object engine's rate (clone a dealt, bid state; random legal cards to the end), the rule
policy's rate, the other two games' batched rates, and the simulator's peak memory
(tracemalloc) for B = 10,000.

Usage: ``python benchmarks/playouts_vs_openspiel.py [B] [rounds]`` (default 10000, 5).
The last line reads ``ratio: N`` (our random-playout rate / OpenSpiel's).
"""

from __future__ import annotations

import statistics
import sys
import time
import tracemalloc

import numpy as np

from cardkit.games import variety as V
from cardkit.simulate import random_armenian_durak, random_variety, random_warsaw_hearts


def openspiel_rate(seconds: float, seed: int = 0) -> float | None:
    try:
        import pyspiel
    except ImportError:
        return None
    rng = np.random.default_rng(seed)
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    state.apply_action(0)  # pass direction: No Pass
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[int(rng.integers(len(outcomes)))][0])
    randrange = np.random.default_rng(seed + 1).integers
    n = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        s = state.clone()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[int(randrange(len(legal)))] if len(legal) > 1 else legal[0])
        n += 1
        if n % 50 == 0 and time.perf_counter() - t0 >= seconds:
            break
    CPU["openspiel"].append(n / (time.process_time() - c0))
    return n / (time.perf_counter() - t0)


CPU: dict[str, list[float]] = {"ours": [], "openspiel": []}


def batch_rate(batch: int, seed: int, policy: str = "random") -> float:
    t0, c0 = time.perf_counter(), time.process_time()
    random_variety(batch, seed=seed, policy=policy)
    if policy == "random":
        CPU["ours"].append(batch / (time.process_time() - c0))
    return batch / (time.perf_counter() - t0)


def object_rate(seconds: float, seed: int = 0) -> float:
    rng = np.random.default_rng(seed)
    state = V.new_deal(seed=rng, dealer=3)
    for bid in (2, 3, 6, 2):
        state.apply_action(bid)
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = state.clone()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
        n += 1
    return n / (time.perf_counter() - t0)


def peak_memory(batch: int) -> int:
    random_variety(16, seed=0)
    tracemalloc.start()
    random_variety(batch, seed=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def main() -> None:
    batch = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    batch_rate(min(batch, 1000), 0)  # warm up (tables, caches)
    ours, theirs = [], []
    for r in range(rounds):
        ours.append(batch_rate(batch, seed=100 + r))
        rate = openspiel_rate(1.0, seed=r)
        if rate is not None:
            theirs.append(rate)
        ours.append(batch_rate(batch, seed=200 + r))
    rule = [batch_rate(batch, seed=300 + r, policy="rule") for r in range(rounds)]
    others = {
        "Warsaw Hearts, 4 players": lambda r: random_warsaw_hearts(batch, players=4, seed=400 + r),
        "Warsaw Hearts, 3 players": lambda r: random_warsaw_hearts(batch, players=3, seed=500 + r),
        "Armenian Durak (tableau)": lambda r: random_armenian_durak(batch, seed=600 + r),
    }
    other_rates = {}
    for name, run in others.items():
        times = []
        for r in range(max(1, rounds // 2)):
            t0 = time.perf_counter()
            run(r)
            times.append(time.perf_counter() - t0)
        other_rates[name] = batch / statistics.median(times)
    obj = object_rate(2.0)
    mem = peak_memory(batch)
    print(f"batched Variety, random policy, B={batch}: {statistics.median(ours):,.0f} playouts/s "
          f"(median of {len(ours)}; {batch / statistics.median(ours) * 1e3:.1f} ms per batch)")
    print(f"batched Variety, rule policy,   B={batch}: {statistics.median(rule):,.0f} playouts/s")
    for name, rate in other_rates.items():
        print(f"batched {name}, random policy, B={batch}: {rate:,.0f} playouts/s")
    print(f"object engine (clone + random legal cards): {obj:,.0f} playouts/s")
    print(f"simulator peak memory, B={batch}: {mem / 2**20:.1f} MiB (tracemalloc)")
    if not theirs:
        print("OpenSpiel: not installed (pip install open-spiel, the 'bench' extra)")
        print("ratio: n/a")
        return
    os_rate = statistics.median(theirs)
    print(f"OpenSpiel hearts (clone + random legal actions): {os_rate:,.0f} playouts/s (median of {len(theirs)})")
    print(f"object engine vs OpenSpiel: {obj / os_rate:.2f}")
    cpu_ratio = statistics.median(CPU["ours"]) / statistics.median(CPU["openspiel"])
    print(f"ratio in CPU time (process_time, less sensitive to a busy machine): {cpu_ratio:.1f}")
    print(f"ratio: {statistics.median(ours) / os_rate:.1f}")


if __name__ == "__main__":
    main()
