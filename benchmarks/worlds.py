"""Worlds from one seat's view (cardkit.analysis.worlds, issue 20): seconds per world for
each game, early and late in a deal, and the advisor's Armenian Durak dealing.

    python benchmarks/worlds.py [--worlds 1000]

Every world is a deal rebuilt from the observation (``State.from_observation``: the
deal's start read from the observation and its actions applied again, checked by the
engine), so the cost grows with the actions played. Prints the load (``os.getloadavg``)
beside the figures: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

from cardkit.analysis import worlds
from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
from cardkit.simulate.variety import auction_for


def variety(seed: int, played: int):
    rng = random.Random(seed)
    st = V.new_deal(seed=seed, dealer=seed % 4)
    for b in auction_for(4, (1, 3), seed % 4):
        st.apply_action(b)
    for _ in range(played):
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def hearts(seed: int, played: int):
    rng = random.Random(seed)
    st = W.new_deal(seed=seed, players=4)
    for _ in range(played):
        st.apply_action(rng.choice(st.legal_actions()))
    return st


def durak(seed: int, played: int):
    st = D.new_deal(seed=seed, dealer=seed % 2)
    st.apply_action(D.PickTrump(seed % 6))
    r = np.random.default_rng(seed)
    for _ in range(played):
        la = st.legal_actions()
        st.apply_action(la[int(r.integers(len(la)))])
    return st


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=1000, help="worlds per row (at most 10,000)")
    args = ap.parse_args()
    n = args.worlds
    print(f"load average {os.getloadavg()[0]:.2f}; {n} worlds per row")
    print(f"{'position':32} {'actions':>7} {'seconds':>8} {'ms/world':>9}")
    rows = [("Variety, 4 tricks played", variety(3, 16)), ("Variety, 8 tricks played", variety(3, 32)),
            ("Warsaw Hearts 4p, 2 tricks", hearts(5, 8)), ("Warsaw Hearts 4p, 6 tricks", hearts(5, 24)),
            ("Armenian Durak, 8 actions", durak(7, 8)), ("Armenian Durak, 20 actions", durak(7, 20))]
    for name, st in rows:
        obs = st.observation(st.current_player)
        t0 = time.perf_counter()
        ws = worlds.sample_worlds(obs, n, np.random.default_rng(0))
        dt = time.perf_counter() - t0
        assert len(ws) == n
        print(f"{name:32} {len(st.history):7d} {dt:8.2f} {1e3 * dt / n:9.3f}")
    st = durak(7, 20)
    obs = st.observation(st.current_player)
    from cardkit.simulate import armenian_durak as SD
    tb = SD._tables(obs.rules.deck)
    t0 = time.perf_counter()
    worlds.durak_hidden_bits(obs, tb.cards, tb.bit_of, n, np.random.default_rng(0))
    dt = time.perf_counter() - t0
    print(f"{'Durak dealing as bits (advisor)':32} {len(st.history):7d} {dt:8.2f} {1e3 * dt / n:9.3f}")


if __name__ == "__main__":
    main()
