"""How long a reason in words takes (issue 33, item 12: :mod:`cardkit.analysis.reasons`).

The Hint adds :func:`cardkit.analysis.reasons.hint_reason` to its figures: two exact lines
(the solver's best play after each of the two cards) in each of
:data:`cardkit.analysis.reasons.REASON_WORLDS` worlds dealt from the learner's view, only
when at most :data:`cardkit.analysis.reasons.REASON_CARDS` cards are left. This script
plays ``--deals`` seeded deals per game with the rule bots in every seat and, at every
card decision with a choice and at most that many cards left, times the reason between
the two first legal cards; it prints the median, the 90th percentile and the slowest per
game, and how many positions got a reason. The first call of a process loads the numba
kernels: it is made before the figures. Load is printed at the start and at the end.

    python benchmarks/reasons.py                 # 3 deals a game
    python benchmarks/reasons.py --deals 10 --games variety
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from cardkit.analysis.judge import cards_left
from cardkit.analysis.reasons import REASON_CARDS, REASON_WORLDS, hint_reason


def _deals(game: str, seed: int):
    from cardkit.games import armenian_durak as D, variety as V, warsaw_hearts as W
    mod = {"variety": V, "warsaw_hearts": W, "armenian_durak": D}[game]
    st = mod.new_deal(seed=seed)
    bots = [mod.RuleBot(seed=seed * 7 + i) for i in range(st.players)]
    return st, bots


def run(game: str, deals: int) -> tuple[list[float], int]:
    times, said = [], 0
    for seed in range(deals):
        st, bots = _deals(game, seed)
        while not st.is_terminal():
            p = st.current_player
            legal = st.legal_actions()
            if st.phase == "play" and len(legal) > 1 and cards_left(st) <= REASON_CARDS[game]:
                t0 = time.perf_counter()
                r = hint_reason(st, legal[0], legal[1], seat=p, seed=seed)
                times.append(time.perf_counter() - t0)
                said += r is not None
            st.apply_action(bots[p].act(st.observation(p)))
    return times, said


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--games", nargs="*", default=["variety", "warsaw_hearts", "armenian_durak"])
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.1f}; {REASON_WORLDS} worlds, at most {REASON_CARDS} "
          f"cards left")
    for game in args.games:   # load the kernels first
        st, bots = _deals(game, 999)
        while not st.is_terminal() and not (st.phase == "play" and len(st.legal_actions()) > 1
                                            and cards_left(st) <= REASON_CARDS[game]):
            st.apply_action(bots[st.current_player].act(st.observation(st.current_player)))
        if not st.is_terminal():
            legal = st.legal_actions()
            hint_reason(st, legal[0], legal[1], seat=st.current_player, seed=0)
    for game in args.games:
        times, said = run(game, args.deals)
        if not times:
            print(f"{game:15s} no position")
            continue
        times.sort()
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        med, last = statistics.median(times) * 1000, times[-1] * 1000
        print(f"{game:15s} {len(times):4d} positions, {said:3d} with a reason: median {med:7.1f} ms, "
              f"90% {p90 * 1000:7.1f} ms, slowest {last:7.1f} ms")
    print(f"load average at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
