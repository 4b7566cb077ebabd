"""Random whole-deal playouts per second: cardkit's batched Variety simulator against
OpenSpiel's hearts driven from Python, in one process on one core.

OpenSpiel's fastest honest Python loop: deal once (pass direction "No Pass", then the 52
chance outcomes), then for each playout ``clone()`` the dealt state and apply
``random.choice(state.legal_actions())`` until it is terminal (Python's own RNG: no numpy
call per action). Ours: ``random_variety(B)`` deals B fresh deals (``Generator.permuted``,
compiled when numba is installed) with a random contract and declarers each, plays them
with the random policy and scores them. Both are timed with ``time.perf_counter`` in
alternating rounds (so a busy machine slows both alike); the medians are printed, and the
ratio of CPU times (``time.process_time``) as well. The process is pinned to one core and
numba/OpenMP/BLAS are limited to one thread; the load average is printed at the start and
the end. Also printed: the first call's time (numba compile or cache load), the object
engine's rate (clone a dealt, bid state; random legal cards to the end), the rule
policy's rate, the other two games' batched rates, and the simulator's peak memory
(tracemalloc) for B = 10,000.

Usage: ``python benchmarks/playouts_vs_openspiel.py [B] [rounds]`` (default 10000, 5).
The last line reads ``ratio: N`` (our random-playout rate / OpenSpiel's).
"""

from __future__ import annotations

import os

for _var in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"   # before numpy and numba are imported

import random
import statistics
import sys
import time
import tracemalloc

import numpy as np

from cardkit.games import variety as V
from cardkit.simulate import random_armenian_durak, random_variety, random_warsaw_hearts


def pin_to_one_core() -> str:
    """Pin this process to one of the cores it may run on; returns a description."""
    if not hasattr(os, "sched_setaffinity"):
        return "not pinned (no sched_setaffinity)"
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpus[-1]})
    return f"pinned to CPU {cpus[-1]} of {len(cpus)}"


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"


def dealt_hearts(seed: int = 0):
    """OpenSpiel hearts dealt once, no passing, or None without OpenSpiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    rnd = random.Random(seed)
    state = pyspiel.load_game("hearts").new_initial_state()
    state.apply_action(0)  # pass direction: No Pass
    assert str(state).startswith("Pass Direction: No Pass"), str(state)[:40]
    while state.is_chance_node():
        state.apply_action(rnd.choice(state.chance_outcomes())[0])
    assert len(state.legal_actions()) == 1   # the 2 of clubs leads: play, not passing
    return state


def openspiel_rate(state, seconds: float, seed: int = 0) -> float:
    choice = random.Random(seed).choice
    n = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while True:
        s = state.clone()
        while not s.is_terminal():
            s.apply_action(choice(s.legal_actions()))
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
    state = V.new_deal(seed=np.random.default_rng(seed), dealer=3)
    for bid in (2, 3, 6, 2):
        state.apply_action(bid)
    choice = random.Random(seed).choice   # the same loop as OpenSpiel's
    n = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = state.clone()
        while not s.is_terminal():
            s.apply_action(choice(s.legal_actions()))
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
    pinned = pin_to_one_core()
    load_start = load()
    t0 = time.perf_counter()
    random_variety(16, seed=0)   # first call: numba compiles, or loads its cache
    first_call = time.perf_counter() - t0
    from cardkit.simulate import variety as SV
    path = "compiled (numba)" if SV.kernels_for() is not None else "numpy"
    batch_rate(min(batch, 1000), 0)  # warm up (tables, caches)
    hearts = dealt_hearts()
    ours, theirs = [], []
    for r in range(rounds):
        ours.append(batch_rate(batch, seed=100 + r))
        if hearts is not None:
            theirs.append(openspiel_rate(hearts, 1.0, seed=r))
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
    print(f"one process, {pinned}; load average at the start {load_start}, at the end {load()}")
    print(f"simulator path: {path}; first call {first_call:.2f} s (numba compile or cache load)")
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
    print(f"OpenSpiel hearts (clone + random.choice of the legal actions): {os_rate:,.0f} playouts/s "
          f"(median of {len(theirs)})")
    print(f"object engine vs OpenSpiel: {obj / os_rate:.2f}")
    cpu_ratio = statistics.median(CPU["ours"]) / statistics.median(CPU["openspiel"])
    print(f"ratio in CPU time (process_time, less sensitive to a busy machine): {cpu_ratio:.1f}")
    print(f"ratio: {statistics.median(ours) / os_rate:.1f}")


if __name__ == "__main__":
    main()
