"""Warsaw Hearts engine speed (RULES.md §2): deals per second for random play from
``legal_actions()``, for RandomBots and for RuleBots acting from observations, with three
and four players. Prints figures; asserts nothing.

    python benchmarks/bench_warsaw_hearts.py [deals]
"""

from __future__ import annotations

import sys
import time

import numpy as np

from cardkit.bots import play_out
from cardkit.games.warsaw_hearts import RandomBot, RuleBot, new_deal


def random_play(players: int, deals: int) -> float:
    rng = np.random.default_rng(0)
    t = time.perf_counter()
    for i in range(deals):
        s = new_deal(players=players, seed=i)
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
        s.penalties()
    return deals / (time.perf_counter() - t)


def bots(players: int, deals: int, bot) -> float:
    t = time.perf_counter()
    for i in range(deals):
        s = new_deal(players=players, seed=i)
        play_out(s, [bot(k) for k in range(players)])
    return deals / (time.perf_counter() - t)


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    for players in (3, 4):
        print(f"{players} players: random play {random_play(players, deals):8.0f} deals/s; "
              f"RandomBots {bots(players, deals // 2, RandomBot):7.0f} deals/s; "
              f"RuleBots {bots(players, deals // 5, RuleBot):7.0f} deals/s")


if __name__ == "__main__":
    main()
