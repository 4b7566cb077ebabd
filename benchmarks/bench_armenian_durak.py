"""Armenian Durak with trumps: deals per second with random and rule-based bots.

Run: ``python benchmarks/bench_armenian_durak.py [deals]``; prints ms per deal.
"""

from __future__ import annotations

import sys
import time

from cardkit.games import armenian_durak as ad


def run(n: int, make_bots, rules=None) -> float:
    start = time.perf_counter()
    for i in range(n):
        s = ad.new_deal(seed=i, dealer=i % 2, rules=rules)
        ad.play_out(s, make_bots(i))
    return (time.perf_counter() - start) / n * 1000


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    print(f"{n} deals each")
    print(f"random vs random, 36 cards: {run(n, lambda i: [ad.RandomBot(i), ad.RandomBot(i + 1)]):.3f} ms/deal")
    print(f"RuleBot vs RuleBot, 36 cards: {run(n, lambda i: [ad.RuleBot(i), ad.RuleBot(i + 1)]):.3f} ms/deal")
    print(f"random vs random, 52 cards: "
          f"{run(n, lambda i: [ad.RandomBot(i), ad.RandomBot(i + 1)], ad.Rules(deck=52)):.3f} ms/deal")
    g_start = time.perf_counter()
    games = 200
    margins = []
    for i in range(games):
        g = ad.Game([ad.RuleBot(i), ad.RandomBot(i + 1)], seed=i)
        g.play()
        margins.append((g.winner(), g.margin(), len(g.scores)))
    won = sum(1 for w, _, _ in margins if w == 0)
    print(f"{games} games to 250, RuleBot vs random: RuleBot won {won}, "
          f"{sum(d for _, _, d in margins) / games:.1f} deals a game, "
          f"{(time.perf_counter() - g_start) / games * 1000:.1f} ms a game")
