"""The book's two strategy claims re-measured under strong play (issue: the judge, §5).

- Fig. 65 (RULES.md §1.8): for each reconstructed hand, the bidder's expected margin in
  the contracts the rule-policy advisor ranks highest, with every seat played by
  ExpertBots (the judge's bots: exact analysis of sampled worlds late in a deal,
  rule-policy playouts earlier) instead of the rule policy. The same sampled deals and
  partners for every contract (common random numbers).
- Fig. 52 (RULES.md §3.3; the lessons' reconstructed layout): the expected swing of each
  reply A♠, 7♥, 9♥ with both seats played by ExpertBots from there on, over worlds dealt
  from the replying seat's view.

Prints mean ± standard error per row and the load average. Slow: a few seconds per deal
on this project's 2-core machine; ``--deals`` sets the size.

    python benchmarks/strong_play.py --deals 40
"""

from __future__ import annotations

import argparse
import os
import sys
import time

import numpy as np

from cardkit.advisor import advise
from cardkit.analysis import ExpertBot, sample_worlds
from cardkit.bots import play_out
from cardkit.games import armenian_durak as D, variety as V
from cardkit.notation import parse_hand
from cardkit.simulate.variety import auction_for

HANDS = {"a (а)": "KQ7.AJ5.KQ84.A92", "b (б)": "75.KQT84.AKJ96.5", "v (в)": "K85.A63.7.JT8432",
         "g (г)": "AT4.AQJ975.83.K6"}
BOOK = {"a (а)": "1", "b (б)": "4", "v (в)": "2 or 6", "g (г)": "3"}
FIG52 = [
    {"hand": "JS QS KS 8S 9S 7D", "down": "TS 7S AH KH QH JH", "up": "6H 8H TH 6D AD KD"},
    {"hand": "AS 7H 9H 8D 9D TD", "down": "QD JD 6C AC KC 6S", "up": "QC 7C 8C 9C TC JC"},
]


def mean_se(x):
    x = np.asarray(x, dtype=float)
    return x.mean(), (x.std(ddof=1) / np.sqrt(len(x)) if len(x) > 1 else float("nan"))


def fig65(deals, top, samples, seconds, seed):
    rng = np.random.default_rng(seed)
    seat, dealer = 0, 3
    for name, pbn in HANDS.items():
        hand = parse_hand(pbn)
        rule = advise(pbn, seat=seat, dealer=dealer, samples=20000, seed=1)
        cands = [a.contract for a in rule[:top]]
        rest = [c for c in V.deck(52) if c not in hand]
        margins = {c: [] for c in cands}
        t0 = time.time()
        for k in range(deals):
            perm = rng.permutation(39)
            others = [[rest[i] for i in perm[13 * j:13 * j + 13]] for j in range(3)]
            hands = [hand] + others
            partner = int(rng.integers(1, 4))
            bseed = int(rng.integers(2**31))
            for c in cands:
                st = V.new_deal(hands, dealer=dealer)
                for b in auction_for(c, (seat, partner), dealer):
                    st.apply_action(b)
                play_out(st, [ExpertBot(seed=bseed + s, samples=samples, seconds=seconds) for s in range(4)])
                r = st.returns()
                f = next(s for s in range(4) if s not in (seat, partner))
                margins[c].append(r[seat] - r[f])
            print(f"  {name}: {k + 1}/{deals} deals, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
        print(f"hand {name} {pbn} (book: {BOOK[name]})")
        for a in rule[:top]:
            m, se = mean_se(margins[a.contract])
            print(f"  contract {a.contract}: rule policy {a.margin:+6.2f} ± {a.stderr:.2f} (20,000 deals) | "
                  f"ExpertBots {m:+6.2f} ± {se:.2f} ({deals} deals)")
        sys.stdout.flush()


def fig52(deals, samples, seconds, seed):
    rng = np.random.default_rng(seed)
    st = D.new_deal(FIG52, dealer=1, trump="H")
    st.apply_action("JS")
    st.apply_action("draw none")
    you = st.current_player
    worlds = sample_worlds(st, you, deals, rng)
    swings = {c: [] for c in ("AS", "7H", "9H")}
    t0 = time.time()
    for k, w in enumerate(worlds):
        bseed = int(rng.integers(2**31))
        for c in swings:
            x = w.clone()
            x.apply_action(c)
            play_out(x, [ExpertBot(seed=bseed + s, samples=samples, seconds=seconds) for s in range(2)])
            r = x.returns()
            swings[c].append(r[you] - r[1 - you])
        print(f"  fig. 52: {k + 1}/{deals} worlds, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    print("fig. 52 (reconstructed layout; J♠ led, hearts trumps): your final margin after each reply, "
          "ExpertBots in both seats")
    for c, v in swings.items():
        m, se = mean_se(v)
        print(f"  {c}: {m:+6.2f} ± {se:.2f} ({deals} worlds)")
    d = np.array(swings["AS"]) - np.array(swings["7H"])
    m, se = mean_se(d)
    print(f"  A♠ − 7♥ (paired): {m:+.2f} ± {se:.2f}")


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--top", type=int, default=3, help="contracts per hand (the rule advisor's best)")
    p.add_argument("--samples", type=int, default=12, help="ExpertBot worlds per decision")
    p.add_argument("--seconds", type=float, default=0.25, help="ExpertBot time per decision")
    p.add_argument("--seed", type=int, default=65)
    p.add_argument("--only", choices=["65", "52"], default=None)
    a = p.parse_args(argv)
    print(f"load average at start: {os.getloadavg()[0]:.2f}")
    t0 = time.time()
    if a.only in (None, "52"):
        fig52(a.deals, a.samples, a.seconds, a.seed)
    if a.only in (None, "65"):
        fig65(a.deals, a.top, a.samples, a.seconds, a.seed)
    print(f"load average at end: {os.getloadavg()[0]:.2f}; {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
