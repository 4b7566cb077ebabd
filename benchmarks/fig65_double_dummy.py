"""Double-dummy figures for the four hands of the book's figure 65 (RULES.md §1.8), for
the lesson Variety 3 (issue 20): each sampled deal valued by the exact solver from the
opening lead, every card known, best play by all four
(:func:`cardkit.analysis.variety.solve_value`).

For each hand, the contracts of the lesson's expert-bot table (the three the rule bots
rank highest, the book's among them) are solved on the first ``--samples`` deals of the
lesson's deal set 65: the deals and partners that ``advise(hand, samples=1000, seed=65)``
plays, in order. A search that passes ``--max-nodes`` positions (kept per hand) is recorded
as unsolved (null); the lesson's figure for that contract leaves the deal out and says so.

Writes ``lessons/variety/double_dummy.json``: per hand, per deal, the 52 cards (PBN, the
bidder first), the partner's seat, and the declarers' margin per contract (points, the
bidder's side; null: passed the limit), and the seconds of each search.
Resumable: deals already in the file are kept (``--fresh`` starts over).
``tests/test_lesson_double_dummy.py`` checks the deals against the sampler and re-solves
some of the margins.

The lesson's file: ``--samples 24``, hands a and b with the default ``--max-nodes 2e8`` (about
25 minutes on one core), v and g with ``--max-nodes 6e7`` (hand v's contract 7 and hand g's
contract 5 pass it often; about 35 minutes on one core, split with ``--first 13``).

    python benchmarks/fig65_double_dummy.py --samples 24 --hands a,b
    python benchmarks/fig65_double_dummy.py --samples 24 --hands v,g --max-nodes 6e7
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path

from cardkit import advisor as AD
from cardkit.analysis import SearchLimit, variety as AV
from cardkit.dealing import as_generator
from cardkit.games import variety as V
from cardkit.notation import format_hand, parse_hand

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "lessons" / "variety" / "double_dummy.json"
SEED, SET_SIZE, SEAT, DEALER = 65, 1000, 0, 3      # the lesson's advise(hand, samples=1000, seed=65)
HANDS = {  # label -> (hand, contracts): the lesson's FIG65 and the contracts of its expert-bot table
    "a": ("KQ7.AJ5.KQ84.A92", (1, 2, 4)),
    "b": ("75.KQT84.AKJ96.5", (3, 1, 4)),
    "v": ("K85.A63.7.JT8432", (6, 7, 2)),
    "g": ("AT4.AQJ975.83.K6", (3, 5, 1)),
}


def pbn(deal: list[list]) -> str:
    """Four hands, seat 0 first, each spades.hearts.diamonds.clubs (``format_hand``)."""
    return " ".join(format_hand(cards) for cards in deal)


def sampled(hand: str):
    """The deal set of the lesson: ``(hands, partner)`` as :func:`cardkit.advisor.advise` draws them."""
    return AD._deal_set(parse_hand(hand), SEAT, SET_SIZE, as_generator(SEED))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--samples", type=int, default=24)
    ap.add_argument("--hands", default=",".join(HANDS))
    ap.add_argument("--max-nodes", type=float, default=2e8)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--fresh", action="store_true")
    ap.add_argument("--first", type=int, default=0,
                    help="with --fresh: start at this deal of the set (a second process's share; merge by hand)")
    a = ap.parse_args()
    data = {} if a.fresh or not a.out.exists() else json.loads(a.out.read_text())
    data.setdefault("about", {"deal_set": SEED, "set_size": SET_SIZE, "seat": SEAT, "dealer": DEALER})
    hands = data.setdefault("hands", {})
    rules = V.Rules()
    sets = {}
    for label in a.hands.split(","):
        hand, contracts = HANDS[label]
        rec = hands.setdefault(label, {"hand": hand, "contracts": list(contracts), "max_nodes": int(a.max_nodes),
                                       "first": a.first, "deals": []})
        if rec["max_nodes"] != int(a.max_nodes):
            raise SystemExit(f"hand {label} was solved with --max-nodes {rec['max_nodes']:g}: use it, or --fresh")
        sets[label] = sampled(hand)
    for k in range(a.samples):             # deal by deal, hand by hand: a stop leaves every hand as far
        for label, (deals_h, partner) in sets.items():
            rec = hands[label]
            if rec.get("first", 0) + len(rec["deals"]) > k:   # done already, or before this process's share
                continue
            deal = AD._deal_of(deals_h, k, rules)
            row = {"deal": pbn(deal), "partner": int(partner[k]), "margin": {}, "seconds": {}}
            for c in rec["contracts"]:
                st = AD._contract_position(deal, c, SEAT, int(partner[k]), DEALER, rules)
                t0 = time.perf_counter()
                try:
                    row["margin"][str(c)] = AV.solve_value(st, max_nodes=int(a.max_nodes))
                except SearchLimit:
                    row["margin"][str(c)] = None
                row["seconds"][str(c)] = round(time.perf_counter() - t0, 2)
            rec["deals"].append(row)
            tmp = a.out.with_suffix(".tmp")
            tmp.write_text(json.dumps(data, indent=1) + "\n")
            os.replace(tmp, a.out)
            print(f"hand {label} deal {k}: {row['margin']} in {row['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
